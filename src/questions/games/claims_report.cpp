// questions/games/claims_report.cpp — checks every claim of documents 002–004 against the engines and prints
// a verdict with the smallest counterexample (families are enumerated in size order).
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <map>
#include <set>

#include "questions/games/anti_sg.hpp"
#include "questions/games/blue_red_hackenbush.hpp"
#include "questions/games/claims.hpp"
#include "questions/games/coin_turning.hpp"
#include "questions/games/cutcake.hpp"
#include "questions/games/dyadic.hpp"
#include "questions/games/enumerate.hpp"
#include "questions/games/green_hackenbush.hpp"
#include "questions/games/kernel.hpp"
#include "questions/games/multi_sg.hpp"
#include "questions/games/nim_k.hpp"
#include "questions/games/sg.hpp"
#include "questions/games/staircase_nim.hpp"
#include "questions/games/tree_deletion.hpp"

using namespace carve::games;

namespace {
template <class T, class Show>
void report(const std::string& name, const ClaimResult<T>& r, Show show) {
  if (r.holds())
    fmt::print("HOLDS    {} ({} cases)\n", name, r.checked);
  else
    fmt::print("REFUTED  {} (after {} cases): smallest counterexample {}\n", name, r.checked, show(*r.counterexample));
}
std::string digraph_str(const Digraph& g) {
  std::string s = fmt::format("n={} arcs[", g.size());
  for (int u = 0; u < g.size(); ++u)
    for (int v : g.succ[static_cast<std::size_t>(u)]) s += fmt::format(" {}->{}", u, v);
  return s + " ]";
}
std::string tree_str(const RootedTree& t) { return fmt::format("parents {}", t.parent); }
std::string heaps_str(const Heaps& h) { return fmt::format("{}", h); }
std::string graph_str(const GroundedGraph& g) { return to_string(g); }

// 002: kernels of digraphs (every digraph up to 4 vertices; the DAGs among them).
void report_kernels_002(const std::vector<Digraph>& dg) {
  std::vector<Digraph> dags;
  for (auto& g : dg)
    if (is_acyclic(g)) dags.push_back(g);
  report("002 finite DAG has a unique kernel", check_forall(dags, [](const Digraph& g) {
           auto ks = all_kernels(g);
           return ks.size() == 1 && ks[0] == *dag_kernel(g);
         }), digraph_str);
  report("002 DAG kernel = P-positions", check_forall(dags, [](const Digraph& g) {
           auto k = *dag_kernel(g);
           auto r = retrograde(g);
           for (int v = 0; v < g.size(); ++v)
             if (k[static_cast<std::size_t>(v)] != (r[static_cast<std::size_t>(v)] == Result::Lose)) return false;
           return true;
         }), digraph_str);
  report("002 kernel exists => one side never loses (kernel has no Win, outside no Lose)",
         check_forall(dg, [](const Digraph& g) {
           auto r = retrograde(g);
           for (auto& k : all_kernels(g))
             for (int v = 0; v < g.size(); ++v) {
               if (k[static_cast<std::size_t>(v)] && r[static_cast<std::size_t>(v)] == Result::Win) return false;
               if (!k[static_cast<std::size_t>(v)] && r[static_cast<std::size_t>(v)] == Result::Lose) return false;
             }
           return true;
         }), digraph_str);
  report("002 (any digraph) kernel <=> set of losing positions", check_forall(dg, [](const Digraph& g) {
           auto r = retrograde(g);
           auto ks = all_kernels(g);
           VertexSet lose(static_cast<std::size_t>(g.size()));
           for (int v = 0; v < g.size(); ++v) lose[static_cast<std::size_t>(v)] = r[static_cast<std::size_t>(v)] == Result::Lose;
           return ks.size() == 1 && ks[0] == lose;
         }), digraph_str);
  report("002 every digraph has a kernel", check_forall(dg, [](const Digraph& g) { return !all_kernels(g).empty(); }), digraph_str);
}

// 002: staircase Nim's xor of odd stairs, and Nim-k's good condition (read both ways: 002 and 003).
void report_staircase_and_nim_k_002() {
  SgEvaluator<Heaps, VectorHash> stair(staircase_moves);
  auto stairs = heap_vectors(5, 4, 2);  // positions 0..n, n <= 4, a_i <= 3
  report("002 staircase Nim: first wins <=> xor of odd positions != 0",
         check_equivalence(stairs, [&](const Heaps& a) { return stair.sg(a) != 0; }, staircase_first_player_wins), heaps_str);
  std::vector<Heaps> lit;
  for (unsigned n = 1; n <= 6; ++n) {
    Heaps a(n + 1);
    for (unsigned i = 0; i <= n; ++i) a[i] = i;
    lit.push_back(a);
  }
  report("002 staircase literal instance a_i = i (n <= 6)",
         check_equivalence(lit, [&](const Heaps& a) { return stair.sg(a) != 0; }, staircase_first_player_wins), heaps_str);
  for (int k = 1; k <= 3; ++k) {
    SgEvaluator<Heaps, VectorHash> ev([k](const Heaps& h) { return nim_k_moves(h, k); });
    auto hs = heap_vectors(4, 8);
    report(fmt::format("002 Nim-{}: first player WINS <=> good condition (as written)", k),
           check_equivalence(hs, [&](const Heaps& h) { return ev.sg(h) != 0; }, [k](const Heaps& h) { return nim_k_good_condition(h, k); }), heaps_str);
    report(fmt::format("003 Nim-{}: good condition <=> first player LOSES (<= 4 heaps, sizes < 8)", k),
           check_equivalence(hs, [&](const Heaps& h) { return ev.sg(h) == 0; }, [k](const Heaps& h) { return nim_k_good_condition(h, k); }), heaps_str);
  }
}

// 003: the SG value of a sum of two games is the xor of theirs, the sum played out.
void report_sum_of_games_003(const std::vector<Digraph>& games4) {
  std::vector<std::pair<Digraph, Digraph>> pairs;
  for (auto& a : games4)
    for (auto& b : games4) pairs.push_back({a, b});
  report("003 sum of games: sg = xor of component sg (pairs of DAG games <= 4 positions)",
         check_forall(pairs, [](const auto& p) {
           Digraph a = p.first, b = p.second;
           auto moves = [&](const std::vector<int>& s) {
             std::vector<std::vector<int>> out;
             for (int v : a.succ[static_cast<std::size_t>(s[0])]) out.push_back({v, s[1]});
             for (int v : b.succ[static_cast<std::size_t>(s[1])]) out.push_back({s[0], v});
             return out;
           };
           SgEvaluator<std::vector<int>, VectorHash> ev(moves);
           return ev.sg({0, 0}) == (dag_sg(a)[0] ^ dag_sg(b)[0]);
         }), [](const auto& p) { return digraph_str(p.first) + " + " + digraph_str(p.second); });
}

// 003: misère play -- Anti-SG (misère Nim), and the SJ theorem with and without its end rule.
void report_misere_003(const std::vector<Digraph>& games4) {
  {
    SgEvaluator<Heaps, VectorHash> ev(nim_moves);
    report("003 Anti-SG (misere Nim): first wins <=> (all heaps <= 1 and even # of 1s) or (some heap > 1 and xor != 0)",
           check_equivalence(heap_vectors(4, 8), [&](const Heaps& h) { return ev.misere_outcome(h) == Outcome::N; }, misere_nim_first_player_wins), heaps_str);
  }
  // Sums of 1..2 DAG games, ordered by total number of positions.
  auto g5 = dag_games(5);
  std::vector<std::vector<Digraph>> sums;
  for (auto& a : g5) sums.push_back({a});
  for (auto& a : games4)
    for (auto& b : games4) sums.push_back({a, b});
  std::stable_sort(sums.begin(), sums.end(), [](const auto& x, const auto& y) {
    auto tot = [](const auto& v) { int s = 0; for (auto& g : v) s += g.size(); return s; };
    return tot(x) < tot(y);
  });
  auto show = [](const std::vector<Digraph>& v) {
    std::string s;
    for (auto& g : v) s += (s.empty() ? "" : " + ") + digraph_str(g) + fmt::format(" (sg {})", dag_sg(g)[0]);
    return s;
  };
  auto sj = [](const std::vector<Digraph>& v) {
    std::vector<unsigned> s;
    for (auto& g : v) s.push_back(dag_sg(g)[0]);
    return sj_predicts_first_wins(s);
  };
  report("003 SJ theorem as written (misere sum, no end rule)",
         check_equivalence(sums, [](const auto& v) { return misere_sum_first_wins(v, false); }, sj), show);
  report("003 SJ theorem with the end rule 'game over when every component has SG 0'",
         check_equivalence(sums, [](const auto& v) { return misere_sum_first_wins(v, true); }, sj), show);
}

// 003: Multi-SG -- Lasker's Nim, one heap by the formula and sums played out.
void report_multi_sg_003() {
  MultiSg<unsigned> lasker(lasker_options);
  std::vector<unsigned> ns;
  for (unsigned n = 0; n <= 300; ++n) ns.push_back(n);
  report("003 Multi-SG: Lasker's Nim sg formula (n <= 300)",
         check_forall(ns, [&](unsigned n) { return lasker.sg(n) == lasker_sg_formula(n); }), [](unsigned n) { return fmt::format("{}", n); });
  SgEvaluator<Heaps, VectorHash> ev([&](const Heaps& h) { return lasker.sum_moves(h); });
  auto hs = heap_vectors(3, 8);
  for (auto& h : hs) std::sort(h.begin(), h.end());
  report("003 Multi-SG: sum of Lasker heaps = xor (<= 3 heaps < 8, played exhaustively)",
         check_forall(hs, [&](const Heaps& h) { return ev.sg(h) == lasker.sg_sum(h); }), heaps_str);
}

// 003: coin turning -- a position's SG value is the xor of its single-heads positions'.
void report_coin_turning_003() {
  for (auto rule : {flip_one_or_two(), flip_run_up_to(2), flip_run_up_to(3), ruler_like_up_to_three()}) {
    CoinTurning ct(10, rule);
    std::vector<std::uint64_t> pos;
    for (std::uint64_t p = 0; p < (1u << 10); ++p) pos.push_back(p);
    report("003 coin turning (" + rule.name + ", 10 coins): sg = xor of single heads coins",
           check_forall(pos, [&](std::uint64_t p) { return ct.sg(p) == ct.sg_by_theorem(p); }), [](std::uint64_t p) { return fmt::format("{:b}", p); });
  }
}

// 003: tree deletion (green Hackenbush on rooted trees) -- the colon principle and a branch's options.
void report_tree_deletion_003() {
  auto trees = rooted_trees(10);
  TreeDeletionExhaustive ex;
  report("003 tree deletion sg(u) = xor(sg(v)+1) (all rooted trees <= 10 edges)",
         check_forall(trees, [&](const RootedTree& t) { return ex.sg(t) == tree_sg_formula(t); }), tree_str);
  std::vector<RootedTree> branches;
  for (auto& t : rooted_trees(7))
    if (children_of(t)[0].size() == 1) branches.push_back(t);
  report("003 option values of a branch u-v are exactly {0,1,...,sg(v)}",
         check_forall(branches, [&](const RootedTree& t) {
           std::set<unsigned> opts;
           for (int v = 1; v < t.size(); ++v) opts.insert(ex.sg(subtree_without(t, v)));
           unsigned sv = tree_sg_formula(t) - 1;
           std::set<unsigned> want;
           for (unsigned i = 0; i <= sv; ++i) want.insert(i);
           return opts == want;
         }), tree_str);
}

// 003: green Hackenbush on graphs -- cycles on the ground (as written and corrected) and the
// fusion principle.
void report_green_hackenbush_003() {
  GreenExhaustive ex;
  std::vector<int> lens;
  for (int n = 1; n <= 10; ++n) lens.push_back(n);
  auto cycle = [](int n) { return cycle_on_ground(n); };
  std::vector<int> odd, even;
  for (int n : lens) (n % 2 ? odd : even).push_back(n);
  report("003 a cycle on the ground with an ODD number of edges has sg 0 (as written)",
         check_forall(odd, [&](int n) { return ex.sg(cycle(n)) == 0; }), [](int n) { return fmt::format("cycle of {} edges", n); });
  report("003 a cycle on the ground with an EVEN number of edges has sg 1 (as written)",
         check_forall(even, [&](int n) { return ex.sg(cycle(n)) == 1; }), [](int n) { return fmt::format("cycle of {} edges", n); });
  report("003 corrected: cycle of n edges has sg n mod 2 (n <= 10)",
         check_forall(lens, [&](int n) { return ex.sg(cycle(n)) == static_cast<unsigned>(n % 2); }), [](int n) { return fmt::format("{}", n); });
  // Fusion principle, literal wording: contract one cycle (each simple cycle found by DFS).
  auto gs = grounded_graphs(7);
  report("003 Fusion Principle (contract a shortest cycle through each vertex; <= 7 edges)",
         check_forall(gs, [&](const GroundedGraph& g) {
           unsigned want = ex.sg(g);
           for (const auto& [cv, ce] : shortest_cycles(g))
             if (ex.sg(fuse_cycle_doc003(g, cv, ce)) != want) return false;
           return true;
         }), graph_str);
  auto mg = grounded_graphs(8, true);
  report("003 Fusion fast path = exhaustive (multigraphs with loops, <= 8 edges)",
         check_forall(mg, [&](const GroundedGraph& g) { return ex.sg(g) == green_sg_fusion(g); }), graph_str);
}

// 004: Blue-Red values of bicoloured graphs up to 6 edges -- the naive edge count, and {a|b} has a < b.
void report_blue_red_values_004(BlueRedExhaustive& br) {
  auto bg = bicoloured_graphs(6);
  report("004 naive value E_blue - E_red", check_forall(bg, [&](const GroundedGraph& g) {
           int d = 0;
           for (auto& e : g.edges) d += e.colour == EdgeColour::Blue ? 1 : -1;
           return br.value(g) == Dyadic(d);
         }), [&](const GroundedGraph& g) { return to_string(g) + " value " + br.value(g).str(); });
  report("004 lemma: G = {a|b} (both sides present) => a < b (bicoloured graphs <= 6 edges)",
         check_forall(bg, [&](const GroundedGraph& g) {
           auto [l, r] = br.best_options(g);
           return !(l && r) || *l < *r;
         }), graph_str);
}

// 004: the simplest-number rule for {a|b} as the document states it, against the true simplest number.
void report_simplest_numbers_004() {
  std::vector<std::pair<std::optional<Dyadic>, std::optional<Dyadic>>> ps;
  std::vector<Dyadic> vals;
  for (int num = -32; num <= 32; ++num) vals.push_back(Dyadic::make(num, 3));
  std::stable_sort(vals.begin(), vals.end(), [](const Dyadic& x, const Dyadic& y) {
    auto bx = sign_expansion(x).size(), by = sign_expansion(y).size();
    return bx < by;
  });
  ps.push_back({std::nullopt, std::nullopt});
  for (auto& a : vals) ps.push_back({a, std::nullopt});
  for (auto& a : vals) ps.push_back({std::nullopt, a});
  for (auto& a : vals)
    for (auto& b : vals)
      if (a < b) ps.push_back({a, b});
  auto show = [](const auto& p) {
    return fmt::format("{{{}|{}}}: document {} vs true {}", p.first ? p.first->str() : "", p.second ? p.second->str() : "",
                       simplest_doc004(p.first, p.second).str(), simplest_between(p.first, p.second).str());
  };
  std::vector<std::pair<std::optional<Dyadic>, std::optional<Dyadic>>> two, one;
  for (auto& p : ps) (p.first && p.second ? two : one).push_back(p);
  report("004 simplest-number rule for {a|b}, a<b (theorem + 'More' rule), dyadics k/8 in [-4,4]",
         check_forall(two, [](const auto& p) { return simplest_doc004(p.first, p.second) == simplest_between(p.first, p.second); }), show);
  report("004 boundary rules {|}=0, {n|}=n+1, {|-n}=-n-1 for arbitrary numbers n",
         check_forall(one, [](const auto& p) { return simplest_doc004(p.first, p.second) == simplest_between(p.first, p.second); }), show);
  std::vector<int> ints;
  for (int n = 0; n <= 20; ++n) ints.push_back(n);
  report("004 boundary rules for integers n >= 0 (the Hackenbush case)",
         check_forall(ints, [](int n) {
           return simplest_between(Dyadic(n), std::nullopt) == Dyadic(n + 1) && simplest_between(std::nullopt, Dyadic(-n)) == Dyadic(-n - 1);
         }), [](int n) { return fmt::format("{}", n); });
}

// 004: the worked values of figures 1, 3 and 4c (INFO lines: readings of lost figures, no verdict).
void report_figures_004(BlueRedExhaustive& br) {
  fmt::print("INFO     {{0|1}} = {}, {{-2|-1/2}} = {}\n", simplest_between(Dyadic(0), Dyadic(1)).str(),
             simplest_between(Dyadic(-2), Dyadic(-1).half()).str());
  GroundedGraph g = make_stalk({EdgeColour::Blue, EdgeColour::Red});
  fmt::print("INFO     figure 1 read as blue-under-red stalk: value {}\n", br.value(g).str());
  GroundedGraph fig4c = g;
  int a = fig4c.add_vertex(), b = fig4c.add_vertex(), c = fig4c.add_vertex();
  fig4c.add_edge(0, a, EdgeColour::Blue);
  fig4c.add_edge(a, b, EdgeColour::Red);
  fig4c.add_edge(0, c, EdgeColour::Red);
  fmt::print("INFO     figure 4c read as two such stalks + one red edge: value {}\n", br.value(fig4c).str());
}

// 004: the fast paths for stalks (sign expansion) and trees (colon / ordinal sum) against play.
void report_fast_paths_004(BlueRedExhaustive& br) {
  auto stalks = bicoloured_stalks(10);
  report("004 stalk sign-expansion rule = exhaustive (stalks <= 10 edges)",
         check_forall(stalks, [&](const auto& s) { return stalk_value(s) == br.value(make_stalk(s)); }),
         [](const auto& s) { return fmt::format("{} edges", s.size()); });
  auto bt = bicoloured_trees(8);
  report("004 tree colon/ordinal-sum rule = exhaustive (bicoloured trees <= 8 edges)",
         check_forall(bt, [&](const GroundedGraph& g) { return tree_value(g) == br.value(g); }), graph_str);
}

// 004: Cutcake -- the recurrence against play, and the closed form against the recurrence.
void report_cutcake_004() {
  CutcakeExhaustive ex;
  auto rec = cutcake_table_recurrence(300, 300);
  auto fast = cutcake_table_fast(300, 300);
  fmt::print("INFO     SR(1x1)={} SR(1x5)={} SR(5x1)={} SR(3x2)={} SR(4x2)={} (recurrence)\n", rec[1][1], rec[1][5], rec[5][1], rec[3][2], rec[4][2]);
  fmt::print("INFO     exhaustive: SR(3x2)={} SR(4x2)={} 2xSR(3x1)={} SR(2x2)+SR(1x2)={}\n", ex.value({{3, 2}}).str(),
             ex.value({{4, 2}}).str(), ex.value({{3, 1}, {3, 1}}).str(), ex.value({{2, 2}, {1, 2}}).str());
  std::vector<std::pair<int, int>> boards;
  for (int s = 2; s <= 12; ++s)
    for (int a = 1; a < s; ++a)
      if (a <= 6 && s - a <= 6) boards.push_back({a, s - a});
  report("004 Cutcake recurrence = exhaustive game value (boards <= 6x6)",
         check_forall(boards, [&](const auto& p) { return ex.value({p}) == Dyadic(rec[static_cast<std::size_t>(p.first)][static_cast<std::size_t>(p.second)]); }),
         [](const auto& p) { return fmt::format("{}x{}", p.first, p.second); });
  std::vector<std::pair<int, int>> all;
  for (int a = 1; a <= 300; ++a)
    for (int b = 1; b <= 300; ++b) all.push_back({a, b});
  report("004 Cutcake closed form = recurrence (1 <= A,B <= 300)",
         check_forall(all, [&](const auto& p) { return fast[static_cast<std::size_t>(p.first)][static_cast<std::size_t>(p.second)] == rec[static_cast<std::size_t>(p.first)][static_cast<std::size_t>(p.second)]; }),
         [](const auto& p) { return fmt::format("{}x{}", p.first, p.second); });
}

}  // namespace

int main() {
  fmt::print("## 002\n");
  report_kernels_002(digraphs(4));
  report_staircase_and_nim_k_002();
  fmt::print("## 003\n");
  auto games4 = dag_games(4);
  report_sum_of_games_003(games4);
  report_misere_003(games4);
  report_multi_sg_003();
  report_coin_turning_003();
  report_tree_deletion_003();
  report_green_hackenbush_003();
  fmt::print("## 004\n");
  BlueRedExhaustive br;  // one memo of values for every 004 section
  report_blue_red_values_004(br);
  report_simplest_numbers_004();
  report_figures_004(br);
  report_fast_paths_004(br);
  report_cutcake_004();
  return 0;
}
