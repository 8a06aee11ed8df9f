// carve's folders keep the dependencies they declare (layout.txt, each folder's dependencies.txt;
// docs/architecture.md), and the check finds each kind of breach: shown on a small tree written
// here, whose breaches are planted by hand, so that a check that found nothing could not pass.
#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>

#include "tests/layout/declared_dependencies.hpp"

namespace carve::testing {
namespace {

namespace fs = std::filesystem;

std::string joined(const std::vector<std::string>& lines) {
  std::string out;
  for (const auto& l : lines) out += l + "\n";
  return out;
}

void write(const fs::path& file, const std::string& text) {
  fs::create_directories(file.parent_path());
  std::ofstream(file) << text;
}

bool mentions(const std::vector<std::string>& problems, const std::string& words) {
  for (const auto& p : problems)
    if (p.find(words) != std::string::npos) return true;
  return false;
}

TEST(Layout, TheRepositoryKeepsItsDeclaredDependencies) {
  const char* root = std::getenv("CARVE_ROOT");
  const auto problems = layout::declared_dependency_problems(root ? root : ".");
  EXPECT_TRUE(problems.empty()) << joined(problems);
}

// A tree of three stages: text (t), rules (r), engines (e and f, same stage).
class SmallTree : public ::testing::Test {
 protected:
  fs::path root = fs::temp_directory_path() / "layout_tree";  // the test's scratch folder (scratch_main.cpp)
  void SetUp() override {
    write(root / "layout.txt", "# stages\ntext: t\nrules: r\nengines: e f\n");
    write(root / "t/dependencies.txt", "# nothing\n");
    write(root / "r/dependencies.txt", "t\n");
    write(root / "e/dependencies.txt", "*\n");
    write(root / "f/dependencies.txt", "r\n");
    write(root / "t/a.hpp", "#pragma once\n");
    write(root / "r/b.hpp", "#pragma once\n#include \"t/a.hpp\"\n#include <vector>\n");
    write(root / "e/c.cpp", "#include \"r/b.hpp\"\n#include \"t/a.hpp\"\n");
    write(root / "f/d.cpp", "#include \"r/b.hpp\"\n");
  }
};

TEST_F(SmallTree, AsWrittenItKeepsItsDependencies) {
  const auto problems = layout::declared_dependency_problems(root);
  EXPECT_TRUE(problems.empty()) << joined(problems);
}

TEST_F(SmallTree, AnIncludeOutsideTheListIsNamedWithItsLine) {
  write(root / "f/d.cpp", "#include \"r/b.hpp\"\n\n#include \"t/a.hpp\"\n");
  const auto problems = layout::declared_dependency_problems(root);
  EXPECT_TRUE(mentions(problems, "f/d.cpp:3: includes \"t/a.hpp\", but t is not in f/dependencies.txt")) << joined(problems);
}

TEST_F(SmallTree, AnIncludeThatRunsBackUpIsFound) {
  write(root / "t/a.hpp", "#pragma once\n#include \"e/c.cpp\"\n");
  write(root / "t/dependencies.txt", "e\n");
  const auto problems = layout::declared_dependency_problems(root);
  EXPECT_TRUE(mentions(problems, "t/dependencies.txt: \"e\" runs back up")) << joined(problems);
  EXPECT_TRUE(mentions(problems, "t/a.hpp:2: includes \"e/c.cpp\", but e is not in t/dependencies.txt")) << joined(problems);
}

TEST_F(SmallTree, ACircleWithinAStageIsFound) {
  write(root / "e/dependencies.txt", "*\nf\n");
  write(root / "f/dependencies.txt", "r\ne\n");
  write(root / "e/c.cpp", "#include \"r/b.hpp\"\n#include \"f/d.cpp\"\n");
  write(root / "f/d.cpp", "#include \"r/b.hpp\"\n#include \"e/c.cpp\"\n");
  const auto problems = layout::declared_dependency_problems(root);
  EXPECT_TRUE(mentions(problems, "run in a circle: e -> f -> e") || mentions(problems, "run in a circle: f -> e -> f"))
      << joined(problems);
}

TEST_F(SmallTree, CodeOutsideTheLayoutAndStaleDeclarationsAreFound) {
  write(root / "x/y.cpp", "int y;\n");
  write(root / "f/dependencies.txt", "r\nt\n");
  write(root / "r/dependencies.txt", "t\nnowhere\n");
  const auto problems = layout::declared_dependency_problems(root);
  EXPECT_TRUE(mentions(problems, "x: holds code but layout.txt places no folder holding it")) << joined(problems);
  EXPECT_TRUE(mentions(problems, "f/dependencies.txt: declares \"t\", which none of its files includes")) << joined(problems);
  EXPECT_TRUE(mentions(problems, "r/dependencies.txt: \"nowhere\" is no folder of layout.txt")) << joined(problems);
}

TEST_F(SmallTree, AFolderWithoutItsListIsFound) {
  fs::remove(root / "r/dependencies.txt");
  const auto problems = layout::declared_dependency_problems(root);
  EXPECT_TRUE(mentions(problems, "r/dependencies.txt: missing")) << joined(problems);
}

}  // namespace
}  // namespace carve::testing
