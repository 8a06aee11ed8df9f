// Malformed CNF and proof input: every case must raise InputError with a location
// ("name:line:col: ..." or "name:byte N: ...") and never crash or hang.
#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdio>
#include <fstream>
#include <regex>

#include "checkers/drat/drat.hpp"

namespace carve::drat {
namespace {

std::string cnf_error(const std::string& text) {
  try {
    read_cnf(text, "f.cnf");
  } catch (const InputError& e) {
    return e.what();
  }
  return "no error";
}
std::string proof_error(const std::string& text, ProofFormat format = ProofFormat::Auto) {
  try {
    read_proof(text, format, "p.drat");
  } catch (const InputError& e) {
    return e.what();
  }
  return "no error";
}

TEST(DratMalformedCnf, LocatedErrors) {
  struct Case {
    std::string text, expected;  // expected: a prefix "f.cnf:L:C:" and a phrase
  };
  const std::vector<Case> cases = {
      {"", "f.cnf:1:1: missing 'p cnf' header"},
      {"1 2 0\n", "f.cnf:1:1: clause before the 'p cnf' header"},
      {"p dnf 2 1\n1 0\n", "f.cnf:1:3: expected 'p cnf"},
      {"p cnf 2\n1 0\n", "f.cnf:1:8: header is missing the clause count"},
      {"p cnf x 1\n", "f.cnf:1:7: expected variable count"},
      {"p cnf 2 1 7\n1 0\n", "f.cnf:1:11: unexpected text after the header"},
      {"p cnf 2 1\np cnf 2 1\n1 0\n", "f.cnf:2:1: second 'p' header"},
      {"p cnf 2 1\n1 3 0\n", "f.cnf:2:3: literal 3 out of range"},
      {"p cnf 2 1\n1 -3 0\n", "f.cnf:2:3: literal -3 out of range"},
      {"p cnf 2 2\n1 2 0\n", "header declares 2 clauses but the file has 1"},
      {"p cnf 2 1\n1 0\n2 0\n", "f.cnf:3:1: more clauses than the 1 declared"},
      {"p cnf 2 1\n1 2", "f.cnf:2:1: clause not terminated by 0"},
      {"p cnf 2 1\n1 2x 0\n", "f.cnf:2:4: unexpected character 'x' in literal"},
      {"p cnf 2 1\n1 - 0\n", "f.cnf:2:3: expected literal"},
      {"p cnf 2 1\n1 99999999999999999999 0\n", "f.cnf:2:3: literal out of range"},
      {"p cnf 999999999999 1\n1 0\n", "f.cnf:1:7: variable count out of range"},
      {"p cnf 2 1\n%\n0\n", "f.cnf:2:1: unexpected character '%'"},
      {std::string("p cnf 2 1\n1 \x01\x02\xff 0\n"), "f.cnf:2:3: unexpected byte 0x01"},
      {std::string("p cnf 2 1\n1 2\x00 0\n", 17), "f.cnf:2:4: unexpected byte 0x00"},
      {std::string("c \xff\xfe\n"), "f.cnf:1:3: unexpected byte 0xff"},
      {std::string("c \xe4\n"), "f.cnf:1:4: invalid UTF-8 in a comment: byte 0x0a"},  // a lone UTF-8 lead byte (Latin-1 'ä')
      {std::string("c \xc3"), "f.cnf:1:4: a UTF-8 sequence cut short"},
      {std::string("p cnf 1 1\n\xc3\xa4 0\n"), "f.cnf:2:1: unexpected byte 0xc3"},  // UTF-8 only in comments
      {std::string("\x1f\x8b\x08\x00", 4), "f.cnf:1:1: unexpected byte 0x1f"},  // gzip
  };
  for (const Case& c : cases) {
    const std::string got = cnf_error(c.text);
    EXPECT_NE(got.find(c.expected), std::string::npos) << "input: " << c.text << "\n got: " << got;
    EXPECT_TRUE(std::regex_search(got, std::regex("^f\\.cnf:[0-9]+:[0-9]+: "))) << got;
  }
}

TEST(DratMalformedProof, TextLocatedErrors) {
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"1 2 0\n3 4", "p.drat:2:1: truncated proof"},
      {"1 2 0\nd 3", "p.drat:2:1: truncated proof"},
      {"1 2 0\nd", "p.drat:2:1: truncated proof"},
      {"1 x 0\n", "p.drat:1:3: unexpected character 'x'"},
      {"1 2 0\ndd 1 0\n", "p.drat:2:2: expected a space after 'd'"},
      {"1 2 0\n 5 d 0\n", "p.drat:2:4: unexpected character 'd'"},
      {"1 999999999999 0\n", "p.drat:1:3: literal out of range"},
      {"1 --2 0\n", "p.drat:1:3: expected literal"},
  };
  for (const auto& [text, expected] : cases) {
    const std::string got = proof_error(text, ProofFormat::Text);
    EXPECT_NE(got.find(expected), std::string::npos) << "input: " << text << "\n got: " << got;
  }
  // Binary garbage given as text explicitly.
  EXPECT_NE(proof_error(std::string("1 2 \x02 0\n"), ProofFormat::Text).find("p.drat:1:5: unexpected byte 0x02"),
            std::string::npos);
}

