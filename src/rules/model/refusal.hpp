// Why an engine (or route: export, certificates) does not decide questions under a rules
// record: the rule, as the documents number and name it, that it does not encode exactly.
// Engines are asked before any work (engines/registry/registry.hpp), so a user learns about an
// unsupported rule from a refusal with exit code 2, never from a wrong or internal answer.
#pragma once
#include <string>

#include <fmt/format.h>

namespace carve::model {

struct Refusal {
  std::string engine;  // "sat", "smt", "explicit", "export", "certificate"
  std::string rule;    // "3.3 succession", "4 victory", "2.1.1 density"
  std::string what;    // "trigger on conclusions (when none ParentEdge)"
  std::string hint;    // "use --engine explicit"

  std::string text() const {
    return fmt::format("{}: {} with {} is not encoded{}", engine, rule, what, hint.empty() ? "" : "; " + hint);
  }
};

}  // namespace carve::model
