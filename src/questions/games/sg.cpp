// questions/games/sg.cpp — mex and outcome names (see sg.hpp).
#include "questions/games/sg.hpp"

namespace carve::games {

unsigned mex(std::vector<unsigned> values) {
  std::sort(values.begin(), values.end());
  unsigned m = 0;
  for (unsigned v : values) {
    if (v == m) ++m;
    else if (v > m) break;
  }
  return m;
}

const char* to_string(Outcome o) {
  switch (o) {
    case Outcome::P: return "P";
    case Outcome::N: return "N";
    case Outcome::L: return "L";
    case Outcome::R: return "R";
  }
  return "?";
}

}  // namespace carve::games
