// Interpretation switches: the typed values generated from the one table (switches.def) and
// Reading, the record holding one value per switch.
// Invariant: a Reading holds, for every switch in the table, one of that switch's values (its
// fields are enums, so no other value is representable); value-initialised, every switch has
// its default (the first value the table lists). Switch values are compared as enums, never as
// strings: the names exist only for the DSL and for printing.
#pragma once
#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace carve::model {

#define VALUE(s, e, t)
#define END(s)
enum class Switch : std::uint8_t {
#define SWITCH(name, id, field, doc) id,
#include "rules/model/switches.def"
#undef SWITCH
};
#undef VALUE
#undef END

// One enum per switch: sw::Path::Walk, sw::Density::Factor, ...
namespace sw {
#define SWITCH(name, id, field, doc) enum class id : std::uint8_t {
#define VALUE(s, e, t) e,
#define END(s) };
#include "rules/model/switches.def"
#undef SWITCH
#undef VALUE
#undef END
}  // namespace sw

// The DSL names of each switch's values, in the table's order.
#define SWITCH(name, id, field, doc) inline constexpr std::string_view k##id##Values[] = {
#define VALUE(s, e, t) t,
#define END(s) };
#include "rules/model/switches.def"
#undef SWITCH
#undef VALUE
#undef END

struct SwitchInfo {
  std::string_view name;
  Switch id;
  std::span<const std::string_view> values;
  std::string_view doc;
};

#define VALUE(s, e, t)
#define END(s)
inline constexpr std::array kSwitches = {
#define SWITCH(name, id, field, doc) SwitchInfo{name, Switch::id, k##id##Values, doc},
#include "rules/model/switches.def"
#undef SWITCH
};

// The DSL name of a value: name_of(sw::Path::Walk) == "walk".
#define SWITCH(name, id, field, doc) \
  inline std::string_view name_of(sw::id v) { return k##id##Values[static_cast<std::size_t>(v)]; }
#include "rules/model/switches.def"
#undef SWITCH
#undef VALUE
#undef END

std::optional<Switch> find_switch(std::string_view name);
const SwitchInfo& info(Switch s);
std::vector<std::string> values_of(Switch s);
// The index of a value's name among the switch's values, if it is one.
std::optional<int> value_index(Switch s, std::string_view value);

// The reading in force: one typed value per switch.
struct Reading {
#define VALUE(s, e, t)
#define END(s)
#define SWITCH(name, id, field, doc) sw::id field{};
#include "rules/model/switches.def"
#undef SWITCH
#undef VALUE
#undef END

  // Generic access by switch (the elaborator's profiles and --set, printing).
  int index(Switch s) const;
  std::string_view text(Switch s) const { return info(s).values[static_cast<std::size_t>(index(s))]; }
  // Returns false (and changes nothing) when the value is not one of the switch's values.
  bool set(Switch s, std::string_view value);
  bool operator==(const Reading&) const = default;
};

}  // namespace carve::model
