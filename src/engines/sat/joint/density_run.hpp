// Φ_dense over a collapse path of a joint play formula, shared by both documents' joint play
// encodings (joint_play.hpp for 000, joint_hyper_play.hpp for 001): the density automaton's run
// over the path's step types, as gates of the encoding; and the count of state pairs two automata
// reach together, which both encodings' joint walk bounds read.
// Invariant: the literal returned is true exactly when the automaton, reading the step types of
// the path's steps 1..length that are taken (`go`), never reaches its dead state -- forward from
// the root, or backward from the path's far end to the root (the reversed path's word).
#pragma once
#include <cstddef>
#include <set>
#include <utility>
#include <vector>

#include "rules/model/density_automaton.hpp"

namespace carve::encoder {

// The pairs of states (dead included) the two automata reach together from their starts: the
// values (q_A, q_B) a walk's product state can take (the joint walk bounds of both encodings).
inline long reachable_state_pairs(const model::DensityAutomaton& a, const model::DensityAutomaton& b) {
  std::set<std::pair<int, int>> seen{{a.start(), b.start()}};
  std::vector<std::pair<int, int>> todo{{a.start(), b.start()}};
  while (!todo.empty()) {
    const auto [qa, qb] = todo.back();
    todo.pop_back();
    for (auto t : {model::EdgeType::T, model::EdgeType::V})
      if (seen.insert({a.step(qa, t), b.step(qb, t)}).second) todo.push_back({a.step(qa, t), b.step(qb, t)});
  }
  return static_cast<long>(seen.size());
}

// `lit_and` and `lit_or` are the encoding's gates (a literal for the conjunction or disjunction of
// a list of literals, over its CNF), `false_lit` its constant false;
// `go[i]`: step i is taken (go[0] and go[length + 1] are set by the caller's block),
// `tree_step[i]`: step i's edge is inherent (type T), else virtual (type V).
template <class And, class Or>
int density_run_ok(And lit_and, Or lit_or, int false_lit, const model::DensityAutomaton& dfa, const std::vector<int>& go,
                   const std::vector<int>& tree_step, int length, bool backward) {
  const int Q = dfa.states();
  const std::size_t dead = static_cast<std::size_t>(Q);
  const int F = false_lit;
  auto next = [&](std::size_t s, int type) -> std::size_t {
    if (s == dead) return dead;
    const int q = dfa.step(static_cast<int>(s), type ? model::EdgeType::T : model::EdgeType::V);
    return q == model::DensityAutomaton::kDead ? dead : static_cast<std::size_t>(q);
  };
  // One letter: run[s] -> after[next(s, type)], the letter's type T when `tree` (guarded by `when`).
  auto read = [&](const std::vector<int>& run, int tree, int when, std::vector<std::vector<int>>& into) {
    for (std::size_t s = 0; s <= dead; ++s)
      for (int type = 0; type < 2; ++type) into[next(s, type)].push_back(lit_and({when, run[s], type ? tree : -tree}));
  };
  const auto L = static_cast<std::size_t>(length);
  std::vector<int> start(dead + 1, F);
  start[static_cast<std::size_t>(dfa.start())] = -F;
  if (!backward) {
    std::vector<int> run = start, dead_within;
    for (std::size_t i = 1; i <= L; ++i) {
      std::vector<std::vector<int>> into(dead + 1);
      read(run, tree_step[i], -F, into);
      for (std::size_t s = 0; s <= dead; ++s) run[s] = lit_or(into[s]);
      dead_within.push_back(lit_and({go[i], run[dead]}));
    }
    return -lit_or(dead_within);
  }
  // r[i]: the state after reading steps end..i+1 backwards; r[end] = start.
  std::vector<int> run(dead + 1, F);
  for (std::size_t i = L + 1; i-- > 0;) {
    std::vector<std::vector<int>> into(dead + 1);
    const int ends_here = lit_and({go[i], -go[i + 1]});
    into[static_cast<std::size_t>(dfa.start())].push_back(ends_here);
    if (i < L) read(run, tree_step[i + 1], go[i + 1], into);
    for (std::size_t s = 0; s <= dead; ++s) run[s] = lit_or(into[s]);
  }
  return -run[dead];
}

}  // namespace carve::encoder
