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

Value integer(long long x) { return Value{x}; }
Value boolean(bool x) { return Value{x}; }

// [0, 1, ..., n-1]: the vertices of a digraph, the positions of a multi-DAG.
Value first_integers(int n) {
  List l;
  for (int v = 0; v < n; ++v) l.push_back(integer(v));
  return make_list(std::move(l));
}

Value outcome_of(games::Result r) { return Value{r == games::Result::Win ? Cls::N : r == games::Result::Lose ? Cls::P : Cls::D}; }

std::vector<games::Digraph> digraph_sum(const Value& v) {
  std::vector<games::Digraph> sum;
  for (const auto& x : v.as_list()) sum.push_back(x.as_digraph());
  return sum;
}

// The options of one player in Blue-Red Hackenbush: every edge of their colour deleted.
Value options_of(const games::GroundedGraph& g, EdgeColour colour) {
  List l;
  for (std::size_t e = 0; e < g.edges.size(); ++e)
    if (g.edges[e].colour == colour) l.push_back(make_graph(games::delete_edge(g, e)));
  return make_list(std::move(l));
}

template <class Keep>
Value edges_where(const games::GroundedGraph& g, Keep keep) {
  long long n = 0;
  for (const auto& e : g.edges) n += keep(e.colour);
  return integer(n);
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
      if (fn == Builtin::Outcome) return outcome_of(games::retrograde(d)[0]);
      return result(games::dag_sg(d)[0]);
    }
    if (g.is_list()) {
      auto sum = digraph_sum(g);
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

Value Engines::call(Builtin fn, const std::vector<Value>& a, const parser::Location& loc) {
  using Implementation = Value (Engines::*)(const Args&, const parser::Location&);
  static constexpr Implementation implementations[] = {
#define BUILTIN(Enum, name, params, result, help) &Engines::builtin_##Enum,
#define FAMILY BUILTIN
#include "rules/elaborate/claims_builtins.def"
#undef FAMILY
#undef BUILTIN
  };
  static constexpr bool is_family[] = {
#define BUILTIN(Enum, name, params, result, help) false,
#define FAMILY(Enum, name, params, result, help) true,
#include "rules/elaborate/claims_builtins.def"
#undef FAMILY
#undef BUILTIN
  };
  static_assert(std::size(implementations) == elab::claims::builtin_count && std::size(is_family) == elab::claims::builtin_count,
                "one implementation a row of claims_builtins.def");
  const auto row = static_cast<std::size_t>(fn);
  if (row >= elab::claims::builtin_count) throw std::logic_error("Engines::call: unknown builtin");
  if (!is_family[row]) return (this->*implementations[row])(a, loc);
  // A bounded family is built once a run for each tuple of arguments: claims quantify over the
  // same families again and again.
  std::string key = std::to_string(row);
  for (const auto& x : a) key += "|" + show(x);
  if (auto it = families_.find(key); it != families_.end()) return it->second;
  Value out = (this->*implementations[row])(a, loc);
  families_.emplace(std::move(key), out);
  return out;
}

// ---- numbers and lists

Value Engines::builtin_Abs(const Args& a, const parser::Location&) {
  if (std::holds_alternative<long long>(a[0].v)) return integer(std::abs(a[0].as_int()));
  return Value{a[0].as_num() < games::Dyadic(0) ? -a[0].as_num() : a[0].as_num()};
}

Value Engines::builtin_Floor(const Args& a, const parser::Location&) {
  return integer(static_cast<long long>(a[0].as_num().floor()));
}

Value Engines::builtin_Ceil(const Args& a, const parser::Location&) {
  return integer(static_cast<long long>(a[0].as_num().ceil()));
}

Value Engines::builtin_Bit(const Args& a, const parser::Location& loc) {
  long long x = a[0].as_int(), j = a[1].as_int();
  if (x < 0 || j < 0) elab::fail(loc, "bit(x, j) needs x >= 0 and j >= 0");
  return integer(j >= 63 ? 0 : (x >> j) & 1);
}

Value Engines::builtin_Popcount(const Args& a, const parser::Location& loc) {
  if (a[0].as_int() < 0) elab::fail(loc, "popcount of a negative number");
  return integer(std::popcount(static_cast<unsigned long long>(a[0].as_int())));
}

Value Engines::builtin_Odd(const Args& a, const parser::Location&) { return boolean(a[0].as_int() % 2 != 0); }
Value Engines::builtin_Even(const Args& a, const parser::Location&) { return boolean(a[0].as_int() % 2 == 0); }

Value Engines::builtin_Pow2(const Args& a, const parser::Location& loc) {
  return integer(1LL << checked_int(a[0], 0, 62, "the exponent", loc));
}

Value Engines::builtin_Len(const Args& a, const parser::Location&) {
  return integer(static_cast<long long>(a[0].as_list().size()));
}

Value Engines::builtin_Mex(const Args& a, const parser::Location&) {
  std::vector<unsigned> v;
  for (const auto& x : a[0].as_list())
    if (x.as_int() >= 0) v.push_back(static_cast<unsigned>(x.as_int()));
  return integer(games::mex(v));
}

Value Engines::builtin_Contains(const Args& a, const parser::Location&) {
  return boolean(std::any_of(a[0].as_list().begin(), a[0].as_list().end(), [&](const Value& x) { return equal(x, a[1]); }));
}

Value Engines::builtin_Subset(const Args& a, const parser::Location&) {
  return boolean(std::all_of(a[0].as_list().begin(), a[0].as_list().end(), [&](const Value& x) {
    return std::any_of(a[1].as_list().begin(), a[1].as_list().end(), [&](const Value& y) { return equal(x, y); });
  }));
}

// ---- bounded families, each in its size order (call() keeps each one built)

Value Engines::builtin_Heaps(const Args& a, const parser::Location& loc) {
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
  return make_list(std::move(l));
}

Value Engines::builtin_Dags(const Args& a, const parser::Location& loc) {
  return list_of(games::dag_games(checked_int(a[0], 1, 6, "dags: the number of positions", loc)),
                 [](const auto& g) { return make_digraph(g); });
}

Value Engines::builtin_Digraphs(const Args& a, const parser::Location& loc) {
  return list_of(games::digraphs(checked_int(a[0], 1, 5, "digraphs: the number of vertices", loc)),
                 [](const auto& g) { return make_digraph(g); });
}

Value Engines::builtin_Trees(const Args& a, const parser::Location& loc) {
  return list_of(games::rooted_trees(checked_int(a[0], 0, 14, "trees: the number of edges", loc)),
                 [](const auto& t) { return make_tree(t); });
}

namespace {
Value graph_list(const std::vector<games::GroundedGraph>& gs) {
  return list_of(gs, [](const auto& g) { return make_graph(g); });
}
}  // namespace

Value Engines::builtin_Graphs(const Args& a, const parser::Location& loc) {
  return graph_list(games::grounded_graphs(checked_int(a[0], 0, 9, "graphs: the number of edges", loc)));
}

Value Engines::builtin_Multigraphs(const Args& a, const parser::Location& loc) {
  return graph_list(games::grounded_graphs(checked_int(a[0], 0, 8, "multigraphs: the number of edges", loc), true));
}

Value Engines::builtin_Bigraphs(const Args& a, const parser::Location& loc) {
  return graph_list(games::bicoloured_graphs(checked_int(a[0], 0, 7, "bigraphs: the number of edges", loc)));
}

Value Engines::builtin_Bitrees(const Args& a, const parser::Location& loc) {
  return graph_list(games::bicoloured_trees(checked_int(a[0], 0, 9, "bitrees: the number of edges", loc)));
}

Value Engines::builtin_Stalks(const Args& a, const parser::Location& loc) {
  return list_of(games::bicoloured_stalks(checked_int(a[0], 0, 14, "stalks: the number of edges", loc)),
                 [](const auto& c) { return make_graph(games::make_stalk(c)); });
}

Value Engines::builtin_Dyadics(const Args& a, const parser::Location& loc) {
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
  return by_size(std::move(l));
}

Value Engines::builtin_Multisets(const Args& a, const parser::Location& loc) {
  const List& f = a[0].as_list();
  int n = checked_int(a[1], 0, 4, "multisets: the number of elements", loc);
  List l;
  if (f.empty() && n > 0) return make_list(std::move(l));  // no element to choose: no multiset
  std::vector<std::size_t> idx(static_cast<std::size_t>(n), 0);  // the chosen elements, non-decreasing
  while (true) {
    if (l.size() > 2000000) elab::fail(loc, "multisets: more than 2000000 multisets");
    List m;
    for (auto i : idx) m.push_back(f[i]);
    l.push_back(make_list(std::move(m)));
    int j = n - 1;
    while (j >= 0 && idx[static_cast<std::size_t>(j)] + 1 >= f.size()) --j;
    if (j < 0) break;
    ++idx[static_cast<std::size_t>(j)];
    for (auto t = static_cast<std::size_t>(j) + 1; t < idx.size(); ++t) idx[t] = idx[static_cast<std::size_t>(j)];
  }
  return by_size(std::move(l));
}

Value Engines::builtin_CoinRules(const Args&, const parser::Location&) {
  List l;
  for (int i = 0; i < static_cast<int>(coin_rule_table().size()); ++i) l.push_back(Value{CoinRuleRef{i}});
  return make_list(std::move(l));
}

Value Engines::builtin_TakeRules(const Args& a, const parser::Location& loc) {
  return list_of(games::take_rules(checked_int(a[0], 0, 5, "take_rules: the largest heap", loc)),
                 [](const auto& r) { return make_rule(r); });
}

Value Engines::builtin_MultiDags(const Args& a, const parser::Location& loc) {
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
  return list_of(games::multi_dags(n, p), [](const auto& g) { return make_multidag(g); });
}

// ---- the parts of a digraph, tree or graph

Value Engines::builtin_Vertices(const Args& a, const parser::Location&) { return first_integers(a[0].as_digraph().size()); }

Value Engines::builtin_Kernels(const Args& a, const parser::Location& loc) {
  if (a[0].as_digraph().size() > 16) elab::fail(loc, "kernels: at most 16 vertices");
  return list_of(games::all_kernels(a[0].as_digraph()), vertex_list);
}

Value Engines::builtin_Succ(const Args& a, const parser::Location& loc) {
  const auto& g = a[0].as_digraph();
  int v = checked_int(a[1], 0, g.size() - 1, "the vertex", loc);
  return int_list(g.succ[static_cast<std::size_t>(v)]);
}

Value Engines::builtin_Children(const Args& a, const parser::Location& loc) {
  const auto& t = a[0].as_tree();
  int v = checked_int(a[1], 0, t.size() - 1, "the vertex", loc);
  return int_list(games::children_of(t)[static_cast<std::size_t>(v)]);
}

Value Engines::builtin_Cycles(const Args& a, const parser::Location&) {
  return list_of(games::shortest_cycles(a[0].as_graph()), [](const auto& c) { return Value{CycleRef{c.first, c.second}}; });
}

// ---- games and objects built from their parts

Value Engines::builtin_Nim(const Args& a, const parser::Location& loc) {
  return Value{GamePos{GamePos::Family::Nim, 0, 0, heaps_of(a[0], loc)}};
}

Value Engines::builtin_Staircase(const Args& a, const parser::Location& loc) {
  return Value{GamePos{GamePos::Family::Staircase, 0, 0, heaps_of(a[0], loc)}};
}

Value Engines::builtin_NimK(const Args& a, const parser::Location& loc) {
  return Value{GamePos{GamePos::Family::NimK, checked_int(a[0], 1, 8, "k", loc), 0, heaps_of(a[1], loc)}};
}

Value Engines::builtin_Lasker(const Args& a, const parser::Location& loc) {
  auto h = heaps_of(a[0], loc);
  std::sort(h.begin(), h.end());
  return Value{GamePos{GamePos::Family::Lasker, 0, 0, h}};
}

Value Engines::rule_game(GamePos::Family family, const Args& a, const parser::Location& loc) {
  const auto& r = a[0].as_rule();
  auto h = heaps_of(a[1], loc);
  for (unsigned x : h)
    if (x > r.max_heap()) elab::fail(loc, fmt::format("a heap of {} stones is beyond the rule's heaps 0..{}", x, r.max_heap()));
  if (family == GamePos::Family::RuleStairs) {
    unsigned long total = 0;
    for (unsigned x : h) total += x;
    if (total > r.max_heap())
      elab::fail(loc, fmt::format("stairs: {} stones in all, but the rule is defined up to {} (stones pile up on lower stairs)",
                                  total, r.max_heap()));
  }
  return Value{GamePos{family, intern(r), 0, h}};
}

Value Engines::builtin_TakeAway(const Args& a, const parser::Location& loc) { return rule_game(GamePos::Family::TakeAway, a, loc); }
Value Engines::builtin_Stairs(const Args& a, const parser::Location& loc) { return rule_game(GamePos::Family::RuleStairs, a, loc); }

Value Engines::builtin_MultiSum(const Args& a, const parser::Location& loc) {
  const auto& g = a[0].as_multidag();
  games::Heaps c;
  for (const auto& x : a[1].as_list()) c.push_back(static_cast<unsigned>(checked_int(x, 0, g.size() - 1, "a component's position", loc)));
  std::sort(c.begin(), c.end());
  return Value{GamePos{GamePos::Family::MultiSum, intern(g), 0, c}};
}

Value Engines::builtin_HeapsOf(const Args& a, const parser::Location&) {
  List l;
  for (unsigned x : std::get<GamePos>(a[0].v).h) l.push_back(integer(x));
  return make_list(std::move(l));
}

Value Engines::builtin_HeapDag(const Args& a, const parser::Location& loc) {
  int n = checked_int(a[0], 0, 64, "the heap", loc);
  games::Digraph d;
  d.succ.resize(static_cast<std::size_t>(n) + 1);
  for (int i = 0; i <= n; ++i)  // vertex 0 = the full heap n; vertex i holds n - i stones
    for (int j = i + 1; j <= n; ++j) d.succ[static_cast<std::size_t>(i)].push_back(j);
  return make_digraph(std::move(d));
}

Value Engines::builtin_Coins(const Args& a, const parser::Location& loc) {
  int n = checked_int(a[1], 1, 20, "the number of coins", loc);
  long long mask = a[2].as_int();
  if (mask < 0 || mask >= (1LL << n)) elab::fail(loc, fmt::format("coins: the heads mask must be below 2^{}", n));
  return Value{GamePos{GamePos::Family::Coins, std::get<CoinRuleRef>(a[0].v).index, n, {static_cast<unsigned>(mask)}}};
}

Value Engines::builtin_At(const Args& a, const parser::Location& loc) {
  const auto& g = a[0].as_digraph();
  return make_digraph(games::reroot(g, checked_int(a[1], 0, g.size() - 1, "the vertex", loc)));
}

Value Engines::builtin_Subtree(const Args& a, const parser::Location& loc) {
  const auto& t = a[0].as_tree();
  return make_tree(games::subtree_at(t, checked_int(a[1], 0, t.size() - 1, "the vertex", loc)));
}

Value Engines::builtin_Cycle(const Args& a, const parser::Location& loc) {
  return make_graph(games::cycle_on_ground(checked_int(a[0], 1, 64, "the cycle length", loc)));
}

Value Engines::builtin_GraphOf(const Args& a, const parser::Location& loc) {
  try {
    return make_graph(games::parse_grounded(std::get<std::string>(a[0].v)));
  } catch (const std::invalid_argument& e) {
    elab::fail(loc, e.what());
  }
}

Value Engines::builtin_StalkOf(const Args& a, const parser::Location& loc) {
  std::vector<EdgeColour> cs;
  for (char c : std::get<std::string>(a[0].v)) {
    if (c != 'B' && c != 'R' && c != 'G') elab::fail(loc, "stalk colours are B (blue), R (red) or G (green)");
    cs.push_back(c == 'B' ? EdgeColour::Blue : c == 'R' ? EdgeColour::Red : EdgeColour::Green);
  }
  return make_graph(games::make_stalk(cs));
}

Value Engines::builtin_Union(const Args& a, const parser::Location&) {
  return make_graph(games::ground_union(a[0].as_graph(), a[1].as_graph()));
}

Value Engines::builtin_Swap(const Args& a, const parser::Location&) { return make_graph(games::swap_colours(a[0].as_graph())); }

Value Engines::builtin_Fuse(const Args& a, const parser::Location&) {
  const auto& c = std::get<CycleRef>(a[1].v);
  return make_graph(games::fuse_cycle_doc003(a[0].as_graph(), c.vertices, c.edges));
}

// ---- Sprague-Grundy values, outcomes and options

Value Engines::builtin_Sg(const Args& a, const parser::Location& loc) { return sg_like(Builtin::Sg, a[0], loc); }

Value Engines::builtin_SgAt(const Args& a, const parser::Location& loc) {
  const auto& g = a[0].as_digraph();
  if (!games::is_acyclic(g)) elab::fail(loc, "sg of a digraph with a cycle");
  return integer(games::dag_sg(g)[static_cast<std::size_t>(checked_int(a[1], 0, g.size() - 1, "the vertex", loc))]);
}

Value Engines::builtin_Outcome(const Args& a, const parser::Location& loc) { return sg_like(Builtin::Outcome, a[0], loc); }

Value Engines::builtin_OutcomeAt(const Args& a, const parser::Location& loc) {
  const auto& g = a[0].as_digraph();
  return outcome_of(games::retrograde(g)[static_cast<std::size_t>(checked_int(a[1], 0, g.size() - 1, "the vertex", loc))]);
}

Value Engines::builtin_Misere(const Args& a, const parser::Location& loc) { return sg_like(Builtin::Misere, a[0], loc); }

Value Engines::builtin_MisereSj(const Args& a, const parser::Location&) {
  return Value{games::misere_sum_first_wins(digraph_sum(a[0]), true) ? Cls::N : Cls::P};
}

Value Engines::builtin_Moves(const Args& a, const parser::Location&) {
  const Value& g = a[0];
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
  return make_list(std::move(l));
}

Value Engines::builtin_LMoves(const Args& a, const parser::Location&) { return options_of(a[0].as_graph(), EdgeColour::Blue); }
Value Engines::builtin_RMoves(const Args& a, const parser::Location&) { return options_of(a[0].as_graph(), EdgeColour::Red); }

// ---- Hackenbush values

Value Engines::builtin_Value(const Args& a, const parser::Location& loc) {
  try {
    return Value{br_ex_.value(a[0].as_graph())};
  } catch (const std::exception& e) {
    elab::fail(loc, e.what());
  }
}

Value Engines::builtin_ValueFast(const Args& a, const parser::Location& loc) {
  try {
    return Value{games::tree_value(a[0].as_graph())};
  } catch (const std::exception& e) {
    elab::fail(loc, e.what());
  }
}

Value Engines::builtin_SgFusion(const Args& a, const parser::Location&) { return integer(games::green_sg_fusion(a[0].as_graph())); }

// ---- Multi-SG games and take-away rules

Value Engines::builtin_LaskerSg(const Args& a, const parser::Location& loc) {
  return integer(lasker_.sg(static_cast<unsigned>(checked_int(a[0], 0, 100000, "the heap", loc))));
}

Value Engines::builtin_MultiSgOf(const Args& a, const parser::Location& loc) {
  const auto& g = a[0].as_multidag();
  int v = checked_int(a[1], 0, g.size() - 1, "the position", loc);
  int k = intern(g);
  std::erase_if(multi_sg_, [k](const auto& e) { return e.first != k; });  // the latest multi-DAG only (as heap_eval)
  auto& slot = multi_sg_[k];
  if (!slot)
    slot = std::make_unique<games::MultiSg<int>>(
        [this, k](const int& p) { return multidags_[static_cast<std::size_t>(k)].options[static_cast<std::size_t>(p)]; });
  return integer(slot->sg(v));
}

Value Engines::builtin_IsSubtraction(const Args& a, const parser::Location&) {
  return boolean(games::is_subtraction_rule(a[0].as_rule()));
}

Value Engines::builtin_Positions(const Args& a, const parser::Location&) { return first_integers(a[0].as_multidag().size()); }

// ---- edge counts

Value Engines::builtin_Blue(const Args& a, const parser::Location&) {
  return edges_where(a[0].as_graph(), [](EdgeColour c) { return c == EdgeColour::Blue; });
}

Value Engines::builtin_Red(const Args& a, const parser::Location&) {
  return edges_where(a[0].as_graph(), [](EdgeColour c) { return c == EdgeColour::Red; });
}

Value Engines::builtin_Edges(const Args& a, const parser::Location&) {
  return edges_where(a[0].as_graph(), [](EdgeColour) { return true; });
}

// ---- kernels (document 002)

Value Engines::builtin_Independent(const Args& a, const parser::Location& loc) {
  return boolean(games::is_independent(a[0].as_digraph(), vertex_set(a[0].as_digraph(), a[1], loc)));
}

Value Engines::builtin_Absorbing(const Args& a, const parser::Location& loc) {
  return boolean(games::is_absorbing(a[0].as_digraph(), vertex_set(a[0].as_digraph(), a[1], loc)));
}

Value Engines::builtin_IsKernel(const Args& a, const parser::Location& loc) {
  return boolean(games::is_kernel(a[0].as_digraph(), vertex_set(a[0].as_digraph(), a[1], loc)));
}

Value Engines::builtin_Acyclic(const Args& a, const parser::Location&) { return boolean(games::is_acyclic(a[0].as_digraph())); }

Value Engines::builtin_DagKernel(const Args& a, const parser::Location& loc) {
  auto k = games::dag_kernel(a[0].as_digraph());
  if (!k) elab::fail(loc, "dag_kernel of a digraph with a cycle");
  return vertex_list(*k);
}

// ---- Cutcake (document 004)

Value Engines::builtin_Cutcake(const Args& a, const parser::Location& loc) {
  return Value{cut_ex_.value({{checked_int(a[0], 1, 12, "A", loc), checked_int(a[1], 1, 12, "B", loc)}})};
}

Value Engines::builtin_CutcakeSum(const Args& a, const parser::Location& loc) {
  std::vector<std::pair<int, int>> pieces;
  for (const auto& p : a[0].as_list()) {
    const List& ab = p.as_list();
    if (ab.size() != 2) elab::fail(loc, "a Cutcake piece is [A, B]");
    pieces.emplace_back(checked_int(ab[0], 1, 12, "A", loc), checked_int(ab[1], 1, 12, "B", loc));
  }
  return Value{cut_ex_.value(pieces)};
}

Value Engines::builtin_CutcakeRec(const Args& a, const parser::Location& loc) {
  return integer(cutcake_rec(checked_int(a[0], 1, 1000, "A", loc), checked_int(a[1], 1, 1000, "B", loc)));
}

Value Engines::builtin_CutcakeClosed(const Args& a, const parser::Location& loc) {
  return integer(games::cutcake_closed_form(checked_int(a[0], 1, 1 << 20, "A", loc), checked_int(a[1], 1, 1 << 20, "B", loc)));
}

}  // namespace carve::claims
