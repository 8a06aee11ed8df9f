// The explicit engine's shortcuts against the reference listings they replace: the AHU state
// keys against nauty's, the goal-directed last turn against listing every removal.
// States come from random plays, so the comparisons cover virtual edges, moved roots and cuts.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <optional>
#include <random>

#include "engines/explicit/moves.hpp"
#include "engines/explicit/state_key.hpp"
#include "rules/model/target.hpp"
#include "tests/model/fixtures.hpp"

using namespace carve;

namespace {

model::Game walk_game(int depth, bool lenient, const std::string& alphabet = "01") {
  auto g = fixtures::word_tree_game(alphabet, depth, "walk", lenient ? "factor" : "subsequence");
  if (lenient) {
    g.rules.reading.set(model::Switch::Loop, "allow");
    g.rules.reading.set(model::Switch::Readd, "allow");
  }
  return g;
}

// States reached by up to `turns` random legal moves (a uniform pick among the distinct
// successors at each step; the initial state's successors are listed once).
std::vector<model::State> random_states(const model::Game& g, int plays, int turns, unsigned seed) {
  std::mt19937 rng(seed);
  std::vector<model::State> out;
  model::Budget budget;
  auto pick = [&](const model::State& s) -> std::optional<model::State> {
    std::optional<model::State> chosen;
    std::size_t seen = 0;
    search::for_each_successor(g, s, budget, [&](const search::PendingMove&, const model::State& n) {
      if (std::uniform_int_distribution<std::size_t>(0, seen++)(rng) == 0) chosen = n;  // reservoir of one
      return true;
    });
    return chosen;
  };
  std::vector<model::State> first;
  search::for_each_successor(g, model::initial_state(g), budget, [&](const search::PendingMove&, const model::State& n) {
    first.push_back(n);
    return true;
  });
  for (int p = 0; p < plays; ++p) {
    model::State s = first[std::uniform_int_distribution<std::size_t>(0, first.size() - 1)(rng)];
    out.push_back(s);
    for (int t = 1; t < turns; ++t) {
      auto n = pick(s);
      if (!n) break;
      s = *n;
      out.push_back(s);
    }
  }
  return out;
}

// One state and target: the goal-directed last turn answers as listing every removal does, and a
// win it reports replays to the target. Counts the check, and the win.
void expect_final_turn_agrees(const model::Game& g, const model::State& s, const std::string& t, const std::string& context,
                              int& checks, int& wins) {
  const auto target = model::parse_target_auto(t);
  model::Budget b1, b2, b3;
  model::Move m1, m2;
  std::vector<model::VertexId> c1, c2;
  const bool fast = search::final_turn_win(g, s, target, b1, m1, c1);
  const bool listed = search::listed_final_turn_win(g, s, target, b2, m2, c2);
  ASSERT_EQ(fast, listed) << "target " << t << " " << context;
  ++checks;
  if (!fast) return;
  ++wins;
  auto after = model::apply_turn(g, s, m1, b3);
  ASSERT_TRUE(std::holds_alternative<model::State>(after)) << context;
  EXPECT_TRUE(model::is_winning_component(g, std::get<model::State>(after), target, c1));
}

// The same state with the children of every node permuted at random (any permutation of the
// alphabet's letters per node, 3-cycles included): an automorphism of the universe applied to
// the configuration.
model::State permute_children(const model::Game& g, const model::State& s, std::mt19937& rng) {
  const auto& u = g.universe;
  std::vector<model::VertexId> image(u.size());
  std::map<std::string, model::VertexId> by_word;
  for (model::VertexId v = 0; v < u.size(); ++v) by_word[u.names[v] == "lambda" ? "" : u.names[v]] = v;
  std::map<std::string, std::string> letters;  // node -> the images of the alphabet's letters
  for (auto& [w, v] : by_word) {
    letters[w] = u.alphabet;
    std::shuffle(letters[w].begin(), letters[w].end(), rng);
  }
  for (auto& [w, v] : by_word) {
    std::string img;
    for (std::size_t i = 0; i < w.size(); ++i) img += letters[w.substr(0, i)][u.alphabet.find(w[i])];
    image[v] = by_word.at(img);
  }
  model::State out = s;
  out.root = image[s.root];
  out.inherent.reset();
  for (std::size_t i = 0; i < u.inherent.size(); ++i) {
    if (!s.inherent.test(i)) continue;
    std::vector<model::VertexId> slots{image[u.inherent[i].slots[0]], image[u.inherent[i].slots[1]]};
    out.inherent.set(u.inherent_by_slots.at(slots));
  }
  out.virtuals.clear();
  for (const auto& e : s.virtuals) out.virtuals.push_back(model::EdgeElement::make(e.op, {image[e.slots[0]], image[e.slots[1]]}));
  std::sort(out.virtuals.begin(), out.virtuals.end());
  return out;
}

// A game of each profile's reading over `alphabet` at `depth`.
model::Game profile_game(const std::string& kind, const std::string& alphabet, int depth) {
  const bool lenient = kind == "lenient";
  return kind == "literal" || lenient ? walk_game(depth, lenient, alphabet) : fixtures::word_tree_game(alphabet, depth, kind, "factor");
}

// The binary tree to depth 3 and the ternary tree to depth 2 (13 nodes, λ with three children).
const std::vector<std::pair<std::string, int>> kTrees{{"01", 3}, {"012", 2}};


}  // namespace

