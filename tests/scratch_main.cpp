// The main of every test program: GoogleTest's, run inside a scratch folder of its own. The folder
// (made under $TMPDIR, else /tmp) becomes TMPDIR and TEST_TMPDIR for the tests and for every carve
// they start, so that ::testing::TempDir(), std::filesystem::temp_directory_path() and carve's own
// temporary folders all land in it, apart from every other test process running at once.
// Invariant: a run whose tests all passed leaves nothing behind; a run with a failure keeps its
// folder when a test wrote anything there, and says where, for the files that show what went wrong.
#include <gtest/gtest.h>

#include <stdlib.h>

#include <cstdio>
#include <filesystem>
#include <string>
#include <system_error>

namespace {

std::string make_scratch_folder() {
  const char* base = std::getenv("TMPDIR");
  std::string folder = (std::filesystem::path(base && *base ? base : "/tmp") / "carve-tests-XXXXXX").string();
  if (!::mkdtemp(folder.data())) {
    std::perror(("carve tests: cannot make a scratch folder " + folder).c_str());
    std::exit(1);
  }
  return folder;
}

}  // namespace

int main(int argc, char** argv) {
  ::testing::InitGoogleTest(&argc, argv);
  const std::string folder = make_scratch_folder();
  ::setenv("TMPDIR", folder.c_str(), 1);
  ::setenv("TEST_TMPDIR", folder.c_str(), 1);
  const int failed = RUN_ALL_TESTS();
  std::error_code ignored;  // a file a test cannot remove is no test's failure
  if (failed && !std::filesystem::is_empty(folder, ignored))
    std::fprintf(stderr, "carve tests: scratch files kept in %s\n", folder.c_str());
  else
    std::filesystem::remove_all(folder, ignored);
  return failed;
}
