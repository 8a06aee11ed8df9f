// Stability lemmas carried from one 000 encoding to another (TreeEncoding::adopt_lemmas, as the
// certificate's formula takes the search's lemmas): a pair off the tree is numbered by each
// encoding's ScopePairs when first asked for, so the two may give it different ids; an adopted
// lemma must still name the pairs it was found on. Pinned by formula equality: adopting the lemma
// writes the same clauses as adding it afresh, in an encoding that numbered other pairs first.
#include <gtest/gtest.h>

#include <sstream>

#include "engines/solvers/cadical_backend.hpp"
#include "engines/solvers/dimacs_writer.hpp"
#include "engines/sat/tree/tree_encoding.hpp"
#include "rules/model/collapse_paths.hpp"
#include "rules/model/semantics.hpp"
#include "tests/model/fixtures.hpp"

namespace carve::encoder {
namespace {

TEST(StabilityLemma, AdoptedLemmaNamesThePairsItWasFoundOn) {
  const auto game = fixtures::binary_tree_game(2, "walk", "subsequence");
  const auto target = model::parse_target_auto("K1");
  auto v = [&](const char* name) { return game.universe.by_name.at(name); };
  // S_0 with a virtual edge {00, 11}, and e_new = {01, 10}: both pairs off the tree. The lemma
  // reads only the path's root and edges, so the path need not be a legal one.
  model::State s = model::initial_state(game);
  s.virtuals.push_back(model::EdgeElement::make("V", {v("00"), v("11")}));
  model::GraphView view(game, s);
  view.set_candidate(model::EdgeElement::make("V", {v("01"), v("10")}));
  model::ViewPath path;
  path.vertices = {game.initial_root};
  for (std::uint32_t e = 0; e < view.edges().size(); ++e)
    if (view.edges()[e].type == model::EdgeType::V) path.edges.push_back(e);
  ASSERT_EQ(path.edges.size(), 2u);

  // Found by a search whose encoding numbered {00, 11} and {01, 10} first.
  CadicalBackend search_backend;
  Cnf search_cnf(search_backend);
  TreeEncoding search(game, target, search_cnf);
  search.add_stability_lemma(game, view, path, game.initial_root);
  // Two turns: at turn 2 a virtual edge may be present, so the lemma is a clause there.
  auto formula = [&](bool adopt) {
    DimacsRecorder recorded;
    Cnf cnf(recorded);
    TreeEncoding enc(game, target, cnf);
    for (int t = 0; t < 2; ++t) enc.add_turn();
    // Two other pairs off the tree take the first ids here.
    EXPECT_NE(enc.fresh_lit(0, v("1"), v("00")), 0);
    EXPECT_NE(enc.fresh_lit(0, v("0"), v("11")), 0);
    const std::size_t before = cnf.clauses();
    if (adopt)
      enc.adopt_lemmas(search);
    else
      enc.add_stability_lemma(game, view, path, game.initial_root);
    EXPECT_GT(cnf.clauses(), before) << "the lemma adds no clause: the test pins nothing";
    std::ostringstream text;
    recorded.write_dimacs(text);
    return text.str();
  };
  EXPECT_EQ(formula(true), formula(false));
}

}  // namespace
}  // namespace carve::encoder
