// rules/elaborate/claims_builtins.hpp — the functions a claim may call, generated from their one table
// (rules/elaborate/claims_builtins.def): the enum, and each row's name, signature and help as the
// elaborator resolves and type-checks a call.
// Invariant: claims_builtins.def is the single source of names, signatures and ids; the enum's
// values are the rows in the table's order (0..builtin_count-1), and builtin_table()[i].id is the
// i-th. The evaluator (questions/claims/engines.hpp) implements exactly these ids, one function a row.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

namespace carve::elab::claims {

using Type = std::string;

enum class Builtin {
#define BUILTIN(Enum, name, params, result, help) Enum,
#define FAMILY BUILTIN
#include "rules/elaborate/claims_builtins.def"
#undef FAMILY
#undef BUILTIN
};

// The number of rows of claims_builtins.def (= of Builtin's values).
inline constexpr std::size_t builtin_count = 0
#define BUILTIN(Enum, name, params, result, help) +1
#define FAMILY BUILTIN
#include "rules/elaborate/claims_builtins.def"
#undef FAMILY
#undef BUILTIN
    ;

struct Signature {
  const char* name;
  Builtin id;
  std::vector<Type> params;
  Type result;  // a type, or "same" (= the first argument's type), "list<same>"
  const char* doc;
};

// The rows of claims_builtins.def, in its order.
const std::vector<Signature>& builtin_table();
// Every signature with this name (overloads differ in arity or argument types), in the table's order.
std::vector<const Signature*> builtins_named(const std::string& name);

}  // namespace carve::elab::claims
