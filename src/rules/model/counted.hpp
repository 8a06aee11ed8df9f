// A count and its noun, in the number the count asks for: "1 turn", "2 turns", "1 round".
// Invariant: the noun is singular exactly when the count is 1 (English: "0 turns").
#pragma once
#include <string>

namespace carve::model {

inline std::string counted(long long n, const std::string& singular, const std::string& plural = "") {
  return std::to_string(n) + " " + (n == 1 ? singular : plural.empty() ? singular + "s" : plural);
}

}  // namespace carve::model
