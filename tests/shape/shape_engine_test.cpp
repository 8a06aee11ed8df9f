// The infinite-tree engine (docs/infinite-tree.md) on small questions in the default suite:
// agreement with the depth-bounded SAT engine (engine_agreement.hpp) under every profile, and a
// no-win certified by a DRAT proof that carve's checker accepts.
#include <gtest/gtest.h>

#include <filesystem>

#include "elaborate/case.hpp"
#include "elaborate/elaborate.hpp"
#include "encoder/shape_search.hpp"
#include "tests/shape/engine_agreement.hpp"

namespace carve::shape::testing {
namespace {

TEST(ShapeEngine, AgreesWithTheBoundedEngineOnSmallQuestions) {
  for (const char* profile : {"literal", "simple", "trail", "cycle", "lenient"})
    for (const char* target : {"K1", "K2"}) std::printf("%s\n", agree_infinite({profile, target, 1, 4}).c_str());
}

TEST(ShapeEngine, CertifiesANoWinOnTheInfiniteTree) {
  // P3 cannot be carved in one turn on the infinite tree: one collapse removes a connected set of
  // tree edges around the root, e_new and a connected set around its far end (walk_collapse.cpp),
  // which leaves no finite component with an edge but e_new's own -- gone with the collapse.
  static const auto spec = elab::load_spec("spec/binary_tree.carve");
  elab::Settings s;
  s.depth = elab::Located<int>{1, {}};
  const auto game = elab::elaborate(spec, s);
  encoder::ShapeOptions so;
  so.max_turns = 1;
  const auto base = (std::filesystem::temp_directory_path() / "carve_shape_p3").string();
  so.proof = encoder::ProofRequest{base, true};
  const auto r = encoder::shape_search(game, model::parse_target_auto("P3"), so);
  ASSERT_EQ(r.result.verdict, search::Verdict::NoWin) << r.result.reason;
  ASSERT_TRUE(r.certificate);
  EXPECT_TRUE(r.certificate->accepted()) << r.certificate->message;
  EXPECT_EQ(r.nodes, r.bound);
  std::filesystem::remove(base + ".cnf");
  std::filesystem::remove(base + ".drat");
}

}  // namespace
}  // namespace carve::shape::testing
