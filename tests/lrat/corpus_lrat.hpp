// What the LRAT tests of carve's certificates share: `carve check --keep-proofs` on some case
// files, then for every CNF it kept `carve verify-proof --lrat`, the forward checker on the LRAT
// (must verify) and on one mutant of it (the empty clause's last hint dropped: must not).
#pragma once
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "tests/lrat/forward_checker.hpp"
#include "tests/process.hpp"

namespace carve::lrat_test {

// The last hint of the last line ("<id> 0 h1 ... hk 0") dropped; empty when it has one hint.
inline std::string drop_last_hint_of_last_line(std::string lrat) {
  while (!lrat.empty() && lrat.back() == '\n') lrat.pop_back();
  const auto start = lrat.rfind('\n') + 1;
  std::string last = lrat.substr(start);
  const auto end_zero = last.rfind(" 0");
  const auto before = last.rfind(' ', end_zero - 1);
  if (before == std::string::npos || before <= last.find(" 0")) return {};
  last.erase(before, end_zero - before);
  return lrat.substr(0, start) + last + "\n";
}

// Returns how many certificates were verified (each failure is reported where it happens).
inline int verify_certificates_of(const std::string& carve, const std::string& case_files, const std::string& dir) {
  namespace fs = std::filesystem;
  fs::remove_all(dir);
  const auto check = carve::testing::run_command(carve + " check --keep-proofs " + dir + " -j 2 " + case_files);
  EXPECT_EQ(check.code, 0) << check.out;
  int verified = 0;
  if (!fs::exists(dir)) return 0;
  for (const auto& e : fs::directory_iterator(dir)) {
    if (e.path().extension() != ".cnf") continue;
    const std::string cnf = e.path().string(), proof = fs::path(cnf).replace_extension(".drat").string(),
                      lrat = fs::path(cnf).replace_extension(".lrat").string();
    const auto r = carve::testing::run_command(carve + " verify-proof " + cnf + " " + proof + " --lrat " + lrat);
    EXPECT_EQ(r.code, 0) << r.out;
    const std::string dimacs = carve::testing::file_text(cnf), text = carve::testing::file_text(lrat);
    const auto v = check_lrat(dimacs, text);
    EXPECT_TRUE(v.verified) << cnf << ": " << v.message;
    const std::string mutant = drop_last_hint_of_last_line(text);
    if (!mutant.empty()) {
      EXPECT_FALSE(check_lrat(dimacs, mutant).verified) << cnf;
    }
    verified += v.verified;
  }
  return verified;
}

}  // namespace carve::lrat_test
