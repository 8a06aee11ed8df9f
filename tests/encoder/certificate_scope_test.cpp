// The scope of a certified 001 no-win (engines/sat/hypergraph/hyper_scope.hpp,
// certificate_cut) and the two ways its formula may go beyond "every tuple of
// the whole universe, every collapse path":
// - past kWholeUniverseTuples the formula is over the search's reduced scope,
// and the certificate
//   states the scope theorem as its trust base;
// - where the search's no-win came from the over-approximated collapses, the
// certified formula
//   over-approximates them too (every legal play is still a model).
// Expected answers come from explicit search (a second engine) and from the
// counts worked out in the comments; the whole-universe formula is the
// reference for the reduced one.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>

#include "engines/explicit/explicit_search.hpp"
#include "engines/sat/hypergraph/hyper_scope.hpp"
#include "engines/sat/search/no_win_certificate.hpp"
#include "engines/sat/search/sat_search.hpp"
#include "engines/solvers/cadical_backend.hpp"
#include "rules/elaborate/case.hpp"
#include "tests/encoder/hypergraph_agree.hpp"

namespace carve::encoder {
namespace {

std::string temp_base(const std::string& name) {
  const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
  return ::testing::TempDir() + info->test_suite_name() + "." + info->name() + "." + std::to_string(::getpid()) + "." + name;
}

std::string read_all(const std::string& path) {
  std::ifstream in(path);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

std::size_t virtual_tuples(const HyperScope& sc) { return sc.elements.size() - sc.inherent_count; }

TEST(CertificateScope, WholeUniverseTuplesBoundTheWholeScope) {
  // Under virtual-scope=universe every tuple over F* but E_Ω is allowed
  // (NoWinCertificate001. FormulaCoversTheWholeUniverse): the bound counts
  // E_Ω's tuples too, so it is the element count.
  const auto c = elab::load_case("cases/triangle/path3_simple.case");
  EXPECT_EQ(whole_universe_tuples(c.game), hyper_scope(c.game, 2, ScopeCut::WholeUniverse).elements.size());
  // With formulas outside F* (lenient), the construction rule refuses some
  // tuples: a bound.
  for (const std::string profile : {"lenient", "literal", "simple"}) {
    World w;
    w.profile = profile;
    const auto game = triangle(w);
    const auto whole = hyper_scope(game, 2, ScopeCut::WholeUniverse);
    EXPECT_LE(virtual_tuples(whole), whole_universe_tuples(game)) << profile;
    EXPECT_LE(hyper_scope(game, 2).elements.size(), whole.elements.size()) << profile;
  }
}

TEST(CertificateScope, CorpusCertificatesStayOverTheWholeUniverse) {
  // The corpus's certified 001 cases keep IV.1 (F* only): below the bound, so
  // their certificates carry no argument outside the proof.
  for (const std::string path : {"cases/triangle/path3_simple.case", "cases/triangle/triple_edge_literal_3vars.case",
                                 "cases/triangle/triple_edge_4vars_k4.case", "cases/triangle/triple_edge_6vars_k4.case"}) {
    const auto c = elab::load_case(path);
    EXPECT_EQ(certificate_cut(c.game), ScopeCut::WholeUniverse) << path << ": " << whole_universe_tuples(c.game) << " tuples";
  }
  // IV.1 relaxed on three variables of one sort: 3 variables give 27 Δ and 27 ∇
  // formulas, and the five-slot operator Θ(∇, Δ, Δ, Δ, Δ) alone has 27^5 =
  // 14,348,907 tuples: far past the bound.
  auto c = elab::load_case("cases/triangle/triple_edge_literal_3vars.case");
  c.game.rules.reading.set(model::Switch::VirtualScope, "formulas");
  EXPECT_GE(whole_universe_tuples(c.game), std::size_t{14348907});
  EXPECT_EQ(certificate_cut(c.game), ScopeCut::Reduced);
}

// The reduced scope's certified formula is satisfiable exactly when the whole
// universe's is, and when explicit search finds a win: the scope theorem,
// checked where both fit. Both formulas take the search's stability lemmas
// (without them a simple path's "stable only when ℛ = ∅" is open,
// hypergraph_encoding.hpp), as a certificate does.
TEST(ReducedScopeCertificate, AgreesWithTheWholeUniverseAndExplicitSearch) {
  const std::vector<std::string> targets{"{a,b},{a,b}", "{a,b},{a,b},{a,b}", "{a,b},{b,c}", "{a,b,c}"};
  int wins = 0, no_wins = 0;
  // Over F* (path3_simple's world of two variables, and three): the reduced
  // scope keeps two tuples per vertex set of the whole universe's up to five,
  // and the first blocks of each class
  // (NoWinCertificate001.FormulaCoversTheWholeUniverse). Formulas outside F*
  // are left to the slow program: with them even two variables make formulas
  // that take minutes.
  World three;
  three.variables = {{"a", "t"}, {"b", "t"}, {"c", "t"}};
  for (const auto& game : {elab::load_case("cases/triangle/path3_simple.case").game, triangle(three)})
    for (const auto& t : targets) {
      ASSERT_LT(hyper_scope(game, 2).elements.size(), hyper_scope(game, 2, ScopeCut::WholeUniverse).elements.size());
      const auto target = model::parse_target_auto(t);
      for (int k = 1; k <= 2; ++k) {
        SCOPED_TRACE(fmt::format("{} k={}", t, k));
        search::Options eo;
        eo.max_turns = k;
        const auto exp = search::explicit_search(game, target, eo);
        ASSERT_NE(exp.verdict, answer::Verdict::Unknown);
        const bool win = exp.verdict == answer::Verdict::Win;
        std::map<ScopeCut, bool> satisfiable;
        SatOptions so;
        so.max_turns = k;
        so.finally = [&](FrameEncoding& enc) {
          const auto& hyper = dynamic_cast<const HypergraphEncoding&>(enc);
          for (const auto cut : {ScopeCut::Reduced, ScopeCut::WholeUniverse}) {
            DimacsRecorder rec;
            const auto f = no_win_formula_001(game, target, k, 0, &hyper, rec, nullptr, cut);
            EXPECT_TRUE(f.uncovered().empty()) << f.uncovered();
            EXPECT_EQ(f.scope.by_symmetry, cut == ScopeCut::Reduced);
            CadicalBackend solver;
            rec.replay_into(solver);
            satisfiable[cut] = solver.solve({}) == SolveStatus::Sat;
          }
        };
        const auto sat = sat_search(game, target, so);
        ASSERT_EQ(sat.result.verdict, exp.verdict) << sat.result.reason;
        ASSERT_EQ(satisfiable.size(), 2u);
        EXPECT_EQ(satisfiable[ScopeCut::Reduced], win);
        EXPECT_EQ(satisfiable[ScopeCut::WholeUniverse], win);
        (win ? wins : no_wins) += 1;
      }
    }
  EXPECT_GT(wins, 0);
  EXPECT_GT(no_wins, 0);
}

TEST(ReducedScopeCertificate, IsAcceptedAndStatesItsTheorem) {
  // Three parallel edges on two formulas: U holds at most two tuples on a pair
  // {∇, Δ} (Θ and Ω), outside formulas or not, so no play reaches them
  // (explicit search agrees below).
  World w;
  w.sets = {{"virtual-scope", "formulas"}};
  const auto game = triangle(w);
  const auto target = model::parse_target_auto("{a,b},{a,b},{a,b}");
  search::Options eo;
  eo.max_turns = 2;
  ASSERT_EQ(search::explicit_search(game, target, eo).verdict, answer::Verdict::NoWin);
  DimacsRecorder rec;
  const auto f = no_win_formula_001(game, target, 2, 0, nullptr, rec, nullptr, ScopeCut::Reduced);
  ProofRequest request{temp_base("reduced"), true};
  model::Budget budget;
  const auto cert = certify_formula(game, target, 2, rec, f, request, budget);
  ASSERT_TRUE(cert.accepted()) << status_name(cert.status) << ": " << cert.message;
  const std::string cnf = read_all(cert.cnf_path);
  EXPECT_NE(cnf.find("the scope theorem of engines/sat/hypergraph/hyper_scope.cpp"), std::string::npos) << cnf.substr(0, 600);
  std::filesystem::remove(cert.cnf_path);
  std::filesystem::remove(cert.proof_path);
}

TEST(OverApproximatedCertificate, KeepsEveryPlayAModel) {
  // The certified formula with its collapses over-approximated (certify_no_win where the search's
  // no-win came from the over-approximation; accepted, and re-derived by verify-certificate, in
  // CertificateManifest.OverApproximatedCollapsesAreSaidAndRederived) must keep every legal play a
  // model: under lenient (walks, formulas outside F*) a path of two edges, which explicit search
  // reaches in two turns and not fewer, stays satisfiable at that bound -- over the whole universe
  // and over the reduced scope.
  World w;
  w.profile = "lenient";
  const auto game = triangle(w);
  const auto two = model::parse_target_auto("{a,b},{b,c}");
  search::Options eo;
  eo.max_turns = 2;
  const auto exp = search::explicit_search(game, two, eo);
  ASSERT_EQ(exp.verdict, answer::Verdict::Win);
  ASSERT_EQ(exp.turns, 2);
  for (const auto cut : {ScopeCut::WholeUniverse, ScopeCut::Reduced}) {
    DimacsRecorder rec;
    const auto f = no_win_formula_001(game, two, *exp.turns, 0, nullptr, rec, nullptr, cut, HypergraphEncoding::Collapses::AnyRemoval);
    EXPECT_TRUE(f.scope.collapses_over_approximated);
    EXPECT_TRUE(f.uncovered().empty()) << f.uncovered();
    CadicalBackend solver;
    rec.replay_into(solver);
    EXPECT_EQ(solver.solve({}), SolveStatus::Sat);
  }
}

}  // namespace
}  // namespace carve::encoder
