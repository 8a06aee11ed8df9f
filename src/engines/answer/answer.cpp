// The verdict's words (answer.hpp): its name and its phrase.
#include "engines/answer/answer.hpp"

namespace carve::answer {

std::string verdict_name(Verdict v) {
  switch (v) {
    case Verdict::Win: return "win";
    case Verdict::NoWin: return "no-win";
    case Verdict::Unknown: return "unknown";
  }
  return "unknown";
}

std::string verdict_text(Verdict v, std::optional<int> turns, const std::string& reason) {
  switch (v) {
    case Verdict::Win: return "win in " + std::to_string(turns.value_or(0));
    case Verdict::NoWin: return "no-win";
    case Verdict::Unknown: break;
  }
  return "unknown (" + reason + ")";
}

}  // namespace carve::answer
