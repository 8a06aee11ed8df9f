// The smt engine (the SAT search on Z3) against explicit search on the fast cases of the corpus:
// every reachability case of cases/binary_tree at depth 3. Their expectations are explicit
// search's answers (tools/pin_expectations.py pins none that explicit search did not give), so
// the smt engine must reproduce each one -- verdict and number of turns, each win replayed --
// without running explicit search again here (its depth-3 cycle cases take minutes). The
// depth-4 cases are in smt_corpus_slow_test.cpp.
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
    if (c.engine && c.engine->value != "explicit") continue;  // pinned by another engine
    const auto smt = run_case(c, Limits{}, "smt");
    EXPECT_TRUE(smt.pass) << c.path << ": explicit search " << smt.expected << ", smt " << smt.actual;
  }
}

}  // namespace
}  // namespace carve::cases
