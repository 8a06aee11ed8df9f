// What every engine answers to a question "can the target be carved within k turns?": the
// verdict, the witness play of a win, and how much of the question was covered (Result); and the
// Answer every engine's adapter (engines/registry/adapter.hpp) gives: the Result, the engine that
// answered, the formula and solver of a symbolic engine, the shape of an infinite-tree answer,
// and the no-win certificate when one was asked. It sits below the engines (explicit, sat, shape,
// smt) that produce it and the questions that report it.
// Invariant: `Win` carries a witness of `turns` moves and the component it carves; `NoWin` means
// every play of at most k turns in scope was covered; `Unknown` says why in `reason`. An Answer's
// witness is in the vertex ids of `game` when set (the winning shape), else of the question's game.
#pragma once
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "engines/answer/certificate.hpp"
#include "engines/answer/variable_scope.hpp"
#include "rules/elaborate/engine.hpp"
#include "rules/model/game.hpp"
#include "rules/model/state.hpp"
#include "rules/model/victory.hpp"

namespace carve::answer {

enum class Verdict { Win, NoWin, Unknown };
// "win", "no-win", "unknown": the words of the text and JSON reports.
std::string verdict_name(Verdict v);
// A verdict in the words check's outcome and diff's sides write it: "win in 3" (a win's turns),
// "no-win", "unknown (REASON)".
std::string verdict_text(Verdict v, std::optional<int> turns, const std::string& reason);

struct Result {
  Verdict verdict = Verdict::Unknown;
  std::optional<int> turns;            // length of the witness (win) or null
  std::vector<model::Move> witness;
  std::optional<model::Component> component;
  std::uint64_t states = 0;            // states expanded
  std::uint64_t successors = 0;        // successor states generated
  std::size_t table_entries = 0;
  int completed_depth = -1;            // every play of this many turns was covered
  std::string reason;                  // for unknown
  bool limit_reached = false;          // unknown because the run's budget (time, memory) ran out
  double seconds = 0;
};

// The formula and the solver behind a symbolic engine's answer (sat, smt, shape).
struct Encoding {
  std::size_t variables = 0, clauses = 0;
  std::size_t lemmas = 0;              // stability lemmas added
  std::size_t symmetry_clauses = 0;    // of `clauses`, the lex-leader chains' (sat, smt)
  int solver_calls = 0;
  std::uint64_t learned_clauses = 0;
  bool exact = false;                  // every collapse path length the rules allow was encoded
  bool shortest = false;               // a win's number of turns is proved minimal
  int path_length = 0;                 // sat, smt: the bound at the last turn
  bool walk_sets = false;              // path=walk encoded by edge sets
  std::size_t native_constraints = 0;  // smt: at-most-one constraints Z3 took natively
  std::string solver, solver_version, solver_configuration;
  unsigned seed = 0;
  // 001 (sat, smt): the classes of interchangeable blocks and how many components a play can touch.
  std::vector<encoder::BlockClass> blocks;
  int touched_blocks = 0;
};

// The infinite tree's answer (the shape engine, docs/infinite-tree.md): the shapes it encoded.
struct ShapeScope {
  std::vector<std::string> words;  // on a win: the shape the play was found on
  std::size_t nodes = 0;           // m, the nodes of the encoded shapes
  std::size_t bound = 0;           // what Lemma 4 needs
  int lowest_frame = 1;            // 0 when S_0 may already win
  int first_frame = 1;             // the first frame asked (--min-turns may skip some)
  bool frames_skipped() const { return first_frame > lowest_frame; }
};

struct Answer : Result {
  elab::Engine engine = elab::Engine::Auto;  // the engine that answered (never Auto once answered)
  std::optional<Encoding> encoding;          // sat, smt, shape (none after an allocation failed)
  std::optional<ShapeScope> shape;           // the shape engine
  // The rules the witness replays under when they are not the question's: the winning shape's.
  std::shared_ptr<const model::Game> game;
  std::optional<encoder::NoWinCertificate> certificate;  // asked for (a no-win, or tried)

  bool win() const { return verdict == Verdict::Win; }
  // A win's number of turns is proved minimal (explicit search deepens turn by turn: always).
  bool shortest() const { return win() && (!encoding || encoding->shortest); }
  // The game the witness's vertex ids belong to.
  const model::Game& witness_game(const model::Game& asked) const { return game ? *game : asked; }
  const encoder::NoWinCertificate* certificate_or_null() const { return certificate ? &*certificate : nullptr; }
};

}  // namespace carve::answer
