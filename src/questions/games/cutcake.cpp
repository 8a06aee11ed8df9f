// questions/games/cutcake.cpp — Cutcake tables and exhaustive evaluation (see cutcake.hpp).
#include "questions/games/cutcake.hpp"

#include <algorithm>
#include <bit>
#include <limits>
#include <optional>
#include <stdexcept>

#include "questions/games/interrupt.hpp"

namespace carve::games {

namespace {
// Simplest-number rule restricted to integers (a < b, either side may be absent).
int simplest_int(std::optional<int> a, std::optional<int> b) {
  if (!a && !b) return 0;
  if (a && !b) return *a < 0 ? 0 : *a + 1;
  if (!a && b) return *b > 0 ? 0 : *b - 1;
  if (!(*a < *b)) throw std::logic_error("cutcake: left option not below right option");
  if (*a < 0 && *b > 0) return 0;
  if (*a >= 0) {
    if (*a + 1 < *b) return *a + 1;
  } else if (*b - 1 > *a) {
    return *b - 1;
  }
  throw std::logic_error("cutcake: no integer strictly between options (value not an integer)");
}
}  // namespace

CutcakeTable cutcake_table_recurrence(int max_a, int max_b) {
  const int n = std::max(max_a, max_b);
  const auto w = static_cast<std::size_t>(n) + 1;
  // Row-major order: the options of A×B are A×x (x < B, earlier in row A) and y×B (y < A, earlier
  // rows). Both option scans run along a row: `by_a` is the table, `by_b` its transpose.
  std::vector<int> by_a(w * w, 0), by_b(w * w, 0);
  for (std::size_t a = 1; a < w; ++a)
    for (std::size_t b = 1; b < w; ++b) {
      const int* row = &by_a[a * w];
      const int* col = &by_b[b * w];
      int left = std::numeric_limits<int>::min(), right = std::numeric_limits<int>::max();  // none yet
      for (std::size_t x = 1; x + x <= b; ++x) left = std::max(left, row[x] + row[b - x]);
      for (std::size_t y = 1; y + y <= a; ++y) right = std::min(right, col[y] + col[a - y]);
      by_a[a * w + b] = by_b[b * w + a] =
          simplest_int(b > 1 ? std::optional<int>(left) : std::nullopt, a > 1 ? std::optional<int>(right) : std::nullopt);
    }
  CutcakeTable t(static_cast<std::size_t>(max_a) + 1, std::vector<int>(static_cast<std::size_t>(max_b) + 1, 0));
  for (std::size_t a = 1; a < t.size(); ++a)
    for (std::size_t b = 1; b < t[a].size(); ++b) t[a][b] = by_a[a * w + b];
  return t;
}

int cutcake_closed_form(int a, int b) {
  if (a <= b) return (b >> (std::bit_width(static_cast<unsigned>(a)) - 1)) - 1;
  return -((a >> (std::bit_width(static_cast<unsigned>(b)) - 1)) - 1);
}

CutcakeTable cutcake_table_fast(int max_a, int max_b) {
  CutcakeTable t(static_cast<std::size_t>(max_a) + 1, std::vector<int>(static_cast<std::size_t>(max_b) + 1, 0));
  for (int a = 1; a <= max_a; ++a)
    for (int b = 1; b <= max_b; ++b) t[static_cast<std::size_t>(a)][static_cast<std::size_t>(b)] = cutcake_closed_form(a, b);
  return t;
}

Dyadic CutcakeExhaustive::value(std::vector<std::pair<int, int>> pieces) {
  std::erase(pieces, std::pair<int, int>{1, 1});
  std::sort(pieces.begin(), pieces.end());
  if (auto it = memo_.find(pieces); it != memo_.end()) return it->second;
  interrupt_point();
  std::optional<Dyadic> left, right;
  for (std::size_t i = 0; i < pieces.size(); ++i) {
    if (i > 0 && pieces[i] == pieces[i - 1]) continue;
    auto [a, b] = pieces[i];
    for (int x = 1; x + x <= b; ++x) {  // Left: vertical cut, splits B
      auto next = pieces;
      next[i] = {a, x};
      next.push_back({a, b - x});
      Dyadic v = value(next);
      if (!left || v > *left) left = v;
    }
    for (int y = 1; y + y <= a; ++y) {  // Right: horizontal cut, splits A
      auto next = pieces;
      next[i] = {y, b};
      next.push_back({a - y, b});
      Dyadic v = value(next);
      if (!right || v < *right) right = v;
    }
  }
  Dyadic v = simplest_between(left, right);
  memo_.emplace(std::move(pieces), v);
  return v;
}

}  // namespace carve::games
