// play_diff by SAT: per scope and per turn bound t = 1, 2, ..., the joint formula "a play of t
// turns both readings accept up to turn t-1 and part at turn t" (engines/sat/joint/joint_play.hpp),
// solved with the stability lemmas learnt so far. A model is judged turn by turn through the
// reference semantics: a stable claim that a reading which must accept it rejects (ℛ ≠ ∅) gives a
// lemma and the formula is solved again; any other disagreement between the model and the
// reference semantics is a bug (std::logic_error, exit 3). A refutation is certified: the formula
// with its lemmas written as DIMACS beside a DRAT proof of it, checked by checkers/drat -- the
// search's own trace when its first solve refuted the formula (no clause came after a solve), else
// a fresh refutation by CaDiCaL (engines/sat/search/no_win_certificate.hpp).
// Why t = 1, 2, ... in turn finds a shortest difference: a play that parts at turn t has no shorter
// prefix that parts (its turns before t are accepted by both), so the first satisfiable bound is
// the length of a shortest distinguishing play -- within the scope, scopes smallest first.
#include <chrono>
#include <filesystem>
#include <memory>
#include <stdexcept>

#include <fmt/format.h>

#include "engines/sat/joint/joint_play.hpp"
#include "engines/sat/search/no_win_certificate.hpp"
#include "engines/solvers/cadical_backend.hpp"
#include "engines/solvers/dimacs_writer.hpp"
#include "engines/solvers/recording_backend.hpp"
#include "questions/diff/play_diff.hpp"
#include "rules/model/graph_view.hpp"

