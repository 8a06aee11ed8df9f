// The infinite-tree engine (docs/infinite-tree.md) on small questions in the default suite:
// agreement with the depth-bounded SAT engine (engine_agreement.hpp) under every profile, and a
// no-win certified by a DRAT proof that carve's checker accepts.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "rules/elaborate/case.hpp"
#include "rules/elaborate/elaborate.hpp"
#include "engines/solvers/cadical_backend.hpp"
#include "engines/sat/search/certified_cubes.hpp"
#include "engines/solvers/dimacs_writer.hpp"
#include "engines/sat/search/no_win_certificate.hpp"
#include "engines/sat/search/shape_search.hpp"
#include "tests/shape/engine_agreement.hpp"

namespace carve::shape::testing {
namespace {

TEST(ShapeEngine, AgreesWithTheBoundedEngineOnSmallQuestions) {
  for (const char* profile : {"literal", "simple", "trail", "cycle", "lenient"})
    for (const char* target : {"K1", "K2"}) std::printf("%s\n", agree_infinite({profile, target, 1, 4}).c_str());
}

// The certified formula (Lemma 6) must keep every win within K turns: K2 is carved in one turn
// under every profile (bench/infinite/infinite_table.md, each win replayed), so its formulas for
// K = 1 and 2 have models; P3 in two turns under the literal reading, where Aut(P3) has a
// generator and the lex-leader chain must leave a model. (Dropping the frame blocks' guards makes
// the K = 2 formulas ask for a win at frames 0, 1 and 2 at once: unsatisfiable, as S_0 has no
// finite component.)
TEST(ShapeEngine, TheCertifiedFormulaKeepsEveryShorterWin) {
  static const auto spec = elab::load_spec("spec/binary_tree.carve");
  struct Q {
    const char* profile;
    const char* target;
    int turns;
  };
  for (const Q q : {Q{"literal", "K2", 1}, Q{"literal", "K2", 2}, Q{"simple", "K2", 2}, Q{"trail", "K2", 2}, Q{"cycle", "K2", 2}, Q{"lenient", "K2", 2},
                    Q{"literal", "P3", 2}}) {
    elab::Settings s;
    s.profile = {q.profile, {}};
    s.depth = elab::Located<int>{1, {}};
    const auto game = elab::elaborate(spec, s);
    encoder::DimacsRecorder rec;
    encoder::shape_no_win_formula(game, model::parse_target_auto(q.target), q.turns, std::nullopt, nullptr, rec);
    encoder::CadicalBackend solver;
    rec.replay_into(solver);
    EXPECT_EQ(solver.solve({}), encoder::SolveStatus::Sat) << q.profile << " " << q.target << " k=" << q.turns;
  }
}

TEST(ShapeEngine, CertifiesANoWinOnTheInfiniteTree) {
  // P3 cannot be carved in one turn on the infinite tree: one collapse removes a connected set of
  // tree edges around the root, e_new and a connected set around its far end (walk_collapse.cpp),
  // which leaves no finite component with an edge but e_new's own -- gone with the collapse.
  static const auto spec = elab::load_spec("spec/binary_tree.carve");
  elab::Settings s;
  s.depth = elab::Located<int>{1, {}};
  const auto game = elab::elaborate(spec, s);
  encoder::ShapeOptions so;
  so.max_turns = 1;
  const auto base = (std::filesystem::temp_directory_path() / "carve_shape_p3").string();
  so.proof = encoder::ProofRequest{base, true};
  const auto r = encoder::shape_search(game, model::parse_target_auto("P3"), so);
  ASSERT_EQ(r.result.verdict, answer::Verdict::NoWin) << r.result.reason;
  ASSERT_TRUE(r.certificate);
  EXPECT_TRUE(r.certificate->accepted()) << r.certificate->message;
  EXPECT_EQ(r.nodes, r.bound);
  std::filesystem::remove(base + ".cnf");
  std::filesystem::remove(base + ".drat");
}

// The binary tree under trail, elaborated once for the certificate tests below.
const model::Game& trail_tree() {
  static const auto spec = elab::load_spec("spec/binary_tree.carve");
  static const model::Game game = [] {
    elab::Settings s;
    s.profile = {"trail", {}};
    s.depth = elab::Located<int>{1, {}};
    return elab::elaborate(spec, s);
  }();
  return game;
}

// The certificate is first the formula of the rules alone, refuted before any search
// (ShapeOptions::Certify::RulesFirst); AfterSearch certifies the formula with the search's
// lemmas. K3 within 2 under trail has no win (K3 needs three turns under every profile:
// bench/infinite/infinite_table.md, each win replayed, the bounded engine agreeing at depths
// 4-8), and the search refutes each frame without meeting a model, so it learns no lemma: both
// routes must certify the very same bytes, which is what lets verify-certificate rebuild a
// lemma-free certificate without the search. Within 3 turns the rules-alone formula has a model
// (the win), so the search runs and answers with the shortest win.
TEST(ShapeEngine, CertifiesWithTheRulesAloneBeforeAnySearch) {
  const model::Game& game = trail_tree();
  const auto target = model::parse_target_auto("K3");
  const auto dir = std::filesystem::temp_directory_path();
  auto certify = [&](int turns, encoder::ShapeOptions::Certify how, const std::string& name, bool formula_only = false) {
    encoder::ShapeOptions so;
    so.max_turns = turns;
    so.certify = how;
    so.proof = encoder::ProofRequest{(dir / name).string(), true, formula_only};
    return encoder::shape_search(game, target, so);
  };
  using How = encoder::ShapeOptions::Certify;
  const auto first = certify(2, How::RulesFirst, "carve_rules_first_k3");
  ASSERT_EQ(first.result.verdict, answer::Verdict::NoWin) << first.result.reason;
  ASSERT_TRUE(first.certificate && first.certificate->accepted()) << (first.certificate ? first.certificate->message : "none");
  EXPECT_EQ(first.solver_calls, 0);
  EXPECT_EQ(first.certificate->stability_lemmas, 0u);

  const auto after = certify(2, How::AfterSearch, "carve_after_search_k3");
  ASSERT_EQ(after.result.verdict, answer::Verdict::NoWin) << after.result.reason;
  ASSERT_TRUE(after.certificate && after.certificate->accepted()) << (after.certificate ? after.certificate->message : "none");
  EXPECT_GT(after.solver_calls, 0);
  EXPECT_EQ(after.lemmas, 0u);
  EXPECT_EQ(after.certificate->cnf_sha256, first.certificate->cnf_sha256);

  const auto rebuilt = certify(2, How::RulesFirst, "carve_rebuilt_k3", true);
  ASSERT_TRUE(rebuilt.certificate);
  EXPECT_EQ(rebuilt.certificate->status, encoder::NoWinCertificate::Status::FormulaOnly);
  EXPECT_EQ(rebuilt.solver_calls, 0);
  EXPECT_EQ(rebuilt.certificate->cnf_sha256, first.certificate->cnf_sha256);

  const auto win = certify(3, How::RulesFirst, "carve_rules_first_k3_win");
  ASSERT_EQ(win.result.verdict, answer::Verdict::Win) << win.result.reason;
  EXPECT_EQ(win.result.turns, 3);
  EXPECT_GT(win.solver_calls, 0);
  for (const char* name : {"carve_rules_first_k3", "carve_after_search_k3", "carve_rules_first_k3_win"})
    for (const char* ext : {".cnf", ".drat"}) std::filesystem::remove(dir / (std::string(name) + ext));
}

// Coverage by enumeration, independently of how collapse_cubes makes its cubes: for a block of
// two turns (selector 7, collapse literals 3 and 5) the five cubes are ¬7 and 7 with each sign
// pattern of 3 and 5, turn 1's first; every one of the 8 assignments satisfies exactly one of
// them (so the parts do not overlap either), and without one cube, uncovered() returns an
// assignment that satisfies the missing cube and no other.
TEST(CertifiedCubes, CollapseCubesCoverEveryAssignmentOnce) {
  encoder::CertifiedBlock first{1, 2, {4}, {6}}, last{2, 7, {3, 5}, {8, 9}};
  const auto cubes = encoder::collapse_cubes({first, last});
  const std::vector<encoder::Cube> expected{{-7}, {7, -3, -5}, {7, -3, 5}, {7, 3, -5}, {7, 3, 5}};
  EXPECT_EQ(cubes, expected);
  EXPECT_FALSE(encoder::uncovered(cubes));
  for (int a = 0; a < 8; ++a) {
    const auto holds = [&](int l) { const int bit = l == 7 || l == -7 ? 4 : l == 3 || l == -3 ? 2 : 1; return ((a & bit) != 0) == (l > 0); };
    int satisfied = 0;
    for (const auto& c : cubes) satisfied += std::all_of(c.begin(), c.end(), holds) ? 1 : 0;
    EXPECT_EQ(satisfied, 1) << "assignment " << a;
  }
  for (std::size_t drop = 0; drop < cubes.size(); ++drop) {
    auto fewer = cubes;
    fewer.erase(fewer.begin() + static_cast<std::ptrdiff_t>(drop));
    const auto gap = encoder::uncovered(fewer);
    ASSERT_TRUE(gap) << "without cube " << drop;
    for (const int l : cubes[drop]) EXPECT_NE(std::find(gap->begin(), gap->end(), l), gap->end()) << "without cube " << drop;
  }
  EXPECT_TRUE(encoder::uncovered({}));  // no cube covers nothing
  EXPECT_THROW(encoder::uncovered({{1, 0}}), std::invalid_argument);
}

// The whole file but its 'c' lines, as lines.
std::vector<std::string> dimacs_lines(const std::filesystem::path& path) {
  std::ifstream in(path);
  std::vector<std::string> lines;
  for (std::string line; std::getline(in, line);)
    if (line.rfind("c ", 0) != 0) lines.push_back(line);
  return lines;
}

// By parts, K3 within 2 under trail (no win: see the test above) is certified as a whole: five
// parts (frames 0-1, then frame 2's four collapse patterns), each refuted and checked, and each
// part's CNF is the whole certificate's CNF with its cube's literals as unit clauses after the
// formula's own clauses -- the same formula, so the parts' refutations refute it.
TEST(ShapeEngine, CertifiesByPartsTheFormulaTheWholeCertificateRefutes) {
  const model::Game& game = trail_tree();
  const auto target = model::parse_target_auto("K3");
  const auto dir = std::filesystem::temp_directory_path();
  auto certify = [&](bool by_parts, const std::string& name, bool formula_only = false, int jobs = 1) {
    encoder::ShapeOptions so;
    so.max_turns = 2;
    so.by_parts = by_parts;
    so.proof = encoder::ProofRequest{(dir / name).string(), true, formula_only, jobs};
    return encoder::shape_search(game, target, so);
  };
  const auto whole = certify(false, "carve_whole_k3");
  ASSERT_TRUE(whole.certificate && whole.certificate->accepted()) << (whole.certificate ? whole.certificate->message : "none");
  const auto parts = certify(true, "carve_parts_k3");
  ASSERT_EQ(parts.result.verdict, answer::Verdict::NoWin) << parts.result.reason;
  ASSERT_TRUE(parts.certificate && parts.certificate->accepted()) << (parts.certificate ? parts.certificate->message : "none");
  EXPECT_EQ(parts.solver_calls, 0);
  ASSERT_EQ(parts.certificate->parts.size(), 5u);
  EXPECT_EQ(parts.certificate->clauses, whole.certificate->clauses);
  const auto formula = dimacs_lines(whole.certificate->cnf_path);
  ASSERT_FALSE(formula.empty());
  std::size_t lemmas = 0;
  for (std::size_t i = 0; i < parts.certificate->parts.size(); ++i) {
    const auto& part = parts.certificate->parts[i];
    EXPECT_TRUE(part.accepted()) << i << ": " << part.message;
    EXPECT_EQ(part.cnf_path, (dir / ("carve_parts_k3.part-0" + std::to_string(i) + ".cnf")).string());
    const auto lines = dimacs_lines(part.cnf_path);
    ASSERT_EQ(lines.size(), formula.size() + part.cube.size()) << i;
    EXPECT_EQ(lines[0], "p cnf " + std::to_string(whole.certificate->variables) + " " +
                            std::to_string(whole.certificate->clauses + part.cube.size()));
    EXPECT_TRUE(std::equal(formula.begin() + 1, formula.end(), lines.begin() + 1)) << i;
    for (std::size_t u = 0; u < part.cube.size(); ++u) EXPECT_EQ(lines[formula.size() + u], std::to_string(part.cube[u]) + " 0");
    lemmas += part.proof_lemmas;
  }
  EXPECT_EQ(parts.certificate->proof_lemmas, lemmas);
  EXPECT_EQ(parts.certificate->parts.front().cube, encoder::Cube{-parts.certificate->parts.back().cube.front()});

  const auto rebuilt = certify(true, "carve_rebuilt_parts_k3", true);
  ASSERT_TRUE(rebuilt.certificate);
  EXPECT_EQ(rebuilt.certificate->status, encoder::NoWinCertificate::Status::FormulaOnly);
  ASSERT_EQ(rebuilt.certificate->parts.size(), 5u);
  for (std::size_t i = 0; i < 5; ++i) EXPECT_EQ(rebuilt.certificate->parts[i].cnf_sha256, parts.certificate->parts[i].cnf_sha256);

  // On two threads: the same parts, in cube order, each refuted and checked afresh.
  const auto threaded = certify(true, "carve_threaded_parts_k3", false, 2);
  ASSERT_TRUE(threaded.certificate && threaded.certificate->accepted()) << (threaded.certificate ? threaded.certificate->message : "none");
  ASSERT_EQ(threaded.certificate->parts.size(), 5u);
  for (std::size_t i = 0; i < 5; ++i) {
    const auto& p = threaded.certificate->parts[i];
    EXPECT_EQ(p.cube, parts.certificate->parts[i].cube) << i;
    EXPECT_EQ(p.cnf_sha256, parts.certificate->parts[i].cnf_sha256) << i;
    EXPECT_FALSE(p.reused) << i;
    EXPECT_EQ(p.cnf_path, (dir / ("carve_threaded_parts_k3.part-0" + std::to_string(i) + ".cnf")).string());
  }
  for (const auto* c : {&parts, &threaded})
    for (const auto& p : c->certificate->parts)
      for (const auto& f : {p.cnf_path, p.proof_path, encoder::beside_cnf(p.cnf_path, ".accepted.json")}) std::filesystem::remove(f);
  for (const char* ext : {".cnf", ".drat"}) std::filesystem::remove(dir / (std::string("carve_whole_k3") + ext));
}

// A part that is not accepted stops the taking of new parts: on two threads at most the part
// running beside it was tried, always a prefix of the cubes, and the certificate names the first
// part in cube order that failed.
TEST(ShapeEngine, APartThatFailsStopsNewPartsOnEveryThread) {
  const model::Game& game = trail_tree();
  const auto target = model::parse_target_auto("K3");
  for (int jobs : {1, 2}) {
    encoder::ShapeOptions so;
    so.max_turns = 2;
    so.by_parts = true;
    so.proof = encoder::ProofRequest{(std::filesystem::temp_directory_path() / "carve-no-such-folder" / "k3").string(), true, false, jobs};
    const auto r = encoder::shape_search(game, target, so);
    ASSERT_TRUE(r.certificate);
    EXPECT_EQ(r.certificate->status, encoder::NoWinCertificate::Status::CannotWrite) << jobs;
    ASSERT_GE(r.certificate->parts.size(), 1u);
    EXPECT_LE(r.certificate->parts.size(), static_cast<std::size_t>(jobs)) << jobs;
    for (const auto& p : r.certificate->parts) EXPECT_EQ(p.status, encoder::NoWinCertificate::Status::CannotWrite);
    EXPECT_EQ(r.certificate->message.rfind("part 0 of 5 (the cube ", 0), 0u) << r.certificate->message;
    EXPECT_EQ(r.certificate->message.find("kept for a later run"), std::string::npos) << r.certificate->message;
  }
}

}  // namespace
}  // namespace carve::shape::testing
