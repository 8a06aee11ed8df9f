// questions/games/blue_red_hackenbush.hpp — Blue-Red Hackenbush (document 004): Blue (Left) deletes blue
// edges, Red (Right) deletes red edges, everything cut off from the ground disappears.
// Invariant: every position is a number; BlueRedExhaustive computes value = {max blue option |
// min red option} by the simplest-number rule over nauty-canonical (colour-aware) pruned graphs and
// checks max < min at every node. Fast paths: stalks by Berlekamp's sign-expansion rule, trees by
// the colon principle with ordinal sums: an edge of colour c under a subtree of value x is worth
// the number whose sign expansion is (c, sign_expansion(x)).
#pragma once

#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "questions/games/dyadic.hpp"
#include "questions/games/graph_canon.hpp"
#include "questions/games/sg.hpp"

namespace carve::games {

class BlueRedExhaustive {
 public:
  Dyadic value(const GroundedGraph& g);  // throws std::logic_error if some node is not a number
  // Best options (nullopt = none) of g itself, for claims about {a|b}.
  std::pair<std::optional<Dyadic>, std::optional<Dyadic>> best_options(const GroundedGraph& g);
  std::size_t memo_size() const { return memo_.size(); }

 private:
  Dyadic solve(const GroundedGraph& pruned);
  std::unordered_map<std::string, Dyadic> memo_;
};

// Outcome class by playing the game out (who wins moving first / second), without values:
// L = Blue wins whoever starts, R = Red wins, N = the first player wins, P = the second player wins.
class BlueRedOutcome {
 public:
  Outcome outcome(const GroundedGraph& g);
  std::size_t memo_size() const { return memo_.size(); }

 private:
  bool wins_first(const GroundedGraph& pruned, EdgeColour mover);
  std::unordered_map<std::string, bool> memo_;  // canonical key + mover -> the mover wins
};

// Stalk from the ground: colours[0] touches the ground.
Dyadic stalk_value(const std::vector<EdgeColour>& colours);
GroundedGraph make_stalk(const std::vector<EdgeColour>& colours);
// Tree rooted at the ground (throws std::invalid_argument if g is not a tree).
Dyadic tree_value(const GroundedGraph& g);
// Ordinal sum c : x for a single edge of colour c (Blue or Red) carrying a position of value x.
Dyadic edge_over(EdgeColour c, const Dyadic& x);
// Outcome from the value: > 0 Left (Blue) wins, < 0 Right (Red) wins, 0 second player wins.
Outcome outcome_of(const Dyadic& v);

}  // namespace carve::games
