// questions/games/anti_sg.cpp — misère sums of DAG games and the SJ theorem (see anti_sg.hpp).
#include "questions/games/anti_sg.hpp"

#include <stdexcept>

#include "questions/games/dag_game.hpp"
#include "questions/games/sg.hpp"

namespace carve::games {

std::vector<unsigned> dag_sg(const Digraph& g) {
  SgEvaluator<int> ev([&g](const int& v) { return g.succ[static_cast<std::size_t>(v)]; });
  std::vector<unsigned> out;
  for (int v = 0; v < g.size(); ++v) out.push_back(ev.sg(v));
  return out;
}

bool sj_predicts_first_wins(const std::vector<unsigned>& sg) {
  bool big = false;
  unsigned x = 0;
  for (unsigned v : sg) {
    big = big || v > 1;
    x ^= v;
  }
  return big ? x != 0 : x == 0;
}

bool misere_sum_first_wins(const std::vector<Digraph>& games, bool sj_end_rule) {
  std::vector<std::vector<unsigned>> sgs;
  for (const Digraph& g : games) sgs.push_back(dag_sg(g));
  // Position = current vertex of each component; value 1 = player to move wins.
  auto moves = [&](const std::vector<int>& p) {
    std::vector<std::vector<int>> out;
    if (sj_end_rule) {
      bool all_zero = true;
      for (std::size_t i = 0; i < p.size(); ++i) all_zero = all_zero && sgs[i][static_cast<std::size_t>(p[i])] == 0;
      if (all_zero) return out;  // the game is over
    }
    return sum_moves(games, p);
  };
  SgEvaluator<std::vector<int>, VectorHash> ev(moves);
  return ev.misere_outcome(std::vector<int>(games.size(), 0)) == Outcome::N;
}

}  // namespace carve::games
