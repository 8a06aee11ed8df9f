// The verdict's words (answer.hpp).
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

}  // namespace carve::answer