TEST(StateKey, TreeKeysPartitionStatesExactlyAsNautyDoes) {
  // Four letters under simple paths (and loops): walks from the root of the 4-ary tree remove any
  // of ~10^6 edge sets per move, too many to list here; the keys do not read the path kind.
  const std::vector<std::tuple<std::string, int, std::string>> games{
      {"01", 3, "literal"},   {"01", 3, "lenient"}, {"012", 2, "literal"},
      {"012", 2, "lenient"}, {"0123", 2, "simple"}, {"0123", 2, "simple-or-cycle"}};
  unsigned seed = 7;
  for (const auto& [alphabet, depth, kind] : games) {
    const std::string what = kind + " over " + alphabet;
    auto g = profile_game(kind, alphabet, depth);
    if (alphabet == "0123") g.rules.reading.set(model::Switch::Loop, "allow");
    auto states = random_states(g, 60, 3, seed++);
    std::mt19937 rng(3);
    std::size_t with_virtuals = 0;
    for (const auto& s : states) {
      with_virtuals += !s.virtuals.empty();
      auto image = permute_children(g, s, rng);
      EXPECT_EQ(search::state_key(g, s), search::state_key(g, image)) << what;
      EXPECT_EQ(search::hypergraph_state_key(g, s), search::hypergraph_state_key(g, image)) << what;
    }
    EXPECT_GT(with_virtuals, 5u) << "the sample should exercise virtual edges";
    // Same key under one scheme exactly when same key under the other.
    std::map<std::string, std::string> tree_to_nauty, nauty_to_tree;
    for (const auto& s : states) {
      auto a = search::state_key(g, s), b = search::hypergraph_state_key(g, s);
      EXPECT_EQ(tree_to_nauty.emplace(a, b).first->second, b) << what;
      EXPECT_EQ(nauty_to_tree.emplace(b, a).first->second, a) << what;
    }
  }
}

TEST(StateKey, DistinguishesWhereVirtualEdgesPairUp) {
  // Two virtual edges between the four grandchildren: {00,10},{01,11} and {00,11},{01,10} are
  // the same up to swapping 1's children; {00,01},{10,11} is not.
  auto g = walk_game(3, false);
  auto id = [&](const std::string& n) { return g.universe.by_name.at(n); };
  auto with = [&](std::vector<std::pair<std::string, std::string>> es) {
    auto s = model::initial_state(g);
    for (auto& [a, b] : es) s.virtuals.push_back(model::EdgeElement::make("V", {id(a), id(b)}));
    std::sort(s.virtuals.begin(), s.virtuals.end());
    return search::state_key(g, s);
  };
  EXPECT_EQ(with({{"00", "10"}, {"01", "11"}}), with({{"00", "11"}, {"01", "10"}}));
  EXPECT_NE(with({{"00", "10"}, {"01", "11"}}), with({{"00", "01"}, {"10", "11"}}));
}