namespace carve::diff {

using model::Move;
using model::State;

namespace {

double seconds_since(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

std::pair<model::VertexId, model::VertexId> ends_of(const std::vector<model::VertexId>& vs) {
  return {vs.front(), vs.back()};  // V(e) is sorted: {a, b} or the loop {v}
}

// The lemma of a legal path found by the reference semantics in `state` under reading `side`.
encoder::JointLemma lemma_of(int side, const State& state, const model::GraphView& view, const model::ViewPath& p) {
  encoder::JointLemma l;
  l.side = side;
  l.root = state.root;
  for (auto e : p.edges) {
    const auto& ve = view.edges()[e];
    if (ve.is_new) l.fresh = ends_of(*ve.vertices);
    else l.others.push_back({ends_of(*ve.vertices), ve.type == model::EdgeType::V});
  }
  return l;
}

// The model's play through the reference semantics. Returns a lemma when a stable claim that a
// reading must accept is illegal under it (ℛ ≠ ∅ there); nullopt when the play is what the formula
// says -- turns 1..t-1 legal under both, turn t legal under `accepting` and illegal under the
// other (its violation into `rejected`). Anything else: the formula and the rules disagree.
std::optional<encoder::JointLemma> judge(const model::Game* games[2], const std::vector<Move>& play, int accepting,
                                         limits::Budget& budget, model::Violation& rejected) {
  State state[2] = {model::initial_state(*games[0]), model::initial_state(*games[1])};
  const std::size_t t = play.size();
  for (std::size_t s = 0; s < t; ++s) {
    const Move& m = play[s];
    for (int side = 0; side < 2; ++side) {
      const bool must_accept = s + 1 < t || side == accepting;
      const model::Game& g = *games[side];
      if (must_accept && !m.collapse && !model::check_construction(g, state[side], m.added)) {
        model::GraphView view(g, state[side]);
        view.set_candidate(m.added);
        model::CollapsePaths paths(g, view, state[side].root);
        if (auto p = paths.find_any(budget)) return lemma_of(side, state[side], view, *p);
      }
      auto next = model::apply_turn(g, state[side], m, budget);
      if (auto* v = std::get_if<model::Violation>(&next)) {
        if (must_accept)
          throw std::logic_error(fmt::format("the joint play formula's play breaks rule {} ({}) at turn {} under reading {}, "
                                             "which the formula says accepts it",
                                             v->rule, v->message, s + 1, side == 0 ? "A" : "B"));
        rejected = *v;
        continue;
      }
      if (!must_accept)
        throw std::logic_error(fmt::format("the joint play formula's turn {} is legal under reading {}, which the formula says rejects it",
                                           s + 1, side == 0 ? "A" : "B"));
      state[side] = std::get<State>(std::move(next));
    }
  }
  return std::nullopt;
}

encoder::DimacsRecorder recorded(const encoder::RecordingBackend& rec) {
  encoder::DimacsRecorder out;
  for (int v = 0; v < rec.variables(); ++v) out.new_var();
  std::vector<int> lits;
  rec.clauses().for_each([&](std::span<const int> c) {
    lits.assign(c.begin(), c.end());
    out.add_clause(lits);
  });
  return out;
}

std::string proof_base(const PlayOptions& o, int scope, int turns) {
  return fmt::format("{}/plays-scope-{}-turns-{}", o.proof_dir, scope, turns);
}

std::vector<std::string> formula_head(const model::Game* games[2], int scope, int turns, bool exact, int walk_length) {
  std::vector<std::string> head{
      fmt::format("carve diff: two readings of document {} ({}) over one play, depth {}", games[0]->document, games[0]->spec_name, scope),
      fmt::format("reading A: profile {}, {}, density avoid {}", games[0]->profile, games[0]->reading(), games[0]->rules.density_words()),
      fmt::format("reading B: profile {}, {}, density avoid {}", games[1]->profile, games[1]->reading(), games[1]->rules.density_words()),
      fmt::format("unsatisfiable = no play of exactly {} turns is accepted by both readings up to turn {} and by exactly one at turn {}",
                  turns, turns - 1, turns)};
  if (!exact) head.push_back(fmt::format("collapse walks of at most {} edges (a reading reads walks)", walk_length));
  return head;
}

// The certificate of bound t's refutation: the search's own trace when the one solve that refuted
// the formula was its first (no clause came after a solve, so the trace is a DRAT proof of the
// recorded formula), else a fresh refutation of the formula with its lemmas.
PlayCertificate certify_bound(const model::Game* games[2], int scope, int t, const PlayOptions& o, encoder::RecordingBackend& rec,
                              encoder::CadicalBackend* traced, bool refined, const encoder::JointPlayEncoding& enc,
                              limits::Budget& budget) {
  PlayCertificate c;
  c.scope = scope;
  c.turns = t;
  c.variables = static_cast<std::size_t>(rec.variables());
  c.clauses = rec.clauses().size();
  c.lemmas = enc.lemmas();
  if (!traced) {
    c.detail = "not certified: no folder for the proofs";
    return c;
  }
  const auto t1 = std::chrono::steady_clock::now();
  encoder::ProofRequest request;
  request.base = proof_base(o, scope, t);
  traced->close_proof();
  const auto head = formula_head(games, scope, t, enc.exact(), enc.path_length(t));
  const auto cert = refined ? encoder::certify_refutation(head, recorded(rec), enc.lemmas(), request, budget)
                            : encoder::check_refutation(head, recorded(rec), enc.lemmas(), request, traced->proof_sha256(), budget);
  c.seconds = seconds_since(t1);
  c.cnf = cert.cnf_path;
  c.proof = cert.proof_path;
  c.cnf_sha256 = cert.cnf_sha256;
  c.certified = cert.accepted();
  c.detail = cert.message;
  if (cert.status == encoder::NoWinCertificate::Status::LimitReached) throw limits::LimitReached(cert.message);
  if (cert.status == encoder::NoWinCertificate::Status::Rejected || cert.status == encoder::NoWinCertificate::Status::Satisfiable)
    throw std::logic_error(fmt::format("the refutation of the joint play formula at depth {}, {} turns: {} ({})", scope, t,
                                       encoder::status_name(cert.status), cert.message));
  return c;
}

// One scope at turn bound t: solve (tracing a DRAT proof when certificates are asked for), judge,
// refine; the difference, or the refutation's certificate.
std::optional<PlayDifference> search_bound(const model::Game* games[2], int scope, int t, const PlayOptions& o,
                                           std::vector<encoder::JointLemma>& lemmas, limits::Budget& budget, PlayDiff& out) {
  const auto t0 = std::chrono::steady_clock::now();
  auto solver = o.proof_dir.empty() ? std::make_unique<encoder::CadicalBackend>()
                                    : std::make_unique<encoder::CadicalBackend>(encoder::ProofTrace{proof_base(o, scope, t) + ".drat"});
  encoder::CadicalBackend* traced = o.proof_dir.empty() ? nullptr : solver.get();
  encoder::RecordingBackend rec(std::move(solver));
  encoder::Cnf cnf(rec, &budget);
  encoder::JointPlayEncoding enc(*games[0], *games[1], cnf, t, o.walk_length);
  out.exact = enc.exact();
  out.walk_length = enc.path_length(t);
  for (const auto& l : lemmas) enc.add_lemma(l);
  rec.set_deadline(budget.deadline());
  rec.set_interrupt([&]() { return budget.exhausted(); });
  bool refined = false;  // a lemma came after a solve: the trace is no proof of the recorded formula
  for (;;) {
    const auto status = rec.solve({});
    if (status == encoder::SolveStatus::Unknown)
      throw limits::LimitReached(budget.exhausted() ? budget.reason() : "CaDiCaL answered unknown");
    if (status == encoder::SolveStatus::Unsat) break;
    const auto play = enc.decode(rec);
    const int accepting = enc.accepting(rec);
    ++out.moves;
    model::Violation rejected;
    if (auto lemma = judge(games, play, accepting, budget, rejected)) {
      enc.add_lemma(*lemma);
      lemmas.push_back(std::move(*lemma));
      refined = true;
      continue;
    }
    if (traced) {
      traced->close_proof();
      std::error_code ec;
      std::filesystem::remove(proof_base(o, scope, t) + ".drat", ec);  // a satisfiable formula's partial trace
    }
    return PlayDifference{scope, play, accepting, rejected, touched_vertices(play)};
  }
  const double solved = seconds_since(t0);
  PlayCertificate c = certify_bound(games, scope, t, o, rec, traced, refined, enc, budget);
  c.solve_seconds = solved;
  out.certificates.push_back(std::move(c));
  return std::nullopt;
}

}  // namespace

PlayDiff play_diff_sat(const GameAt& a, const GameAt& b, const std::vector<int>& scopes, const PlayOptions& options) {
  return over_scopes(a, b, scopes, options, PlaySearch::Sat,
                     [&](const model::Game* games[2], int scope, limits::Budget& budget, PlayDiff& out) -> std::optional<PlayDifference> {
                       if (auto why = encoder::JointPlayEncoding::refusal(*games[0], *games[1])) {
                         out.status = PlayDiff::Status::Refused;
                         out.reason = *why;
                         return std::nullopt;
                       }
                       std::vector<encoder::JointLemma> lemmas;
                       out.covered_turns = 0;
                       for (int t = 1; t <= options.max_turns; ++t) {
                         if (options.progress)
                           options.progress(fmt::format("plays: depth {}, {} turn(s) ({} lemmas so far)", scope, t, lemmas.size()));
                         if (auto d = search_bound(games, scope, t, options, lemmas, budget, out)) return d;
                         out.covered_turns = t;
                       }
                       return std::nullopt;
                     });
}

}  // namespace carve::diff
