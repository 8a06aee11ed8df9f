// VariableNames: how both DRAT checkers (checker.cpp backward, forward_checker.cpp forward) name
// variables inside: the formula's variables keep their index when its indices are dense (at most
// two per literal occurrence, or small); every other variable -- first seen in the proof
// (extension variables), or every variable of a formula whose indices are sparse ("p cnf 20000000
// 1" naming only 20000000) -- gets the next free index in order of appearance. Memory is
// proportional to the variables the files use, never to the header's count or the largest index.
// Invariant: internal indices are 1..vars(), each the image of exactly one external variable, and
// external() gives that variable back (messages name literals as the files do).
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string>
#include <unordered_map>
#include <vector>

#include "checkers/drat/clause_store.hpp"
#include "checkers/drat/drat.hpp"

namespace carve::drat::detail {

class VariableNames {
 public:
  explicit VariableNames(const Cnf& cnf) {
    std::int32_t largest = 0;
    for (const std::int32_t lit : cnf.lits) largest = std::max(largest, lit < 0 ? -lit : lit);
    if (static_cast<std::size_t>(largest) <= 2 * cnf.lits.size() + 1024) kept_ = largest;
  }

  // The literal's internal form (2 * var + sign), naming its variable if it is new.
  Lit lit(std::int32_t external) {
    const std::int32_t v = external < 0 ? -external : external;
    auto var = static_cast<std::uint32_t>(v);
    if (v > kept_) {
      auto [it, fresh] = renamed_.emplace(v, 0);
      if (fresh) {
        it->second = static_cast<std::uint32_t>(kept_) + 1 + static_cast<std::uint32_t>(external_of_.size());
        external_of_.push_back(v);
      }
      var = it->second;
    }
    return 2 * var + (external < 0 ? 1u : 0u);
  }

  // The literal as the files write it.
  std::string external(Lit l) const {
    std::int64_t v = var_of(l);
    if (v > kept_) v = external_of_[static_cast<std::size_t>(v - kept_ - 1)];
    return (l & 1 ? "-" : "") + std::to_string(v);
  }

  // The largest internal index named so far.
  std::size_t vars() const { return static_cast<std::size_t>(kept_) + external_of_.size(); }

 private:
  std::int32_t kept_ = 0;  // variables 1..kept_ keep their index
  std::unordered_map<std::int32_t, std::uint32_t> renamed_;  // every other variable's index
  std::vector<std::int32_t> external_of_;                    // and back: index - kept_ - 1
};

}  // namespace carve::drat::detail
