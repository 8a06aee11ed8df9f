// Certified no-win answers (engines/sat/search/no_win_certificate.hpp): the DIMACS writer against
// checkers/drat's reader, SHA-256 against the FIPS 180-2 test vectors, and certificates of corpus
// no-win cases -- accepted by the checker, naming the file they were written to, and about a
// formula that is not unsatisfiable for a trivial reason (without its "some frame is won" clause
// it has models, and at a bound where the target is reachable the same construction is SAT).
// For document 001 the formula is over the case's whole universe: its size is checked against
// the tuples of U, the search's lemmas carry over, and it says when the reduction cut nothing.
// Cnf's own building blocks (repeated literals, tautologies, at_least) are checked here too.
#include <gtest/gtest.h>

#include <cadical.hpp>

#include <algorithm>
#include <filesystem>
#include <functional>
#include <optional>
#include <fstream>
#include <sstream>
#include <string>

#include <unistd.h>

#include "checkers/drat/drat.hpp"
#include "rules/elaborate/case.hpp"
#include "engines/solvers/cadical_backend.hpp"
#include "engines/solvers/cnf.hpp"
#include "engines/sat/hypergraph/hyper_scope.hpp"
#include "engines/sat/hypergraph/hypergraph_encoding.hpp"
#include "engines/sat/search/no_win_certificate.hpp"
#include "engines/sat/search/sat_search.hpp"
#include "foundations/files/sha256.hpp"
#include "rules/model/semantics.hpp"
#include "rules/model/target.hpp"
#include "tests/encoder/hypergraph_agree.hpp"
#include "tests/model/fixtures.hpp"
#include "tests/process.hpp"

