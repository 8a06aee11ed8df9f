// The verdict-difference search: every question of the family in order, both readings'
// shortest answers, each certified as it is found (so a difference comes with its minimality
// certificates already counted).
#include "questions/diff/verdict_diff.hpp"

#include <chrono>
#include <filesystem>
#include <optional>
#include <stdexcept>

#include <fmt/format.h>

#include "questions/check/certificate_files.hpp"
#include "questions/check/run_case.hpp"
#include "checkers/replay/replay.hpp"
#include "rules/elaborate/diagnostics.hpp"
#include "engines/registry/registry.hpp"

namespace carve::diff {

using Clock = std::chrono::steady_clock;

std::string SideAnswer::text() const { return answer::verdict_text(verdict, turns, reason); }

std::size_t VerdictDiff::certified() const {
  std::size_t n = 0;
  for (const auto& c : certificates) n += c.certified;
  return n;
}
std::size_t VerdictDiff::uncertified() const { return certificates.size() - certified(); }

std::size_t VerdictDiff::minimality_certificates() const {
  if (status != Status::Found) return certificates.size();
  const auto& last = questions.back();
  std::size_t n = 0;
  for (const auto& c : certificates) n += !(c.scope == last.scope && c.target == last.target);
  return n;
}

std::optional<std::size_t> VerdictDiff::difference_certificate(int side) const {
  if (status != Status::Found) return std::nullopt;
  const auto& last = questions.back();
  for (std::size_t i = 0; i < certificates.size(); ++i) {
    const auto& c = certificates[i];
    if (c.scope != last.scope || c.target != last.target || c.side != side) continue;
    if (side == winner && c.kind == Certificate::Kind::Witness) return i;
    if (side != winner && c.kind == Certificate::Kind::NoWin && c.turns >= k) return i;
  }
  return std::nullopt;
}

std::optional<InfiniteTreeRefusal> infinite_tree_refusal(const GameAt& a, const GameAt& b, const Family& family) {
  for (int side = 0; side < 2; ++side) {
    const model::Game game = (side == 0 ? a : b)(kInfiniteTree);
    for (const auto& t : family.targets)
      if (auto no = engines::refusal(elab::Engine::Shape, game, t)) return InfiniteTreeRefusal{side, *no};
  }
  return std::nullopt;
}

std::string scope_words(int scope, const char* scope_name) {
  return scope == kInfiniteTree ? std::string("the infinite tree") : fmt::format("{} {}", scope_name, scope);
}

namespace {

Certificate certificate(Certificate::Kind kind, int side, int scope, std::size_t target, int turns) {
  Certificate c;
  c.kind = kind;
  c.side = side;
  c.scope = scope;
  c.target = target;
  c.turns = turns;
  return c;
}

double since(Clock::time_point t) { return std::chrono::duration<double>(Clock::now() - t).count(); }

// One run: the family, the options and the running totals. Every engine call gets a budget
// whose clock started with the run, so --timeout bounds the whole diff.
class Run {
 public:
  Run(const Family& family, const VerdictDiffOptions& options, VerdictDiff& out)
      : family_(family), options_(options), out_(out), start_(Clock::now()) {}

