// Hints: "can the target still be carved within K more turns from S_t?" Two engines race on the
// question, one a thread, each asked through its adapter with the play so far
// (engines::Question::played): explicit search from the current state and the SAT engine with
// that play pinned (engines/sat/tree/pinned_play.hpp) -- the first definite answer
// stops the other (limits::Budget::stop_when), and they must never disagree. Every win is replayed
// through apply_turn from S_t before it is reported. Certified on request: then the SAT engine's
// no-win carries a DRAT proof carve's checker accepted, and an explicit no-win waits for it.
#include <stdlib.h>

#include <atomic>
#include <chrono>
#include <exception>
#include <filesystem>
#include <stdexcept>
#include <thread>

#include <fmt/format.h>

#include "engines/registry/registry.hpp"
#include "rules/model/counted.hpp"
#include "questions/play/session_impl.hpp"

namespace carve::play {

namespace {

std::string scope_words(const model::Game& game, int within, int from_turn) {
  std::string where = game.universe.kind == model::Universe::Kind::WordTree
                          ? fmt::format("word tree to depth {}", game.universe.depth)
                          : fmt::format("the universe of the case's {} variables", game.universe.variables);
  return fmt::format("within {} from turn {}, {}", model::counted(within, "more turn"), from_turn, where);
}

// A win's moves replayed from S_t: each accepted by apply_turn, no victory before the last, one
// after it. Anything else is a bug in the engine (std::logic_error), never a hint.
Won replayed_win(const model::Game& game, const model::Target& target, const model::State& from, int from_turn,
                 const std::vector<model::Move>& rest, const std::string& engine) {
  model::Budget budget;
  model::State s = from;
  for (std::size_t i = 0; i < rest.size(); ++i) {
    const int turn = from_turn + static_cast<int>(i) + 1;
    auto next = model::apply_turn(game, s, rest[i], budget);
    if (auto* v = std::get_if<model::Violation>(&next))
      throw std::logic_error(fmt::format("the {} engine's hint breaks rule {} at turn {}: {}", engine, v->rule, turn, v->message));
    s = std::get<model::State>(next);
    auto won = victory_at(game, s, &target, turn);
    if (won && i + 1 < rest.size()) throw std::logic_error(fmt::format("the {} engine's hint wins early, at turn {}", engine, turn));
    if (!won && i + 1 == rest.size()) throw std::logic_error(fmt::format("the {} engine's hint does not win at its last turn", engine));
    if (won) return *won;
  }
  throw std::logic_error(fmt::format("the {} engine's hint has no move", engine));
}

// Why the SAT engine cannot answer from S_t under these rules, if it cannot: its refusal of the
// rules, or (document 001) a play to pin, which its encoding has no literals for.
std::optional<std::string> sat_refusal(const model::Game& game, const model::Target& target, int turn) {
  if (auto no = engines::refusal(elab::Engine::Sat, game, target)) return no->text();
  if (turn > 0 && game.universe.kind != model::Universe::Kind::WordTree)
    return "document 001's encoding has no literals to pin the play so far by (its certified formula is over the whole "
           "universe, docs/sat-encoding-001.md): only S_0 is asked of it";
  return std::nullopt;
}

std::optional<std::string> certification_refusal(const model::Game& game, const model::Target& target, int turn) {
  if (auto no = sat_refusal(game, target, turn)) return no;
  if (auto no = engines::refusal(engines::Route::Certificate, game, target)) return no->text();
  return std::nullopt;
}

// One engine's part of the race.
struct EngineRun {
  answer::Verdict verdict = answer::Verdict::Unknown;
  std::vector<model::Move> rest;  // a win's turns t+1 ..
  std::string reason;             // unknown
  int completed = -1;             // more turns covered in full
  std::optional<HintCertificate> certificate;
  std::exception_ptr error;       // a bug: rethrown after both threads end
};

// `engine`'s adapter asked "can the play so far still win within `within` more turns?"
// (engines::Question::played); the adapter's Answer counts from S_0, the run counts from S_t.
EngineRun engine_run(elab::Engine engine, const model::Game& game, const model::Target& target,
                     const std::vector<model::Move>& play, int within, model::Budget budget, const std::string& proof_base) {
  const int t = static_cast<int>(play.size());
  engines::Question q{.game = game, .target = target, .turns = t + within};
  q.played = play;
  if (!proof_base.empty()) q.proof = encoder::ProofRequest{proof_base};
  // From S_0 the hint is `solve`'s question and the sat engine takes its symmetry breaking (a
  // certificate then rests on the chains' theorem too, as solve's does: docs/sat-encoding.md);
  // with a play to pin the adapter leaves the chains out (they may exclude the play's own image).
  const auto r = engines::adapter(engine).answer(q, std::move(budget));
  EngineRun out;
  out.verdict = r.verdict;
  out.reason = r.reason;
  out.completed = r.completed_depth < 0 ? -1 : std::max(-1, r.completed_depth - t);
  if (r.win()) out.rest.assign(r.witness.begin() + t, r.witness.end());
  if (r.certificate) {
    const auto& c = *r.certificate;
    if (c.status == encoder::NoWinCertificate::Status::Rejected || c.status == encoder::NoWinCertificate::Status::Satisfiable)
      throw std::logic_error(std::string("a certified hint's proof is ") + encoder::status_name(c.status) + ": " + c.message);
    out.certificate = HintCertificate{c.accepted(), encoder::status_name(c.status), c.message, c.cnf_path, c.proof_path, c.cnf_sha256};
  } else if (!proof_base.empty()) {
    out.certificate = HintCertificate{false, "unknown", r.reason.empty() ? "no certificate was made" : r.reason, "", "", ""};
  }
  return out;
}

bool definite(const EngineRun& r) { return r.verdict != answer::Verdict::Unknown; }

}  // namespace

std::string Session::Impl::hint_proof_base() {
  if (proof_dir.empty()) {
    std::string pattern = (std::filesystem::temp_directory_path() / "carve-play-XXXXXX").string();
    if (!::mkdtemp(pattern.data())) throw std::runtime_error("cannot make a folder for the hints' proofs under the temporary folder");
    proof_dir = pattern;
    own_proof_dir = true;
  }
  return (std::filesystem::path(proof_dir) / fmt::format("hint-{}", ++hints_certified)).string();
}

// The race: explicit search on this thread's partner, the SAT engine (when it can answer) on
// another; a definite answer stops the other engine, except that a certificate asked for is
// waited for (an explicit no-win does not stop the SAT engine's proof).
void Session::Impl::race(Hint& h, const HintRequest& request) {
  const auto& g = game();
  const auto& tg = *target();
  const int t = turn();
  const auto stop = std::make_shared<std::atomic<bool>>(false);
  const auto limited = [&]() {
    model::Budget b = budget(request.timeout_seconds);
    b.stop_when(stop, "stopped: the other engine answered first");
    return b;
  };
  std::string proof_base;
  if (request.certify) {
    if (auto no = certification_refusal(g, tg, t)) {
      h.certificate = HintCertificate{false, "refused", *no, "", "", ""};
    } else {
      try {
        proof_base = hint_proof_base();
      } catch (const std::runtime_error& e) {
        h.certificate = HintCertificate{false, "cannot write", e.what(), "", "", ""};
      }
    }
  }
  const auto sat_no = sat_refusal(g, tg, t);
  EngineRun ex, sat;
  std::thread sat_thread;
  if (!sat_no) {
    sat_thread = std::thread([&, b = limited()]() mutable {
      try {
        sat = engine_run(elab::Engine::Sat, g, tg, play, request.turns, std::move(b), proof_base);
        if (definite(sat)) stop->store(true);
      } catch (...) {
        sat.error = std::current_exception();
        stop->store(true);
      }
    });
  }
  try {
    ex = engine_run(elab::Engine::Explicit, g, tg, play, request.turns, limited(), "");
    if (ex.verdict == answer::Verdict::Win || (ex.verdict == answer::Verdict::NoWin && proof_base.empty())) stop->store(true);
  } catch (...) {
    ex.error = std::current_exception();
    stop->store(true);
  }
  if (sat_thread.joinable()) sat_thread.join();
  for (const auto* r : {&ex, &sat})
    if (r->error) std::rethrow_exception(r->error);
  if ((ex.verdict == answer::Verdict::Win && sat.verdict == answer::Verdict::NoWin) ||
      (ex.verdict == answer::Verdict::NoWin && sat.verdict == answer::Verdict::Win))
    throw std::logic_error("the explicit and sat engines disagree on a hint");
  const EngineRun& first = definite(ex) ? ex : sat;
  h.engine = definite(ex) && definite(sat) ? "explicit and sat agree" : definite(ex) ? "explicit" : definite(sat) ? "sat" : "";
  if (first.verdict == answer::Verdict::Win) {
    h.verdict = Hint::Verdict::Win;
    h.rest = first.rest;
    h.won = replayed_win(g, tg, states.back(), t, h.rest, &first == &ex ? "explicit" : "sat");
  } else if (first.verdict == answer::Verdict::NoWin) {
    h.verdict = Hint::Verdict::NoWin;
    h.scope = "no win " + scope_words(g, request.turns, t);
  } else {
    h.verdict = Hint::Verdict::Unknown;
    const int covered = std::max(ex.completed, sat.completed);
    h.reason = fmt::format("explicit: {}; sat: {}; {}", ex.reason, sat_no ? "not asked (" + *sat_no + ")" : sat.reason,
                           covered > 0 ? fmt::format("no win within {} more", model::counted(covered, "turn"))
                                       : std::string("no number of more turns was covered in full"));
  }
  // A win needs no certificate (it is replayed); a no-win's is the SAT engine's, or why there is none.
  if (h.verdict == Hint::Verdict::Win) h.certificate.reset();
  else if (sat.certificate) h.certificate = sat.certificate;
}

std::variant<Hint, Error> Session::hint(const HintRequest& request) {
  auto& s = *impl_;
  const auto& g = game();
  if (!target()) return bad_request("no target: open the game with --target G (or a case with `target`) to ask for hints");
  if (s.won) return refused(g, g.rule_label("victory"), fmt::format("the game ended with a victory after turn {}", s.won->turn));
  if (s.pending) return bad_request("a turn is being built: finish it or `undo` it before asking for a hint");
  if (request.turns < 1 || request.turns > 64) return bad_request(fmt::format("hint K takes K from 1 to 64, not {}", request.turns));
  Hint h;
  h.from_turn = turn();
  h.within = request.turns;
  const auto t0 = std::chrono::steady_clock::now();
  s.race(h, request);
  h.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  return h;
}

}  // namespace carve::play
