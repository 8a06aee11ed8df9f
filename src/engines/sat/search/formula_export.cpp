// What the exported formula F = (turn clauses for K turns) ∧ (lemmas) ∧ OR_{j<=K} won(j) proves.
//
// UNSAT. Every clause of F is a rule of the game or a stability lemma, and every lemma is
// implied by the rules (tree_encoding.cpp), so every legal play of K turns inside the scope
// whose collapse paths fit the encoded length (all of them when the encoding is exact) is a
// model of the turn clauses and the lemmas. A legal play that wins at turn j < K must still be
// extended to K turns to be a model: where FrameEncoding::extension_gap says a shorter play may
// not extend (succession without an eligible root, too few choices of e_new), the turns are built
// guarded (FrameEncoding::cover_shorter_wins: a turn's clauses hold only until some frame is won;
// the argument is in frame_encoding.cpp). Then UNSAT(F) proves no-win within K turns in the
// scope; the header says when exactness fails.
//
// SAT. A model's first j turns are a play that the encoding accepts and that wins at frame j.
// Under path=walk stability is encoded exactly (the closed set), so that play is legal. Under
// trail, simple and simple-or-cycle the obligation to collapse is carried only by the lemmas
// the in-process search needed, so an external solver may find a play that keeps e_new where a
// legal path exists: SAT is then a win only together with the in-process witness (which
// replayed). Because the search's lemmas are all in F, F is UNSAT exactly when that search
// answered no-win and SAT when it found a win (given the extension condition).
#include "rules/model/counted.hpp"
#include "engines/sat/search/formula_export.hpp"

#include <fmt/format.h>

#include "engines/solvers/cadical_backend.hpp"
#include "engines/solvers/dimacs_writer.hpp"
#include "engines/solvers/recording_backend.hpp"

namespace carve::encoder {

ExportedFormula export_reachability(const model::Game& game, const model::Target& target, SatOptions options) {
  ExportedFormula f;
  const int K = options.max_turns;
  RecordingBackend rec(std::make_unique<CadicalBackend>(options.seed));
  std::vector<int> won;
  bool guarded = false;
  const bool start_win = game.rules.reading.start_win != model::sw::StartWin::No;
  options.backend = &rec;
  // Symmetry-breaking clauses are not implied by the rules: the exported formula leaves them out.
  options.symmetry_breaking = false;
  options.cover_shorter_wins = true;
  options.finally = [&](FrameEncoding& enc) {
    while (enc.turns() < K) enc.add_turn();
    for (int j = start_win ? 0 : 1; j <= K; ++j) won.push_back(enc.victory(j));
    guarded = enc.guarded();
  };
  f.search = sat_search(game, target, options);
  f.variables = rec.variables();
  if (f.search.result.limit_reached) return f;  // the formula is incomplete: nothing to write or describe
  f.clauses = rec.take_clauses();
  f.clauses.add(won);  // empty when K = 0 and start_win = no: F is then trivially UNSAT

  f.unsat_certifies = f.search.exact;
  f.sat_certifies = game.rules.path() == model::PathKind::Walk && f.search.exact;

  auto& h = f.header;
  h.push_back(fmt::format("formula: some play of at most {} reaches a component isomorphic to {}", model::counted(K, "turn"), target.text));
  h.push_back(fmt::format("  = the turn clauses of {}, {} stability lemmas, and one clause OR(won at frame j, j = {}..{})",
                          model::counted(K, "turn"), f.search.lemmas, start_win ? 0 : 1, K));
  h.push_back("  (the activation literals of carve's incremental search are folded into that last clause; no assumptions)");
  if (guarded)
    h.push_back("  each clause of turn t also holds once some frame <= t is won (a shorter win may not extend to K turns: "
                "engines/sat/frames/frame_encoding.cpp)");
  h.push_back(fmt::format("in-process answer (sat engine, {} {}, seed {}): {}{}", f.search.solver, f.search.solver_version,
                          f.search.seed, answer::verdict_name(f.search.result.verdict),
                          f.search.result.turns ? fmt::format(" in {} turns", *f.search.result.turns)
                          : f.search.result.reason.empty() ? std::string() : " (" + f.search.result.reason + ")"));
  h.push_back(fmt::format("collapse encoding: {}", f.search.walk_sets ? "walks by their edge sets (exact)"
                                                   : fmt::format("paths of at most {} steps ({})", f.search.path_length,
                                                                 f.search.exact ? "exact" : "not proved sufficient")));
  if (f.unsat_certifies)
    h.push_back("UNSAT: certifies no-win within the turns and the scope (every clause is a rule or a lemma implied by the rules)");
  else
    h.push_back("UNSAT: proves nothing about the game -- collapse paths are cut at the length above");
  if (f.sat_certifies)
    h.push_back("SAT: the model's turns up to its first winning frame are a legal play (stability is encoded exactly for walks)");
  else
    h.push_back("SAT: may be a spurious play -- for this path kind the obligation to collapse is carried only by the lemmas "
                "carve's own search needed; a win is certified by carve's replayed witness, not by an external model");
  return f;
}

void write_dimacs(std::ostream& out, const ExportedFormula& f, limits::Budget* budget) {
  write_dimacs(out, f.variables, f.clauses, f.header, budget);
}

void write_smt2(std::ostream& out, const ExportedFormula& f, limits::Budget* budget) {
  for (const auto& line : f.header) out << "; " << line << "\n";
  out << "(set-logic QF_UF)\n";
  for (int v = 1; v <= f.variables; ++v) {
    if (budget) budget->tick();
    out << "(declare-const x" << v << " Bool)\n";
  }
  auto lit = [](int l) { return l > 0 ? fmt::format("x{}", l) : fmt::format("(not x{})", -l); };
  f.clauses.for_each([&](std::span<const int> c) {
    if (budget) budget->tick();
    if (c.empty()) {
      out << "(assert false)\n";
    } else if (c.size() == 1) {
      out << "(assert " << lit(c[0]) << ")\n";
    } else {
      out << "(assert (or";
      for (int l : c) out << " " << lit(l);
      out << "))\n";
    }
  });
  out << "(check-sat)\n(exit)\n";
}

}  // namespace carve::encoder
