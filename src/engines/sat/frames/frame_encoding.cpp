// The half of FrameEncoding::extension_gap that both carving games share, and the guards that
// make a folded formula independent of it (frame_encoding.hpp).
//
// Why guarded turns are exact. The folded formula F is the turn clauses of K turns, each clause
// of turn t (and each lemma clause of turn t) weakened by done_t, the clauses done_t -> OR(won(i),
// first <= i <= t), the victory tests and OR(won(j), first <= j <= K). A model of F: let j be the
// first turn whose done_j holds (K if none). The guards of turns 0..j-1 are false, so their clauses
// hold and frames 0..j are a play the encoding accepts (legal, up to the stability lemmas an
// unguarded formula lacks as well: FrameEncoding's invariant); some won(i) holds with i <= j (done_j's clause, or the
// last clause when j = K), so that play wins at frame i. Conversely a legal play that first wins
// at frame i <= K is a model: play its turns up to i, set done_t for t >= i (won(i) holds), and
// turns i..K-1 are satisfied by their guard whatever their variables; the victory tests of the
// later frames hold with won false. So F is satisfiable exactly when some play of at most K turns
// wins -- whether or not a shorter win extends. Definitions made on demand under a guard are
// definitions only while it is false; they are read only by clauses of the same or a later turn,
// which the argument above treats alike.
#include "engines/sat/frames/frame_encoding.hpp"

#include <stdexcept>

#include <fmt/format.h>

#include "rules/model/semantics.hpp"

namespace carve::encoder {

std::string extension_gap_of(const model::Game& game, int turns, std::size_t candidates, const char* what) {
  if (turns <= 0) return {};
  const bool dup_forbid = game.rules.reading.duplicate == model::sw::Duplicate::Forbid;
  const std::size_t need = dup_forbid ? static_cast<std::size_t>(turns) : 1;
  if (candidates < need)
    return fmt::format("only {} {}, too few to extend every shorter play to {} turns", candidates, what, turns);
  if (!model::succession_never_blocks(game)) return "succession may find no eligible root, so a shorter play may not extend";
  return {};
}

bool FrameEncoding::cover_shorter_wins(const model::Game& game, int k) {
  if (turns() > 0) throw std::logic_error("cover_shorter_wins: turns are already built");
  if (extension_gap(k).empty()) return false;
  guard_from_ = game.rules.reading.start_win == model::sw::StartWin::No ? 1 : 0;
  return true;
}

int FrameEncoding::turn_guard(Cnf& cnf, int t) {
  if (guard_from_ < 0) return 0;
  while (static_cast<int>(guards_.size()) <= t) {
    const int u = static_cast<int>(guards_.size());
    const int done = cnf.var();
    std::vector<int> won{-done};
    for (int i = guard_from_; i <= u; ++i) won.push_back(victory(i));
    cnf.clause(won);
    guards_.push_back(done);
  }
  return guards_[static_cast<std::size_t>(t)];
}

}  // namespace carve::encoder
