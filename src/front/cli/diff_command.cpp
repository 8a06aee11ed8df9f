// carve diff: two readings (two profiles of a spec, a profile against --set overrides, or an
// edited spec against the original) through the same rules record and engines; the first play
// and the first question of a family on which they part, each certified (docs/diff.md).
#include "front/cli/diff_command.hpp"

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <unistd.h>

#include <fmt/format.h>

#include "questions/report/answer_report.hpp"
#include "front/cli/common.hpp"
#include "front/cli/engine_option.hpp"
#include "questions/diff/play_diff.hpp"
#include "questions/diff/reading_source.hpp"
#include "questions/diff/regression_cases.hpp"
#include "questions/diff/rules_comparison.hpp"
#include "questions/diff/verdict_diff.hpp"
#include "rules/model/target_echo.hpp"
#include "rules/model/word_tree.hpp"

namespace carve::cli {

namespace {

// The largest family diff takes without --max-questions: each question costs two searches and
// up to four DRAT certificates.
constexpr std::size_t kDefaultMaxQuestions = 200;
constexpr int kMaxConnected = 7;  // geng -c 7: 853 graphs
// The default longest play compared by SAT (with K above it): bench/diff measures up to 6 turns
// at depths 3 and 4 within the 5 minutes (docs/diff.md).
constexpr int kSatPlayTurns = 6;
// Why plays are not compared under --depth any (docs/diff.md, "On the infinite tree").
constexpr const char* kPlaysOnTheInfiniteTree =
    "a play mentions finitely many nodes, so a play on which the readings part lies within some depth D and parts them there "
    "alike (Lemma 0 of docs/infinite-tree.md): `--depth D` compares plays depth by depth; that no play of the infinite tree is "
    "judged differently is no statement carve can certify (the shape theorem bounds one reading's winning plays, not the plays "
    "two readings judge apart)";

struct DiffOptions {
  std::string spec, other;
  GameOptions a;
  std::string with_profile;
  std::vector<std::string> with_sets;
  std::vector<std::string> targets;
  int connected = 0;
  std::optional<int> turns;
  std::optional<int> play_turns;
  int path_length = 6;
  int jobs = 1;  // --jobs: turn bounds refuted side by side (plays by sat)
  std::string plays = diff::name(diff::PlaySearch::Sat);
  std::string engine = "auto";
  std::string proof_dir, write_case, render_dir;
  std::size_t max_questions = kDefaultMaxQuestions;
  bool no_plays = false, no_verdicts = false;
  std::vector<std::string> play_options_given;  // --plays, --play-turns, --path-length, --jobs as typed (refused with --depth any)
  RunOptions run;
};

std::string label(const std::string& spec, const GameOptions& g) {
  std::string s = fmt::format("{} profile {}", spec, g.profile.empty() ? "literal" : g.profile);
  for (const auto& x : g.sets) s += " set " + x;
  return s;
}

// A side's reading at any scope: depth (000) or variable count (001) replaced, the rest as given.
diff::ReadingSource source(const std::string& spec_path, const GameOptions& g, bool by_vars) {
  diff::ReadingSource s;
  s.spec_path = spec_path;
  s.spec = elab::load_spec(spec_path);
  s.label = label(spec_path, g);
  s.settings_at = [g, by_vars](int scope) {
    GameOptions at = g;
    if (by_vars) at.vars = scope; else if (!at.depth_any) at.depth = scope;  // --depth any: the one scope kInfiniteTree
    return at.settings_for_spec();
  };
  return s;
}

// A temporary folder for certificates unless --proof-dir names one; removed at the end.
struct ProofDir {
  std::string path;
  bool keep = true;
  explicit ProofDir(const std::string& given) {
    if (!given.empty()) {
      std::error_code ec;
      std::filesystem::create_directories(given, ec);
      if (ec) elab::fail(cli_location("--proof-dir"), fmt::format("cannot create {}: {}", given, ec.message()));
      path = given;
      return;
    }
    std::string tmpl = (std::filesystem::temp_directory_path() / "carve-diff-XXXXXX").string();
    if (!mkdtemp(tmpl.data())) throw std::runtime_error("cannot create a temporary folder for the certificates");
    path = tmpl;
    keep = false;
  }
  ~ProofDir() {
    std::error_code ec;
    if (!keep) std::filesystem::remove_all(path, ec);
  }
};

diff::Family family_of(const DiffOptions& o, const model::Game* games[2], bool by_vars) {
  diff::Family f;
  if (o.targets.empty() && o.connected == 0) elab::fail(cli_location("--target"), "give the targets: --target G (repeatable) or --connected N");
  if (o.connected > kMaxConnected)
    elab::fail(cli_location("--connected"), fmt::format("--connected {} is too large: geng lists {} connected graphs on {} vertices; at most {}",
                                                         o.connected, o.connected == 8 ? "11117" : "over 11117", o.connected, kMaxConnected));
  for (const auto& t : o.targets) f.targets.push_back(elab::resolve_target_text({t, cli_location("--target")}));
  if (o.connected > 0) {
    auto more = diff::connected_graphs(o.connected);
    f.targets.insert(f.targets.end(), more.begin(), more.end());
  }
  diff::order_targets(f.targets);
  for (const auto& t : f.targets)
    for (int side = 0; side < 2; ++side) elab::check_target_fits(*games[side], t, cli_location("--target " + t.text));
  if (!o.turns) elab::fail(cli_location("--turns"), "give the bound on turns: --turns K");
  if (*o.turns < 0 || *o.turns > 64) elab::fail(cli_location("--turns"), "turns must lie in 0..64");
  f.max_turns = *o.turns;
  if (o.a.depth_any) f.scopes.push_back(diff::kInfiniteTree);  // the infinite tree: every depth at once
  const auto top = by_vars ? o.a.vars : o.a.depth;
  if (!top && !o.a.depth_any)
    elab::fail(cli_location(by_vars ? "--vars" : "--depth"), by_vars ? "give the largest variable count: --vars N" : "give the largest depth: --depth D");
  for (int s = 1; s <= top.value_or(0); ++s) f.scopes.push_back(s);
  if (f.size() > o.max_questions)
    elab::fail(cli_location("--max-questions"),
               fmt::format("the family has {} questions ({} targets x {} scopes), each two searches and up to four DRAT certificates; "
                           "the bound is {} (raise it with --max-questions)", f.size(), f.targets.size(), f.scopes.size(), o.max_questions));
  return f;
}

// Where the certificates' files are: `kept` in --proof-dir, or gone with diff's temporary folder
// (then no report names them, only their hash).
CertificateWhere proof_files(bool kept) { return {kept ? Files::Kept : Files::Removed, "--proof-dir DIR", "", ""}; }

// A scope in JSON: the depth or variable count, or "any" for the infinite tree (as solve's scope.depth).
nlohmann::json scope_value(int scope) { return scope == diff::kInfiniteTree ? nlohmann::json("any") : nlohmann::json(scope); }

// A certificate's entry: which question and reading it certifies; a no-win's certificate as every
// report writes it (questions/report: its files, hash, the checker's verdict, the proof's figures).
nlohmann::json certificate_entry(const diff::Certificate& c, const diff::Family& f, bool kept) {
  nlohmann::json j = {{"kind", c.kind == diff::Certificate::Kind::Witness ? "witness" : "no-win"},
                      {"reading", c.side == 0 ? "A" : "B"}, {"scope", scope_value(c.scope)}, {"target", f.targets[c.target].text},
                      {"turns", c.turns}, {"certified", c.certified}, {"detail", c.detail},
                      {"cnf", nullptr}, {"proof", nullptr}, {"cnf_sha256", nullptr}, {"seconds", c.seconds}};
  if (c.no_win) j.update(certificate_json(*c.no_win, proof_files(kept)));
  return j;
}

// A certificate in words: a no-win's phrase as check's note says it, or the replay's result (a
// witness) or why there is none (a refused route).
std::string certificate_words(const diff::Certificate& c) { return c.no_win ? certificate_phrase(*c.no_win) : c.detail; }

const char* status_name(diff::VerdictDiff::Status s) {
  switch (s) {
    case diff::VerdictDiff::Status::Found: return "found";
    case diff::VerdictDiff::Status::NoneWithinBounds: return "none within the bounds";
    case diff::VerdictDiff::Status::Unknown: return "unknown";
  }
  return "?";
}

const char* status_name(diff::PlayDiff::Status s) {
  switch (s) {
    case diff::PlayDiff::Status::Found: return "found";
    case diff::PlayDiff::Status::None: return "none within the bounds";
    case diff::PlayDiff::Status::SameLegality: return "none: the same legality rules";
    case diff::PlayDiff::Status::Unknown: return "unknown";
    case diff::PlayDiff::Status::Refused: return "refused";
  }
  return "?";
}

// The refutations of the SAT play search (`kept`: their files stay in --proof-dir).
nlohmann::json play_certificates_json(const diff::PlayDiff& p, bool kept) {
  nlohmann::json certs = nlohmann::json::array();
  for (const auto& c : p.certificates) {
    nlohmann::json j = {{"scope", c.scope}, {"turns", c.turns}, {"certified", c.certified}, {"detail", c.detail},
                        {"cnf", c.cnf.empty() || !kept ? nlohmann::json(nullptr) : nlohmann::json(c.cnf)},
                        {"proof", c.proof.empty() || !kept ? nlohmann::json(nullptr) : nlohmann::json(c.proof)},
                        {"cnf_sha256", c.cnf_sha256.empty() ? nlohmann::json(nullptr) : nlohmann::json(c.cnf_sha256)},
                        {"variables", c.variables}, {"clauses", c.clauses}, {"lemmas", c.lemmas},
                        {"solve_seconds", c.solve_seconds}, {"seconds", c.seconds}, {"universe", nullptr}};
    // 001: the certified formula's scope; by_symmetry: the scope theorem is the step outside the proof.
    if (c.universe)
      j["universe"] = {{"elements", c.universe->elements}, {"formulas", c.universe->formulas},
                       {"whole_elements", c.universe->whole_elements}, {"by_symmetry", c.universe->by_symmetry},
                       {"statement", c.universe->statement}};
    if (!kept && !c.cnf.empty()) j["files"] = report::removed_files_note("--proof-dir DIR");
    certs.push_back(std::move(j));
  }
  return certs;
}

std::size_t certified_count(const diff::PlayDiff& p) {
  std::size_t n = 0;
  for (const auto& c : p.certificates) n += c.certified ? 1 : 0;
  return n;
}

// Those of them certified over the reduced scope, by their proofs and the scope theorem.
std::size_t by_symmetry_count(const diff::PlayDiff& p) {
  std::size_t n = 0;
  for (const auto& c : p.certificates) n += c.certified && c.universe && c.universe->by_symmetry ? 1 : 0;
  return n;
}

nlohmann::json plays_json(const diff::PlayDiff& p, const diff::ReadingSource sides[2], bool kept) {
  const bool sat = p.search == diff::PlaySearch::Sat;
  nlohmann::json j = {{"status", status_name(p.status)}, {"reason", p.reason}, {"search", diff::name(p.search)}, {"max_turns", p.max_turns},
                      {"covered_turns", p.covered_turns}, {"pairs", p.pairs}, {"moves", p.moves}, {"seconds", p.seconds},
                      {"order", sat ? "scope, then turns" : "scope, then turns, then vertices mentioned, then generation order"}};
  if (sat) {
    j["certificates"] = play_certificates_json(p, kept);
    j["certified"] = certified_count(p);
    j["certified_by_symmetry"] = by_symmetry_count(p);
    j["exact"] = p.exact;
    j["walk_length"] = p.exact ? nlohmann::json(nullptr) : nlohmann::json(p.walk_length);
  }
  if (!p.difference) return j;
  const auto& d = *p.difference;
  const model::Game game = sides[d.accepting].game_at(d.scope);
  const nlohmann::json play = play_json(game, d.play);
  j["difference"] = {{"scope", d.scope}, {"turns", d.play.size()}, {"vertices", d.touched},
                     {"shortest", p.shortest_open.empty()}, {"shortest_open", p.shortest_open},
                     {"accepted_by", d.accepting == 0 ? "A" : "B"}, {"rejected_by", d.accepting == 0 ? "B" : "A"},
                     {"rejected_at", d.play.size()}, {"rule", d.violation.rule}, {"message", d.violation.message}, {"play", play}};
  return j;
}

nlohmann::json index_json(std::optional<std::size_t> i) { return i ? nlohmann::json(*i) : nlohmann::json(nullptr); }

nlohmann::json verdicts_json(const diff::VerdictDiff& v, const diff::Family& f, const diff::ReadingSource sides[2], bool kept) {
  nlohmann::json qs = nlohmann::json::array();
  for (const auto& q : v.questions) {
    // Each side's answer as solve --json writes it (the one answer writer), under that side's rules.
    nlohmann::json answers;
    for (int side : {0, 1}) {
      const model::Game game = sides[side].game_at(q.scope);
      answers[side == 0 ? "A" : "B"] = answer_json(AnswerReport{game, f.targets[q.target], f.max_turns, q.side[side], f.infinite_tree()});
    }
    qs.push_back({{"scope", scope_value(q.scope)}, {"target", f.targets[q.target].text}, {"A", q.side[0].text()}, {"B", q.side[1].text()},
                  {"engine_A", elab::name(q.side[0].engine)}, {"engine_B", elab::name(q.side[1].engine)}, {"answers", answers}});
  }
  nlohmann::json certs = nlohmann::json::array();
  for (const auto& c : v.certificates) certs.push_back(certificate_entry(c, f, kept));
  nlohmann::json j = {{"status", status_name(v.status)}, {"reason", v.reason}, {"questions", qs}, {"certificates", certs},
                      {"certified", v.certified()}, {"uncertified", v.uncertified()},
                      {"minimality_certificates", v.minimality_certificates()},
                      {"search_seconds", v.search_seconds}, {"certification_seconds", v.certification_seconds}};
  if (v.status != diff::VerdictDiff::Status::Found) return j;
  const auto& q = v.questions.back();
  const model::Game game = sides[v.winner].game_at(q.scope);
  const nlohmann::json wit = play_json(q.side[v.winner].witness_game(game), q.side[v.winner].witness);  // on its shape, on Ω
  j["difference"] = {{"scope", scope_value(q.scope)}, {"target", target_json(f.targets[q.target])}, {"turns", v.k},
                     {"wins", v.winner == 0 ? "A" : "B"}, {"A", q.side[0].text()}, {"B", q.side[1].text()}, {"witness", wit},
                     {"witness_certificate", index_json(v.difference_certificate(v.winner))},
                     {"no_win_certificate", index_json(v.difference_certificate(1 - v.winner))}};
  return j;
}

// The SAT play search's refutations: how many were certified, and each one that was not.
void print_play_certificates(const diff::PlayDiff& p, const std::string& scope_name) {
  if (p.search != diff::PlaySearch::Sat || p.certificates.empty()) return;
  std::cout << fmt::format("          certified: {} of {} refutations (one per {} and turn bound, every play of that many turns), "
                           "each DRAT proof accepted by carve's checker{}\n",
                           certified_count(p), p.certificates.size(), scope_name,
                           p.exact ? "" : fmt::format("; collapse walks of at most {} edges", p.walk_length));
  if (const std::size_t n = by_symmetry_count(p))
    std::cout << fmt::format("          {} of them over the search's reduced scope, certified by the proof and the scope theorem "
                             "(the whole universe's formula is too large to write):\n", n);
  for (const auto& c : p.certificates)
    if (c.certified && c.universe && c.universe->by_symmetry)
      std::cout << fmt::format("          {} {}, {} turn(s): {}\n", scope_name, c.scope, c.turns, c.universe->statement);
  for (const auto& c : p.certificates)
    if (!c.certified) std::cout << fmt::format("          {} {}, {} turn(s): NOT certified: {}\n", scope_name, c.scope, c.turns, c.detail);
}

void print_plays(const diff::PlayDiff& p, const diff::ReadingSource sides[2], const std::string& scope_name) {
  std::cout << fmt::format("plays     {}", status_name(p.status));
  if (p.status == diff::PlayDiff::Status::None && p.search == diff::PlaySearch::Sat)
    std::cout << fmt::format(": no play of at most {} turns at {} <= {} is judged differently ({} models judged, {:.3f} s)\n", p.max_turns,
                             scope_name, p.certificates.empty() ? 0 : p.certificates.back().scope, p.moves, p.seconds);
  else if (p.status == diff::PlayDiff::Status::None)
    std::cout << fmt::format(": every play of at most {} turns is judged alike ({} pairs of states, {} moves, {:.3f} s)\n", p.max_turns,
                             p.pairs, p.moves, p.seconds);
  else if (p.status != diff::PlayDiff::Status::Found)
    std::cout << ": " << p.reason << "\n";
  if (!p.difference) return print_play_certificates(p, scope_name);
  const auto& d = *p.difference;
  const char* acc = d.accepting == 0 ? "A" : "B";
  const char* rej = d.accepting == 0 ? "B" : "A";
  std::cout << fmt::format(": {} {}, {} turn{}, {} vertices mentioned; {} accepts every turn, {} rejects turn {} (rule {}: {})\n",
                           scope_name, d.scope, d.play.size(), d.play.size() == 1 ? "" : "s", d.touched, acc, rej, d.play.size(),
                           d.violation.rule, d.violation.message);
  const model::Game game = sides[d.accepting].game_at(d.scope);
  std::cout << play_lines(game, d.play);
  if (!p.shortest_open.empty()) std::cout << fmt::format("          NOT shown shortest: {}\n", p.shortest_open);
  if (p.search == diff::PlaySearch::Sat)
    std::cout << fmt::format("          (sat: {} models judged by both readings, {:.3f} s)\n", p.moves, p.seconds);
  else
    std::cout << fmt::format("          (searched {} pairs of states, {} moves judged under the other reading, {:.3f} s)\n", p.pairs,
                             p.moves, p.seconds);
  print_play_certificates(p, scope_name);
}

// `kept`: the proofs stay in --proof-dir (their paths are named), else they went with diff's
// temporary folder (only the formula's hash is named).
void print_verdicts(const diff::VerdictDiff& v, const diff::Family& f, const diff::ReadingSource sides[2], const std::string& scope_name,
                    bool kept) {
  std::cout << fmt::format("verdicts  {}", status_name(v.status));
  if (v.status == diff::VerdictDiff::Status::Unknown) std::cout << ": " << v.reason;
  if (v.status == diff::VerdictDiff::Status::NoneWithinBounds && f.infinite_tree())
    std::cout << fmt::format(": these readings give the same shortest carvings of every target of the family on the infinite tree within {} "
                             "turns ({} questions, every depth at once)",
                             f.max_turns, v.questions.size());
  else if (v.status == diff::VerdictDiff::Status::NoneWithinBounds)
    std::cout << fmt::format(": all {} questions answered alike", v.questions.size());
  std::cout << "\n";
  if (v.status == diff::VerdictDiff::Status::Found) {
    const auto& q = v.questions.back();
    std::cout << fmt::format("          {}, target {}: A {} | B {} -- {} wins in {}, {} cannot within {}\n",
                             diff::scope_words(q.scope, scope_name.c_str()), f.targets[q.target].text, q.side[0].text(), q.side[1].text(),
                             v.winner == 0 ? "A" : "B", v.k, v.winner == 0 ? "B" : "A", v.k);
    const model::Game game = sides[v.winner].game_at(q.scope);
    const auto& won = q.side[v.winner];
    if (won.shape) {
      std::vector<std::string> words;
      for (const auto& w : won.shape->words) words.push_back(model::word_name(w));
      std::cout << fmt::format("          on the shape {{{}}} (the game on Ω, Lemma 0 of docs/infinite-tree.md)\n", fmt::join(words, ", "));
    }
    std::cout << play_lines(won.witness_game(game), won.witness);
    for (int side : {v.winner, 1 - v.winner})
      if (auto i = v.difference_certificate(side)) {
        const auto& c = v.certificates[*i];
        std::cout << fmt::format("          {}: {}\n", side == 0 ? "A" : "B",
                                 c.kind == diff::Certificate::Kind::Witness
                                     ? (c.certified ? "" : "NOT certified ") + std::string("witness ") + c.detail
                                     : fmt::format("no play of at most {} turns wins: {}{}", c.turns, certificate_words(c),
                                                   c.no_win ? fmt::format(" ({}the formula's sha256 {})", kept ? c.proof + ", " : std::string(),
                                                                          c.cnf_sha256)
                                                            : std::string()));
      }
  }
  if (v.status == diff::VerdictDiff::Status::Found)
    std::cout << fmt::format("certified {} certificates accepted, {} not certified; minimality: {} of them for the {} questions before the difference\n",
                             v.certified(), v.uncertified(), v.minimality_certificates(), v.questions.size() - 1);
  else
    std::cout << fmt::format("certified {} certificates accepted, {} not certified, over the {} questions answered\n", v.certified(),
                             v.uncertified(), v.questions.size());
  for (const auto& c : v.certificates)
    if (!c.certified)
      std::cout << fmt::format("          {} {} k={}: {}\n", c.side == 0 ? "A" : "B", diff::scope_words(c.scope, scope_name.c_str()), c.turns,
                               certificate_words(c));
  std::cout << fmt::format("time      search {:.3f} s, certification {:.3f} s\n", v.search_seconds, v.certification_seconds);
}

// What diff found, for its report: the two readings and their rules compared, the family of
// questions, and what each search found (an empty search when --no-plays / --no-verdicts).
struct DiffFindings {
  const diff::ReadingSource* sides;  // [2]
  const model::Game* first;          // [2]: each reading at scope 1
  const diff::RulesComparison& cmp;
  const diff::Family& family;
  const std::string& scope_name;
  const diff::PlayDiff& plays;
  const diff::VerdictDiff& verdicts;
  const ProofDir& proofs;
  const std::vector<std::string>& written;
};

// --render DIR: the distinguishing play (DIR/play) and the winning side's witness (DIR/verdict).
int render_differences(const std::string& dir, const DiffFindings& f) {
  if (f.plays.difference) {
    const auto& d = *f.plays.difference;
    const std::string title = fmt::format("reading {} accepts this play; reading {} rejects turn {} (rule {})", d.accepting == 0 ? "A" : "B",
                                          d.accepting == 0 ? "B" : "A", d.play.size(), d.violation.rule);
    if (int rc = render_play_folder((std::filesystem::path(dir) / "play").string(), f.sides[d.accepting].game_at(d.scope), d.play,
                                    nullptr, title))
      return rc;
  }
  const auto& v = f.verdicts;
  if (v.status == diff::VerdictDiff::Status::Found) {
    const auto& q = v.questions.back();
    const std::string title = fmt::format("{}: reading {} wins in {}; reading {} cannot", f.family.targets[q.target].text,
                                          v.winner == 0 ? "A" : "B", v.k, v.winner == 0 ? "B" : "A");
    if (int rc = render_play_folder((std::filesystem::path(dir) / "verdict").string(),
                                    q.side[v.winner].witness_game(f.sides[v.winner].game_at(q.scope)), q.side[v.winner].witness,
                                    &f.family.targets[q.target], title))
      return rc;
  }
  return 0;
}

std::vector<std::string> target_texts(const diff::Family& family) {
  std::vector<std::string> targets;
  for (const auto& t : family.targets) targets.push_back(t.text);
  return targets;
}

nlohmann::json diff_json(const DiffOptions& o, const DiffFindings& f) {
  nlohmann::json j;
  j["command"] = "diff";
  j["document"] = f.first[0].document;
  j["readings"] = {{"A", {{"label", f.sides[0].label}, {"spec", f.sides[0].spec_path}, {"profile", f.first[0].profile},
                          {"interpretation", interpretation_json(f.first[0])}}},
                   {"B", {{"label", f.sides[1].label}, {"spec", f.sides[1].spec_path}, {"profile", f.first[1].profile},
                          {"interpretation", interpretation_json(f.first[1])}}}};
  j["differences_in_rules"] = f.cmp.differences;
  nlohmann::json scopes = nlohmann::json::array();
  for (int s : f.family.scopes) scopes.push_back(scope_value(s));
  j["family"] = {{"targets", target_texts(f.family)}, {"max_turns", f.family.max_turns}, {"scope", f.scope_name}, {"scopes", scopes},
                 {"order", fmt::format("{} ascending, then targets by vertices, edges, given order; each question's answer is "
                                       "the shortest carving within {} turns", f.scope_name, f.family.max_turns)}};
  j["plays"] = o.no_plays ? nlohmann::json(nullptr)
              : f.family.infinite_tree() ? nlohmann::json{{"status", "not compared"}, {"reason", kPlaysOnTheInfiniteTree}}
                                         : plays_json(f.plays, f.sides, f.proofs.keep);
  j["verdicts"] = o.no_verdicts ? nlohmann::json(nullptr) : verdicts_json(f.verdicts, f.family, f.sides, f.proofs.keep);
  j["proof_dir"] = f.proofs.keep ? nlohmann::json(f.proofs.path) : nlohmann::json(nullptr);
  j["written"] = f.written;
  j["versions"] = versions_json();
  return j;
}

void print_diff(const DiffOptions& o, const DiffFindings& f) {
  std::cout << fmt::format("reading A {}\n          {}\n", f.sides[0].label, f.first[0].reading());
  std::cout << fmt::format("reading B {}\n          {}\n", f.sides[1].label, f.first[1].reading());
  for (std::size_t i = 0; i < f.cmp.differences.size(); ++i)
    std::cout << fmt::format("{}{}\n", i == 0 ? "rules     " : "          ", f.cmp.differences[i]);
  std::cout << fmt::format("family    targets {} (smallest first); turns <= {}; {}\n", fmt::join(target_texts(f.family), "; "),
                           f.family.max_turns,
                           f.family.infinite_tree() ? std::string("the infinite tree, every depth at once (docs/infinite-tree.md)")
                                                    : fmt::format("{} 1..{}", f.scope_name, f.family.scopes.back()));
  if (!o.no_plays && f.family.infinite_tree())
    std::cout << "plays     not compared on the infinite tree: " << kPlaysOnTheInfiniteTree << "\n";
  else if (!o.no_plays)
    print_plays(f.plays, f.sides, f.scope_name);
  if (!o.no_verdicts) print_verdicts(f.verdicts, f.family, f.sides, f.scope_name, f.proofs.keep);
  if (!o.no_verdicts || (!o.no_plays && !f.plays.certificates.empty()))
    std::cout << (f.proofs.keep ? fmt::format("proofs    in {}\n", f.proofs.path)
                                : std::string("proofs    checked, then removed with their temporary folder (keep them with --proof-dir DIR)\n"));
  for (const auto& w : f.written) std::cout << fmt::format("written   {}\n", w);
}

// The two readings' rules at scope 1, refused when they are of different documents, the same
// rules, or asked at the other document's kind of scope.
diff::RulesComparison compared_rules(const model::Game first[2], bool by_vars) {
  auto cmp = diff::compare_rules(first[0], first[1]);
  if (!cmp.same_document)
    elab::fail(cli_location("spec"), fmt::format("readings of different documents ({} and {}): carve diff compares readings of one document",
                                                  first[0].document, first[1].document));
  if (cmp.same) elab::fail(cli_location("--with-profile"), "no difference: the readings are the same rules");
  if (by_vars != (first[0].universe.kind == model::Universe::Kind::Deduction))
    elab::fail(cli_location(by_vars ? "--vars" : "--depth"), fmt::format("document {} takes {}", first[0].document, by_vars ? "--depth D" : "--vars N"));
  return cmp;
}

// --depth any: the verdicts by the shape engine, asked as solve --depth any asks it (auto or sat);
// the play search's options refused by name (plays are compared within a depth bound), and so is
// every reading the shape engine does not encode, before any work -- never compared under other rules.
void refuse_on_the_infinite_tree(const DiffOptions& o, const diff::ReadingSource sides[2], const diff::Family& family) {
  if (o.a.vars) elab::fail(cli_location("--vars"), "--depth any is the infinite tree of document 000; --vars is document 001's scope");
  if (const auto e = engine_named(o.engine); e != elab::Engine::Auto && e != elab::Engine::Sat)
    elab::fail(cli_location("--engine"), fmt::format("engine {} decides questions within a depth bound; the infinite tree (--depth any) is "
                                                     "answered by the sat engine on the shape encoding: --engine sat or auto",
                                                     elab::name(e)));
  if (!o.play_options_given.empty())
    elab::fail(cli_location(o.play_options_given.front()),
               fmt::format("{} compares plays, and plays are not compared on the infinite tree (--depth any; why: docs/diff.md, "
                           "\"On the infinite tree\"): drop {}, or compare plays with --depth D",
                           o.play_options_given.front(), o.play_options_given.front()));
  if (o.no_verdicts)
    elab::fail(cli_location("--no-verdicts"), "on the infinite tree (--depth any) only the verdicts are compared (plays are compared "
                                              "within a depth bound): --no-verdicts leaves nothing to compare");
  if (auto no = diff::infinite_tree_refusal([&](int s) { return sides[0].game_at(s); }, [&](int s) { return sides[1].game_at(s); }, family))
    elab::fail(cli_location("--depth any"), fmt::format("reading {} ({}): {}", no->side == 0 ? "A" : "B", sides[no->side].label,
                                                        no->refusal.text()));
}

int run_diff(const DiffOptions& o) {
  GameOptions b = o.a;
  if (!o.with_profile.empty()) b.profile = o.with_profile;
  b.sets = o.with_sets;
  const bool by_vars = o.a.vars.has_value();
  const std::string other = o.other.empty() ? o.spec : o.other;
  const diff::ReadingSource sides[2] = {source(o.spec, o.a, by_vars), source(other, b, by_vars)};
  // Different documents are refused from the specs' headers, before either is elaborated.
  if (sides[0].spec.document != sides[1].spec.document)
    elab::fail(cli_location("other"), fmt::format("readings of different documents ({} and {}): carve diff compares readings of one document",
                                                   sides[0].spec.document.value_or("none"), sides[1].spec.document.value_or("none")));
  const model::Game first[2] = {sides[0].game_at(1), sides[1].game_at(1)};
  const auto cmp = compared_rules(first, by_vars);
  const model::Game* games[2] = {&first[0], &first[1]};
  const diff::Family family = family_of(o, games, by_vars);
  if (o.a.depth_any) refuse_on_the_infinite_tree(o, sides, family);
  const std::string scope_name = by_vars ? "variables" : "depth";
  const auto limits = o.run.limits();

  ProofDir proofs(o.proof_dir);
  diff::PlayDiff plays;
  if (o.jobs > 1 && *diff::parse_play_search(o.plays) == diff::PlaySearch::Enumerate)
    elab::fail(cli_location("--jobs"), "--jobs refutes turn bounds by sat side by side, and --plays enumerate walks the pairs of states "
                                       "breadth first in one thread: drop --jobs, or compare plays with --plays sat");
  const bool path_length_given = std::find(o.play_options_given.begin(), o.play_options_given.end(), "--path-length") != o.play_options_given.end();
  if (path_length_given && *diff::parse_play_search(o.plays) == diff::PlaySearch::Sat)
    elab::fail(cli_location("--path-length"), "--path-length adds walks to the plays the enumeration lists; the SAT search (--plays sat, the "
                                              "default) takes every collapse walk up to the proved joint walk bound: drop --path-length, "
                                              "or compare plays with --plays enumerate");
  if (!o.no_plays && !family.infinite_tree()) {
    diff::PlayOptions po;
    po.search = *diff::parse_play_search(o.plays);
    po.max_turns = o.play_turns.value_or(std::min(family.max_turns, po.search == diff::PlaySearch::Sat ? kSatPlayTurns : 3));
    po.path_length = o.path_length;
    po.jobs = o.jobs;
    po.limits = limits;
    po.proof_dir = proofs.path;
    if (limits.progress) po.progress = [](const std::string& line) { std::cerr << "carve diff: " << line << "\n"; };
    plays = diff::play_diff([&](int s) { return sides[0].game_at(s); }, [&](int s) { return sides[1].game_at(s); }, family.scopes, po,
                            cmp.same_legality);
  }
  diff::VerdictDiff verdicts;
  if (!o.no_verdicts) {
    diff::VerdictDiffOptions vo;
    vo.engine = engine_named(o.engine);
    vo.proof_dir = proofs.path;
    vo.limits = limits;
    if (limits.progress) vo.progress = [](const std::string& line) { std::cerr << "carve diff: " << line << "\n"; };
    verdicts = diff::verdict_diff([&](int s) { return sides[0].game_at(s); }, [&](int s) { return sides[1].game_at(s); }, family, vo);
  }
  std::vector<std::string> written;
  if (!o.write_case.empty())
    written = diff::write_regression_cases(o.write_case, sides, family, o.no_verdicts ? nullptr : &verdicts, o.no_plays ? nullptr : &plays);
  const DiffFindings found{sides, first, cmp, family, scope_name, plays, verdicts, proofs, written};
  if (!o.render_dir.empty())
    if (int rc = render_differences(o.render_dir, found)) return rc;
  if (o.run.json)
    std::cout << diff_json(o, found).dump(2) << "\n";
  else
    print_diff(o, found);
  return kAnswered;
}

}  // namespace

void add_diff_command(CLI::App& app, int& exit_code) {
  auto o = std::make_shared<DiffOptions>();
  auto* sub = app.add_subcommand("diff", "the smallest play and the first question on which two readings of the rules disagree, certified "
                                         "(--depth any: the questions on the infinite tree, by the shape engine)");
  sub->add_option("spec", o->spec, "the spec of reading A (.carve)")->required();
  sub->add_option("other", o->other, "the spec of reading B (an edited rule set; default: the same spec)");
  o->a.add_to(*sub);
  sub->add_option("--with-profile", o->with_profile, "reading B's profile (default: reading A's)");
  sub->add_option("--with-set", o->with_sets, "override one switch of reading B's profile: SWITCH=VALUE (repeatable); reading A's --set does not carry over");
  sub->add_option("--target", o->targets, "a target of the family (repeatable; any target syntax)");
  sub->add_option("--connected", o->connected, "add every connected graph on 1..N vertices (nauty's geng)")->check(CLI::Range(1, 64));
  sub->add_option("--turns", o->turns, "K: questions ask for a carving within K turns");
  sub->add_option("--play-turns", o->play_turns,
                  "the longest play compared (default: min(K, 6) by sat, min(K, 3) by enumeration); plays are compared within a depth "
                  "bound, not with --depth any")
      ->check(CLI::Range(0, 64));
  {
    std::string help = "how plays are compared:";
    for (const auto& n : diff::play_search_names()) help += fmt::format(" {} ({});", n, diff::help(*diff::parse_play_search(n)));
    help += " default sat; not with --depth any";
    sub->add_option("--plays", o->plays, help)->check(CLI::IsMember(diff::play_search_names()));
  }
  sub->add_option("--jobs", o->jobs,
                  "plays by sat, document 000: refute this many turn bounds of a depth at once, one thread each (default 1); the "
                  "shortest difference is reported as with one")
      ->check(CLI::Range(1, 64));
  sub->add_option("--path-length", o->path_length,
                  "plays by enumeration: also judge every collapse walk of at most this many edges, where the listed paths show no difference (default 6; 0: off); not with --plays sat or --depth any")
      ->check(CLI::Range(0, 32));
  sub->add_option("--engine", o->engine,
                  "the search engine for verdicts: auto, explicit, sat, smt (certificates come from sat and carve's DRAT checker); with "
                  "--depth any the shape engine answers (auto or sat)")
      ->check(engine_check(elab::bounded()));
  sub->add_option("--proof-dir", o->proof_dir, "keep every certificate's CNF and DRAT files here (default: a temporary folder, removed)");
  sub->add_option("--write-case", o->write_case, "write the differences as regression cases (play_A/B.case, reach_A/B.case) into DIR");
  sub->add_option("--render", o->render_dir, "draw the distinguishing play (DIR/play) and the winning side's witness (DIR/verdict)");
  sub->add_option("--max-questions", o->max_questions, "refuse a family with more questions than this (default 200)");
  sub->add_flag("--no-plays", o->no_plays, "skip the search for play differences");
  sub->add_flag("--no-verdicts", o->no_verdicts, "skip the search for verdict differences");
  o->run.add_to(*sub);
  o->a.depth_any_allowed = true;  // --depth any: the verdicts on the infinite tree (docs/diff.md)
  sub->callback([o, sub, &exit_code]() {
    for (const char* name : {"--plays", "--play-turns", "--path-length", "--jobs"})
      if (sub->count(name) > 0) o->play_options_given.push_back(name);
    exit_code = run_diff(*o);
  });
}

}  // namespace carve::cli
