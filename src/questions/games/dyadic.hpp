// questions/games/dyadic.hpp — exact dyadic rationals num / 2^exp and the surreal simplest-number rule.
// Invariant: exp >= 0 and (exp == 0 or num is odd), i.e. every value has exactly one representation,
// so equality is structural. Arithmetic throws std::overflow_error instead of wrapping.
#pragma once

#include <compare>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace carve::games {

__extension__ typedef __int128 int128;

class Dyadic {
 public:
  constexpr Dyadic() = default;
  Dyadic(std::int64_t n) : num_(n) {}  // NOLINT: integers convert implicitly
  // num / 2^exp, normalised; exp must be >= 0.
  static Dyadic make(int128 num, int exp);

  int128 numerator() const { return num_; }
  int exponent() const { return exp_; }
  bool is_integer() const { return exp_ == 0; }
  int128 floor() const;  // greatest integer <= *this
  int128 ceil() const;   // least integer >= *this
  Dyadic half() const { return make(num_, exp_ + 1); }
  double to_double() const;
  std::string str() const;  // "3/4", "-2", "0"

  friend Dyadic operator+(const Dyadic& a, const Dyadic& b);
  friend Dyadic operator-(const Dyadic& a) { return make(-a.num_, a.exp_); }
  friend Dyadic operator-(const Dyadic& a, const Dyadic& b) { return a + (-b); }
  Dyadic& operator+=(const Dyadic& o) { return *this = *this + o; }
  friend bool operator==(const Dyadic& a, const Dyadic& b) = default;
  friend std::strong_ordering operator<=>(const Dyadic& a, const Dyadic& b);

 private:
  int128 num_ = 0;
  int exp_ = 0;
};

// The general surreal simplest-number rule: the value of {L | R} where L / R are the best
// (largest / smallest) options of Left / Right, nullopt meaning "no option".
// Requires left < right when both are present (throws std::invalid_argument otherwise).
//   {|} = 0; {a|} = 0 if a < 0 else floor(a)+1; {|b} = 0 if b > 0 else ceil(b)-1;
//   {a|b}: if an integer lies strictly between, the one of least magnitude; otherwise the
//   unique j/2^i strictly between with i minimal.
Dyadic simplest_between(std::optional<Dyadic> left, std::optional<Dyadic> right);

// The rule exactly as document 004 states it (its boundary cases {|}=0, {n|}=n+1, {|-n}=-n-1,
// its theorem "least i with some a < j/2^i < b", and its piecewise integer rule for b - a > 1).
// Kept separately so claims about the document's wording can be tested against the general rule.
Dyadic simplest_doc004(std::optional<Dyadic> left, std::optional<Dyadic> right);

// Conway sign expansion (+1 / -1 per step) of a dyadic and its inverse; the sign expansion of x
// is also the colour sequence (+1 = blue, -1 = red) of a Hackenbush stalk of value x.
std::vector<int> sign_expansion(const Dyadic& x);
Dyadic from_sign_expansion(std::span<const int> signs);

}  // namespace carve::games
