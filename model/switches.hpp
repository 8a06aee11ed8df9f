// Interpretation switches: the table (switches.def) and a value holder.
// Invariant: an Interpretation holds, for every switch in the table, one of that switch's values;
// a switch the spec does not declare keeps the first value listed in the table.
#pragma once
#include <array>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace carve::model {

enum class Switch {
#define X(name, id, values, doc) id,
#include "model/switches.def"
#undef X
};

struct SwitchInfo {
  std::string_view name;
  Switch id;
  std::string_view values;  // '|'-separated
  std::string_view doc;
};

inline constexpr std::array kSwitches = {
#define X(name, id, values, doc) SwitchInfo{name, Switch::id, values, doc},
#include "model/switches.def"
#undef X
};

std::optional<Switch> find_switch(std::string_view name);
const SwitchInfo& info(Switch s);
std::vector<std::string> values_of(Switch s);

// One value per switch, stored as the value's name.
class Interpretation {
 public:
  Interpretation();
  const std::string& get(Switch s) const { return values_[static_cast<size_t>(s)]; }
  bool is(Switch s, std::string_view v) const { return get(s) == v; }
  // Returns false (and changes nothing) when the value is not one of the switch's values.
  bool set(Switch s, std::string_view value);

 private:
  std::array<std::string, kSwitches.size()> values_;
};

}  // namespace carve::model
