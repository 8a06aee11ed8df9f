// Avoidance automaton: an ε-NFA for Σ* p Σ* (factor) or Σ* p1 Σ* p2 ... Σ* (scattered), turned
// into a DFA by subset construction; every subset that contains the NFA's accepting state (the
// pattern has been seen) becomes the single dead state. The reading from the root is the union
// with the reversed pattern's automaton (a product), minimised.
#include "rules/model/density_automaton.hpp"

#include <algorithm>
#include <map>
#include <optional>
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

template <class Key, class Step>
DensityAutomaton DensityAutomaton::explore(const Key& start, Step step) {
  std::map<Key, int> index{{start, 0}};
  std::vector<Key> todo{start};
  DensityAutomaton out;
  out.next_.push_back({kDead, kDead});
  for (std::size_t i = 0; i < todo.size(); ++i)
    for (auto t : {EdgeType::T, EdgeType::V}) {
      auto to = step(todo[i], t);
      int id = kDead;
      if (to) {
        auto [it, fresh] = index.emplace(*to, static_cast<int>(todo.size()));
        if (fresh) {
          todo.push_back(*to);
          out.next_.push_back({kDead, kDead});
        }
        id = it->second;
      }
      out.next_[i][static_cast<std::size_t>(t)] = id;
    }
  return out;
}

DensityAutomaton DensityAutomaton::avoid(const std::vector<PatternItem>& pattern, bool scattered) {
  DensityAutomaton dfa = compile(pattern, scattered);
  const std::vector<PatternItem> reversed(pattern.rbegin(), pattern.rend());
  const DensityAutomaton back = compile(reversed, scattered);
  if (!dfa.same_language(back)) dfa.rooted_ = std::make_shared<const DensityAutomaton>(dfa.either(back).minimal());
  return dfa;
}

DensityAutomaton DensityAutomaton::any() {
  DensityAutomaton out;
  out.next_.push_back({0, 0});
  return out;
}

