// questions/games/dag_game.cpp — sums of DAG games and rerooting (see dag_game.hpp).
#include "questions/games/dag_game.hpp"

#include "questions/games/sg.hpp"

namespace carve::games {

std::vector<std::vector<int>> sum_moves(const std::vector<Digraph>& games, const std::vector<int>& p) {
  std::vector<std::vector<int>> out;
  for (std::size_t i = 0; i < p.size(); ++i)
    for (int v : games[i].succ[static_cast<std::size_t>(p[i])]) {
      auto q = p;
      q[i] = v;
      out.push_back(std::move(q));
    }
  return out;
}

unsigned sum_sg(const std::vector<Digraph>& games) {
  SgEvaluator<std::vector<int>, VectorHash> ev([&](const std::vector<int>& p) { return sum_moves(games, p); });
  return ev.sg(std::vector<int>(games.size(), 0));
}

Digraph reroot(const Digraph& g, int v) {
  std::vector<int> label(static_cast<std::size_t>(g.size()), -1);
  std::vector<int> order{v};
  label[static_cast<std::size_t>(v)] = 0;
  for (std::size_t i = 0; i < order.size(); ++i)
    for (int w : g.succ[static_cast<std::size_t>(order[i])])
      if (label[static_cast<std::size_t>(w)] < 0) {
        label[static_cast<std::size_t>(w)] = static_cast<int>(order.size());
        order.push_back(w);
      }
  Digraph out;
  out.succ.resize(order.size());
  for (std::size_t i = 0; i < order.size(); ++i)
    for (int w : g.succ[static_cast<std::size_t>(order[i])]) out.succ[i].push_back(label[static_cast<std::size_t>(w)]);
  return out;
}

}  // namespace carve::games
