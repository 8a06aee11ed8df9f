// solve --split in-process: the planner's orbits (closure under letter swaps) against the covering
// check's closed form; the covering check rejecting a plan with a first move missing, repeated,
// not legal or with a wrong orbit size; split verdicts equal to explicit search's (which runs the
// reference semantics, trusted at these sizes) under several profiles; the parts, each the sat
// adapter asked with its first moves, agreeing with the unsplit question asked of that adapter;
// and a tampered part proof making the whole answer not certified.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <optional>
#include <set>

#include "questions/atlas/first_move_orbits.hpp"
#include "questions/atlas/result_store.hpp"
#include "questions/atlas/split_covering.hpp"
#include "questions/atlas/split_part.hpp"
#include "questions/atlas/split_plan.hpp"
#include "questions/atlas/split_verdict.hpp"
#include "engines/explicit/explicit_search.hpp"
#include "engines/registry/registry.hpp"
#include "rules/elaborate/case.hpp"
#include "foundations/files/sha256.hpp"
#include "tests/process.hpp"

namespace {

namespace fs = std::filesystem;
using namespace carve;

std::string spec() { return std::string(getenv("CARVE_ROOT")) + "/spec/binary_tree.carve"; }
std::string ternary_spec() { return std::string(getenv("CARVE_ROOT")) + "/spec/ternary_tree.carve"; }

model::Game game_of(const std::string& spec_path, const std::string& profile, int depth, const std::vector<std::string>& sets = {}) {
  elab::Settings s;
  s.profile = {profile, {}};
  s.depth = elab::Located<int>{depth, {}};
  for (const auto& x : sets) {
    const auto eq = x.find('=');
    s.sets.emplace_back(elab::Located<std::string>{x.substr(0, eq), {}}, elab::Located<std::string>{x.substr(eq + 1), {}});
  }
  return elab::elaborate(elab::load_spec(spec_path), s);
}

// Parts as the planner deals them (every orbit once, round robin).
std::vector<atlas::SplitPart> planner_parts(const model::Game& g, int n) {
  std::vector<atlas::SplitPart> parts;
  for (int i = 0; i < n; ++i) parts.push_back({i, n, {}, {}});
  const auto orbits = atlas::first_move_orbits(g);
  for (std::size_t o = 0; o < orbits.size(); ++o) {
    parts[o % static_cast<std::size_t>(n)].first_moves.push_back(atlas::first_move_text(g, orbits[o].front()));
    parts[o % static_cast<std::size_t>(n)].orbit_sizes.push_back(static_cast<int>(orbits[o].size()));
  }
  return parts;
}

// The closure's orbits are exactly the classes of the closed form, over two and three letters,
// with and without loops (a loop {u, u} is a first move under loop=allow).
TEST(SplitOrbits, ClosureAgreesWithTheClosedForm) {
  struct Case {
    std::string spec;
    int depth;
    std::string profile;
  };
  for (const auto& c : std::vector<Case>{{spec(), 2, "literal"}, {spec(), 3, "literal"}, {spec(), 3, "lenient"}, {ternary_spec(), 2, "literal"}}) {
    const auto g = game_of(c.spec, c.profile, c.depth);
    const auto orbits = atlas::first_move_orbits(g);
    std::size_t moves = 0;
    std::set<std::tuple<int, int, int>> seen;
    for (const auto& orbit : orbits) {
      moves += orbit.size();
      const auto key = atlas::orbit_invariant(g, orbit.front().first, orbit.front().second);
      EXPECT_TRUE(seen.insert(key).second) << "two orbits share the closed form";
      for (const auto& m : orbit) EXPECT_EQ(atlas::orbit_invariant(g, m.first, m.second), key);
    }
    EXPECT_EQ(moves, atlas::first_moves(g).size());
    EXPECT_GT(orbits.size(), 1u);
    EXPECT_LT(orbits.size(), moves);  // the symmetry does group first moves
  }
  // Depth 2 over "01", no loops: non-tree pairs of the 7 nodes. Depth pairs (da, db, lca) by hand:
  // (0,2,0) 4 grandchildren of λ; (1,1,0) {0,1}; (1,2,0) 0 with 10, 11 and 1 with 00, 01: 4;
  // (2,2,1) {00,01}, {10,11}: 2; (2,2,0) 4. Five orbits, 15 first moves (21 pairs minus 6 tree edges).
  const auto g = game_of(spec(), "literal", 2);
  EXPECT_EQ(atlas::first_move_orbits(g).size(), 5u);
  EXPECT_EQ(atlas::first_moves(g).size(), 15u);
}

TEST(SplitCovering, AcceptsThePlannersParts) {
  const auto g = game_of(spec(), "literal", 3);
  for (int n : {1, 3, 8}) {
    const auto c = atlas::check_covering(g, planner_parts(g, n));
    EXPECT_TRUE(c.ok) << (c.problems.empty() ? "" : c.problems.front());
    EXPECT_EQ(c.first_moves, atlas::first_moves(g).size());
  }
}

TEST(SplitCovering, RejectsAMissingFirstMove) {
  const auto g = game_of(spec(), "literal", 3);
  auto parts = planner_parts(g, 3);
  parts[1].first_moves.pop_back();
  parts[1].orbit_sizes.pop_back();
  const auto c = atlas::check_covering(g, parts);
  EXPECT_FALSE(c.ok);
  ASSERT_EQ(c.problems.size(), 1u);
  EXPECT_NE(c.problems[0].find("is in no part"), std::string::npos) << c.problems[0];
}

TEST(SplitCovering, RejectsADuplicatedFirstMove) {
  const auto g = game_of(spec(), "literal", 3);
  const auto orbits = atlas::first_move_orbits(g);
  // Another member of part 0's first orbit, added to part 1: the same orbit twice.
  auto parts = planner_parts(g, 3);
  ASSERT_GT(orbits[0].size(), 1u);
  parts[1].first_moves.push_back(atlas::first_move_text(g, orbits[0].back()));
  parts[1].orbit_sizes.push_back(static_cast<int>(orbits[0].size()));
  auto c = atlas::check_covering(g, parts);
  EXPECT_FALSE(c.ok);
  ASSERT_EQ(c.problems.size(), 1u);
  EXPECT_NE(c.problems[0].find("is in 2 places"), std::string::npos) << c.problems[0];
  // The very same representative in two parts.
  parts = planner_parts(g, 3);
  parts[2].first_moves.push_back(parts[0].first_moves[0]);
  parts[2].orbit_sizes.push_back(parts[0].orbit_sizes[0]);
  c = atlas::check_covering(g, parts);
  EXPECT_FALSE(c.ok);
  EXPECT_NE(c.problems.at(0).find("is in 2 places"), std::string::npos);
}

TEST(SplitCovering, RejectsATreePairAndAWrongOrbitSize) {
  const auto g = game_of(spec(), "literal", 3);
  auto parts = planner_parts(g, 2);
  parts[0].orbit_sizes[0] += 1;
  auto c = atlas::check_covering(g, parts);
  EXPECT_FALSE(c.ok);
  EXPECT_NE(c.problems.at(0).find("the plan says"), std::string::npos);
  // {λ, 0} carries a tree edge in S_0: no first move (readd=forbid, and the edge is present).
  parts = planner_parts(g, 2);
  parts[1].first_moves.push_back("lambda 0");
  parts[1].orbit_sizes.push_back(2);
  c = atlas::check_covering(g, parts);
  EXPECT_FALSE(c.ok);
  bool named = false;
  for (const auto& p : c.problems) named = named || p.find("lambda 0 is not a first move of S_0") != std::string::npos;
  EXPECT_TRUE(named);
}

std::string fresh_dir(const std::string& name) {
  const std::string d = carve::testing::unique_path(name);
  fs::remove_all(d);
  fs::create_directories(d);
  return d;
}

// Every part answered in-process and appended to the store (what the pool's workers do).
atlas::Plan run_split(const std::string& dir, const std::string& target, const std::string& profile, int depth, int turns, int n) {
  atlas::SplitQuestion sq{spec(), target, profile, {}, depth, turns, n, {}};
  const auto plan = atlas::make_split_plan(dir, sq);
  atlas::write_plan(dir, plan);
  for (const auto& q : plan.questions) atlas::append_record(dir, atlas::answer_part(plan, q, {dir, {"test"}, false, {}}));
  return plan;
}

answer::Result explicit_answer(const std::string& target, const std::string& profile, int depth, int turns) {
  search::Options o;
  o.max_turns = turns;
  return search::explicit_search(game_of(spec(), profile, depth), elab::resolve_target_text({target, {}}), o);
}

// The split verdict is explicit search's: no-win (certified) below the shortest carving, win at
// the shortest carving with a witness of that many turns, under four readings.
TEST(SplitVerdict, EqualsExplicitSearch) {
  struct Case {
    std::string target, profile;
    int depth, turns;
  };
  for (const auto& c : std::vector<Case>{{"K3", "simple", 3, 2}, {"K3", "simple", 3, 3}, {"P4", "trail", 3, 2}, {"P4", "trail", 3, 3},
                                         {"K1,3", "cycle", 3, 1}, {"P3", "literal", 3, 1}, {"P3", "literal", 3, 2}}) {
    const std::string what = c.target + " " + c.profile + " k=" + std::to_string(c.turns);
    const auto ex = explicit_answer(c.target, c.profile, c.depth, c.turns);
    ASSERT_NE(ex.verdict, answer::Verdict::Unknown) << what;
    const std::string dir = fresh_dir("split");
    const auto plan = run_split(dir, c.target, c.profile, c.depth, c.turns, 3);
    EXPECT_EQ(plan.questions.size(), 3u);
    const auto v = atlas::split_verdict(dir, plan, true);
    EXPECT_TRUE(v.covering.ok) << what;
    if (ex.verdict == answer::Verdict::NoWin) {
      EXPECT_EQ(v.verdict, "no-win") << what;
      EXPECT_TRUE(v.certified) << what << ": " << (v.problems.empty() ? "" : v.problems.front());
      EXPECT_EQ(v.certified_parts, 3) << what;
      EXPECT_EQ(v.proofs_rechecked, 3) << what;
    } else {
      EXPECT_EQ(v.verdict, "win") << what;
      ASSERT_TRUE(v.turns) << what;
      EXPECT_EQ(*v.turns, *ex.turns) << what;  // each part deepens frame by frame too
    }
  }
}

// Each part is the sat engine's adapter asked with the part's first moves: a winning part's play
// starts with one of them, and the parts together agree with the unsplit question asked of the
// same adapter (with its symmetry breaking): no-win exactly when every part is a no-win, and the
// shortest part's win as short as the unsplit win.
TEST(SplitPart, PartsAgreeWithTheUnsplitAdapter) {
  struct Case {
    std::string target, profile;
    int depth, turns;
  };
  for (const auto& c : std::vector<Case>{{"K3", "simple", 3, 2}, {"K3", "simple", 3, 3}, {"P4", "trail", 3, 3}}) {
    const std::string what = c.target + " " + c.profile + " k=" + std::to_string(c.turns);
    const std::string dir = fresh_dir("split");
    const auto plan = run_split(dir, c.target, c.profile, c.depth, c.turns, 3);
    const auto game = game_of(spec(), c.profile, c.depth);
    const auto target = elab::resolve_target_text({c.target, {}});
    std::optional<int> shortest;
    for (const auto& rec : atlas::read_store(dir).records) {
      ASSERT_TRUE(rec["status"] == "win" || rec["status"] == "no-win") << what << ": " << rec.dump();
      if (rec["status"] != "win") continue;
      const int turns = rec["turns"].get<int>();
      shortest = std::min(shortest.value_or(turns), turns);
      const auto w = elab::load_case((fs::path(dir) / rec["witness"]["file"].get<std::string>()).string());
      ASSERT_TRUE(w.play && !w.play->empty()) << what;
      const auto& slots = w.play->front().added.slots;
      ASSERT_EQ(slots.size(), 2u);
      const auto first = atlas::first_move_text(game, {slots[0], slots[1]});
      const auto parts_moves = rec["part"]["first_moves"].get<std::vector<std::string>>();
      EXPECT_NE(std::find(parts_moves.begin(), parts_moves.end(), first), parts_moves.end())
          << what << ": part " << rec["part"]["index"] << " played " << first;
    }
    const auto whole = engines::adapter(elab::Engine::Sat).answer({.game = game, .target = target, .turns = c.turns}, model::Budget{});
    ASSERT_NE(whole.verdict, answer::Verdict::Unknown) << what;
    EXPECT_EQ(whole.win(), shortest.has_value()) << what;
    if (whole.win()) {
      EXPECT_EQ(*whole.turns, *shortest) << what;
    }
  }
}

// A part proof changed after its job: the answer is no longer certified (its SHA-256 differs);
// a proof replaced together with its recorded hash is rejected by the checker run again.
TEST(SplitVerdict, TamperedPartProofIsNotCertified) {
  const std::string dir = fresh_dir("split");
  const auto plan = run_split(dir, "K3", "simple", 3, 2, 2);
  ASSERT_TRUE(atlas::split_verdict(dir, plan, true).certified);
  const auto store = atlas::read_store(dir);
  const auto rec = store.latest.at(plan.questions[1].key);
  const std::string proof = (fs::path(dir) / rec["certificate"]["proof"].get<std::string>()).string();
  {
    std::fstream f(proof, std::ios::in | std::ios::out | std::ios::binary);
    f.seekp(static_cast<std::streamoff>(fs::file_size(proof) / 2));
    f.put('\x7f');
  }
  auto v = atlas::split_verdict(dir, plan, false);
  EXPECT_EQ(v.verdict, "no-win");
  EXPECT_FALSE(v.certified);
  ASSERT_EQ(v.problems.size(), 1u);
  EXPECT_NE(v.problems[0].find("part 2/2"), std::string::npos) << v.problems[0];
  EXPECT_NE(v.problems[0].find("changed (SHA-256)"), std::string::npos) << v.problems[0];
  // The proof cut to its first half and the record's hash made to match: the checker decides.
  fs::resize_file(proof, fs::file_size(proof) / 2);
  auto forged = rec;
  forged["certificate"]["proof_sha256"] = parser::file_sha256_hex(proof);
  atlas::append_record(dir, forged);
  v = atlas::split_verdict(dir, plan, true);
  EXPECT_FALSE(v.certified);
  ASSERT_EQ(v.problems.size(), 1u);
  EXPECT_NE(v.problems[0].find("rejects the proof"), std::string::npos) << v.problems[0];
  EXPECT_EQ(v.proofs_rechecked, 2);
}

// Games whose first moves the word tree's symmetry does not group are refused by name: document
// 001's universe, and a start at a root other than λ (the orbits are those of the automorphisms
// fixing λ).
TEST(SplitPlan, RefusesOtherUniversesAndRootsByName) {
  model::Game hyper;
  hyper.universe.kind = model::Universe::Kind::Deduction;
  auto no = atlas::split_refusal(hyper);
  ASSERT_TRUE(no);
  EXPECT_EQ(no->rule, "1.1 infrastructure");
  auto g = game_of(spec(), "literal", 2);
  EXPECT_FALSE(atlas::split_refusal(g));
  g.initial_root = g.universe.by_name.at("0");
  no = atlas::split_refusal(g);
  ASSERT_TRUE(no);
  EXPECT_EQ(no->rule, "1.2 initial state");
}

}  // namespace
