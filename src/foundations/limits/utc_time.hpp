// The time of day in UTC as records write it ("2026-11-29T14:12:50Z"): the atlas's question
// records and a certificate's ledger records.
// Invariant: always that format, 20 characters, from the system clock.
#pragma once
#include <ctime>
#include <string>

namespace carve::limits {

inline std::string utc_now() {
  const std::time_t now = std::time(nullptr);
  std::tm t{};
  gmtime_r(&now, &t);
  char text[32];
  std::strftime(text, sizeof text, "%Y-%m-%dT%H:%M:%SZ", &t);
  return text;
}

}  // namespace carve::limits