TEST(StateKey, TernaryKeysSeeEveryPermutationOfChildren) {
  // Three virtual edges matching 0's children with 1's: every matching is the image of every
  // other under a permutation of 1's children -- a 3-cycle for the cyclic shift, which no single
  // swap of two children yields -- and a matching is never the image of edges inside one
  // subtree.
  auto g = walk_game(2, false, "012");
  auto id = [&](const std::string& n) { return g.universe.by_name.at(n); };
  auto with = [&](std::vector<std::pair<std::string, std::string>> es) {
    auto s = model::initial_state(g);
    for (auto& [a, b] : es) s.virtuals.push_back(model::EdgeElement::make("V", {id(a), id(b)}));
    std::sort(s.virtuals.begin(), s.virtuals.end());
    return search::state_key(g, s);
  };
  const auto straight = with({{"00", "10"}, {"01", "11"}, {"02", "12"}});
  EXPECT_EQ(straight, with({{"00", "11"}, {"01", "12"}, {"02", "10"}}));
  EXPECT_EQ(straight, with({{"00", "12"}, {"01", "11"}, {"02", "10"}}));
  EXPECT_EQ(straight, with({{"20", "11"}, {"21", "12"}, {"22", "10"}}));  // and 0's subtree onto 2's
  EXPECT_NE(straight, with({{"00", "01"}, {"02", "10"}, {"11", "12"}}));
  EXPECT_NE(straight, with({{"00", "10"}, {"01", "11"}, {"02", "20"}}));
}


TEST(GoalFinish, AgreesWithListingEveryRemoval) {
  const std::vector<std::string> targets{"K1", "K2", "P3", "P4", "K3", "C4", "K1,3"};
  for (const auto& [alphabet, depth] : kTrees) {
    for (const std::string kind : {"literal", "lenient", "simple", "trail", "simple-or-cycle"}) {
      auto g = profile_game(kind, alphabet, depth);
      auto states = random_states(g, 40, 2, static_cast<unsigned>(kind.size()));
      // The initial state too, except under walks where listing its ~10^6 removal sets per
      // target would dominate the suite (the random states after one turn cover walks).
      if (g.rules.path() != model::PathKind::Walk) states.insert(states.begin(), model::initial_state(g));
      int wins = 0, checks = 0;
      for (const auto& s : states)
        for (const auto& t : targets)
          ASSERT_NO_FATAL_FAILURE(expect_final_turn_agrees(g, s, t, "under " + kind + " over " + alphabet, checks, wins));
      EXPECT_GT(wins, 10) << kind << " over " << alphabet;
      EXPECT_LT(wins, checks) << kind << " over " << alphabet;
    }
  }
}

// The goal-directed last turn under other density patterns (goal_finish.hpp: whole walks from
// the root instead of the documents' free prefix and suffix): the same answer as listing every
// removal, and every win it reports replays to the target. Asymmetric patterns included, whose
// winning walks may have to end at the root.
TEST(GoalFinish, AgreesWithListingUnderOtherPatterns) {
  const std::vector<std::string> targets{"K1", "K2", "P3", "P4", "C4", "K1,3"};
  int wins = 0, checks = 0;
  for (const std::string pattern : {"V T T", "T V", "T T T", "V T V", "V V", "T{2,} V T"})
    for (const std::string density : {"factor", "subsequence"}) {
      const auto g = fixtures::with_pattern(fixtures::binary_tree_game(3, "walk", density), pattern);
      for (const auto& s : random_states(g, 3, 2, static_cast<unsigned>(pattern.size() + density.size())))
        for (const auto& t : targets)
          ASSERT_NO_FATAL_FAILURE(expect_final_turn_agrees(g, s, t, "under (" + pattern + ") as a " + density, checks, wins));
    }
  EXPECT_GT(wins, 10);
  EXPECT_LT(wins, checks);
}

// moves.hpp's invariant: every generated (move, successor) pair is one apply_turn accepts with
// exactly that successor — checked on every successor of the initial state and of random states.
TEST(Successors, EveryMoveReplaysToItsState) {
  for (const auto& [alphabet, depth] : kTrees) {
    for (const std::string kind : {"literal", "lenient", "simple", "trail", "simple-or-cycle"}) {
      auto g = profile_game(kind, alphabet, depth);
      auto states = random_states(g, 5, 2, static_cast<unsigned>(kind.size()) + 1);
      states.insert(states.begin(), model::initial_state(g));
      std::size_t checked = 0;
      for (const auto& s : states) {
        model::Budget budget;
        search::for_each_successor(g, s, budget, [&](const search::PendingMove& m, const model::State& next) {
          model::Budget b;
          auto replayed = model::apply_turn(g, s, m.make(), b);
          EXPECT_TRUE(std::holds_alternative<model::State>(replayed)) << kind;
          if (auto* st = std::get_if<model::State>(&replayed)) {
            EXPECT_TRUE(*st == next) << kind;
          }
          ++checked;
          return !::testing::Test::HasFailure();
        });
      }
      EXPECT_GT(checked, 100u) << kind;
    }
  }
}
