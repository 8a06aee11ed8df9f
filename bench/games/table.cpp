// bench/games/table.cpp — timing table for the game engines (medians of 3 runs each).
#include <fmt/format.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <csignal>
#include <functional>
#include <random>
#include <stdexcept>
#include <string>

#include "questions/games/blue_red_hackenbush.hpp"
#include "questions/games/cutcake.hpp"
#include "questions/games/green_hackenbush.hpp"
#include "questions/games/nim_k.hpp"
#include "questions/games/sg.hpp"
#include "questions/games/tree_deletion.hpp"
#include "questions/games/z3_kernel.hpp"

using namespace carve::games;
using Clock = std::chrono::steady_clock;

namespace {
double seconds(const std::function<void()>& f) {
  auto t0 = Clock::now();
  f();
  return std::chrono::duration<double>(Clock::now() - t0).count();
}
double median3(const std::function<void()>& f) {
  double a = seconds(f), b = seconds(f), c = seconds(f);
  return std::max(std::min(a, b), std::min(std::max(a, b), c));
}
void row(const std::string& what, const std::string& value, const std::string& target = "") {
  fmt::print("| {:<62} | {:>14} | {:<10} |\n", what, value, target);
}
std::string ms(double s) { return fmt::format("{:.2f} ms", s * 1e3); }

GroundedGraph random_graph(int n, int m, unsigned seed, bool colours) {
  std::mt19937 rng(seed);
  GroundedGraph g;
  g.num_vertices = n;
  std::uniform_int_distribution<int> v(0, n - 1), c(0, 1);
  for (int i = 1; i < n && static_cast<int>(g.edges.size()) < m; ++i)  // spanning tree first: connected
    g.add_edge(std::uniform_int_distribution<int>(0, i - 1)(rng), i);
  while (static_cast<int>(g.edges.size()) < m) {
    int a = v(rng), b = v(rng);
    if (a != b) g.add_edge(a, b);
  }
  if (colours)
    for (Edge& e : g.edges) e.colour = c(rng) ? EdgeColour::Blue : EdgeColour::Red;
  return g;
}

int last_status = 0;  // the last child's exit code (-1: killed, e.g. by the alarm)

// Runs f in a child process; true if it finished within limit seconds.
bool within(double limit, const std::function<void()>& f, double* took) {
  auto t0 = Clock::now();
  pid_t pid = fork();
  if (pid == 0) {
    alarm(static_cast<unsigned>(limit) + 1);
    f();
    _exit(0);
  }
  int status = 0;
  waitpid(pid, &status, 0);
  last_status = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  *took = std::chrono::duration<double>(Clock::now() - t0).count();
  return WIFEXITED(status) && WEXITSTATUS(status) == 0 && *took <= limit;
}
}  // namespace

