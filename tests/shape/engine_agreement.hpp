// The infinite-tree engine against the depth-bounded SAT engine (engines/sat/search/sat_search, itself
// checked against explicit search in tests/encoder) on one question of spec/binary_tree.carve.
// Expected relations, from docs/infinite-tree.md: a win within depth D is a win on the infinite
// tree, so the shape engine's shortest win is at most the bounded one; a shape win whose shape
// is at most D deep is a win within depth D, so then the two shortest wins are equal; a no-win at
// every depth is a no-win within D. Every shape win has been replayed on its shape (and on the
// truncated tree when it is shallow) before it is reported.
#pragma once
#include <string>

namespace carve::shape::testing {

struct Question {
  std::string profile, target;
  int turns = 1;
  int depth = 4;  // of the bounded engine
};

// Runs both engines and checks the relations with gtest; returns a one-line summary.
std::string agree_infinite(const Question& q);

}  // namespace carve::shape::testing
