// The one interface every engine answers through (one adapter a row of
// rules/elaborate/engines.def; the registry, registry.hpp, holds the table): its name and help, the
// rules it refuses -- by name, before any work -- and its answer to a question within a budget, as
// one answer::Answer whatever the engine. solve (within a depth bound and on the infinite tree),
// check, diff, explain, play's hints, the atlas's questions and solve --split's parts ask an
// adapter and read the Answer (docs/architecture.md, "Known debts": export still calls the sat
// search itself).
// Invariant: answer() is asked only of questions whose rules supports() does not refuse; its
// Answer names the engine that answered (never Auto), carries a win's witness as the engine
// replayed it, and an allocation that failed inside the engine becomes `unknown` with the reason
// (limits::allocation_failure_reason), never an escaped std::bad_alloc.
#pragma once
#include <cstddef>
#include <optional>
#include <vector>

#include "engines/answer/answer.hpp"
#include "engines/sat/search/no_win_certificate.hpp"
#include "engines/sat/tree/tree_encoding.hpp"
#include "foundations/limits/budget.hpp"
#include "rules/elaborate/engine.hpp"
#include "rules/model/game.hpp"
#include "rules/model/refusal.hpp"
#include "rules/model/target.hpp"

namespace carve::engines {

using elab::Engine;

// How an engine searches -- never what it answers: each engine reads the knobs that are its own
// and ignores the rest.
struct Tuning {
  bool transpositions = true;                // explicit: the transposition table (solve --no-table: off)
  unsigned seed = 0;                         // sat, smt, shape: the solver's random seed
  bool symmetry_breaking = true;             // sat, smt: the lex-leader chains (solve --no-symmetry: off)
  std::optional<std::size_t> native_from;    // smt: at-most-one as Z3's native atmost from this many literals
  encoder::FirstMoves first_moves;           // sat, 000: turn 1's e_new among these (a part of solve --split)
  bool certify_below_win = false;            // sat with a proof: on a win in k, certify the no-win in k - 1
  std::optional<limits::Limits> certificate_limits;  // sat: the certificate's own limits
  bool probe_from_above = false;              // sat, 000: a win from above first (encoder::SatOptions::probe_from_above)
  int min_turns = 0;                         // shape: ask frames min_turns..turns only (solve --min-turns)
  bool by_parts = false;                     // shape with a proof: certified by parts (solve --proof-parts)
  bool certify_after_search = false;         // shape with a proof: the formula carries the search's lemmas
  // sat with a proof, document 000 under path=walk (encoder::certificate_needs_no_search): the
  // fresh formula refuted before any search, which learns no lemma there (the atlas's
  // certificates, split's parts). Refuted: a certified no-win, no search run (no `encoding`);
  // a model: a play exists, and the search runs for it without the proof; a limit or a file that
  // cannot be written: unknown, the certificate saying why.
  bool certificate_first = false;
};

// "Can `target` be carved within `turns` turns under `game`'s rules?", and what the asker wants
// beside the verdict.
struct Question {
  const model::Game& game;
  const model::Target& target;
  int turns = 0;
  bool progress = false;                       // the engine's progress line on stderr
  std::optional<encoder::ProofRequest> proof = std::nullopt;  // certify a no-win (the engines that certify(): sat, shape)
  Tuning tuning = {};
  // Turns 1..t already played (carve play's hints): the question is then "can this play still win
  // within `turns` turns in all?" -- explicit search from S_t (search::Options::start), the sat and
  // smt engines with the play pinned (encoder::SatOptions::pinned: document 000, no symmetry
  // breaking); the shape engine refuses it (logic_error). It is part of the question, not a
  // Tuning knob: every engine that answers must honour it. The Answer then counts from S_0: its
  // witness and turns include the play's own t turns, and so does completed_depth (when >= 0).
  std::vector<model::Move> played = {};
};

class Adapter {
 public:
  explicit Adapter(Engine engine) : engine_(engine) {}
  virtual ~Adapter() = default;
  Adapter(const Adapter&) = delete;
  Adapter& operator=(const Adapter&) = delete;

  Engine engine() const { return engine_; }
  const char* name() const { return elab::name(engine_); }
  const char* help() const { return elab::help(engine_); }
  // Why this engine does not decide questions under these rules, naming the rule; nothing when
  // it does.
  virtual std::optional<model::Refusal> supports(const model::Game& game, const model::Target& target) const = 0;
  // Whether a proof request gets a no-win certificate (a DRAT proof checked by checkers/drat).
  virtual bool certifies() const = 0;
  // The answer within `budget` (its deadline and memory ceiling).
  answer::Answer answer(const Question& question, model::Budget budget) const;

 protected:
  virtual answer::Answer run(const Question& question, model::Budget& budget) const = 0;

 private:
  Engine engine_;
};

// Explicit search of plays through the reference semantics (engines/explicit): every rules record.
class ExplicitAdapter final : public Adapter {
 public:
  using Adapter::Adapter;
  std::optional<model::Refusal> supports(const model::Game& game, const model::Target& target) const override;
  bool certifies() const override { return false; }

 protected:
  answer::Answer run(const Question& question, model::Budget& budget) const override;
};

// The SAT encoding's search (engines/sat/search/sat_search.hpp) on CaDiCaL (sat) or Z3 (smt).
class SymbolicAdapter final : public Adapter {
 public:
  using Adapter::Adapter;
  std::optional<model::Refusal> supports(const model::Game& game, const model::Target& target) const override;
  bool certifies() const override;  // the sat engine: CaDiCaL traces the DRAT proof

 protected:
  answer::Answer run(const Question& question, model::Budget& budget) const override;
};

// The infinite tree (engines/sat/search/shape_search.hpp): the shape encoding on CaDiCaL.
class ShapeAdapter final : public Adapter {
 public:
  using Adapter::Adapter;
  std::optional<model::Refusal> supports(const model::Game& game, const model::Target& target) const override;
  bool certifies() const override { return true; }

 protected:
  answer::Answer run(const Question& question, model::Budget& budget) const override;
};

// The capacity theorem (rules/model/target_capacity.hpp): a no-win for every number of turns where
// the target needs more parallel elements on one set of formulas than the operators can give, its
// certificate the refutation of engines/sat/search/capacity_certificate.hpp; every other question
// refused by name. Not chosen by auto (it decides too few questions); explain asks it first.
class CapacityAdapter final : public Adapter {
 public:
  using Adapter::Adapter;
  std::optional<model::Refusal> supports(const model::Game& game, const model::Target& target) const override;
  bool certifies() const override { return true; }

 protected:
  answer::Answer run(const Question& question, model::Budget& budget) const override;
};

// `auto`: the first engine of the table's automatic ones that supports the rules answers.
class AutoAdapter final : public Adapter {
 public:
  using Adapter::Adapter;
  std::optional<model::Refusal> supports(const model::Game&, const model::Target&) const override { return std::nullopt; }
  bool certifies() const override { return false; }

 protected:
  answer::Answer run(const Question& question, model::Budget& budget) const override;
};

}  // namespace carve::engines
