// The pinned-play check of the shape encoding (encoding_pins.hpp).
#include "tests/shape/encoding_pins.hpp"

#include <gtest/gtest.h>

#include <map>
#include <random>

#include "checkers/replay/replay.hpp"
#include "checkers/shape/compress.hpp"
#include "engines/solvers/cadical_backend.hpp"
#include "engines/sat/shape/shape_encoding.hpp"
#include "rules/model/shape_universe.hpp"
#include "rules/model/victory.hpp"
#include "tests/shape/random_play.hpp"

namespace carve::encoder {
namespace {

using model::VertexId;

// The numbering shape_tree.hpp asks for: words in that order.
std::vector<std::string> numbered(const std::vector<std::string>& words) {
  std::map<std::string, int> kids;
  for (const auto& w : words)
    if (!w.empty()) ++kids[w.substr(0, w.size() - 1)];
  std::vector<std::string> order{""};
  for (std::size_t i = 0; i < order.size(); ++i) {
    std::vector<std::string> children;
    for (const char c : {'0', '1'}) {
      const std::string w = order[i] + c;
      if (std::find(words.begin(), words.end(), w) != words.end()) children.push_back(w);
    }
    if (children.size() == 2 && kids[children[1]] > kids[children[0]]) std::swap(children[0], children[1]);
    order.insert(order.end(), children.begin(), children.end());
  }
  return order;
}

// A target for a component: its edge list over vertex indices (K1 for an isolated node).
model::Target target_of(const model::Component& c) {
  if (c.edges.empty()) return model::parse_target_auto("K1");
  std::string text;
  for (const auto& e : c.edges) {
    auto at = [&](VertexId v) { return std::to_string(std::find(c.vertices.begin(), c.vertices.end(), v) - c.vertices.begin()); };
    text += (text.empty() ? "" : ",") + at(e.vertices.front()) + "-" + at(e.vertices.back());
  }
  return model::parse_target_auto(text);
}

struct Pinned {
  int plays = 0, with_victory = 0, collapses = 0, successions = 0;
};

void check_play(std::uint64_t seed, Pinned& tally) {
  std::mt19937_64 rng(seed);
  const int combo = static_cast<int>(seed % 256);  // iso=incidence: the engine's readings
  const auto game = shape::testing::reading_game(combo, model::shape_universe(shape::testing::random_shape(rng, 4)));
  const auto play = shape::testing::random_play(game, std::uniform_int_distribution<int>(1, 3)(rng), rng);
  if (play.empty()) return;
  model::Budget budget;
  const auto original = replay::replay(game, play, nullptr, std::nullopt, budget);
  ASSERT_TRUE(original.legal);
  std::optional<model::Component> kept;
  for (auto& c : model::components(game, original.states.back())) {
    const bool loop = std::any_of(c.edges.begin(), c.edges.end(), [](const auto& e) { return e.vertices.size() == 1; });
    if (c.finite && !loop && (!kept || c.edges.size() > kept->edges.size())) kept = c;  // targets are simple graphs
  }
  const auto z = shape::compress(game, play, kept ? kept->vertices : std::vector<VertexId>{});
  const auto r = replay::replay(z.game, z.play, nullptr, std::nullopt, budget);
  ASSERT_TRUE(r.legal);
  const auto target = kept ? target_of(*kept) : model::parse_target_auto("K1");
  const std::string what = "seed " + std::to_string(seed) + " (" + z.game.reading() + ")";
  ASSERT_FALSE(ShapeEncoding::refusal(z.game, target)) << what;

  const auto order = numbered(z.words);
  std::map<std::string, std::size_t> node;
  for (std::size_t i = 0; i < order.size(); ++i) node[order[i]] = i;
  auto node_of = [&](VertexId v) { return node.at(model::word_of_name(z.game.universe.names[v])); };

  CadicalBackend backend;
  Cnf cnf(backend);
  const int k = static_cast<int>(z.play.size());
  // A few nodes more than the shape has, so inactive nodes are exercised too (any number of nodes
  // at least the shape's accepts it; the theorem's bound matters only for no-wins).
  ShapeEncoding enc(z.game, target, cnf, order.size() + 3);
  for (int t = 0; t < k; ++t) enc.add_turn();
  std::vector<int> pins;
  const auto& shape = enc.shape();
  for (std::size_t j = 1; j < order.size(); ++j) {
    pins.push_back(shape.active(j));
    pins.push_back(shape.parent(j, node.at(order[j].substr(0, order[j].size() - 1))));
  }
  if (order.size() < shape.nodes()) pins.push_back(-shape.active(order.size()));
  for (int f = 0; f <= k; ++f) {
    const auto& st = r.states[static_cast<std::size_t>(f)];
    pins.push_back(enc.root_lit(f, node_of(st.root)));
    for (std::size_t e = 0; e < z.game.universe.inherent.size(); ++e)
      pins.push_back((st.inherent.test(e) ? 1 : -1) * enc.te_lit(f, node_of(z.game.universe.inherent[e].conclusion)));
    // Slot s is alive at frame f when turn s kept a fresh e_new that stayed present since.
    for (int s = 0; s < f; ++s) {
      const auto& e = z.play[static_cast<std::size_t>(s)].added;
      auto present = [&](int g) {
        const auto& vs = r.states[static_cast<std::size_t>(g)].virtuals;
        return std::binary_search(vs.begin(), vs.end(), e);
      };
      bool alive = !z.play[static_cast<std::size_t>(s)].collapse && !present(s);
      for (int g = s + 1; g <= f && alive; ++g) alive = present(g);
      pins.push_back((alive ? 1 : -1) * enc.alive_lit(f, static_cast<std::size_t>(s)));
    }
  }
  for (int t = 0; t < k; ++t) {
    const auto& m = z.play[static_cast<std::size_t>(t)];
    const auto a = node_of(m.added.vertices.front()), b = node_of(m.added.vertices.back());
    pins.push_back(enc.slot(t).a[std::min(a, b)]);
    pins.push_back(enc.slot(t).b[std::max(a, b)]);
    pins.push_back((m.collapse ? 1 : -1) * enc.collapse_lit(t));
    pins.push_back((m.new_root ? 1 : -1) * enc.trigger_lit(t));
    tally.collapses += m.collapse.has_value();
    tally.successions += m.new_root.has_value();
  }
  if (kept) {
    pins.push_back(enc.victory(k));
    ++tally.with_victory;
  }
  ++tally.plays;
  EXPECT_EQ(backend.solve(pins), SolveStatus::Sat) << what << ": the formula loses a compressed legal play of " << k
                                                   << " turns on " << order.size() << " nodes";
}

}  // namespace

void pinned_sweep(std::uint64_t first, int count) {
  Pinned tally;
  for (std::uint64_t seed = first; seed < first + static_cast<std::uint64_t>(count) && !::testing::Test::HasFatalFailure(); ++seed)
    check_play(seed, tally);
  EXPECT_GT(tally.with_victory, tally.plays / 4);
  EXPECT_GT(tally.collapses, tally.plays / 2);
  EXPECT_GT(tally.successions, 0);
  std::printf("%d compressed plays pinned (%d with a victory, %d collapses, %d successions)\n", tally.plays,
              tally.with_victory, tally.collapses, tally.successions);
}

}  // namespace carve::encoder
