// questions/games/coin_turning.cpp — coin-turning rules and evaluation (see coin_turning.hpp).
#include "questions/games/coin_turning.hpp"

#include <fmt/format.h>

namespace carve::games {

CoinRule flip_one_or_two() {
  return {"flip one or two", [](int r) {
            std::vector<std::uint64_t> out{0};
            for (int l = 0; l < r; ++l) out.push_back(std::uint64_t{1} << l);
            return out;
          }};
}

CoinRule flip_run_up_to(int m) {
  return {fmt::format("flip a run of length <= {}", m), [m](int r) {
            std::vector<std::uint64_t> out;
            std::uint64_t run = 0;
            for (int j = 1; j <= m && r - j + 1 >= 0; ++j) {
              out.push_back(run);
              if (r - j >= 0) run |= std::uint64_t{1} << (r - j);
            }
            return out;
          }};
}

CoinRule ruler_like_up_to_three() {
  return {"flip one, two or three", [](int r) {
            std::vector<std::uint64_t> out{0};
            for (int a = 0; a < r; ++a) {
              out.push_back(std::uint64_t{1} << a);
              for (int b = a + 1; b < r; ++b) out.push_back((std::uint64_t{1} << a) | (std::uint64_t{1} << b));
            }
            return out;
          }};
}

CoinTurning::CoinTurning(int n, CoinRule rule)
    : n_(n), rule_(std::move(rule)), eval_([this](const std::uint64_t& p) { return moves(p); }) {}

std::vector<std::uint64_t> CoinTurning::moves(std::uint64_t pos) const {
  std::vector<std::uint64_t> out;
  for (int r = 0; r < n_; ++r) {
    if (!((pos >> r) & 1)) continue;
    for (std::uint64_t o : rule_.others(r)) out.push_back(pos ^ (std::uint64_t{1} << r) ^ o);
  }
  return out;
}

unsigned CoinTurning::sg(std::uint64_t pos) { return eval_.sg(pos); }

unsigned CoinTurning::sg_by_theorem(std::uint64_t pos) {
  unsigned x = 0;
  for (int i = 0; i < n_; ++i)
    if ((pos >> i) & 1) x ^= single_coin_sg(i);
  return x;
}

}  // namespace carve::games
