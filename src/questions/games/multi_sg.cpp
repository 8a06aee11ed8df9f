// questions/games/multi_sg.cpp — Lasker's Nim (see multi_sg.hpp).
#include "questions/games/multi_sg.hpp"

namespace carve::games {

std::vector<std::vector<unsigned>> lasker_options(const unsigned& n) {
  std::vector<std::vector<unsigned>> out;
  for (unsigned t = 0; t < n; ++t) out.push_back(t ? std::vector<unsigned>{t} : std::vector<unsigned>{});
  for (unsigned a = 1; a + a <= n; ++a) out.push_back({a, n - a});
  return out;
}

unsigned lasker_sg_formula(unsigned n) {
  if (n == 0) return 0;
  switch (n % 4) {
    case 1:
    case 2: return n;
    case 3: return n + 1;
    default: return n - 1;
  }
}

}  // namespace carve::games
