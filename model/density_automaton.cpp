// Avoidance automaton: an ε-NFA for Σ* p Σ* (factor) or Σ* p1 Σ* p2 ... Σ* (scattered), turned
// into a DFA by subset construction; every subset that contains the NFA's accepting state (the
// pattern has been seen) becomes the single dead state.
#include "model/density_automaton.hpp"

#include <map>
#include <set>

namespace carve::model {

namespace {
constexpr int kAny = 2;
struct Nfa {
  struct Arc { int from, symbol, to; };  // symbol: 0 T, 1 V, 2 any, -1 ε
  std::vector<Arc> arcs;
  int states = 1;
  int add() { return states++; }
};
}  // namespace

DensityAutomaton DensityAutomaton::avoid(const std::vector<PatternItem>& pattern, bool scattered) {
  Nfa n;
  std::vector<int> gap_states{0};
  int cur = 0;
  for (const auto& item : pattern) {
    const int sym = static_cast<int>(item.type);
    for (int i = 0; i < item.min; ++i) {
      int nx = n.add();
      n.arcs.push_back({cur, sym, nx});
      cur = nx;
      gap_states.push_back(cur);
    }
    if (item.max < 0) {
      int nx = n.add();
      n.arcs.push_back({cur, -1, nx});
      n.arcs.push_back({nx, sym, nx});
      cur = nx;
      gap_states.push_back(cur);
    } else {
      for (int i = item.min; i < item.max; ++i) {
        int nx = n.add();
        n.arcs.push_back({cur, sym, nx});
        n.arcs.push_back({cur, -1, nx});
        cur = nx;
        gap_states.push_back(cur);
      }
    }
  }
  const int accept = cur;
  if (scattered) {
    for (int s : gap_states) n.arcs.push_back({s, kAny, s});
  } else {
    n.arcs.push_back({0, kAny, 0});
  }
  n.arcs.push_back({accept, kAny, accept});

  auto closure = [&](std::set<int> s) {
    for (bool grew = true; grew;) {
      grew = false;
      for (const auto& a : n.arcs)
        if (a.symbol == -1 && s.count(a.from) && s.insert(a.to).second) grew = true;
    }
    return s;
  };
  auto move = [&](const std::set<int>& s, int t) {
    std::set<int> out;
    for (const auto& a : n.arcs)
      if (s.count(a.from) && (a.symbol == t || a.symbol == kAny)) out.insert(a.to);
    return closure(out);
  };

  DensityAutomaton dfa;
  std::map<std::set<int>, int> index;
  std::vector<std::set<int>> todo{closure({0})};
  index[todo[0]] = 0;
  dfa.next_.push_back({kDead, kDead});
  for (std::size_t i = 0; i < todo.size(); ++i) {
    for (int t = 0; t < 2; ++t) {
      auto target = move(todo[i], t);
      int id;
      if (target.count(accept)) {
        id = kDead;
      } else if (auto it = index.find(target); it != index.end()) {
        id = it->second;
      } else {
        id = static_cast<int>(todo.size());
        index[target] = id;
        todo.push_back(target);
        dfa.next_.push_back({kDead, kDead});
      }
      dfa.next_[i][static_cast<std::size_t>(t)] = id;
    }
  }
  return dfa;
}

bool DensityAutomaton::accepts(const std::vector<EdgeType>& word) const {
  int q = start();
  for (auto t : word) q = step(q, t);
  return q != kDead;
}

bool DensityAutomaton::same_language(const DensityAutomaton& other) const {
  std::set<std::pair<int, int>> seen{{start(), other.start()}};
  std::vector<std::pair<int, int>> todo{{start(), other.start()}};
  while (!todo.empty()) {
    const auto [p, q] = todo.back();
    todo.pop_back();
    if ((p == kDead) != (q == kDead)) return false;
    for (auto t : {EdgeType::T, EdgeType::V}) {
      std::pair<int, int> nx{step(p, t), other.step(q, t)};
      if (seen.insert(nx).second) todo.push_back(nx);
    }
  }
  return true;
}

std::optional<DocumentsDensity> documents_density(const DensityAutomaton& dfa) {
  const std::vector<PatternItem> pattern{{EdgeType::V, 1, 1}, {EdgeType::T, 2, -1}, {EdgeType::V, 1, 1}};
  if (dfa.same_language(DensityAutomaton::avoid(pattern, false))) return DocumentsDensity::Factor;
  if (dfa.same_language(DensityAutomaton::avoid(pattern, true))) return DocumentsDensity::Subsequence;
  return std::nullopt;
}


}  // namespace carve::model
