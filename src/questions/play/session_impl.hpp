// The session's state, shared by the files that implement Session (session.cpp: the turn and its
// history; session_readings.cpp: profiles and loading; session_save.cpp: saving; hint.cpp).
// Invariant: that of Session (questions/play/session.hpp): states[t+1] = apply_turn(states[t], play[t]);
// `won` is the first victory of the play; `listing` belongs to `pending` (reset with it).
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "questions/play/path_listing.hpp"
#include "questions/play/session.hpp"

namespace carve::play {

struct Session::Impl {
  elab::Case opened;
  SessionOptions options;
  std::vector<model::Move> play;
  std::vector<model::State> states;
  std::optional<Won> won;
  std::vector<model::Move> redo;  // back(): the next redo
  std::optional<PendingTurn> pending;
  std::optional<Listing> listing;  // ℛ of the pending turn, listed when first asked
  std::optional<RefusedAttempt> last_refusal;
  std::vector<model::Move> refused_prefix;  // the play before the refused attempt
  std::string proof_dir;                    // certified hints' files
  bool own_proof_dir = false;               // made by the session: removed with it
  int hints_certified = 0;                  // names the files: hint-N.cnf, hint-N.drat

  const model::Game& game() const { return opened.game; }
  const model::Target* target() const { return opened.target ? &*opened.target : nullptr; }
  int turn() const { return static_cast<int>(play.size()); }

  // S_0 of the opened game, no play, the given moves on the redo stack (first move on top).
  void restart(const std::vector<model::Move>& to_redo);
  // A rule's refusal of a move at turn t+1: remembered for `save FILE illegal`.
  Error refuse(const model::Move& move, const std::string& rule, const std::string& message);
  // The turn judged whole by apply_turn and appended; its victory noted; the redo stack popped
  // when it was the next redo, else cleared.
  void commit(const model::Move& move, const model::State& next);
  // The error of a move that the game's end refuses (rule 4), or nullopt while the game goes on.
  std::optional<Error> game_over(const model::Move& attempt);
  // The collapse phase's verdict on `path` (none: stable): E'' kept for succession, the turn
  // committed when succession is not due, or the rule that refuses it.
  std::optional<Error> collapse_with(const std::optional<model::CollapsePath>& path);
  // A file a request names, as a path to open: inside SessionOptions::file_folder when one is set
  // (for writing, the folder that will hold it must be inside).
  std::variant<std::string, Error> resolve_file(const std::string& name, bool writing) const;
  // The case text written to `path` once carve check's judge (cases::run_case) passes it.
  std::variant<Saved, Error> write_verified(const std::string& path, const std::string& text, const std::string& expectation,
                                            bool overwrite) const;
  // hint.cpp: where the next certified hint writes (the folder made when first needed), and the
  // engines' race on a hint (its answer into h).
  std::string hint_proof_base();
  void race(Hint& h, const HintRequest& request);
  model::Budget budget(std::optional<double> timeout_seconds) const;
};

}  // namespace carve::play