namespace carve::encoder {
namespace {

std::string temp_base(const std::string& name) {
  const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
  // The process id keeps two suites run at once on one machine (two build folders) apart.
  std::string tag = std::string(info->test_suite_name()) + "." + info->name() + "." + std::to_string(::getpid()) + "." + name;
  for (auto& ch : tag)
    if (ch == '/') ch = '_';
  return ::testing::TempDir() + tag;
}

// CaDiCaL on a drat::Cnf: 10 SAT, 20 UNSAT.
int solve(const drat::Cnf& cnf) {
  CaDiCaL::Solver s;
  for (std::size_t i = 0; i < cnf.num_clauses(); ++i) {
    for (std::size_t k = cnf.offsets[i]; k < cnf.offsets[i + 1]; ++k) s.add(cnf.lits[k]);
    s.add(0);
  }
  return s.solve();
}

TEST(Sha256, FipsTestVectors) {
  EXPECT_EQ(parser::sha256_hex(""), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
  EXPECT_EQ(parser::sha256_hex("abc"), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  EXPECT_EQ(parser::sha256_hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"),
            "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
}

// Piece by piece, at every cut, and through a file, the digest is the one-shot one; a long hash
// calls its poll between blocks of 1 MiB (never after the last), and a poll that throws stops it.
TEST(Sha256, PiecesBlocksAndFilesGiveTheOneShotDigest) {
  const std::string abc = "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq";
  for (std::size_t cut = 0; cut <= abc.size(); ++cut) {
    parser::Sha256 sha;
    sha.update(std::string_view(abc).substr(0, cut));
    EXPECT_EQ(sha.hex(), parser::sha256_hex(abc.substr(0, cut)));  // mid-way: the prefix's, and it goes on
    sha.update(std::string_view(abc).substr(cut));
    EXPECT_EQ(sha.hex(), "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
  }
  std::string big(5 * (std::size_t{1} << 19) + 7, 'x');  // 2.5 MiB and 7 bytes: three blocks
  for (std::size_t i = 0; i < big.size(); i += 4093) big[i] = static_cast<char>('a' + i % 26);
  int polls = 0;
  const std::string digest = parser::sha256_hex(big, [&polls] { ++polls; });
  EXPECT_EQ(polls, 2);
  parser::Sha256 sha;
  for (std::size_t at = 0; at < big.size(); at += 100000) sha.update(std::string_view(big).substr(at, 100000));
  EXPECT_EQ(sha.hex(), digest);
  const std::string path = temp_base("big.bin");
  std::ofstream(path, std::ios::binary) << big;
  polls = 0;
  EXPECT_EQ(parser::file_sha256_hex(path, [&polls] { ++polls; }), digest);
  EXPECT_EQ(polls, 2);
  struct Stop {};
  EXPECT_THROW(parser::file_sha256_hex(path, [] { throw Stop{}; }), Stop);
  EXPECT_THROW(parser::sha256_hex(big, [] { throw Stop{}; }), Stop);
  std::filesystem::remove(path);
}

TEST(DimacsRecorder, WrittenFormulaReadsBackClauseForClause) {
  DimacsRecorder rec;
  const int a = rec.new_var(), b = rec.new_var(), c = rec.new_var();
  const std::vector<std::vector<int>> clauses{{a, -b}, {b, c, -a}, {-c}, {}};
  for (const auto& cl : clauses) rec.add_clause(cl);
  std::ostringstream out;
  rec.write_dimacs(out, {"a comment"});
  const drat::Cnf cnf = drat::read_cnf(out.str());
  EXPECT_EQ(cnf.num_vars, 3);
  ASSERT_EQ(cnf.num_clauses(), clauses.size());
  for (std::size_t i = 0; i < clauses.size(); ++i)
    EXPECT_EQ(std::vector<int>(cnf.lits.begin() + static_cast<std::ptrdiff_t>(cnf.offsets[i]),
                               cnf.lits.begin() + static_cast<std::ptrdiff_t>(cnf.offsets[i + 1])),
              clauses[i]);
  EXPECT_THROW(rec.add_clause({4}), std::logic_error);  // variable never handed out
  EXPECT_THROW(rec.solve({}), std::logic_error);
}

// The clauses as written, read back: each one's literals.
std::vector<std::vector<int>> read_back(const DimacsRecorder& rec) {
  std::ostringstream out;
  rec.write_dimacs(out);
  const drat::Cnf cnf = drat::read_cnf(out.str());
  std::vector<std::vector<int>> clauses;
  for (std::size_t i = 0; i < cnf.num_clauses(); ++i)
    clauses.emplace_back(cnf.lits.begin() + static_cast<std::ptrdiff_t>(cnf.offsets[i]),
                         cnf.lits.begin() + static_cast<std::ptrdiff_t>(cnf.offsets[i + 1]));
  return clauses;
}

// A repeated literal is written once (first occurrences, in order); a clause with a literal and
// its negation holds under every assignment and is dropped, not counted; the guard counts as a
// literal of the clause. Long clauses (past the pairwise scan) are treated the same.
TEST(Cnf, RepeatedLiteralsWrittenOnceTautologiesDropped) {
  DimacsRecorder rec;
  Cnf cnf(rec);
  std::vector<int> v;
  for (int i = 0; i < 30; ++i) v.push_back(cnf.var());
  const std::size_t before = cnf.clauses();
  cnf.clause({v[0], v[1], v[0]});
  cnf.clause({v[0], -v[0], v[2]});
  std::vector<int> long_clause(v.begin(), v.begin() + 20);
  long_clause.push_back(v[3]);
  cnf.clause(long_clause);
  std::vector<int> long_tautology(v.begin(), v.begin() + 20);
  long_tautology.push_back(-v[19]);
  cnf.clause(long_tautology);
  {
    Cnf::Guard g(cnf, v[5]);
    cnf.clause({v[4], v[5]});
    cnf.clause({v[4], -v[5]});
  }
  EXPECT_EQ(cnf.clauses() - before, 3u);
  const auto clauses = read_back(rec);
  ASSERT_EQ(clauses.size(), before + 3);
  EXPECT_EQ(clauses[before], (std::vector<int>{v[0], v[1]}));
  EXPECT_EQ(clauses[before + 1], std::vector<int>(v.begin(), v.begin() + 20));
  EXPECT_EQ(clauses[before + 2], (std::vector<int>{v[4], v[5]}));
}

// at_least: at[i] is true exactly when at least i of the literals are -- true, so that a real
// count never violates encode_shape_bound's "at most nu successions, or else" clauses, and false
// below, so that they bind: every assignment of four literals, every i, asked of CaDiCaL with
// at[i] assumed false and assumed true.
TEST(Cnf, AtLeastIsTrueExactlyFromItsCount) {
  CadicalBackend backend;
  Cnf cnf(backend);
  std::vector<int> x;
  for (int i = 0; i < 4; ++i) x.push_back(cnf.var());
  const auto at = cnf.at_least(x);
  ASSERT_EQ(at.size(), 5u);
  for (int bits = 0; bits < 16; ++bits) {
    std::vector<int> assume;
    int count = 0;
    for (int i = 0; i < 4; ++i) {
      const bool on = (bits >> i) & 1;
      assume.push_back(on ? x[static_cast<std::size_t>(i)] : -x[static_cast<std::size_t>(i)]);
      count += on;
    }
    for (int i = 1; i <= 4; ++i)
      for (const bool claim : {false, true}) {
        auto with = assume;
        with.push_back(claim ? at[static_cast<std::size_t>(i)] : -at[static_cast<std::size_t>(i)]);
        EXPECT_EQ(backend.solve(with), (count >= i) == claim ? SolveStatus::Sat : SolveStatus::Unsat)
            << "bits " << bits << ", i " << i << (claim ? ", at[i] assumed true" : ", at[i] assumed false");
      }
  }
}

TEST(DimacsRecorder, ReplayGivesTheSolverTheSameFormula) {
  DimacsRecorder rec;
  const int a = rec.new_var(), b = rec.new_var();
  rec.add_clause({a, b});
  rec.add_clause({-a});
  CadicalBackend sat;
  rec.replay_into(sat);
  ASSERT_EQ(sat.solve({}), SolveStatus::Sat);
  EXPECT_TRUE(sat.value(b));
  rec.add_clause({-b});
  CadicalBackend unsat;
  rec.replay_into(unsat);
  EXPECT_EQ(unsat.solve({}), SolveStatus::Unsat);
}

struct Certified {
  SatResult sat;
  std::string base;
};

Certified certify_case(const std::string& path, bool binary, std::optional<int> turns = std::nullopt) {
  elab::Overrides ov;
  if (turns) ov.turns = elab::Located<int>{*turns, {}};
  const auto c = elab::load_case(path, ov);
  SatOptions so;
  so.max_turns = c.turns->value;
  const std::string base = temp_base(std::filesystem::path(path).stem().string() + (binary ? ".bin" : ".txt"));
  so.proof = ProofRequest{base, binary};
  return {sat_search(c.game, *c.target, so), base};
}

class CorpusNoWin : public ::testing::TestWithParam<std::string> {};

TEST_P(CorpusNoWin, CertificateIsAcceptedAndNamesItsFile) {
  for (const bool binary : {true, false}) {
    const auto [sat, base] = certify_case(GetParam(), binary);
    ASSERT_EQ(sat.result.verdict, answer::Verdict::NoWin);
    ASSERT_TRUE(sat.certificate.has_value());
    const auto& cert = *sat.certificate;
    EXPECT_TRUE(cert.accepted()) << status_name(cert.status) << ": " << cert.message;
    EXPECT_EQ(cert.cnf_path, base + ".cnf");
    EXPECT_EQ(cert.proof_path, base + ".drat");
    const std::string cnf_text = carve::testing::file_text(cert.cnf_path);
    EXPECT_EQ(cert.cnf_sha256, parser::sha256_hex(cnf_text));
    EXPECT_EQ(cert.stability_lemmas, sat.lemmas);
    // Independently of the certificate's own run: read both files, check again.
    const drat::Cnf cnf = drat::read_cnf(cnf_text);
    EXPECT_EQ(cnf.num_clauses(), cert.clauses);
    const std::string proof_bytes = carve::testing::file_text(cert.proof_path);
    EXPECT_EQ(proof_bytes.size(), cert.proof_bytes);
    EXPECT_EQ(cert.proof_sha256, parser::sha256_hex(proof_bytes));  // hashed as CaDiCaL wrote it, never read back
    const drat::Proof proof = drat::read_proof(proof_bytes);
    EXPECT_EQ(proof.format, binary ? drat::ProofFormat::Binary : drat::ProofFormat::Text);
    EXPECT_TRUE(drat::check(cnf, proof).accepted);
    // The refutation is about reaching the target: without the last clause ("some frame is
    // won") the rules alone have models (the plays themselves).
    drat::Cnf rules;
    for (std::size_t i = 0; i + 1 < cnf.num_clauses(); ++i)
      rules.add_clause(std::vector<std::int32_t>(cnf.lits.begin() + static_cast<std::ptrdiff_t>(cnf.offsets[i]),
                                                 cnf.lits.begin() + static_cast<std::ptrdiff_t>(cnf.offsets[i + 1])));
    rules.num_vars = cnf.num_vars;
    EXPECT_EQ(solve(rules), 10);
    // A proof of this formula does not refute a different one: checked against the rules alone
    // it must be rejected (the rules are satisfiable).
    EXPECT_FALSE(drat::check(rules, proof).accepted);
  }
}

// simple, trail and cycle c4_d3 (a few seconds to a minute in release, minutes under the sanitizer
// build) are certified by `carve check cases/` (each says `certify drat;`); the walk profiles
// exercise the same certificate code here.
INSTANTIATE_TEST_SUITE_P(Depth3, CorpusNoWin,
                         ::testing::Values("cases/binary_tree/literal/c4_d3.case",
                                           "cases/binary_tree/lenient/c4_d3.case"));

// Document 001: the certificate's formula is over the case's whole universe, not the search's
// reduced scope (the same round trip as above).
INSTANTIATE_TEST_SUITE_P(Triangle, CorpusNoWin, ::testing::Values("cases/triangle/path3_simple.case"));

// Every tuple of U: an operator's slots filled with formulas of F* of the slot's sort (the
// construction rule's test, rules/model/semantics.cpp, also admits E_Ω, which the scope lists first).
std::size_t tuples_over_fstar(const model::Game& game) {
  const auto& u = game.universe;
  std::size_t all = 0;
  for (const auto& op : game.rules.operators) {
    std::size_t n = 1;
    for (const auto& pred : op.slot_preds) {
      std::size_t of_sort = 0;
      for (model::VertexId v = 0; v < u.size(); ++v)
        if (u.in_universe[v] && u.sort_names[u.sorts[v]] == pred) ++of_sort;
      n *= of_sort;
    }
    all += n;
  }
  return all;
}

TEST(NoWinCertificate001, FormulaCoversTheWholeUniverse) {
  const auto c = elab::load_case("cases/triangle/path3_simple.case");
  const auto [sat, base] = certify_case("cases/triangle/path3_simple.case", true);
  ASSERT_EQ(sat.result.verdict, answer::Verdict::NoWin);
  ASSERT_TRUE(sat.certificate.has_value());
  const auto& cert = *sat.certificate;
  ASSERT_TRUE(cert.accepted()) << status_name(cert.status) << ": " << cert.message;
  ASSERT_TRUE(cert.universe.has_value());
  const auto& u = *cert.universe;
  // Under virtual-scope=universe every element is a tuple over F* (E_Ω among them).
  EXPECT_EQ(u.elements, tuples_over_fstar(c.game));
  EXPECT_EQ(u.formulas, static_cast<std::size_t>(std::count(c.game.universe.in_universe.begin(),
                                                            c.game.universe.in_universe.end(), true)));
  // Two turns keep at most two tuples per vertex set: the search's scope is smaller.
  EXPECT_LT(u.search_elements, u.elements);
  EXPECT_FALSE(u.reduction_changes_nothing());
  EXPECT_EQ(u.search_elements, hyper_scope(c.game, c.turns->value).elements.size());
}

// One variable: F* is Δ(x,x,x), ∇(x,x,x); each operator has one tuple over them, which is in E_Ω,
// so there is one block and no virtual tuple to cut: the certificate says the reduction changed
// nothing. (Any universe with a virtual tuple has some vertex set with more tuples than a
// testable k.)
TEST(NoWinCertificate001, SaysWhenTheReductionChangesNothing) {
  const std::string path = temp_base("one_variable.case");
  std::ofstream(path) << "case \"one variable\" {\n  spec \"" << (std::filesystem::current_path() / "spec/triangle.carve").string() << "\";\n"
                      << "  profile simple;\n  types t;\n  variables x: t;\n  relation R_delta = (t, t, t);\n"
                      << "  relation R_nabla = (t, t, t);\n  root Delta(x, x, x);\n"
                      << "  target hyperedges \"{a,b},{b,c}\";\n  turns 2;\n  expect no-win;\n}\n";
  const auto [sat, base] = certify_case(path, true);
  ASSERT_EQ(sat.result.verdict, answer::Verdict::NoWin);
  ASSERT_TRUE(sat.certificate.has_value());
  const auto& cert = *sat.certificate;
  EXPECT_TRUE(cert.accepted()) << status_name(cert.status) << ": " << cert.message;
  ASSERT_TRUE(cert.universe.has_value());
  EXPECT_TRUE(cert.universe->reduction_changes_nothing());
  EXPECT_EQ(cert.universe->elements, cert.universe->search_elements);
  EXPECT_NE(universe_scope_text(*cert.universe).find("changes nothing"), std::string::npos);
}

// The search's lemmas carry over to the whole universe by their tuples and remove no legal
// play: at the bound where the target is reachable the certified construction stays satisfiable.
TEST(NoWinFormula001, AdoptedLemmasKeepAReachableTargetSatisfiable) {
  const auto c = elab::load_case("cases/triangle/mixed_kinds_cycle.case");
  ASSERT_EQ(c.expect->kind, parser::ast::ExpectKind::WinIn);
  SatOptions so;
  so.max_turns = c.expect->turn;
  std::optional<NoWinFormula> whole;
  std::optional<SolveStatus> status;
  so.finally = [&](FrameEncoding& enc) {
    auto& hyper = dynamic_cast<HypergraphEncoding&>(enc);
    DimacsRecorder rec;
    whole = no_win_formula_001(c.game, *c.target, c.expect->turn, 0, &hyper, rec);
    CadicalBackend solver;
    rec.replay_into(solver);
    status = solver.solve({});
  };
  const auto sat = sat_search(c.game, *c.target, so);
  ASSERT_EQ(sat.result.verdict, answer::Verdict::Win);
  ASSERT_TRUE(whole.has_value());
  EXPECT_GT(sat.lemmas, 0u);  // the search refined stable moves on this case
  EXPECT_EQ(whole->stability_lemmas, sat.lemmas);
  EXPECT_TRUE(whole->exact);
  EXPECT_EQ(status, SolveStatus::Sat);
}

// The construction for a case whose target is reachable in expect->turn turns has a model at
// that bound: it says "some play of at most k turns wins", not something stronger. Walks encode
// the obligation to collapse exactly (no lemmas), so there one turn fewer is UNSAT; the other
// kinds get their stability lemmas lazily, so only the reachable bound is asked.
template <class Build>
void expect_satisfiable_where_reachable(const std::string& path, Build build) {
  const auto c = elab::load_case(path);
  ASSERT_EQ(c.expect->kind, parser::ast::ExpectKind::WinIn) << path;
  const bool exact_without_lemmas = c.game.rules.path() == model::PathKind::Walk;
  for (int k : {c.expect->turn - 1, c.expect->turn}) {
    if (k < c.expect->turn && !exact_without_lemmas) continue;
    DimacsRecorder rec;
    build(c, k, rec);
    CadicalBackend solver;
    rec.replay_into(solver);
    EXPECT_EQ(solver.solve({}), k < c.expect->turn ? SolveStatus::Unsat : SolveStatus::Sat) << path << " k=" << k;
  }
}

// As for 000, the 001 construction (and it is exact).
TEST(NoWinFormula001, SatisfiableWhereTheTargetIsReachable) {
  for (const std::string path : {"cases/triangle/edge_one_type.case", "cases/triangle/three_vars.case"})
    expect_satisfiable_where_reachable(path, [&](const elab::Case& c, int k, DimacsRecorder& rec) {
      EXPECT_TRUE(no_win_formula_001(c.game, *c.target, k, 0, nullptr, rec).exact) << path;
    });
}

TEST(NoWinFormula, SatisfiableWhereTheTargetIsReachable) {
  for (const std::string path : {"cases/binary_tree/simple/p3_d3.case", "cases/binary_tree/trail/k1_d3.case",
                                 "cases/binary_tree/literal/p3_d3.case"})
    expect_satisfiable_where_reachable(path, [](const elab::Case& c, int k, DimacsRecorder& rec) {
      no_win_formula(c.game, *c.target, k, 0, nullptr, rec);
    });
}

TEST(NoWinCertificate, UnwritablePathIsReportedNotCertified) {
  const auto c = elab::load_case("cases/binary_tree/simple/c4_d3.case");
  SatOptions so;
  so.max_turns = c.turns->value;
  so.proof = ProofRequest{"/nonexistent-folder/for/sure/proof", true};
  const auto sat = sat_search(c.game, *c.target, so);
  ASSERT_TRUE(sat.certificate.has_value());
  EXPECT_EQ(sat.certificate->status, NoWinCertificate::Status::CannotWrite);
  EXPECT_FALSE(sat.certificate->accepted());
}

TEST(NoWinCertificate, NoCertificateForAWin) {
  for (const std::string path : {"cases/binary_tree/simple/p3_d3.case", "cases/triangle/three_vars.case"}) {
    const auto [sat, base] = certify_case(path, true);
    EXPECT_EQ(sat.result.verdict, answer::Verdict::Win) << path;
    EXPECT_FALSE(sat.certificate.has_value()) << path;
    EXPECT_FALSE(std::filesystem::exists(base + ".cnf")) << path;
  }
}

// The folded formula asks for a win at some frame of a full-length play, so where a shorter play
// may not go on to k turns its turns are guarded (FrameEncoding::cover_shorter_wins). At depth 1
// the only pair that never carries a tree edge is {0, 1}: under duplicate=forbid a second turn
// may find it taken, so the 2-turn formula is guarded and the 1-turn one is not; both no-wins (C4
// needs four vertices, the scope has three) are certified.
TEST(NoWinCertificate, GuardedWhereAShorterPlayMayNotExtend) {
  auto game = fixtures::binary_tree_game(1, "simple", "factor");
  game.rules.reading.set(model::Switch::Duplicate, "forbid");
  const auto target = model::parse_target_auto("C4");
  for (int k : {1, 2}) {
    SatOptions so;
    so.max_turns = k;
    const std::string base = temp_base("extend_k" + std::to_string(k));
    so.proof = ProofRequest{base, true};
    const auto sat = sat_search(game, target, so);
    ASSERT_EQ(sat.result.verdict, answer::Verdict::NoWin) << k;
    ASSERT_TRUE(sat.certificate.has_value()) << k;
    EXPECT_TRUE(sat.certificate->accepted()) << sat.certificate->message;
    DimacsRecorder rec;
    EXPECT_EQ(no_win_formula(game, target, k, 0, nullptr, rec).guarded, k == 2) << k;
    std::filesystem::remove(base + ".cnf");
    std::filesystem::remove(base + ".drat");
  }
  game.rules.reading.set(model::Switch::Duplicate, "merge");
  DimacsRecorder rec;
  const auto f = no_win_formula(game, target, 5, 0, nullptr, rec);
  EXPECT_FALSE(f.guarded);
  EXPECT_EQ(f.uncovered(), "");
}

// A win that cannot go on. Depth 1 (λ; 0 and 1 at the frontier), trail, duplicate=forbid, the
// succession swapped: it falls due when the root has no parent edge -- always for λ -- and a new
// root must have no child edge; 0 and 1 keep theirs below the cut, so only a childless λ is
// eligible. Turn 1 must therefore add {0, 1} and collapse λ 0 1 λ, which leaves λ alone: K1 in
// one turn. Turn 2 adds {0, 1} again (it was removed) and keeps it (no legal path from the
// isolated λ); turn 3 has no legal e_new. So no play has 3 turns: the folded formula over 3
// turns is unsatisfiable unguarded, and guarded it finds the 1-turn win.
TEST(NoWinFormula, GuardedTurnsKeepAWinThatCannotGoOn) {
  auto game = fixtures::binary_tree_game(1, "trail", "factor");
  game.rules.reading.set(model::Switch::Duplicate, "forbid");
  game.rules.succession.trigger_by_conclusion = true;
  game.rules.succession.eligible_by_conclusion = false;
  const auto target = model::parse_target_auto("K1");
  auto folded = [&](bool guard) {
    DimacsRecorder rec;
    Cnf cnf(rec);
    TreeEncoding enc(game, target, cnf, 0);
    if (guard) {
      EXPECT_TRUE(enc.cover_shorter_wins(game, 3));
    }
    while (enc.turns() < 3) enc.add_turn();
    std::vector<int> some;
    for (int f = 0; f <= 3; ++f) some.push_back(enc.victory(f));
    cnf.clause(some);
    CadicalBackend solver;
    rec.replay_into(solver);
    return solver.solve({});
  };
  EXPECT_EQ(folded(false), SolveStatus::Unsat);
  EXPECT_EQ(folded(true), SolveStatus::Sat);
  DimacsRecorder rec;
  EXPECT_TRUE(no_win_formula(game, target, 3, 0, nullptr, rec).guarded);
  CadicalBackend solver;
  rec.replay_into(solver);
  EXPECT_EQ(solver.solve({}), SolveStatus::Sat);
}

// A no-win under each rule variant gets an accepted certificate: the old root excluded (000, and
// 001's base point), the succession swapped (depth 1: no turn is legal at all), victory by
// containing a copy, in the root's component, by typed isomorphism. Where succession may block
// (the swapped one; reroot=forbid, which model::succession_never_blocks does not clear) the
// formula is guarded.
TEST(NoWinCertificate, RuleVariantsAreCertified) {
  struct Variant {
    std::string what, target;
    int depth, turns;
    std::function<void(model::Game&)> change;
  };
  auto tree = [](int depth) { return fixtures::binary_tree_game(depth, "simple", "factor"); };
  const std::vector<Variant> variants{
      {"reroot=forbid", "C4", 2, 2,
       [](model::Game& g) {
         g.rules.succession.choice = model::Succession::Choice::BySwitch;
         g.rules.reading.set(model::Switch::Reroot, "forbid");
       }},
      {"swapped succession", "K1", 1, 2,
       [](model::Game& g) {
         g.rules.succession.trigger_by_conclusion = true;
         g.rules.succession.eligible_by_conclusion = false;
       }},
      {"contains", "P4", 2, 2, [](model::Game& g) { g.rules.victory.relation = model::Victory::Relation::Contains; }},
      {"root component", "C4", 3, 2, [](model::Game& g) { g.rules.victory.scope = model::Victory::Scope::RootComponent; }},
      {"typed", "a-b:V", 3, 1, [](model::Game& g) { g.rules.victory.match = model::Victory::Match::Typed; }},
  };
  auto expect_certified = [](const model::Game& game, const model::Target& target, int turns, const std::string& what) {
    SatOptions so;
    so.max_turns = turns;
    const std::string base = temp_base(what);
    so.proof = ProofRequest{base, true};
    const auto sat = sat_search(game, target, so);
    ASSERT_EQ(sat.result.verdict, answer::Verdict::NoWin) << what;
    ASSERT_TRUE(sat.certificate.has_value()) << what;
    EXPECT_TRUE(sat.certificate->accepted()) << what << ": " << status_name(sat.certificate->status) << ": "
                                             << sat.certificate->message;
    std::filesystem::remove(base + ".cnf");
    std::filesystem::remove(base + ".drat");
  };
  for (const auto& v : variants) {
    auto game = tree(v.depth);
    v.change(game);
    expect_certified(game, model::parse_target_auto(v.target), v.turns, v.what);
  }
  World w;
  w.sets = {{"reroot", "forbid"}};
  expect_certified(triangle(w), model::parse_target_auto("{a,b},{a,b},{a,b}"), 2, "001 reroot=forbid");
}

// Succession blocks only when trigger and eligibility read different edges and no vertex is
// eligible in S_0. In the truncated tree every vertex has child edges (frontier vertices below
// the cut), and every vertex but λ a parent edge.
TEST(NoWinCertificate, SuccessionNeverBlocksUnderTheDocumentsRules) {
  auto game = fixtures::binary_tree_game(2, "simple", "factor");
  EXPECT_TRUE(model::succession_never_blocks(game));  // λ has no parent edge
  game.rules.succession.trigger_by_conclusion = game.rules.succession.eligible_by_conclusion = false;
  EXPECT_TRUE(model::succession_never_blocks(game));  // the old root itself
  game.rules.succession.trigger_by_conclusion = true;
  EXPECT_FALSE(model::succession_never_blocks(game));
  for (const std::string path : {"cases/triangle/triple_edge_6vars_k4.case", "cases/triangle/path3_formulas.case"})
    EXPECT_TRUE(model::succession_never_blocks(elab::load_case(path).game)) << path;
}


// The certified formula with the lex-leader chains (no_win_formula's symmetry_chains) has a model
// exactly when the one without has -- the theorem of symmetry_breaking.cpp, on every depth-3 case
// of the corpus, whose expectations `carve check` holds against explicit search: at the case's
// shortest carving both formulas are satisfiable (the chains keep some winning play), and under
// path=walk (exact without lemmas) both are unsatisfiable one turn below and at a no-win's bound.
TEST(NoWinFormula, SymmetryChainsKeepSatisfiabilityOnTheDepth3Corpus) {
  std::vector<std::string> paths;
  for (const auto& reading : std::filesystem::directory_iterator("cases/binary_tree"))
    for (const auto& file : std::filesystem::directory_iterator(reading.path()))
      if (file.path().filename().string().find("_d3") != std::string::npos) paths.push_back(file.path().string());
  std::sort(paths.begin(), paths.end());
  ASSERT_GE(paths.size(), 30u);
  int satisfiable = 0, unsatisfiable = 0;
  for (const auto& path : paths) {
    const auto c = elab::load_case(path);
    const bool win = c.expect->kind == parser::ast::ExpectKind::WinIn;
    const bool exact_without_lemmas = c.game.rules.path() == model::PathKind::Walk;
    std::vector<std::pair<int, SolveStatus>> asked;
    if (win) asked.push_back({c.expect->turn, SolveStatus::Sat});
    if (win && exact_without_lemmas && c.expect->turn > 0) asked.push_back({c.expect->turn - 1, SolveStatus::Unsat});
    if (!win && exact_without_lemmas) asked.push_back({c.turns->value, SolveStatus::Unsat});
    for (const auto& [k, expected] : asked)
      for (bool chains : {false, true}) {
        DimacsRecorder rec;
        const auto f = no_win_formula(c.game, *c.target, k, 0, nullptr, rec, nullptr, {}, chains);
        if (!chains) {
          EXPECT_EQ(f.symmetry_clauses, 0u) << path;
        } else if (k > 0 && !f.guarded) {
          EXPECT_GT(f.symmetry_clauses, 0u) << path << " k=" << k;
        }
        CadicalBackend solver;
        rec.replay_into(solver);
        EXPECT_EQ(solver.solve({}), expected) << path << " k=" << k << (chains ? " with" : " without") << " chains";
        ++(expected == SolveStatus::Sat ? satisfiable : unsatisfiable);
      }
  }
  EXPECT_GE(satisfiable, 40);  // both kinds of question were asked, many times
  EXPECT_GE(unsatisfiable, 20);
}

// A certificate follows the search's symmetry breaking: the chains by default, none with it off
// (the CNF's header says which), none for a part of
// `solve --split` (no_win_formula refuses them with first moves); each certificate is accepted.
TEST(NoWinCertificate, ChainsFollowTheSearchesSymmetryBreaking) {
  const auto c = elab::load_case("cases/binary_tree/simple/c4_d3.case");
  ASSERT_EQ(c.expect->kind, parser::ast::ExpectKind::NoWin);
  for (bool symmetry : {false, true}) {
    SatOptions so;
    so.max_turns = c.turns->value;
    so.symmetry_breaking = symmetry;
    const std::string base = temp_base(symmetry ? "chains" : "plain");
    so.proof = ProofRequest{base, true};
    const auto sat = sat_search(c.game, *c.target, so);
    ASSERT_EQ(sat.result.verdict, answer::Verdict::NoWin);
    ASSERT_TRUE(sat.certificate.has_value());
    EXPECT_TRUE(sat.certificate->accepted()) << sat.certificate->message;
    EXPECT_EQ(sat.certificate->symmetry_clauses > 0, symmetry);
    EXPECT_EQ(carve::testing::file_text(base + ".cnf").find("lex-leader symmetry-breaking clauses") != std::string::npos, symmetry);
    std::filesystem::remove(base + ".cnf");
    std::filesystem::remove(base + ".drat");
  }
  DimacsRecorder rec;
  EXPECT_THROW(no_win_formula(c.game, *c.target, 2, 0, nullptr, rec, nullptr, {{0, 1}}, true), std::logic_error);
}

}  // namespace
}  // namespace carve::encoder
