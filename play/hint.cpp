// Hints: "can the target still be carved within K more turns from S_t?", answered by the explicit
// engine from the current state (search::Options::start), every win replayed through apply_turn
// from S_t before it is reported; certified on request by the SAT engine with the play so far
// pinned (encoder/pinned_play.hpp), whose no-win carries a DRAT proof carve's checker accepted.
#include <stdlib.h>

#include <filesystem>
#include <stdexcept>

#include <fmt/format.h>

#include "checker/search/explicit_search.hpp"
#include "encoder/sat_search.hpp"
#include "engines/registry.hpp"
#include "model/counted.hpp"
#include "play/session_impl.hpp"

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

// Why a certified hint cannot be made for these rules, if it cannot.
std::optional<std::string> certification_refusal(const model::Game& game, const model::Target& target) {
  if (game.universe.kind != model::Universe::Kind::WordTree)
    return "certified hints pin the play so far in document 000's encoding; document 001's certified formula is over the "
           "whole universe (docs/sat-encoding-001.md) and has no literals to pin a play's turns by";
  for (const std::string route : {"sat", "certificate"})
    if (auto no = engines::refusal(route, game, target)) return no->text();
  return std::nullopt;
}

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

// The SAT engine on the play so far pinned: a no-win with its DRAT proof checked, a win (replayed
// by the caller), or why not.
void Session::Impl::certify_hint(Hint& h, const HintRequest& request) {
  const auto& g = game();
  HintCertificate cert;
  if (auto no = certification_refusal(g, *target())) {
    cert.status = "refused";
    cert.message = *no;
    h.certificate = cert;
    return;
  }
  encoder::SatOptions o;
  o.max_turns = turn() + request.turns;
  o.budget = budget(request.timeout_seconds);
  o.symmetry_breaking = false;
  o.pinned = encoder::pinned_play(g, play);
  try {
    o.proof = encoder::ProofRequest{hint_proof_base()};
  } catch (const std::runtime_error& e) {
    cert.status = "cannot write";
    cert.message = e.what();
    h.certificate = cert;
    return;
  }
  const auto r = encoder::sat_search(g, *target(), o);
  if (r.result.verdict == search::Verdict::Win) {
    if (h.verdict == Hint::Verdict::NoWin) throw std::logic_error("the sat engine finds a win where explicit search found none");
    std::vector<model::Move> rest(r.result.witness.begin() + turn(), r.result.witness.end());
    h.won = replayed_win(g, *target(), states.back(), turn(), rest, "sat");
    h.rest = std::move(rest);
    h.verdict = Hint::Verdict::Win;
    h.engine = "sat";
    return;
  }
  if (r.result.verdict == search::Verdict::Unknown || !r.certificate) {
    cert.status = "unknown";
    cert.message = r.result.reason.empty() ? "no certificate was made" : r.result.reason;
    h.certificate = cert;
    return;
  }
  const auto& c = *r.certificate;
  cert.accepted = c.accepted();
  cert.status = encoder::status_name(c.status);
  cert.message = c.message;
  cert.cnf = c.cnf_path;
  cert.proof = c.proof_path;
  cert.cnf_sha256 = c.cnf_sha256;
  if (c.status == encoder::NoWinCertificate::Status::Rejected || c.status == encoder::NoWinCertificate::Status::Satisfiable)
    throw std::logic_error("a certified hint's proof is " + cert.status + ": " + c.message);
  if (cert.accepted && h.verdict == Hint::Verdict::Unknown) {
    h.verdict = Hint::Verdict::NoWin;
    h.engine = "sat";
    h.scope = "no win " + scope_words(g, request.turns, turn());
    h.reason.clear();
  }
  h.certificate = cert;
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
  h.engine = "explicit";
  search::Options o;
  o.max_turns = request.turns;
  o.budget = s.budget(request.timeout_seconds);
  o.start = current();
  o.start_turn = turn();
  const auto r = search::explicit_search(g, *target(), o);
  h.seconds = r.seconds;
  switch (r.verdict) {
    case search::Verdict::Win:
      h.verdict = Hint::Verdict::Win;
      h.rest = r.witness;
      h.won = replayed_win(g, *target(), current(), turn(), h.rest, "explicit");
      break;
    case search::Verdict::NoWin:
      h.verdict = Hint::Verdict::NoWin;
      h.scope = "no win " + scope_words(g, request.turns, turn());
      break;
    case search::Verdict::Unknown:
      h.verdict = Hint::Verdict::Unknown;
      h.reason = r.reason + "; " +
                 (r.completed_depth > 0 ? fmt::format("no win within {} more", model::counted(r.completed_depth, "turn"))
                                        : std::string("no number of turns was covered in full"));
      break;
  }
  if (request.certify && h.verdict != Hint::Verdict::Win) {
    const auto t0 = std::chrono::steady_clock::now();
    s.certify_hint(h, request);
    h.seconds += std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  }
  return h;
}

}  // namespace carve::play
