// The switch table's lookups and the Reading record's generic access.
#include "rules/model/switches.hpp"

#include <algorithm>

namespace carve::model {

std::optional<Switch> find_switch(std::string_view name) {
  for (const auto& s : kSwitches)
    if (s.name == name) return s.id;
  return std::nullopt;
}

const SwitchInfo& info(Switch s) { return kSwitches[static_cast<std::size_t>(s)]; }

std::vector<std::string> values_of(Switch s) {
  std::vector<std::string> out;
  for (auto v : info(s).values) out.emplace_back(v);
  return out;
}

std::optional<int> value_index(Switch s, std::string_view value) {
  const auto& vals = info(s).values;
  auto it = std::find(vals.begin(), vals.end(), value);
  if (it == vals.end()) return std::nullopt;
  return static_cast<int>(it - vals.begin());
}

int Reading::index(Switch s) const {
  switch (s) {
#define VALUE(s, e, t)
#define END(s)
#define SWITCH(name, id, field, doc) \
  case Switch::id:                   \
    return static_cast<int>(field);
#include "rules/model/switches.def"
#undef SWITCH
#undef VALUE
#undef END
  }
  return 0;
}

bool Reading::set(Switch s, std::string_view value) {
  auto i = value_index(s, value);
  if (!i) return false;
  switch (s) {
#define VALUE(s, e, t)
#define END(s)
#define SWITCH(name, id, field, doc)        \
  case Switch::id:                          \
    field = static_cast<sw::id>(*i);        \
    break;
#include "rules/model/switches.def"
#undef SWITCH
#undef VALUE
#undef END
  }
  return true;
}

}  // namespace carve::model
