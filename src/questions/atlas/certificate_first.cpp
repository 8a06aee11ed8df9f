// no_win_formula without lemmas, then certify_formula (write, refute with a DRAT trace, check).
#include "questions/atlas/certificate_first.hpp"

namespace carve::atlas {

bool certificate_needs_no_search(const model::Game& game) {
  return game.universe.kind == model::Universe::Kind::WordTree && game.rules.reading.path == model::sw::Path::Walk;
}

encoder::NoWinCertificate certify_without_search(const model::Game& game, const model::Target& target, int turns,
                                                 const encoder::FirstMoves& first_moves, const encoder::ProofRequest& request,
                                                 limits::Budget& budget, bool symmetry_chains) {
  encoder::DimacsRecorder formula;
  encoder::NoWinFormula f;
  try {
    f = encoder::no_win_formula(game, target, turns, 0, nullptr, formula, &budget, first_moves, symmetry_chains);
  } catch (const limits::LimitReached& e) {
    encoder::NoWinCertificate c;
    c.status = encoder::NoWinCertificate::Status::LimitReached;
    c.message = std::string(e.what()) + " while building the certified formula";
    return c;
  }
  if (auto why = f.uncovered(); !why.empty()) {
    encoder::NoWinCertificate c;
    c.status = encoder::NoWinCertificate::Status::Inexact;
    c.message = why;
    return c;
  }
  return encoder::certify_formula(game, target, turns, formula, f, request, budget);
}

}  // namespace carve::atlas
