// questions/games/dyadic.cpp — dyadic arithmetic and the simplest-number rule (see dyadic.hpp).
#include "questions/games/dyadic.hpp"

#include <fmt/format.h>

#include <stdexcept>

namespace carve::games {
namespace {
constexpr int kMaxExp = 120;
constexpr int128 kLimit = static_cast<int128>(1) << 122;

void check(int128 v) {
  if (v > kLimit || v < -kLimit) throw std::overflow_error("Dyadic: numerator overflow");
}

std::string i128_str(int128 v) {
  if (v == 0) return "0";
  bool neg = v < 0;
  std::string s;
  while (v != 0) {
    int d = static_cast<int>(v % 10);
    s.push_back(static_cast<char>('0' + (d < 0 ? -d : d)));
    v /= 10;
  }
  if (neg) s.push_back('-');
  return {s.rbegin(), s.rend()};
}
}  // namespace

Dyadic Dyadic::make(int128 num, int exp) {
  if (exp < 0) throw std::invalid_argument("Dyadic: negative exponent");
  while (exp > 0 && (num & 1) == 0) {
    num /= 2;
    --exp;
  }
  if (num == 0) exp = 0;
  if (exp > kMaxExp) throw std::overflow_error("Dyadic: exponent overflow");
  check(num);
  Dyadic d;
  d.num_ = num;
  d.exp_ = exp;
  return d;
}

int128 Dyadic::floor() const {
  if (exp_ == 0) return num_;
  int128 q = num_ >> exp_;  // arithmetic shift floors for negatives
  return q;
}

int128 Dyadic::ceil() const { return exp_ == 0 ? num_ : floor() + 1; }

double Dyadic::to_double() const {
  double v = static_cast<double>(num_);
  for (int i = 0; i < exp_; ++i) v /= 2;
  return v;
}

std::string Dyadic::str() const {
  if (exp_ == 0) return i128_str(num_);
  return fmt::format("{}/{}", i128_str(num_), i128_str(static_cast<int128>(1) << exp_));
}

Dyadic operator+(const Dyadic& a, const Dyadic& b) {
  int e = a.exp_ > b.exp_ ? a.exp_ : b.exp_;
  int128 x = a.num_ << (e - a.exp_);
  int128 y = b.num_ << (e - b.exp_);
  check(x);
  check(y);
  return Dyadic::make(x + y, e);
}

std::strong_ordering operator<=>(const Dyadic& a, const Dyadic& b) {
  int e = a.exp_ > b.exp_ ? a.exp_ : b.exp_;
  int128 x = a.num_ << (e - a.exp_);
  int128 y = b.num_ << (e - b.exp_);
  return x < y ? std::strong_ordering::less
               : (x > y ? std::strong_ordering::greater : std::strong_ordering::equal);
}

Dyadic simplest_between(std::optional<Dyadic> left, std::optional<Dyadic> right) {
  if (!left && !right) return Dyadic(0);
  if (left && !right) {
    if (*left < Dyadic(0)) return Dyadic(0);
    return Dyadic::make(left->floor() + 1, 0);
  }
  if (!left && right) {
    if (*right > Dyadic(0)) return Dyadic(0);
    return Dyadic::make(right->ceil() - 1, 0);
  }
  const Dyadic& a = *left;
  const Dyadic& b = *right;
  if (!(a < b)) throw std::invalid_argument("simplest_between: need left < right, got {" + a.str() + "|" + b.str() + "}");
  if (a < Dyadic(0) && Dyadic(0) < b) return Dyadic(0);
  if (a >= Dyadic(0)) {
    Dyadic n = Dyadic::make(a.floor() + 1, 0);
    if (n < b) return n;
  } else {  // b <= 0
    Dyadic n = Dyadic::make(b.ceil() - 1, 0);
    if (a < n) return n;
  }
  // No integer strictly between: the least i with a dyadic j/2^i strictly between.
  int limit = (a.exponent() > b.exponent() ? a.exponent() : b.exponent()) + 1;
  for (int i = 1; i <= limit; ++i) {
    // j = floor(a * 2^i) + 1
    int128 j = Dyadic::make(a.numerator(), a.exponent() > i ? a.exponent() - i : 0).floor();
    if (a.exponent() <= i) j = a.numerator() << (i - a.exponent());
    j += 1;
    Dyadic c = Dyadic::make(j, i);
    if (a < c && c < b) return c;
  }
  throw std::logic_error("simplest_between: unreachable");
}

Dyadic simplest_doc004(std::optional<Dyadic> left, std::optional<Dyadic> right) {
  if (!left && !right) return Dyadic(0);             // {|} = 0
  if (left && !right) return *left + Dyadic(1);      // {n|} = n + 1
  if (!left && right) return *right - Dyadic(1);     // {|-n} = -n - 1
  const Dyadic& a = *left;
  const Dyadic& b = *right;
  if (b - a > Dyadic(1)) {  // "More for Surreal Number"
    if (a >= Dyadic(0)) return Dyadic::make(a.floor() + 1, 0);  // first integer > a
    if (b <= Dyadic(0)) return Dyadic::make(b.ceil() - 1, 0);   // first integer < b
    return Dyadic(0);
  }
  // Theorem: least i in {0,1,...} such that some integer j has a < j/2^i < b.
  for (int i = 0; i <= 121; ++i) {
    Dyadic scaled_a = a;
    for (int t = 0; t < i; ++t) scaled_a = scaled_a + scaled_a;
    int128 j = scaled_a.floor() + 1;
    Dyadic c = Dyadic::make(j, i);
    if (a < c && c < b) return c;
  }
  throw std::invalid_argument("simplest_doc004: empty interval");
}

std::vector<int> sign_expansion(const Dyadic& x) {
  if (x < Dyadic(0)) {
    auto s = sign_expansion(-x);
    for (int& v : s) v = -v;
    return s;
  }
  std::vector<int> out;
  if (x.is_integer()) {
    out.assign(static_cast<std::size_t>(x.numerator()), +1);
    return out;
  }
  int128 n = x.floor();
  out.assign(static_cast<std::size_t>(n + 1), +1);
  out.push_back(-1);
  // fractional part = r / 2^e with r odd; binary digits b1..be, be = 1; signs for b1..b(e-1).
  int e = x.exponent();
  int128 r = x.numerator() - (n << e);
  for (int i = e - 1; i >= 1; --i) out.push_back(((r >> i) & 1) ? +1 : -1);
  return out;
}

Dyadic from_sign_expansion(std::span<const int> signs) {
  // Berlekamp's rule: the initial run counts +-1 each, later edges +-1/2, +-1/4, ...
  Dyadic v(0);
  std::size_t i = 0;
  while (i < signs.size() && signs[i] == signs[0]) {
    v += Dyadic(signs[i]);
    ++i;
  }
  Dyadic step = Dyadic(1).half();
  for (; i < signs.size(); ++i) {
    v += signs[i] > 0 ? step : -step;
    step = step.half();
  }
  return v;
}

}  // namespace carve::games
