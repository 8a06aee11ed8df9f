// The switch table's lookups and the Interpretation holder.
#include "model/switches.hpp"

#include <algorithm>

namespace carve::model {

std::optional<Switch> find_switch(std::string_view name) {
  for (const auto& s : kSwitches)
    if (s.name == name) return s.id;
  return std::nullopt;
}

const SwitchInfo& info(Switch s) { return kSwitches[static_cast<size_t>(s)]; }

std::vector<std::string> values_of(Switch s) {
  std::vector<std::string> out;
  std::string_view v = info(s).values;
  while (!v.empty()) {
    auto bar = v.find('|');
    out.emplace_back(v.substr(0, bar));
    if (bar == std::string_view::npos) break;
    v.remove_prefix(bar + 1);
  }
  return out;
}

Interpretation::Interpretation() {
  for (const auto& s : kSwitches) values_[static_cast<size_t>(s.id)] = values_of(s.id).front();
}

bool Interpretation::set(Switch s, std::string_view value) {
  auto vals = values_of(s);
  if (std::find(vals.begin(), vals.end(), value) == vals.end()) return false;
  values_[static_cast<size_t>(s)] = std::string(value);
  return true;
}


}  // namespace carve::model