DensityAutomaton DensityAutomaton::compile(const std::vector<PatternItem>& pattern, bool scattered) {
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

  return explore(closure({0}), [&](const std::set<int>& from, EdgeType t) -> std::optional<std::set<int>> {
    auto to = move(from, static_cast<int>(t));
    if (to.count(accept)) return std::nullopt;
    return to;
  });
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

bool DensityAutomaton::partially_ordered() const {
  // Depth-first search for a cycle through two or more live states of the minimal automaton.
  const DensityAutomaton m = minimal();
  std::vector<int> mark(m.next_.size(), 0);  // 0 new, 1 on the stack, 2 done
  auto cyclic = [&](auto&& self, int q) -> bool {
    mark[static_cast<std::size_t>(q)] = 1;
    for (int to : m.next_[static_cast<std::size_t>(q)]) {
      if (to == kDead || to == q) continue;
      if (mark[static_cast<std::size_t>(to)] == 1) return true;
      if (mark[static_cast<std::size_t>(to)] == 0 && self(self, to)) return true;
    }
    mark[static_cast<std::size_t>(q)] = 2;
    return false;
  };
  for (int q = 0; q < m.states(); ++q)
    if (mark[static_cast<std::size_t>(q)] == 0 && cyclic(cyclic, q)) return false;
  return true;
}

DensityAutomaton DensityAutomaton::either(const DensityAutomaton& other) const {
  using Pair = std::pair<int, int>;
  return explore(Pair{start(), other.start()}, [&](const Pair& from, EdgeType t) -> std::optional<Pair> {
    const Pair to{step(from.first, t), other.step(from.second, t)};
    if (to.first == kDead && to.second == kDead) return std::nullopt;
    return to;
  });
}

// Moore's refinement: every live state accepts, so states part only by where their letters lead.
DensityAutomaton DensityAutomaton::minimal() const {
  std::vector<int> cls(next_.size(), 0);
  for (std::size_t classes = 1;;) {
    std::map<std::array<int, 3>, int> sig;
    std::vector<int> nx(next_.size());
    auto of = [&](int q) { return q == kDead ? -1 : cls[static_cast<std::size_t>(q)]; };
    for (std::size_t q = 0; q < next_.size(); ++q)
      nx[q] = sig.emplace(std::array<int, 3>{cls[q], of(next_[q][0]), of(next_[q][1])}, static_cast<int>(sig.size()))
                  .first->second;
    cls = std::move(nx);
    if (sig.size() == classes) break;
    classes = sig.size();
  }
  // Renumber the classes breadth-first from the start.
  std::map<int, int> number{{cls[static_cast<std::size_t>(start())], 0}};
  std::vector<int> rep{start()};
  DensityAutomaton out;
  for (std::size_t i = 0; i < rep.size(); ++i) {
    out.next_.push_back({kDead, kDead});
    for (int t = 0; t < 2; ++t) {
      const int to = next_[static_cast<std::size_t>(rep[i])][static_cast<std::size_t>(t)];
      if (to == kDead) continue;
      auto [it, fresh] = number.emplace(cls[static_cast<std::size_t>(to)], static_cast<int>(rep.size()));
      if (fresh) rep.push_back(to);
      out.next_[i][static_cast<std::size_t>(t)] = it->second;
    }
  }
  return out;
}

namespace {
// The live states q·τ(ττ)^j, j >= 0, each with its least j (the run over (ττ)^j repeats or dies
// within states() steps).
std::vector<std::pair<int, int>> after_bounces(const DensityAutomaton& a, int q, EdgeType t) {
  std::vector<std::pair<int, int>> out;
  int cur = a.step(q, t);
  for (int j = 0; cur != DensityAutomaton::kDead && j <= a.states(); ++j) {
    if (std::none_of(out.begin(), out.end(), [&](const auto& x) { return x.first == cur; })) out.emplace_back(cur, j);
    cur = a.step(a.step(cur, t), t);
  }
  return out;
}
}  // namespace

DensityAutomaton DensityAutomaton::bounce_closure() const {
  return explore(std::set<int>{start()}, [&](const std::set<int>& from, EdgeType t) -> std::optional<std::set<int>> {
    std::set<int> to;
    for (int q : from)
      for (auto [r, j] : after_bounces(*this, q, t)) to.insert(r);
    if (to.empty()) return std::nullopt;
    return to;
  }).minimal();
}

std::optional<std::vector<int>> DensityAutomaton::bounces(const std::vector<EdgeType>& word) const {
  // Per position: the states reachable, each with (state before, bounces) that reached it first.
  std::vector<std::map<int, std::pair<int, int>>> layer(word.size() + 1);
  layer[0][start()] = {kDead, 0};
  for (std::size_t i = 0; i < word.size(); ++i)
    for (const auto& [q, why] : layer[i])
      for (auto [r, j] : after_bounces(*this, q, word[i])) layer[i + 1].emplace(r, std::make_pair(q, j));
  if (layer.back().empty()) return std::nullopt;
  std::vector<int> out(word.size());
  int q = layer.back().begin()->first;
  for (std::size_t i = word.size(); i > 0; --i) {
    const auto [prev, j] = layer[i].at(q);
    out[i - 1] = j;
    q = prev;
  }
  return out;
}

std::string type_word(const std::vector<EdgeType>& types) {
  std::string out;
  for (auto t : types) out += std::string(out.empty() ? "" : " ") + (t == EdgeType::T ? "T" : "V");
  return out;
}

std::optional<DocumentsDensity> documents_density(const DensityAutomaton& dfa) {
  const std::vector<PatternItem> pattern{{EdgeType::V, 1, 1}, {EdgeType::T, 2, -1}, {EdgeType::V, 1, 1}};
  if (dfa.same_language(DensityAutomaton::avoid(pattern, false))) return DocumentsDensity::Factor;
  if (dfa.same_language(DensityAutomaton::avoid(pattern, true))) return DocumentsDensity::Subsequence;
  return std::nullopt;
}

}  // namespace carve::model
