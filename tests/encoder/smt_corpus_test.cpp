// The smt engine (the SAT search on Z3) against explicit search on the fast cases of the corpus:
// every reachability case of cases/binary_tree at depth 3 is judged by both engines, which
// must give the same answer (verdict and number of turns), each win replayed. The depth-4 cases
// (explicit search is out of reach for the walk profiles) are in SmtCorpusSlow: the smt engine
// must reproduce the pinned expectation there.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>

#include "checker/cases/run_case.hpp"

namespace carve::cases {
namespace {

namespace fs = std::filesystem;

std::vector<elab::Case> corpus(int depth) {
  const char* root = std::getenv("CARVE_ROOT");
  std::vector<std::string> files;
  for (const auto& e : fs::recursive_directory_iterator(fs::path(root ? root : ".") / "cases/binary_tree"))
    if (e.path().extension() == ".case") files.push_back(e.path().string());
  std::sort(files.begin(), files.end());
  std::vector<elab::Case> out;
  for (const auto& f : files) {
    auto c = elab::load_case(f);
    if (c.game.universe.depth == depth && c.expect && c.target) out.push_back(std::move(c));
  }
  return out;
}

TEST(SmtCorpus, Depth3AgreesWithExplicit) {
  const auto cases = corpus(3);
  ASSERT_GE(cases.size(), 30u);
  for (const auto& c : cases) {
    const auto smt = run_case(c, Limits{}, "smt");
    const auto exp = run_case(c, Limits{}, "explicit");
    EXPECT_EQ(smt.actual, exp.actual) << c.path;
    EXPECT_TRUE(smt.pass) << c.path << ": expected " << smt.expected << ", smt " << smt.actual;
  }
}

TEST(SmtCorpusSlow, Depth4ReproducesTheExpectations) {
  const auto cases = corpus(4);
  ASSERT_GE(cases.size(), 30u);
  for (const auto& c : cases) {
    const auto smt = run_case(c, Limits{}, "smt");
    EXPECT_TRUE(smt.pass) << c.path << ": expected " << smt.expected << ", smt " << smt.actual;
  }
}

}  // namespace
}  // namespace carve::cases
