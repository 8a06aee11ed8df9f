// rules/elaborate/claims_builtins.cpp — the builtin table, generated from rules/elaborate/claims_builtins.def
// (see claims_builtins.hpp).
#include "rules/elaborate/claims_builtins.hpp"

namespace carve::elab::claims {

// A row's parameter list, written in the .def as a parenthesised list of type names.
#define CLAIMS_BUILTIN_PARAMS(...) {__VA_ARGS__}

const std::vector<Signature>& builtin_table() {
  static const std::vector<Signature> table = {
#define BUILTIN(Enum, name, params, result, help) {name, Builtin::Enum, CLAIMS_BUILTIN_PARAMS params, result, help},
#define FAMILY BUILTIN
#include "rules/elaborate/claims_builtins.def"
#undef FAMILY
#undef BUILTIN
  };
  return table;
}

#undef CLAIMS_BUILTIN_PARAMS

std::vector<const Signature*> builtins_named(const std::string& name) {
  std::vector<const Signature*> out;
  for (const auto& s : builtin_table())
    if (name == s.name) out.push_back(&s);
  return out;
}

}  // namespace carve::elab::claims
