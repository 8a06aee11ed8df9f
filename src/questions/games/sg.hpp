// questions/games/sg.hpp — generic memoised Sprague–Grundy evaluation over impartial game positions.
// Invariant: memo[p] = mex{ sg(q) : q a move from p } for every memoised p, and the misère memo
// holds "next player wins when the player unable to move wins". Positions must form a finite DAG
// under the move function (checked: a cycle throws std::logic_error). Evaluation is iterative, so
// long move chains do not overflow the call stack.
#pragma once

#include <algorithm>
#include <cstdint>
#include <functional>
#include <stdexcept>
#include <unordered_map>
#include <vector>

#include "questions/games/interrupt.hpp"

namespace carve::games {

// Outcome classes: P (previous player wins), N (next player wins), L / R (Left / Right wins
// whoever starts) for partizan games.
enum class Outcome : std::uint8_t { P, N, L, R };
const char* to_string(Outcome o);

// mex of a list of Grundy values.
unsigned mex(std::vector<unsigned> values);
// Grundy value of a disjunctive sum = xor of the components' values.
inline unsigned nim_sum(const std::vector<unsigned>& values) {
  unsigned x = 0;
  for (unsigned v : values) x ^= v;
  return x;
}

template <class Pos, class Hash = std::hash<Pos>>
class SgEvaluator {
 public:
  using MoveFn = std::function<std::vector<Pos>(const Pos&)>;
  explicit SgEvaluator(MoveFn moves) : moves_(std::move(moves)) {}

  unsigned sg(const Pos& p) { return solve(p, sg_, [](const std::vector<unsigned>& v) { return mex(v); }); }
  Outcome normal_outcome(const Pos& p) { return sg(p) == 0 ? Outcome::P : Outcome::N; }
  // Misère play: the player who cannot move wins.
  Outcome misere_outcome(const Pos& p) {
    unsigned w = solve(p, misere_, [](const std::vector<unsigned>& v) {
      if (v.empty()) return 1u;  // no move: next player (to move) wins
      return std::any_of(v.begin(), v.end(), [](unsigned x) { return x == 0; }) ? 1u : 0u;
    });
    return w ? Outcome::N : Outcome::P;
  }
  std::vector<Pos> moves(const Pos& p) const { return moves_(p); }
  std::size_t memo_size() const { return sg_.size(); }

 private:
  template <class Combine>
  unsigned solve(const Pos& root, std::unordered_map<Pos, unsigned, Hash>& memo, Combine combine) {
    if (auto it = memo.find(root); it != memo.end()) return it->second;
    struct Frame {
      Pos pos;
      std::vector<Pos> next;
      std::size_t i = 0;
    };
    std::unordered_map<Pos, char, Hash> on_stack;
    std::vector<Frame> stack;
    stack.push_back({root, moves_(root), 0});
    on_stack[root] = 1;
    while (!stack.empty()) {
      interrupt_point();
      Frame& f = stack.back();
      if (f.i < f.next.size()) {
        const Pos& q = f.next[f.i++];
        if (memo.count(q)) continue;
        if (on_stack.count(q)) throw std::logic_error("SgEvaluator: the move graph has a cycle");
        on_stack[q] = 1;
        std::vector<Pos> qn = moves_(q);
        stack.push_back({q, std::move(qn), 0});
        continue;
      }
      std::vector<unsigned> vals;
      vals.reserve(f.next.size());
      for (const Pos& q : f.next) vals.push_back(memo.at(q));
      unsigned v = combine(vals);
      memo.emplace(f.pos, v);
      on_stack.erase(f.pos);
      stack.pop_back();
    }
    return memo.at(root);
  }

  MoveFn moves_;
  std::unordered_map<Pos, unsigned, Hash> sg_;
  std::unordered_map<Pos, unsigned, Hash> misere_;
};

// Hash for vector-shaped positions (heap vectors, coin rows, ...).
struct VectorHash {
  template <class T>
  std::size_t operator()(const std::vector<T>& v) const {
    std::size_t h = 0x9e3779b97f4a7c15ull ^ v.size();
    for (const T& x : v) h = (h ^ std::hash<T>{}(x)) * 0x100000001b3ull;
    return h;
  }
};

}  // namespace carve::games