  SideAnswer answer(int side, const model::Game& game, int scope, std::size_t ti) {
    const model::Target& target = family_.targets[ti];
    SideAnswer a;
    // The infinite tree: the shape engine (its refusals were asked before any work).
    const bool infinite = scope == kInfiniteTree;
    const elab::Engine engine = infinite ? elab::Engine::Shape : engines::choose(options_.engine, game, target);
    const bool provable = infinite || !engines::refusal(engines::Route::Certificate, game, target);
    std::optional<encoder::NoWinCertificate> cert;
    const auto t0 = Clock::now();
    // The sat and shape engines certify their own no-win at the bound in the same call; the shape
    // engine searches first (a win needs no certificate of the bound), then certifies its no-win
    // with the stability lemmas the search learnt.
    engines::Question q{.game = game, .target = target, .turns = family_.max_turns};
    q.tuning.certify_after_search = infinite;
    std::optional<cases::StagedProof> staged;
    if ((engine == elab::Engine::Sat || engine == elab::Engine::Shape) && provable)
      q.proof = stage(staged, side, scope, ti, family_.max_turns);
    auto answered = engines::adapter(engine).answer(q, budget());
    if (staged && answered.certificate) staged->settle(*answered.certificate);
    cert = std::move(answered.certificate);
    answered.certificate.reset();
    static_cast<answer::Answer&>(a) = std::move(answered);
    const answer::Answer& r = a;
    const double total = since(t0);
    const double cert_time = cert ? cert->solve_seconds + cert->check_seconds : 0;
    out_.search_seconds += total - cert_time;
    out_.certification_seconds += cert_time;
    if (r.verdict == answer::Verdict::Unknown) throw limits::LimitReached(r.reason);
    if (r.verdict == answer::Verdict::Win) {
      certify_witness(side, game, scope, ti, a);
      if (*a.turns > 0) certify_no_win(side, game, scope, ti, *a.turns - 1);
    } else if (cert) {
      record(side, scope, ti, family_.max_turns, *cert);
    } else {
      certify_no_win(side, game, scope, ti, family_.max_turns);
    }
    return a;
  }

 private:
  limits::Budget budget() const { return limits::Budget(options_.limits, start_); }

  std::string proof_base(int side, int scope, std::size_t ti, int k) const {
    const std::string at = scope == kInfiniteTree ? std::string("any") : fmt::format("s{}", scope);
    return (std::filesystem::path(options_.proof_dir) / fmt::format("{}-{}-t{}-k{}", side == 0 ? "A" : "B", at, ti, k)).string();
  }

  // The certificate's files go to temporaries beside their names and are renamed into place
  // only when complete (questions/check/certificate_files.hpp): a failed write leaves nothing.
  encoder::ProofRequest stage(std::optional<cases::StagedProof>& staged, int side, int scope, std::size_t ti, int k) const {
    staged.emplace(proof_base(side, scope, ti, k), true);
    return staged->request();
  }

  // The witness through the reference semantics, in the game it was found in: the scope's, or on
  // the infinite tree the winning shape's (the game on Ω by Lemma 0), as solve --depth any does.
  void certify_witness(int side, const model::Game& game, int scope, std::size_t ti, const SideAnswer& a) {
    const auto t0 = Clock::now();
    auto b = budget();
    const auto claim = a.component ? std::optional(a.component->vertices) : std::nullopt;
    auto rep = replay::replay(a.witness_game(game), a.witness, &family_.targets[ti], claim, b);
    Certificate c = certificate(Certificate::Kind::Witness, side, scope, ti, *a.turns);
    c.certified = rep.legal && rep.win_turn == *a.turns && rep.claim_holds.value_or(false);
    const std::string on = a.shape ? fmt::format(" on its shape of {} nodes", a.shape->words.size()) : std::string();
    c.detail = c.certified ? fmt::format("replayed{}: legal, first win at turn {}, the claimed component", on, *a.turns)
               : !rep.legal ? fmt::format("turn {} breaks {}: {}", rep.failed_turn, rep.violation.rule, rep.violation.message)
                            : "the witness does not end in its first win";
    if (!c.certified) throw std::logic_error("a witness of the search does not replay: " + c.detail);
    c.seconds = since(t0);
    out_.certification_seconds += c.seconds;
    out_.certificates.push_back(std::move(c));
  }

  // "No play of at most k turns wins", by a DRAT proof carve's checker accepts: of the sat
  // encoding within the scope, or on the infinite tree of the shape formula (Lemma 6 of
  // docs/infinite-tree.md: at every depth).
  void certify_no_win(int side, const model::Game& game, int scope, std::size_t ti, int k) {
    const model::Target& target = family_.targets[ti];
    const bool infinite = scope == kInfiniteTree;
    if (auto no = infinite ? std::nullopt : engines::refusal(engines::Route::Certificate, game, target)) {
      Certificate c = certificate(Certificate::Kind::NoWin, side, scope, ti, k);
      c.detail = "not certified: " + no->text();
      out_.certificates.push_back(std::move(c));
      return;
    }
    const auto t0 = Clock::now();
    engines::Question q{.game = game, .target = target, .turns = k};
    std::optional<cases::StagedProof> staged;
    q.proof = stage(staged, side, scope, ti, k);
    const elab::Engine engine = infinite ? elab::Engine::Shape : elab::Engine::Sat;
    auto sat = engines::adapter(engine).answer(q, budget());
    if (staged && sat.certificate) staged->settle(*sat.certificate);
    out_.certification_seconds += since(t0);
    if (sat.verdict == answer::Verdict::Unknown) throw limits::LimitReached(sat.reason);
    if (sat.verdict == answer::Verdict::Win)
      throw std::logic_error(fmt::format("the {} engine wins in {} turns where the search found the shortest win longer",
                                         elab::name(engine), *sat.turns));
    if (!sat.certificate) throw std::logic_error(fmt::format("the {} engine gave no certificate for a no-win", elab::name(engine)));
    record(side, scope, ti, k, *sat.certificate);
  }