TEST(DratMalformedProof, BinaryLocatedErrors) {
  const std::vector<std::pair<std::string, std::string>> cases = {
      {std::string("a\x02\x04", 3), "p.drat:byte 3: truncated proof: step starting at byte 0"},
      {std::string("a\x02\x00" "a", 4), "p.drat:byte 4: truncated proof"},
      {std::string("a\x02\x00" "a\x82", 5), "p.drat:byte 5: truncated proof"},
      {std::string("a\x02\x00" "x\x02\x00", 6), "p.drat:byte 3: expected step marker 'a' (0x61) or 'd' (0x64), got 0x78"},
      {std::string("a\x01\x00", 3), "p.drat:byte 1: invalid literal encoding 1"},
      {std::string("a\xff\xff\xff\xff\x7f\x00", 7), "p.drat:byte 1: literal out of range"},
      {std::string("a\x80\x80\x80\x80\x80\x80\x80\x80\x80\x00", 11), "p.drat:byte 1: literal encoding too long"},
  };
  for (const auto& [bytes, expected] : cases) {
    const std::string got = proof_error(bytes);
    EXPECT_NE(got.find(expected), std::string::npos) << "got: " << got;
  }
}

TEST(DratMalformedProof, CorruptedHeaderByteOfRealBinaryProof) {
  // 'a' replaced by every other byte value: either detected as text and rejected with line:col,
  // or read as binary and rejected at byte 0 -- never accepted as a different proof silently.
  const std::string good("a\x02\x04\x00" "a\x03\x00" "d\x02\x04\x00" "a\x00", 13);
  ASSERT_NO_THROW(read_proof(good));
  for (int b = 0; b < 256; ++b) {
    if (b == 'a' || b == 'd') continue;
    std::string bad = good;
    bad[0] = static_cast<char>(b);
    const std::string got = proof_error(bad);
    EXPECT_TRUE(std::regex_search(got, std::regex("^p\\.drat:(byte [0-9]+|[0-9]+:[0-9]+): "))) << b << ": " << got;
  }
}

TEST(DratMalformedFiles, MissingFileAndLocationsCarryThePath) {
  EXPECT_THROW(read_cnf_file("/nonexistent/x.cnf"), InputError);
  EXPECT_THROW(read_proof_file("/nonexistent/x.drat"), InputError);
  const std::string path = ::testing::TempDir() + "/carve_drat_bad." + std::to_string(::getpid()) + ".cnf";
  {
    std::ofstream out(path);
    out << "p cnf 1 1\n2 0\n";
  }
  try {
    read_cnf_file(path);
    FAIL() << "no error";
  } catch (const InputError& e) {
    EXPECT_EQ(std::string(e.what()), path + ":2:1: literal 2 out of range (header declares 1 variables)");
  }
  std::remove(path.c_str());
}

TEST(DratMalformedInput, RandomBytesNeverCrash) {
  std::uint64_t state = 99;
  auto next = [&] {
    state = state * 6364136223846793005ull + 1442695040888963407ull;
    return static_cast<unsigned>(state >> 56);
  };
  const std::regex proof_location("^<proof>:(byte [0-9]+|[0-9]+:[0-9]+): ");
  const std::regex cnf_location("^<cnf>:[0-9]+:[0-9]+: ");
  const std::string alphabet("0123456789- \n\tdacp\x00\x80\xff", 21);
  for (int round = 0; round < 20000; ++round) {
    std::string s;
    const unsigned len = next() % 40;
    for (unsigned i = 0; i < len; ++i) s += alphabet[next() % alphabet.size()];
    if (round % 2) s = "p cnf 5 3\n" + s;
    for (const auto format : {ProofFormat::Auto, ProofFormat::Text, ProofFormat::Binary}) {
      try {
        read_proof(s, format);
      } catch (const InputError& e) {
        EXPECT_TRUE(std::regex_search(e.what(), proof_location)) << e.what();
      }
    }
    try {
      read_cnf(s);
    } catch (const InputError& e) {
      EXPECT_TRUE(std::regex_search(e.what(), cnf_location)) << e.what();
    }
  }
}

}  // namespace
}  // namespace carve::drat
