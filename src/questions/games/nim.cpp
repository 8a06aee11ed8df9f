// questions/games/nim.cpp — Nim, staircase Nim and Nim-k move generators and formulas.
#include "questions/games/nim.hpp"

#include "questions/games/interrupt.hpp"
#include "questions/games/nim_k.hpp"
#include "questions/games/staircase_nim.hpp"

namespace carve::games {

std::vector<Heaps> nim_moves(const Heaps& h) {
  std::vector<Heaps> out;
  for (std::size_t i = 0; i < h.size(); ++i)
    for (unsigned t = 0; t < h[i]; ++t) {
      Heaps n = h;
      n[i] = t;
      out.push_back(std::move(n));
    }
  return out;
}

unsigned nim_value(const Heaps& h) {
  unsigned x = 0;
  for (unsigned v : h) x ^= v;
  return x;
}

bool nim_first_player_wins(const Heaps& h) { return nim_value(h) != 0; }

bool misere_nim_first_player_wins(const Heaps& h) {
  bool big = false;
  for (unsigned v : h) big = big || v > 1;
  return big ? nim_value(h) != 0 : nim_value(h) == 0;
}

std::vector<Heaps> staircase_moves(const Heaps& a) {
  std::vector<Heaps> out;
  for (std::size_t i = 1; i < a.size(); ++i)
    for (unsigned t = 1; t <= a[i]; ++t) {
      Heaps n = a;
      n[i] -= t;
      n[i - 1] += t;
      out.push_back(std::move(n));
    }
  return out;
}

unsigned staircase_odd_xor(const Heaps& a) {
  unsigned x = 0;
  for (std::size_t i = 1; i < a.size(); i += 2) x ^= a[i];
  return x;
}

bool staircase_first_player_wins(const Heaps& a) { return staircase_odd_xor(a) != 0; }

std::vector<Heaps> nim_k_moves(const Heaps& h, int k) {
  std::vector<Heaps> out;
  std::size_t n = h.size();
  for (unsigned long mask = 1; mask < (1ul << n); ++mask) {
    if (__builtin_popcountl(mask) > k) continue;
    bool ok = true;
    for (std::size_t i = 0; i < n; ++i)
      if (((mask >> i) & 1) && h[i] == 0) ok = false;
    if (!ok) continue;
    // odometer over new sizes 0..h[i]-1 on the chosen heaps
    Heaps cur = h;
    for (std::size_t i = 0; i < n; ++i)
      if ((mask >> i) & 1) cur[i] = 0;
    while (true) {
      // Four heaps of 90 have 3 million Nim-k moves: the list alone outgrows a memory limit and
      // outlasts a timeout before the position is looked at, so the budget is polled as it grows.
      interrupt_point();
      out.push_back(cur);
      std::size_t i = 0;
      for (; i < n; ++i) {
        if (!((mask >> i) & 1)) continue;
        if (cur[i] + 1 < h[i]) {
          ++cur[i];
          break;
        }
        cur[i] = 0;
      }
      if (i == n) break;
    }
  }
  return out;
}

bool nim_k_good_condition(const Heaps& h, int k) {
  for (int bit = 0; bit < 32; ++bit) {
    int c = 0;
    for (unsigned v : h) c += (v >> bit) & 1;
    if (c % (k + 1) != 0) return false;
  }
  return true;
}

}  // namespace carve::games
