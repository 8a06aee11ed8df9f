// Dyadic arithmetic and the simplest-number rule.
#include <gtest/gtest.h>

#include "questions/games/dyadic.hpp"

using namespace carve::games;

namespace {
Dyadic q(long n, int e) { return Dyadic::make(n, e); }
}  // namespace

TEST(Dyadic, NormalFormAndArithmetic) {
  EXPECT_EQ(q(2, 2), q(1, 1));  // 2/4 = 1/2
  EXPECT_EQ(q(4, 2), Dyadic(1));
  EXPECT_EQ(q(1, 1) + q(1, 2), q(3, 2));        // 1/2 + 1/4 = 3/4
  EXPECT_EQ(q(1, 1) - Dyadic(1), -q(1, 1));     // 1/2 - 1 = -1/2
  EXPECT_EQ((q(3, 2) + q(1, 2)), Dyadic(1));    // 3/4 + 1/4 = 1
  EXPECT_LT(q(-3, 1), Dyadic(-1));              // -3/2 < -1
  EXPECT_GT(q(5, 3), q(1, 1));                  // 5/8 > 1/2
  EXPECT_EQ(q(-3, 1).floor(), -2);
  EXPECT_EQ(q(-3, 1).ceil(), -1);
  EXPECT_EQ(q(7, 2).str(), "7/4");
  EXPECT_EQ(Dyadic(-5).str(), "-5");
  EXPECT_THROW(Dyadic::make(1, 200), std::overflow_error);
}

TEST(Dyadic, SimplestNumberRuleBoundaryCases) {
  EXPECT_EQ(simplest_between(std::nullopt, std::nullopt), Dyadic(0));  // {|} = 0
  EXPECT_EQ(simplest_between(Dyadic(3), std::nullopt), Dyadic(4));     // {3|} = 4
  EXPECT_EQ(simplest_between(std::nullopt, Dyadic(-3)), Dyadic(-4));   // {|-3} = -4
  EXPECT_EQ(simplest_between(Dyadic(-2), std::nullopt), Dyadic(0));    // 0 is simpler than anything > -2
  EXPECT_EQ(simplest_between(q(1, 1), std::nullopt), Dyadic(1));       // {1/2|} = 1
}

TEST(Dyadic, SimplestNumberRuleDocumentExamples) {
  EXPECT_EQ(simplest_between(Dyadic(0), Dyadic(1)), q(1, 1));         // 004: {0|1} = 1/2
  EXPECT_EQ(simplest_between(Dyadic(-2), q(-1, 1)), Dyadic(-1));      // 004: {-2|-1/2} = -1
  EXPECT_EQ(simplest_between(Dyadic(-4), Dyadic(1)), Dyadic(0));      // 004 Cutcake {-4|1} = 0
  EXPECT_EQ(simplest_between(Dyadic(-6), Dyadic(0)), Dyadic(-1));     // 004 Cutcake {-6|0} = -1
  EXPECT_EQ(simplest_between(q(1, 1), Dyadic(1)), q(3, 2));           // {1/2|1} = 3/4
  EXPECT_EQ(simplest_between(q(1, 2), q(3, 3)), q(5, 4));             // {1/4|3/8}: 5/16 (i = 4 first fit)
  EXPECT_EQ(simplest_between(q(1, 1), Dyadic(5)), Dyadic(1));         // first integer above 1/2
  EXPECT_THROW(simplest_between(Dyadic(1), Dyadic(1)), std::invalid_argument);
}

TEST(Dyadic, DocumentRuleAgreesOnTwoSidedButNotOnOneSided) {
  for (int a = -24; a <= 24; ++a)
    for (int b = a + 1; b <= 24; ++b)
      EXPECT_EQ(simplest_doc004(q(a, 2), q(b, 2)), simplest_between(q(a, 2), q(b, 2))) << a << " " << b;
  EXPECT_EQ(simplest_doc004(Dyadic(2), std::nullopt), Dyadic(3));
  EXPECT_NE(simplest_doc004(Dyadic(-2), std::nullopt), simplest_between(Dyadic(-2), std::nullopt));
}

TEST(Dyadic, SignExpansionRoundTrip) {
  // 3/4 = + - + (stalk blue, red, blue: 1 - 1/2 + 1/4).
  EXPECT_EQ(sign_expansion(q(3, 2)), (std::vector<int>{1, -1, 1}));
  EXPECT_EQ(sign_expansion(Dyadic(-2)), (std::vector<int>{-1, -1}));
  for (int n = -40; n <= 40; ++n) {
    Dyadic x = q(n, 3);
    EXPECT_EQ(from_sign_expansion(sign_expansion(x)), x) << x.str();
  }
  // Sign expansion of x has length = birthday of x; the simplest number in an interval has the
  // shortest expansion: check it against brute force over all x = k/8.
  for (int a = -20; a <= 20; ++a)
    for (int b = a + 1; b <= 20; ++b) {
      std::size_t best = 1000;
      for (int x = a * 8 + 1; x < b * 8; ++x) best = std::min(best, sign_expansion(q(x, 6)).size());
      EXPECT_EQ(sign_expansion(simplest_between(q(a, 3), q(b, 3))).size(), best);
    }
}
