// questions/games/coin_turning.hpp — coin-turning games with a parametric move rule (document 003 翻硬币).
// Coins 0..n-1 left to right, a set bit = heads. A move picks a heads coin r (the rightmost coin
// flipped, which goes heads -> tails) plus a rule-given set of coins left of r, and flips them all.
// Invariant (the theorem being checked): sg(position) = xor of sg(single heads coin at i) over the
// heads coins i; the exhaustive evaluator does not assume it.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "questions/games/sg.hpp"

namespace carve::games {

struct CoinRule {
  std::string name;
  // Masks of the other coins (all strictly left of r) that may be flipped together with coin r.
  std::function<std::vector<std::uint64_t>(int r)> others;
};

CoinRule flip_one_or_two();     // flip coin r, optionally one more coin l < r
CoinRule flip_run_up_to(int m); // flip a contiguous run r-j+1..r, 1 <= j <= m
CoinRule ruler_like_up_to_three();  // Mock Turtles: flip r and up to two coins left of it

class CoinTurning {
 public:
  CoinTurning(int n, CoinRule rule);
  std::vector<std::uint64_t> moves(std::uint64_t pos) const;
  unsigned sg(std::uint64_t pos);                  // exhaustive, memoised
  unsigned sg_by_theorem(std::uint64_t pos);       // xor of single-coin values
  unsigned single_coin_sg(int i) { return sg(std::uint64_t{1} << i); }
  int size() const { return n_; }
  const CoinRule& rule() const { return rule_; }

 private:
  int n_;
  CoinRule rule_;
  SgEvaluator<std::uint64_t> eval_;
};

}  // namespace carve::games