  void record(int side, int scope, std::size_t ti, int k, const encoder::NoWinCertificate& nc) {
    using S = encoder::NoWinCertificate::Status;
    if (nc.status == S::LimitReached) throw limits::LimitReached(nc.message);
    if (nc.status == S::Rejected || nc.status == S::Satisfiable)
      throw std::logic_error(fmt::format("the no-win certificate failed ({}): {}", encoder::status_name(nc.status), nc.message));
    // A full disk or a file-size limit: exit 2 with the system's reason, not a bug in carve.
    if (nc.status == S::CannotWrite) elab::fail(parser::Location{"<command line --proof-dir>", 0, 0}, nc.message);
    Certificate c = certificate(Certificate::Kind::NoWin, side, scope, ti, k);
    c.certified = nc.accepted();
    c.detail = nc.accepted() ? nc.message : "not certified: " + nc.message;
    c.cnf = nc.cnf_path;
    c.proof = nc.proof_path;
    c.cnf_sha256 = nc.cnf_sha256;
    c.seconds = nc.solve_seconds + nc.check_seconds;
    c.no_win = nc;
    out_.certificates.push_back(std::move(c));
  }

  const Family& family_;
  const VerdictDiffOptions& options_;
  VerdictDiff& out_;
  Clock::time_point start_;
};

}  // namespace

VerdictDiff verdict_diff(const GameAt& a, const GameAt& b, const Family& family, const VerdictDiffOptions& options) {
  if (family.infinite_tree()) {
    if (options.engine != elab::Engine::Auto && options.engine != elab::Engine::Sat)
      throw std::logic_error(fmt::format("verdict_diff: engine {} asked on the infinite tree", elab::name(options.engine)));
    if (auto no = infinite_tree_refusal(a, b, family))
      throw std::logic_error("verdict_diff on rules the shape engine refuses (the caller refuses them first): " + no->refusal.text());
  }
  VerdictDiff out;
  Run run(family, options, out);
  for (int scope : family.scopes) {
    const model::Game games[2] = {a(scope), b(scope)};
    for (std::size_t ti = 0; ti < family.targets.size(); ++ti) {
      Question q{scope, ti, {}};
      try {
        for (int side = 0; side < 2; ++side) q.side[side] = run.answer(side, games[side], scope, ti);
      } catch (const limits::LimitReached& e) {
        out.status = VerdictDiff::Status::Unknown;
        out.reason = fmt::format("{} at {}, target {} ({} questions answered alike before it)", e.what(), scope_words(scope, "scope"),
                                 family.targets[ti].text, out.questions.size());
        return out;
      }
      out.questions.push_back(q);
      if (options.progress)
        options.progress(fmt::format("{}, target {}: {} | {}", scope_words(scope, "scope"), family.targets[ti].text, q.side[0].text(),
                                     q.side[1].text()));
      if (!q.differs()) continue;
      const auto& s = q.side;
      const bool a_first = s[0].verdict == answer::Verdict::Win && (s[1].verdict != answer::Verdict::Win || *s[0].turns < *s[1].turns);
      out.winner = a_first ? 0 : 1;
      out.k = *s[out.winner].turns;
      out.status = VerdictDiff::Status::Found;
      return out;
    }
  }
  out.status = VerdictDiff::Status::NoneWithinBounds;
  return out;
}

}  // namespace carve::diff
