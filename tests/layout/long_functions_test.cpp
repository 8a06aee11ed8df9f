// carve's functions are read at once (none over 80 lines unless its opening comment says why:
// long_functions.hpp, docs/architecture.md), and the scanner finds what it claims to: shown on a
// small tree written here, whose long functions -- with and without a reason -- are planted by
// hand, so that a scanner that recognised nothing could not pass.
#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>
#include <optional>

#include "tests/layout/long_functions.hpp"

namespace carve::testing {
namespace {

namespace fs = std::filesystem;

std::string problem_lines(const std::vector<std::string>& lines) {
  std::string out;
  for (const auto& l : lines) out += l + "\n";
  return out;
}

// `count` statement lines at the given indentation.
std::string statements(int count, int indent = 2) {
  std::string out;
  for (int i = 0; i < count; ++i) out += std::string(static_cast<std::size_t>(indent), ' ') + "x += " + std::to_string(i) + ";\n";
  return out;
}

// A definition of `lines` lines in all (header and closing brace included).
std::string function(const std::string& header, int lines) { return header + " {\n" + statements(lines - 2) + "}\n"; }

TEST(Layout, NoFunctionIsLongWithoutItsReason) {
  const char* root = std::getenv("CARVE_ROOT");
  const auto problems = layout::unexplained_long_functions(root ? root : ".");
  EXPECT_TRUE(problems.empty()) << problem_lines(problems);
}

// The check above would pass on a scanner that recognised nothing: the repository's functions are
// found (carve has well over a thousand).
TEST(Layout, TheScannerFindsTheRepositorysFunctions) {
  const char* root = std::getenv("CARVE_ROOT");
  EXPECT_GT(layout::function_definitions(root ? root : ".").size(), 1000u);
}

class PlantedFunctions : public ::testing::Test {
 protected:
  fs::path root = fs::temp_directory_path() / "long_functions_tree";  // the test's scratch folder (scratch_main.cpp)
  void SetUp() override { fs::remove_all(root); }
  void write(const std::string& name, const std::string& text) {
    fs::create_directories((root / name).parent_path());
    std::ofstream(root / name) << text;
  }
  std::vector<layout::FunctionDefinition> found() { return layout::function_definitions(root); }
  std::optional<layout::FunctionDefinition> named(const std::string& name) {
    for (const auto& f : found())
      if (f.name == name) return f;
    return std::nullopt;
  }
};

TEST_F(PlantedFunctions, ALongFunctionWithoutAReasonIsNamedWithItsLine) {
  write("src/a/plain.cpp", "// A file.\n#include <x>\n\n" + function("int too_long(int x)", 81) + "\n" + function("int just_fits(int x)", 80));
  const auto problems = layout::unexplained_long_functions(root);
  ASSERT_EQ(problems.size(), 1u) << problem_lines(problems);
  EXPECT_EQ(problems[0].rfind("src/a/plain.cpp:4: too_long is 81 lines (over 80)", 0), 0u) << problems[0];
}

TEST_F(PlantedFunctions, AReasonAboveOrAtTheTopOfTheBodyIsEnough) {
  write("src/a/reasons.cpp",
        "// Long because the clauses of one definition read best together.\n" + function("void above()", 120) +
            "\n// The main loop.\n//\n// It is long because the checker's main loop holds its state in locals.\ntemplate <class T>\n" +
            function("void above_template(T t)", 120) + "\nvoid inside() {\n  // Long because one table.\n" + statements(120) +
            "}\n");
  const auto problems = layout::unexplained_long_functions(root);
  EXPECT_TRUE(problems.empty()) << problem_lines(problems);
  ASSERT_NE(named("above"), std::nullopt);
  ASSERT_NE(named("above_template"), std::nullopt);
  ASSERT_NE(named("inside"), std::nullopt);
  EXPECT_TRUE(named("inside")->reason);
}

TEST_F(PlantedFunctions, AMarkerWithoutAReasonOrFarFromTheHeaderIsNone) {
  write("src/a/no_reason.cpp", "// Long because\n" + function("void bare_marker()", 90) + "// Long because it is.\n\n" +
                                   function("void after_a_blank_line()", 90) + "void late() {\n  x = 1;\n  // Long because.\n" +
                                   statements(90) + "}\n");
  const auto problems = layout::unexplained_long_functions(root);
  EXPECT_EQ(problems.size(), 3u) << problem_lines(problems);
}

TEST_F(PlantedFunctions, HeadersOverLinesMembersAndOperatorsAreFound) {
  write("src/b/kinds.hpp",
        "#pragma once\nnamespace n {\n\nstd::map<int, std::string> spread(int a,\n"
        "                                  int b) {\n" +
            statements(100) +
            "}\n\nclass Holder {\n public:\n  Holder(int a, int b)\n      : a_(a),\n        b_(b) {\n" + statements(90, 4) +
            "  }\n  [[nodiscard]] bool operator()(int x) const {\n" + statements(85, 4) +
            "  }\n  int short_one() const { return a_; }\n  int declared(int x);\n  Empty(int a)\n      : a_(a) {}\n};\n\n"
            "extern \"C\" void on_signal(int s) {\n" +
            statements(3) + "}\n\n}  // namespace n\n");
  const auto problems = layout::unexplained_long_functions(root);
  EXPECT_EQ(problems.size(), 3u) << problem_lines(problems);
  ASSERT_NE(named("spread"), std::nullopt);
  EXPECT_EQ(named("spread")->line, 4);
  EXPECT_EQ(named("spread")->lines, 103);
  ASSERT_NE(named("Holder"), std::nullopt);
  EXPECT_EQ(named("Holder")->lines, 94);
  ASSERT_NE(named("operator()"), std::nullopt);
  EXPECT_EQ(named("operator()")->lines, 87);
  EXPECT_EQ(named("short_one"), std::nullopt);  // a body on its header's line
  EXPECT_EQ(named("declared"), std::nullopt);
  ASSERT_NE(named("Empty"), std::nullopt);  // a constructor whose initialisers do all its work
  EXPECT_EQ(named("Empty")->lines, 2);
  ASSERT_NE(named("on_signal"), std::nullopt);
  EXPECT_EQ(named("on_signal")->lines, 5);
}

TEST_F(PlantedFunctions, BlocksLambdasAndCodeInStringsAreNotDefinitions) {
  const std::string long_if = "  if (x > 0) {\n" + statements(90, 4) + "  }\n";
  const std::string lambda = "  auto each = [&](int y) {\n" + statements(90, 4) + "  };\n";
  const std::string call = "  for_each(v, [&](int y) {\n" + statements(90, 4) + "  });\n";
  write("src/c/inner.cpp", "int holder(int x) {\n" + long_if + lambda + call + "  return x;\n}\n\n" +
                               "const char* kScript = R\"js(\nfunction fake(a) {\n" + statements(90) +
                               "}\n)js\";\n// int commented(int x) {\n" + function("int after_strings(int x)", 5));
  const auto all = found();
  ASSERT_EQ(all.size(), 2u);
  EXPECT_EQ(all[0].name, "holder");
  EXPECT_EQ(all[0].lines, 1 + 3 * 92 + 2);  // the blocks and lambdas count in the function that holds them
  EXPECT_EQ(all[1].name, "after_strings");
  EXPECT_EQ(all[1].lines, 5);
}

}  // namespace
}  // namespace carve::testing
