// Reachability cases go to explicit search (then replay); play cases go to replay; no-win
// verdicts to certify go (again, unless the SAT engine gave them) to the SAT engine with a proof
// request. A case on the infinite tree (`depth any;`) goes to the shape engine, which certifies
// its own no-win in the same call.
#include "questions/check/run_case.hpp"

#include <unistd.h>

#include <atomic>
#include <chrono>
#include <filesystem>

#include <fmt/format.h>

#include "questions/check/certificate_files.hpp"
#include "questions/report/certificate_report.hpp"
#include "engines/sat/search/sat_search.hpp"
#include "engines/registry/registry.hpp"
#include "foundations/limits/resident_memory.hpp"
#include "rules/model/counted.hpp"

namespace carve::cases {

using K = parser::ast::ExpectKind;

std::string describe(const parser::ast::Expectation& e) {
  switch (e.kind) {
    case K::WinIn: return fmt::format("win in {}", e.turn);
    case K::NoWin: return "no-win";
    case K::Legal: return "legal";
    case K::IllegalAt: return fmt::format("illegal at {} rule \"{}\"", e.turn, e.rule);
    case K::WinAt: return fmt::format("win at {}", e.turn);
  }
  return "?";
}

answer::Result out_of_memory(const Limits& limits) {
  answer::Result r;
  r.verdict = answer::Verdict::Unknown;
  r.reason = limits::allocation_failure_reason(limits.memory_mb);
  r.limit_reached = true;
  r.completed_depth = -1;
  return r;
}

std::string confirm_witness(const model::Game& game, const model::Target& target, const answer::Result& r) {
  model::Budget b;
  auto rep = replay::replay(game, r.witness, &target, std::nullopt, b);
  if (!rep.legal) return fmt::format("witness turn {} breaks rule {}: {}", rep.failed_turn, rep.violation.rule, rep.violation.message);
  if (!rep.win_turn || *rep.win_turn != static_cast<int>(r.witness.size()))
    return "the witness does not end in a winning state";
  return {};
}

encoder::SatOptions sat_options(elab::Engine engine, int turns, const Limits& limits) {
  encoder::SatOptions so;
  so.max_turns = turns;
  so.solver = elab::solver(engine);
  so.budget = model::Budget(limits);
  so.progress = limits.progress;
  return so;
}

namespace {

// One reachability answer from one engine, its win already replayed.
std::pair<std::string, answer::Answer> reach(const elab::Case& c, const Limits& limits, elab::Engine engine,
                                             const std::optional<encoder::ProofRequest>& proof = std::nullopt,
                                             std::optional<encoder::NoWinCertificate>* certificate = nullptr,
                                             std::string* answer = nullptr) {
  engines::Question q{.game = c.game, .target = *c.target, .turns = c.turns->value, .progress = limits.progress};
  q.proof = proof;
  auto a = engines::adapter(engine).answer(q, model::Budget(limits));
  if (certificate) {
    *certificate = std::move(a.certificate);
    a.certificate.reset();
  }
  // Explicit search asks 0, 1, 2, ... turns in turn: its first win is the shortest.
  const bool shortest = !a.encoding || a.encoding->shortest;
  const answer::Answer& r = a;
  std::string actual = answer::verdict_text(r.verdict, r.turns, r.reason);
  if (r.verdict == answer::Verdict::Win) {  // on the shape engine's own game (the winning shape) under `depth any`
    if (auto bad = confirm_witness(r.witness_game(c.game), *c.target, r); !bad.empty()) actual = "internal error: " + bad;
  }
  if (answer && r.verdict == answer::Verdict::Win)
    *answer = shortest ? fmt::format("the shortest win is {} ({} engine)", model::counted(*r.turns, "turn"), elab::name(engine))
                       : fmt::format("a win in {} ({} engine; not proved shortest)", model::counted(*r.turns, "turn"), elab::name(engine));
  else if (answer && r.verdict == answer::Verdict::NoWin)
    *answer = fmt::format("no play of at most {} wins ({} engine)", model::counted(c.turns->value, "turn"), elab::name(engine));
  return {actual, std::move(a)};
}

// Where a case's proof goes: FILE named by the case's path (proof_file_name) in the proof
// folder, or in a fresh temporary folder removed with the request.
StagedProof proof_request(const elab::Case& c, const Certification& cert) {
  namespace fs = std::filesystem;
  static std::atomic<int> serial{0};
  const bool temporary = cert.proof_dir.empty();
  const fs::path dir = temporary ? fs::temp_directory_path() / fmt::format("carve-proofs-{}-{}", ::getpid(), serial++)
                                 : fs::path(cert.proof_dir);
  std::error_code ec;
  fs::create_directories(dir, ec);
  return StagedProof((dir / proof_file_name(c.path)).string(), cert.binary, temporary ? dir.string() : std::string());
}

// Folds the SAT engine's answer (`sat_answer`) and its certificate, if any, into the outcome: a
// rejected proof or a satisfiable fresh formula is an internal error; a missing certificate
// fails a case that requires one.
void fold_certificate(const std::optional<encoder::NoWinCertificate>& got, const std::string& sat_answer, bool required,
                      Outcome& o) {
  auto note = [&](const std::string& s) { o.detail += (o.detail.empty() ? "" : "; ") + s; };
  if (!got) {
    const std::string why = "not certified: the sat engine answers " + sat_answer;
    if (required) o.actual += " (" + why + ")";
    note(why);
    return;
  }
  o.certificate = got;
  const auto& g = *got;
  // The certificate in the words of every report (questions/report): its phrase is the note.
  const std::string phrase = report::certificate_phrase(g);
  if (g.accepted()) {
    note(phrase);
    return;
  }
  if (g.status == encoder::NoWinCertificate::Status::CannotWrite) o.write_error = g.message;
  const std::string& why = phrase;
  if (g.status == encoder::NoWinCertificate::Status::Rejected || g.status == encoder::NoWinCertificate::Status::Satisfiable)
    o.actual = "internal error: " + why;
  else if (required)
    o.actual += " (" + why + ")";
  note(why);
}

// --every-engine: each other automatic engine answers the question too; a disagreement is part
// of the actual answer (so the case fails), an agreement or an unknown a note.
void cross_check(const elab::Case& c, const Limits& limits, elab::Engine first, Outcome& o) {
  for (const elab::Engine engine : elab::automatic()) {
    if (engine == first) continue;
    const std::string e = elab::name(engine);
    if (auto no = engines::refusal(engine, c.game, *c.target)) {
      o.detail += (o.detail.empty() ? "" : "; ") + e + ": refused (" + no->text() + ")";
      continue;
    }
    auto [other, r2] = reach(c, limits, engine);
    if (other.rfind("unknown", 0) == 0) {
      o.detail += (o.detail.empty() ? "" : "; ") + e + ": " + other;
    } else if (other != o.actual) {
      o.detail += (o.detail.empty() ? "" : "; ") + e + " disagrees: " + other;
      o.actual += " (" + e + ": " + other + ")";
    } else {
      o.detail += (o.detail.empty() ? "" : "; ") + e + " agrees";
    }
  }
}

// A reachability case (win in k / no-win): the case's engine (or the forced one) answers, its
// no-win certified when asked, the other engines cross-check with --every-engine. False when the
// engine refuses the rules: the outcome is then final as it stands.
bool judge_reach(const elab::Case& c, const Limits& limits, const Judges& judges, const Certification& certification, Outcome& o) {
  using elab::Engine;
  // `depth any`: the infinite tree, answered by the shape engine (the sat engine on the shape
  // encoding); an engine that decides within a depth bound is refused, never asked at depth 1.
  const bool infinite = c.settings.depth_any;
  const Engine own = c.engine ? c.engine->value : Engine::Explicit;
  Engine first = judges.forced.value_or(own);
  if (infinite && judges.forced && first != Engine::Sat) {
    o.refused = true;
    o.actual = "refused";
    o.detail = fmt::format("engine {} decides questions within a depth bound; the case asks about the infinite tree (`depth any`), "
                           "answered by the sat engine on the shape encoding",
                           elab::name(first));
    return false;
  }
  if (infinite) first = Engine::Shape;  // load_case refused any other `engine` item
  // A no-win is certified when the case says so, or every one with --certify (001: over the
  // case's whole universe, engines/sat/search/no_win_certificate.hpp).
  const bool required = c.certify.has_value();
  const bool wanted = required || certification.every_no_win;
  const bool certifies_itself = first == Engine::Sat || first == Engine::Shape;
  if (auto no = engines::refusal(first, c.game, *c.target)) {
    o.refused = true;
    o.actual = "refused";
    o.detail = no->text();
    return false;
  }
  std::optional<encoder::NoWinCertificate> cert;
  std::optional<StagedProof> request;
  if (wanted && certifies_itself) request.emplace(proof_request(c, certification));
  auto [actual, r] = reach(c, limits, first, request ? std::optional(request->request()) : std::nullopt, &cert, &o.answer);
  o.actual = actual;
  o.limit_reached = r.limit_reached;
  const bool no_win = r.verdict == answer::Verdict::NoWin;
  o.search = std::move(r);
  if (wanted && (required || no_win)) {
    if (certifies_itself) {
      if (cert) request->settle(*cert);
      fold_certificate(cert, actual, required, o);
    } else if (auto no = engines::refusal(engines::Route::Certificate, c.game, *c.target)) {
      if (required) o.actual += " (not certified: " + no->text() + ")";
      o.detail += (o.detail.empty() ? "" : "; ") + no->text();
    } else {
      StagedProof again = proof_request(c, certification);
      auto [sat_answer, ignored] = reach(c, limits, Engine::Sat, again.request(), &cert);
      if (cert) again.settle(*cert);
      fold_certificate(cert, sat_answer, required, o);
    }
  }
  if (judges.every && infinite)
    o.detail += std::string(o.detail.empty() ? "" : "; ") + "no other engine asked: explicit, sat and smt decide within a depth bound";
  else if (judges.every)
    cross_check(c, limits, first, o);
  return true;
}

// A play case (legal / illegal at t / win at t): replayed through the reference semantics.
void judge_play(const elab::Case& c, const Limits& limits, Outcome& o) {
  const auto k = c.expect->kind;
  model::Budget b(limits);
  try {
    auto rep = replay::replay(c.game, *c.play, c.target ? &*c.target : nullptr, c.claim, b);
    o.replay = rep;
    if (!rep.legal) {
      o.actual = fmt::format("illegal at {} rule \"{}\"", rep.failed_turn, rep.violation.rule);
      o.detail = rep.violation.message;
      o.answer = fmt::format("turn {} breaks rule {}: {}", rep.failed_turn, rep.violation.rule, rep.violation.message);
    } else if (k == K::WinAt) {
      o.actual = rep.win_turn ? fmt::format("win at {}", *rep.win_turn) : "legal, no win";
      if (rep.claim_holds && !*rep.claim_holds) o.actual += " (the claimed component is not a winning component)";
      o.answer = rep.win_turn ? fmt::format("every turn is legal and the play wins at turn {}", *rep.win_turn)
                              : "every turn is legal, and no state of the play wins";
    } else {
      o.actual = "legal";
      o.answer = rep.win_turn ? fmt::format("every turn is legal (the play wins at turn {})", *rep.win_turn) : "every turn is legal";
    }
  } catch (const model::SearchLimit& e) {
    o.actual = fmt::format("unknown ({})", e.what());
    o.limit_reached = true;
  }
}

}  // namespace

Outcome run_case(const elab::Case& c, const Limits& limits, const Judges& judges, const Certification& certification) {
  Outcome o;
  const auto t0 = std::chrono::steady_clock::now();
  if (!c.expect) {
    o.detail = "the case states no expectation";
    return o;
  }
  o.expected = describe(*c.expect);
  const auto k = c.expect->kind;
  if (k == K::WinIn || k == K::NoWin) {
    if (!judge_reach(c, limits, judges, certification, o)) return o;
  } else {
    judge_play(c, limits, o);
  }
  o.pass = o.actual == o.expected;
  o.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  return o;
}

}  // namespace carve::cases
