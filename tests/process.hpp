// Running a command from a test: its exit code and its output (stdout and stderr together), and
// per-test temporary files (ctest -j runs tests as parallel processes, so every temporary file
// carries the running test's name).
#pragma once
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <array>
#include <cstdio>
#include <fstream>
#include <iterator>
#include <string>

namespace carve::testing {

struct Outcome {
  int code;
  std::string out;
};

inline Outcome run_command(const std::string& cmd) {
  FILE* p = popen((cmd + " 2>&1").c_str(), "r");
  std::string out;
  std::array<char, 4096> buf{};
  while (auto n = fread(buf.data(), 1, buf.size(), p)) out.append(buf.data(), n);
  const int status = pclose(p);
  return {WEXITSTATUS(status), out};
}

// A file's bytes ("" when it cannot be read: the assertion on its content then fails).
inline std::string file_text(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), {});
}

inline std::string unique_path(const std::string& name) {
  const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
  std::string tag = std::string(info->test_suite_name()) + "." + info->name();
  for (auto& ch : tag)
    if (ch == '/') ch = '_';
  // The pid keeps two suites apart (a release and a sanitizer build, or two worktrees) that run the
  // same test at once: with the test's name alone they shared and removed each other's folders.
  return ::testing::TempDir() + tag + "." + std::to_string(::getpid()) + "." + name;
}

inline std::string temp_file(const std::string& name, const std::string& text) {
  std::string path = unique_path(name);
  std::ofstream(path) << text;
  return path;
}

}  // namespace carve::testing
