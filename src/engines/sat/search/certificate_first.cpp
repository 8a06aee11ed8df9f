// no_win_formula without lemmas, then certify_formula (write, refute with a DRAT trace, check).
#include "engines/sat/search/certificate_first.hpp"

namespace carve::encoder {

bool certificate_needs_no_search(const model::Game& game) {
  return game.universe.kind == model::Universe::Kind::WordTree && game.rules.reading.path == model::sw::Path::Walk;
}

NoWinCertificate certify_without_search(const model::Game& game, const model::Target& target, int turns,
                                        const FirstMoves& first_moves, const ProofRequest& request, limits::Budget& budget,
                                        bool symmetry_chains) {
  DimacsRecorder formula;
  NoWinFormula f;
  try {
    f = no_win_formula(game, target, turns, 0, nullptr, formula, &budget, first_moves, symmetry_chains);
  } catch (const limits::LimitReached& e) {
    NoWinCertificate c;
    c.status = NoWinCertificate::Status::LimitReached;
    c.message = std::string(e.what()) + " while building the certified formula";
    return c;
  }
  if (auto why = f.uncovered(); !why.empty()) {
    NoWinCertificate c;
    c.status = NoWinCertificate::Status::Inexact;
    c.message = why;
    return c;
  }
  return certify_formula(game, target, turns, formula, f, request, budget);
}

}  // namespace carve::encoder