int main() {
  fmt::print("| {:<62} | {:>14} | {:<10} |\n|{:-<64}|{:-<16}|{:-<12}|\n", "measurement (median of 3)", "time", "target", "", "", "");
  row("Cutcake 300x300 table, document's O(n^3) recurrence", ms(median3([] { (void)cutcake_table_recurrence(300, 300); })), "< 50 ms");
  row("Cutcake 300x300 table, closed form", ms(median3([] { (void)cutcake_table_fast(300, 300); })), "< 50 ms");

  GroundedGraph rg = random_graph(50000, 100000, 1, false);
  unsigned v1 = 0;
  row(fmt::format("Green fusion, random connected graph 5e4 V / 1e5 E"), ms(median3([&] { v1 = green_sg_fusion(rg); })), "< 1 s");
  RootedTree tree;
  std::mt19937 rng(7);
  for (int i = 1; i <= 1000000; ++i) tree.add_child(std::uniform_int_distribution<int>(std::max(0, i - 100), i - 1)(rng));
  GroundedGraph tg = to_grounded(tree);
  unsigned v2 = 0, v3 = 0;
  row("Green fusion, random tree 1e6 edges", ms(median3([&] { v2 = green_sg_fusion(tg); })), "");
  row("Tree formula sg(u)=xor(sg(v)+1), same tree", ms(median3([&] { v3 = tree_sg_formula(tree); })), "");
  if (v2 != v3) fmt::print("MISMATCH fusion {} vs formula {}\n", v2, v3);
  (void)v1;

  for (int bits : {8, 12, 16})
    for (int k = 1; k <= 3; ++k) {
      bool ok = true;
      double t = median3([&] { ok = ok && prove_kernel(NimFamily::NimK, 4, bits, k, nim_k_good_claim(k), AbsorbMode::Witness, nim_k_strategy(k)).proved; });
      row(fmt::format("Z3 Nim-{} kernel, 4 heaps x {} bits (strategy witness){}", k, bits, ok ? "" : " FAILED"), ms(t), bits == 8 ? "< 60 s" : "");
    }
  for (int k = 1; k <= 3; ++k) {
    bool ok = true;
    double t = median3([&] { ok = ok && prove_kernel(NimFamily::NimK, 4, 4, k, nim_k_good_claim(k), AbsorbMode::Quantified).proved; });
    row(fmt::format("Z3 Nim-{} kernel, 4 heaps x 4 bits (forall-exists, qsat){}", k, ok ? "" : " FAILED"), ms(t), "");
  }
  {
    auto r = prove_kernel(NimFamily::NimK, 4, 8, 1, nim_k_good_claim(1), AbsorbMode::Quantified, {}, 60000);
    row("Z3 Nim-1 kernel, 4 heaps x 8 bits (forall-exists, qsat), 1 run", r.proved ? ms(r.seconds) : "> 60 s (timeout)", "");
  }
  // The enumeration a proof replaces: SG of every 4-heap position with b-bit heaps, compared with
  // the good condition (positions: 2^(4b); 8 bits would be 2^32 positions with up to 2^24 moves).
  for (int bits : {2, 3})
    for (int k = 1; k <= 3; ++k) {
      bool ok = true;
      double t = median3([&] {
        SgEvaluator<Heaps, VectorHash> ev([k](const Heaps& h) { return nim_k_moves(h, k); });
        unsigned lim = 1u << bits;
        for (unsigned a = 0; a < lim; ++a)
          for (unsigned b = 0; b < lim; ++b)
            for (unsigned c = 0; c < lim; ++c)
              for (unsigned d = 0; d < lim; ++d) {
                Heaps h{a, b, c, d};
                ok = ok && ((ev.sg(h) == 0) == nim_k_good_condition(h, k));
              }
      });
      row(fmt::format("enumeration: Nim-{} all 4-heap positions, {} bits{}", k, bits, ok ? "" : " FAILED"), ms(t), "");
    }
  // Largest graphs the exhaustive engines handle within 10 s (random connected graphs with
  // about m/2 + 1 vertices, i.e. many cycles; fresh memo each run).
  for (int colour = 0; colour < 2; ++colour) {
    int best = 0;
    double best_t = 0;
    for (int m = 8; m <= 40; m += 2) {
      double took = 0;
      GroundedGraph g = random_graph(m / 2 + 1, m, 11u + static_cast<unsigned>(m), colour == 1);
      bool ok = within(10.0, [&] {
        if (colour) {
          BlueRedExhaustive ex;
          (void)ex.value(g);
        } else {
          GreenExhaustive ex;
          (void)ex.sg(g);
        }
      }, &took);
      if (!ok) break;
      best = m;
      best_t = took;
    }
    row(fmt::format("largest random graph (E, V=E/2+1) exhaustive {} in 10 s: E={}", colour ? "Blue-Red" : "Green", best), ms(best_t), "");
  }
  // The fast paths: sizes double until a run (input built inside the timed child) exceeds 10 s,
  // capped at 2^22 edges to stay within a shared machine's memory. Green fusion from 2^17 edges;
  // the Blue-Red tree fast path from 2^4 edges, where the bound is not time but exact arithmetic:
  // values are dyadics with an int128 numerator, and a blue edge over a subtree worth -n is worth
  // 2^-n, so random trees overflow long before 10 s (the child reports it with exit code 3).
  for (int path = 0; path < 2; ++path) {
    int best = 0;
    double best_t = 0;
    std::string stop = "cap";
    for (int lg = path == 0 ? 17 : 4; lg <= 22; ++lg) {
      const int m = 1 << lg;
      double took = 0;
      bool ok = within(10.0, [&] {
        if (path == 0) {
          (void)green_sg_fusion(random_graph(m / 2 + 1, m, 5u, false));
          return;
        }
        RootedTree t;
        std::mt19937 r(9);
        for (int i = 1; i <= m; ++i) t.add_child(std::uniform_int_distribution<int>(0, i - 1)(r));
        std::vector<EdgeColour> cs;
        for (int i = 0; i < m; ++i) cs.push_back(r() & 1u ? EdgeColour::Blue : EdgeColour::Red);
        try {
          (void)tree_value(to_grounded(t, cs));
        } catch (const std::overflow_error&) {
          _exit(3);
        }
      }, &took);
      if (!ok) {
        stop = last_status == 3 ? "int128 dyadic overflow at E=" + std::to_string(m) : "over 10 s at E=" + std::to_string(m);
        break;
      }
      best = m;
      best_t = took;
    }
    row(fmt::format("largest {}: E={} (stopped: {})", path == 0 ? "random graph V=E/2+1, Green fusion" : "random Blue-Red tree, fast path",
                    best, stop),
        ms(best_t), "");
  }
  return 0;
}
