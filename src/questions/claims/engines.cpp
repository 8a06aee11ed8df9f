// questions/claims/engines.cpp — builtins over the games/ engines (see engines.hpp).
#include "questions/claims/engines.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <bit>
#include <cmath>
#include <stdexcept>

#include "rules/elaborate/diagnostics.hpp"
#include "questions/games/anti_sg.hpp"
#include "questions/games/dag_game.hpp"
#include "questions/games/enumerate.hpp"
#include "questions/games/kernel.hpp"
#include "questions/games/nim.hpp"
#include "questions/games/nim_k.hpp"
#include "questions/games/rule_staircase.hpp"
#include "questions/games/staircase_nim.hpp"

namespace carve::claims {

using elab::claims::Builtin;
using games::EdgeColour;

namespace {

const std::vector<games::CoinRule>& coin_rule_table() {
  static const std::vector<games::CoinRule> rules = {games::flip_one_or_two(), games::flip_run_up_to(2),
                                                      games::flip_run_up_to(3), games::ruler_like_up_to_three()};
  return rules;
}

Cls cls_of(games::Outcome o) {
  switch (o) {
    case games::Outcome::P: return Cls::P;
    case games::Outcome::N: return Cls::N;
    case games::Outcome::L: return Cls::L;
    case games::Outcome::R: return Cls::R;
  }
  return Cls::D;
}

games::Heaps heaps_of(const Value& v, const parser::Location& loc) {
  games::Heaps h;
  for (const auto& x : v.as_list()) {
    long long i = x.as_int();
    if (i < 0 || i > (1LL << 30)) elab::fail(loc, fmt::format("a heap size must be between 0 and 2^30, got {}", i));
    h.push_back(static_cast<unsigned>(i));
  }
  return h;
}

Value int_list(const std::vector<int>& v) {
  List l;
  for (int x : v) l.push_back(Value{static_cast<long long>(x)});
  return make_list(std::move(l));
}

games::VertexSet vertex_set(const games::Digraph& g, const Value& s, const parser::Location& loc) {
  games::VertexSet out(static_cast<std::size_t>(g.size()), false);
  for (const auto& x : s.as_list()) {
    long long v = x.as_int();
    if (v < 0 || v >= g.size()) elab::fail(loc, fmt::format("vertex {} is not in the digraph (0..{})", v, g.size() - 1));
    out[static_cast<std::size_t>(v)] = true;
  }
  return out;
}

Value vertex_list(const games::VertexSet& s) {
  List l;
  for (std::size_t v = 0; v < s.size(); ++v)
    if (s[v]) l.push_back(Value{static_cast<long long>(v)});
  return make_list(std::move(l));
}

int checked_int(const Value& v, long long lo, long long hi, const char* what, const parser::Location& loc) {
  long long x = v.as_int();
  if (x < lo || x > hi) elab::fail(loc, fmt::format("{} must be between {} and {}, got {}", what, lo, hi, x));
  return static_cast<int>(x);
}

// Stable sort by size: the family's size order (a no-op for enumerators already in that order).
Value by_size(List l) {
  std::vector<std::pair<long long, std::size_t>> key;
  for (std::size_t i = 0; i < l.size(); ++i) key.emplace_back(size_of(l[i]), i);
  std::stable_sort(key.begin(), key.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
  List out;
  for (const auto& [s, i] : key) out.push_back(std::move(l[i]));
  return make_list(std::move(out));
}

template <class T, class F>
Value list_of(const std::vector<T>& items, F make) {
  List l;
  for (const auto& x : items) l.push_back(make(x));
  return make_list(std::move(l));
}

}  // namespace

Engines::Engines() : lasker_(games::lasker_options) {}
Engines::~Engines() = default;

Engines::HeapEval& Engines::heap_eval(const GamePos& p) {
  auto key = std::make_pair(static_cast<int>(p.family), p.k);
  // A family over generated rules or multi-DAGs keeps the table of the latest one only: a claim
  // visits tens of thousands of them, each a small game, and their tables would hold the memory.
  if (p.family == GamePos::Family::TakeAway || p.family == GamePos::Family::RuleStairs || p.family == GamePos::Family::MultiSum)
    std::erase_if(heap_evals_, [&](const auto& e) { return e.first.first == key.first && e.first.second != key.second; });
  auto& slot = heap_evals_[key];
  if (!slot) {
    int k = p.k;
    switch (p.family) {
      case GamePos::Family::Nim: slot = std::make_unique<HeapEval>(games::nim_moves); break;
      case GamePos::Family::Staircase: slot = std::make_unique<HeapEval>(games::staircase_moves); break;
      case GamePos::Family::NimK:
        slot = std::make_unique<HeapEval>([k](const games::Heaps& h) { return games::nim_k_moves(h, k); });
        break;
      case GamePos::Family::Lasker:
        slot = std::make_unique<HeapEval>([this](const games::Heaps& h) { return lasker_.sum_moves(h); });
        break;
      case GamePos::Family::TakeAway:
        slot = std::make_unique<HeapEval>([this, k](const games::Heaps& h) { return games::take_moves(rules_[static_cast<std::size_t>(k)], h); });
        break;
      case GamePos::Family::RuleStairs:
        slot = std::make_unique<HeapEval>(
            [this, k](const games::Heaps& a) { return games::rule_staircase_moves(rules_[static_cast<std::size_t>(k)], a); });
        break;
      case GamePos::Family::MultiSum:
        slot = std::make_unique<HeapEval>([this, k](const games::Heaps& h) {
          games::Components c(h.begin(), h.end());
          std::vector<games::Heaps> out;
          for (const auto& m : games::multi_dag_sum_moves(multidags_[static_cast<std::size_t>(k)], c))
            out.emplace_back(m.begin(), m.end());
          return out;
        });
        break;
      case GamePos::Family::Coins: throw std::logic_error("coins have their own evaluator");
    }
  }
  return *slot;
}

games::CoinTurning& Engines::coins(int rule, int n) {
  auto& slot = coins_[{rule, n}];
  if (!slot) slot = std::make_unique<games::CoinTurning>(n, coin_rule_table()[static_cast<std::size_t>(rule)]);
  return *slot;
}

int Engines::intern(const games::TakeRule& r) {
  auto [it, fresh] = rule_index_.emplace(r, static_cast<int>(rules_.size()));
  if (fresh) rules_.push_back(r);
  return it->second;
}

int Engines::intern(const games::MultiDag& g) {
  auto [it, fresh] = multidag_index_.emplace(g.options, static_cast<int>(multidags_.size()));
  if (fresh) multidags_.push_back(g);
  return it->second;
}

int Engines::cutcake_rec(int a, int b) {
  int need = std::max(a, b);
  if (static_cast<int>(cut_rec_.size()) <= need) {
    int n = 16;
    while (n < need) n *= 2;
    cut_rec_ = games::cutcake_table_recurrence(n, n);
  }
  return cut_rec_[static_cast<std::size_t>(a)][static_cast<std::size_t>(b)];
}

Value Engines::family(Builtin fn, const std::vector<Value>& a, const parser::Location& loc) {
  std::string key = std::to_string(static_cast<int>(fn));
  for (const auto& x : a) key += "|" + show(x);
  if (auto it = families_.find(key); it != families_.end()) return it->second;
  Value out;
  auto graphs = [](const std::vector<games::GroundedGraph>& gs) { return list_of(gs, [](const auto& g) { return make_graph(g); }); };
  switch (fn) {
    case Builtin::Heaps: {
      int cmin = checked_int(a[0], 0, 8, "the least heap count", loc), cmax = checked_int(a[1], cmin, 8, "the largest heap count", loc);
      int smin = checked_int(a[2], 0, 1 << 20, "the least heap size", loc);
      int smax = checked_int(a[3], smin, 1 << 20, "the largest heap size", loc);
      double n = 0;
      for (int c = cmin; c <= cmax; ++c) n += std::pow(static_cast<double>(smax - smin + 1), c);
      if (n > 2e6) elab::fail(loc, fmt::format("heaps({}, {}, {}, {}) has {:.0f} vectors (at most 2000000)", cmin, cmax, smin, smax, n));
      List l;
      for (const auto& h : games::heap_vectors(cmax, static_cast<unsigned>(smax) + 1, cmin)) {
        if (std::any_of(h.begin(), h.end(), [&](unsigned x) { return x < static_cast<unsigned>(smin); })) continue;
        l.push_back(list_of(h, [](unsigned x) { return Value{static_cast<long long>(x)}; }));
      }
      out = make_list(std::move(l));
      break;
    }
    case Builtin::Dags:
      out = list_of(games::dag_games(checked_int(a[0], 1, 6, "dags: the number of positions", loc)),
                    [](const auto& g) { return make_digraph(g); });
      break;
    case Builtin::Digraphs:
      out = list_of(games::digraphs(checked_int(a[0], 1, 5, "digraphs: the number of vertices", loc)),
                    [](const auto& g) { return make_digraph(g); });
      break;
    case Builtin::Trees:
      out = list_of(games::rooted_trees(checked_int(a[0], 0, 14, "trees: the number of edges", loc)),
                    [](const auto& t) { return make_tree(t); });
      break;
    case Builtin::Graphs: out = graphs(games::grounded_graphs(checked_int(a[0], 0, 9, "graphs: the number of edges", loc))); break;
    case Builtin::Multigraphs:
      out = graphs(games::grounded_graphs(checked_int(a[0], 0, 8, "multigraphs: the number of edges", loc), true));
      break;
    case Builtin::Bigraphs: out = graphs(games::bicoloured_graphs(checked_int(a[0], 0, 7, "bigraphs: the number of edges", loc))); break;
    case Builtin::Bitrees: out = graphs(games::bicoloured_trees(checked_int(a[0], 0, 9, "bitrees: the number of edges", loc))); break;
    case Builtin::Stalks:
      out = list_of(games::bicoloured_stalks(checked_int(a[0], 0, 14, "stalks: the number of edges", loc)),
                    [](const auto& c) { return make_graph(games::make_stalk(c)); });
      break;
    case Builtin::Dyadics: {
      int d = checked_int(a[0], 0, 12, "dyadics: the exponent", loc);
      games::Dyadic lo = a[1].as_num(), hi = a[2].as_num();
      games::int128 scale = games::int128{1} << d;
      List l;
      games::int128 first = lo.floor() * scale, last = hi.ceil() * scale;
      if (last - first > 200000) elab::fail(loc, "dyadics: more than 200000 values");
      for (games::int128 k = first; k <= last; ++k) {
        games::Dyadic x = games::Dyadic::make(k, d);
        if (x >= lo && x <= hi) l.push_back(Value{x});
      }
      out = by_size(std::move(l));
      break;
    }
    case Builtin::TakeRules:
      out = list_of(games::take_rules(checked_int(a[0], 0, 5, "take_rules: the largest heap", loc)),
                    [](const auto& r) { return make_rule(r); });
      break;
    case Builtin::MultiDags: {
      int n = checked_int(a[0], 1, 5, "multidags: the number of positions", loc);
      int p = checked_int(a[1], 0, 4, "multidags: the number of parts of an option", loc);
      // Every labelled multi-DAG is built once: 2^(sum over positions v of the multisets of at most p
      // of v's lower positions) of them.
      long long bits = 0;
      for (int v = 0; v < n; ++v) {
        long long c = 1, m = 1;  // multisets of k elements from v kinds: C(v + k - 1, k)
        for (int k = 1; k <= p; ++k) c += (m = m * (v + k - 1) / k);
        bits += c;
      }
      if (bits > 17) elab::fail(loc, fmt::format("multidags({}, {}) builds 2^{} labelled multi-DAGs (at most 2^17)", n, p, bits));
      out = list_of(games::multi_dags(n, p), [](const auto& g) { return make_multidag(g); });
      break;
    }
    case Builtin::CoinRules: {
      List l;
      for (int i = 0; i < static_cast<int>(coin_rule_table().size()); ++i) l.push_back(Value{CoinRuleRef{i}});
      out = make_list(std::move(l));
      break;
    }
    case Builtin::Multisets: {
      const List& f = a[0].as_list();
      int n = checked_int(a[1], 0, 4, "multisets: the number of elements", loc);
      List l;
      std::vector<std::size_t> idx(static_cast<std::size_t>(n), 0);
      while (true) {
        if (l.size() > 2000000) elab::fail(loc, "multisets: more than 2000000 multisets");
        List m;
        for (auto i : idx) m.push_back(f.at(i));
        if (!f.empty() || n == 0) l.push_back(make_list(std::move(m)));
        int j = n - 1;
        while (j >= 0 && idx[static_cast<std::size_t>(j)] + 1 >= f.size()) --j;
        if (j < 0 || f.empty()) break;
        ++idx[static_cast<std::size_t>(j)];
        for (auto t = static_cast<std::size_t>(j) + 1; t < idx.size(); ++t) idx[t] = idx[static_cast<std::size_t>(j)];
      }
      out = by_size(std::move(l));
      break;
    }
    default: throw std::logic_error("Engines::family: not a family");
  }
  families_.emplace(std::move(key), out);
  return out;
}

Value Engines::sg_like(Builtin fn, const Value& g, const parser::Location& loc) {
  auto result = [&](unsigned sg) -> Value {
    if (fn == Builtin::Sg) return Value{static_cast<long long>(sg)};
    return Value{sg == 0 ? Cls::P : Cls::N};
  };
  try {
    if (auto* p = std::get_if<GamePos>(&g.v)) {
      if (p->family == GamePos::Family::Coins) return result(coins(p->k, p->n).sg(p->h.at(0)));
      auto& ev = heap_eval(*p);
      if (fn == Builtin::Misere) return Value{cls_of(ev.misere_outcome(p->h))};
      return result(ev.sg(p->h));
    }
    if (std::holds_alternative<std::shared_ptr<const games::Digraph>>(g.v)) {
      const auto& d = g.as_digraph();
      if (fn == Builtin::Misere) return Value{games::misere_sum_first_wins({d}, false) ? Cls::N : Cls::P};
      if (fn == Builtin::Outcome) {
        auto r = games::retrograde(d)[0];
        return Value{r == games::Result::Win ? Cls::N : r == games::Result::Lose ? Cls::P : Cls::D};
      }
      return result(games::dag_sg(d)[0]);
    }
    if (g.is_list()) {
      std::vector<games::Digraph> sum;
      for (const auto& x : g.as_list()) sum.push_back(x.as_digraph());
      if (fn == Builtin::Misere) return Value{games::misere_sum_first_wins(sum, false) ? Cls::N : Cls::P};
      return result(games::sum_sg(sum));
    }
    if (fn == Builtin::Misere) elab::fail(loc, "misere is defined for games, digraphs and sums of digraphs");
    if (std::holds_alternative<std::shared_ptr<const games::RootedTree>>(g.v)) return result(tree_ex_.sg(g.as_tree()));
    const auto& gr = g.as_graph();
    bool coloured = std::any_of(gr.edges.begin(), gr.edges.end(), [](const auto& e) { return e.colour != EdgeColour::Green; });
    if (coloured) {
      if (fn == Builtin::Sg) elab::fail(loc, "sg of a graph with blue or red edges (use value or outcome)");
      return Value{cls_of(br_out_.outcome(gr))};
    }
    return result(green_ex_.sg(gr));
  } catch (const std::logic_error& e) {
    elab::fail(loc, e.what());  // e.g. a cycle in a digraph given to sg
  }
}

Value Engines::moves(const Value& g, const parser::Location& loc) {
  List l;
  if (auto* p = std::get_if<GamePos>(&g.v)) {
    if (p->family == GamePos::Family::Coins) {
      for (auto m : coins(p->k, p->n).moves(p->h.at(0))) {
        GamePos q = *p;
        q.h = {static_cast<unsigned>(m)};
        l.push_back(Value{q});
      }
    } else {
      for (auto& h : heap_eval(*p).moves(p->h)) {
        GamePos q = *p;
        q.h = std::move(h);
        l.push_back(Value{q});
      }
    }
  } else if (std::holds_alternative<std::shared_ptr<const games::Digraph>>(g.v)) {
    const auto& d = g.as_digraph();
    for (int w : d.succ[0]) l.push_back(make_digraph(games::reroot(d, w)));
  } else if (g.is_list()) {
    const List& sum = g.as_list();
    for (std::size_t i = 0; i < sum.size(); ++i) {
      const auto& d = sum[i].as_digraph();
      for (int w : d.succ[0]) {
        List s = sum;
        s[i] = make_digraph(games::reroot(d, w));
        l.push_back(make_list(std::move(s)));
      }
    }
  } else if (std::holds_alternative<std::shared_ptr<const games::RootedTree>>(g.v)) {
    const auto& t = g.as_tree();
    for (int v = 1; v < t.size(); ++v) l.push_back(make_tree(games::subtree_without(t, v)));
  } else {
    const auto& gr = g.as_graph();
    for (std::size_t e = 0; e < gr.edges.size(); ++e) l.push_back(make_graph(games::delete_edge(gr, e)));
  }
  (void)loc;
  return make_list(std::move(l));
}

Value Engines::call(Builtin fn, const std::vector<Value>& a, const parser::Location& loc) {
  auto I = [](long long x) { return Value{x}; };
  auto B = [](bool x) { return Value{x}; };
  switch (fn) {
    case Builtin::Abs:
      if (std::holds_alternative<long long>(a[0].v)) return I(std::abs(a[0].as_int()));
      return Value{a[0].as_num() < games::Dyadic(0) ? -a[0].as_num() : a[0].as_num()};
    case Builtin::Floor: return I(static_cast<long long>(a[0].as_num().floor()));
    case Builtin::Ceil: return I(static_cast<long long>(a[0].as_num().ceil()));
    case Builtin::Bit: {
      long long x = a[0].as_int(), j = a[1].as_int();
      if (x < 0 || j < 0) elab::fail(loc, "bit(x, j) needs x >= 0 and j >= 0");
      return I(j >= 63 ? 0 : (x >> j) & 1);
    }
    case Builtin::Popcount:
      if (a[0].as_int() < 0) elab::fail(loc, "popcount of a negative number");
      return I(std::popcount(static_cast<unsigned long long>(a[0].as_int())));
    case Builtin::Odd: return B(a[0].as_int() % 2 != 0);
    case Builtin::Even: return B(a[0].as_int() % 2 == 0);
    case Builtin::Pow2: return I(1LL << checked_int(a[0], 0, 62, "the exponent", loc));
    case Builtin::Len: return I(static_cast<long long>(a[0].as_list().size()));
    case Builtin::Mex: {
      std::vector<unsigned> v;
      for (const auto& x : a[0].as_list())
        if (x.as_int() >= 0) v.push_back(static_cast<unsigned>(x.as_int()));
      return I(games::mex(v));
    }
    case Builtin::Contains:
      return B(std::any_of(a[0].as_list().begin(), a[0].as_list().end(), [&](const Value& x) { return equal(x, a[1]); }));
    case Builtin::Subset:
      return B(std::all_of(a[0].as_list().begin(), a[0].as_list().end(), [&](const Value& x) {
        return std::any_of(a[1].as_list().begin(), a[1].as_list().end(), [&](const Value& y) { return equal(x, y); });
      }));
    case Builtin::Heaps:
    case Builtin::Dags:
    case Builtin::Digraphs:
    case Builtin::Trees:
    case Builtin::Graphs:
    case Builtin::Multigraphs:
    case Builtin::Bigraphs:
    case Builtin::Bitrees:
    case Builtin::Stalks:
    case Builtin::Dyadics:
    case Builtin::Multisets:
    case Builtin::CoinRules:
    case Builtin::TakeRules:
    case Builtin::MultiDags: return family(fn, a, loc);
    case Builtin::Vertices: {
      List l;
      for (int v = 0; v < a[0].as_digraph().size(); ++v) l.push_back(I(v));
      return make_list(std::move(l));
    }
    case Builtin::Kernels: {
      if (a[0].as_digraph().size() > 16) elab::fail(loc, "kernels: at most 16 vertices");
      return list_of(games::all_kernels(a[0].as_digraph()), vertex_list);
    }
    case Builtin::Succ: {
      const auto& g = a[0].as_digraph();
      int v = checked_int(a[1], 0, g.size() - 1, "the vertex", loc);
      return int_list(g.succ[static_cast<std::size_t>(v)]);
    }
    case Builtin::Children: {
      const auto& t = a[0].as_tree();
      int v = checked_int(a[1], 0, t.size() - 1, "the vertex", loc);
      return int_list(games::children_of(t)[static_cast<std::size_t>(v)]);
    }
    case Builtin::Cycles:
      return list_of(games::shortest_cycles(a[0].as_graph()), [](const auto& c) { return Value{CycleRef{c.first, c.second}}; });
    case Builtin::Nim: return Value{GamePos{GamePos::Family::Nim, 0, 0, heaps_of(a[0], loc)}};
    case Builtin::Staircase: return Value{GamePos{GamePos::Family::Staircase, 0, 0, heaps_of(a[0], loc)}};
    case Builtin::NimK:
      return Value{GamePos{GamePos::Family::NimK, checked_int(a[0], 1, 8, "k", loc), 0, heaps_of(a[1], loc)}};
    case Builtin::Lasker: {
      auto h = heaps_of(a[0], loc);
      std::sort(h.begin(), h.end());
      return Value{GamePos{GamePos::Family::Lasker, 0, 0, h}};
    }
    case Builtin::Coins: {
      int n = checked_int(a[1], 1, 20, "the number of coins", loc);
      long long mask = a[2].as_int();
      if (mask < 0 || mask >= (1LL << n)) elab::fail(loc, fmt::format("coins: the heads mask must be below 2^{}", n));
      return Value{GamePos{GamePos::Family::Coins, std::get<CoinRuleRef>(a[0].v).index, n, {static_cast<unsigned>(mask)}}};
    }
    case Builtin::TakeAway:
    case Builtin::Stairs: {
      const auto& r = a[0].as_rule();
      auto h = heaps_of(a[1], loc);
      for (unsigned x : h)
        if (x > r.max_heap()) elab::fail(loc, fmt::format("a heap of {} stones is beyond the rule's heaps 0..{}", x, r.max_heap()));
      if (fn == Builtin::Stairs) {
        unsigned long total = 0;
        for (unsigned x : h) total += x;
        if (total > r.max_heap())
          elab::fail(loc, fmt::format("stairs: {} stones in all, but the rule is defined up to {} (stones pile up on lower stairs)",
                                      total, r.max_heap()));
      }
      return Value{GamePos{fn == Builtin::Stairs ? GamePos::Family::RuleStairs : GamePos::Family::TakeAway, intern(r), 0, h}};
    }
    case Builtin::MultiSum: {
      const auto& g = a[0].as_multidag();
      games::Heaps c;
      for (const auto& x : a[1].as_list()) c.push_back(static_cast<unsigned>(checked_int(x, 0, g.size() - 1, "a component's position", loc)));
      std::sort(c.begin(), c.end());
      return Value{GamePos{GamePos::Family::MultiSum, intern(g), 0, c}};
    }
    case Builtin::MultiSgOf: {
      const auto& g = a[0].as_multidag();
      int v = checked_int(a[1], 0, g.size() - 1, "the position", loc);
      int k = intern(g);
      std::erase_if(multi_sg_, [k](const auto& e) { return e.first != k; });  // the latest multi-DAG only (as heap_eval)
      auto& slot = multi_sg_[k];
      if (!slot)
        slot = std::make_unique<games::MultiSg<int>>(
            [this, k](const int& p) { return multidags_[static_cast<std::size_t>(k)].options[static_cast<std::size_t>(p)]; });
      return I(slot->sg(v));
    }
    case Builtin::IsSubtraction: return B(games::is_subtraction_rule(a[0].as_rule()));
    case Builtin::Positions: {
      List l;
      for (int v = 0; v < a[0].as_multidag().size(); ++v) l.push_back(I(v));
      return make_list(std::move(l));
    }
    case Builtin::HeapsOf: {
      List l;
      for (unsigned x : std::get<GamePos>(a[0].v).h) l.push_back(I(x));
      return make_list(std::move(l));
    }
    case Builtin::HeapDag: {
      int n = checked_int(a[0], 0, 64, "the heap", loc);
      games::Digraph d;
      d.succ.resize(static_cast<std::size_t>(n) + 1);
      for (int i = 0; i <= n; ++i)  // vertex 0 = the full heap n; vertex i holds n - i stones
        for (int j = i + 1; j <= n; ++j) d.succ[static_cast<std::size_t>(i)].push_back(j);
      return make_digraph(std::move(d));
    }
    case Builtin::At: {
      const auto& g = a[0].as_digraph();
      return make_digraph(games::reroot(g, checked_int(a[1], 0, g.size() - 1, "the vertex", loc)));
    }
    case Builtin::Subtree: {
      const auto& t = a[0].as_tree();
      return make_tree(games::subtree_at(t, checked_int(a[1], 0, t.size() - 1, "the vertex", loc)));
    }
    case Builtin::Cycle: return make_graph(games::cycle_on_ground(checked_int(a[0], 1, 64, "the cycle length", loc)));
    case Builtin::GraphOf:
      try {
        return make_graph(games::parse_grounded(std::get<std::string>(a[0].v)));
      } catch (const std::invalid_argument& e) {
        elab::fail(loc, e.what());
      }
    case Builtin::StalkOf: {
      std::vector<EdgeColour> cs;
      for (char c : std::get<std::string>(a[0].v)) {
        if (c != 'B' && c != 'R' && c != 'G') elab::fail(loc, "stalk colours are B (blue), R (red) or G (green)");
        cs.push_back(c == 'B' ? EdgeColour::Blue : c == 'R' ? EdgeColour::Red : EdgeColour::Green);
      }
      return make_graph(games::make_stalk(cs));
    }
    case Builtin::Union: return make_graph(games::ground_union(a[0].as_graph(), a[1].as_graph()));
    case Builtin::Swap: return make_graph(games::swap_colours(a[0].as_graph()));
    case Builtin::Fuse: {
      const auto& c = std::get<CycleRef>(a[1].v);
      return make_graph(games::fuse_cycle_doc003(a[0].as_graph(), c.vertices, c.edges));
    }
    case Builtin::Sg:
    case Builtin::Outcome:
    case Builtin::Misere: return sg_like(fn, a[0], loc);
    case Builtin::SgAt: {
      const auto& g = a[0].as_digraph();
      if (!games::is_acyclic(g)) elab::fail(loc, "sg of a digraph with a cycle");
      return I(games::dag_sg(g)[static_cast<std::size_t>(checked_int(a[1], 0, g.size() - 1, "the vertex", loc))]);
    }
    case Builtin::OutcomeAt: {
      const auto& g = a[0].as_digraph();
      auto r = games::retrograde(g)[static_cast<std::size_t>(checked_int(a[1], 0, g.size() - 1, "the vertex", loc))];
      return Value{r == games::Result::Win ? Cls::N : r == games::Result::Lose ? Cls::P : Cls::D};
    }
    case Builtin::MisereSj: {
      std::vector<games::Digraph> sum;
      for (const auto& x : a[0].as_list()) sum.push_back(x.as_digraph());
      return Value{games::misere_sum_first_wins(sum, true) ? Cls::N : Cls::P};
    }
    case Builtin::Moves: return moves(a[0], loc);
    case Builtin::LMoves:
    case Builtin::RMoves: {
      const auto& g = a[0].as_graph();
      EdgeColour want = fn == Builtin::LMoves ? EdgeColour::Blue : EdgeColour::Red;
      List l;
      for (std::size_t e = 0; e < g.edges.size(); ++e)
        if (g.edges[e].colour == want) l.push_back(make_graph(games::delete_edge(g, e)));
      return make_list(std::move(l));
    }
    case Builtin::Value:
      try {
        return Value{br_ex_.value(a[0].as_graph())};
      } catch (const std::exception& e) {
        elab::fail(loc, e.what());
      }
    case Builtin::ValueFast:
      try {
        return Value{games::tree_value(a[0].as_graph())};
      } catch (const std::exception& e) {
        elab::fail(loc, e.what());
      }
    case Builtin::SgFusion: return I(games::green_sg_fusion(a[0].as_graph()));
    case Builtin::LaskerSg: return I(lasker_.sg(static_cast<unsigned>(checked_int(a[0], 0, 100000, "the heap", loc))));
    case Builtin::Blue:
    case Builtin::Red:
    case Builtin::Edges: {
      const auto& g = a[0].as_graph();
      long long n = 0;
      for (const auto& e : g.edges)
        n += fn == Builtin::Edges || (fn == Builtin::Blue && e.colour == EdgeColour::Blue) ||
             (fn == Builtin::Red && e.colour == EdgeColour::Red);
      return I(n);
    }
    case Builtin::Independent: return B(games::is_independent(a[0].as_digraph(), vertex_set(a[0].as_digraph(), a[1], loc)));
    case Builtin::Absorbing: return B(games::is_absorbing(a[0].as_digraph(), vertex_set(a[0].as_digraph(), a[1], loc)));
    case Builtin::IsKernel: return B(games::is_kernel(a[0].as_digraph(), vertex_set(a[0].as_digraph(), a[1], loc)));
    case Builtin::Acyclic: return B(games::is_acyclic(a[0].as_digraph()));
    case Builtin::DagKernel: {
      auto k = games::dag_kernel(a[0].as_digraph());
      if (!k) elab::fail(loc, "dag_kernel of a digraph with a cycle");
      return vertex_list(*k);
    }
    case Builtin::Cutcake:
      return Value{cut_ex_.value({{checked_int(a[0], 1, 12, "A", loc), checked_int(a[1], 1, 12, "B", loc)}})};
    case Builtin::CutcakeSum: {
      std::vector<std::pair<int, int>> pieces;
      for (const auto& p : a[0].as_list()) {
        const List& ab = p.as_list();
        if (ab.size() != 2) elab::fail(loc, "a Cutcake piece is [A, B]");
        pieces.emplace_back(checked_int(ab[0], 1, 12, "A", loc), checked_int(ab[1], 1, 12, "B", loc));
      }
      return Value{cut_ex_.value(pieces)};
    }
    case Builtin::CutcakeRec:
      return I(cutcake_rec(checked_int(a[0], 1, 1000, "A", loc), checked_int(a[1], 1, 1000, "B", loc)));
    case Builtin::CutcakeClosed:
      return I(games::cutcake_closed_form(checked_int(a[0], 1, 1 << 20, "A", loc), checked_int(a[1], 1, 1 << 20, "B", loc)));
  }
  throw std::logic_error("Engines::call: unknown builtin");
}

}  // namespace carve::claims
