// One game of `carve play`: a play built turn by turn by a person, each step judged by the
// reference semantics as it comes -- construction (model::check_construction), collapse
// (model::collapse_phase: a path of ℛ, or the claim "stable", which the semantics refuses when
// ℛ ≠ ∅), succession when due (model::succession_phase) -- and the committed turn re-judged whole
// by model::apply_turn. The session never decides legality itself: it offers every step, and the
// semantics accepts or refuses it.
//
// Invariant: states()[t] is S_t of the committed play: states()[0] = S_0 and every
// states()[t+1] = apply_turn(states()[t], play()[t]); won() is the first turn after which a
// winning component exists (the game ends there: every later move is refused by the victory
// rule); a refused or bad request changes nothing but last_refusal().
//
// Stable API (the web page's server builds on it, through questions/play/api.hpp). A change to it is
// committed at once and noted here.
#pragma once
#include <cstddef>
#include <memory>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "rules/elaborate/case.hpp"
#include "rules/model/semantics.hpp"
#include "rules/model/victory.hpp"
#include "questions/play/describe.hpp"
#include "questions/play/error.hpp"

namespace carve::play {

struct SessionOptions {
  double hint_timeout_seconds = 10;  // a hint's budget unless the request gives one (0: none)
  std::size_t memory_mb = 0;         // the memory ceiling of hints (0: limits::default_memory_mb())
  // When set, every file a request names (save, load) is a relative path inside this folder,
  // never outside it (no "..", no absolute path, no symbolic link leading out).
  std::optional<std::string> file_folder;
  // ℛ is listed up to this many distinct edge sets; beyond, the count is "at least N".
  std::size_t paths_cap = 20000;
  // Where certified hints keep their CNF and DRAT files (empty: a folder of the session's own
  // under the system's temporary folder, removed with the session).
  std::string proof_dir;
};

// Where the turn being built stands.
enum class Phase {
  Construct,   // waiting for e_new (add)
  Collapse,    // e_new accepted: a path of ℛ (collapse) or the claim ℛ = ∅ (stable)
  Succession,  // collapse done and succession due: a new root (root V, or keep where allowed)
  Over,        // the game is won: no further move
};
std::string_view phase_name(Phase p);  // "construct", "collapse", "succession", "over"

// One listed path of ℛ: a path realising one distinct edge set E(P).
struct ListedPath {
  model::CollapsePath path;               // vertices, and each step's edge
  std::vector<model::EdgeType> types;     // along the path, from its first vertex
  std::string type_text;                  // "V T V"
};

// A page of ℛ(S_t, e_new), shortest first, then by the vertices' ids along the path.
struct PathsPage {
  std::size_t offset = 0;
  std::vector<ListedPath> paths;  // paths [offset, offset + limit) of the listing
  std::size_t listed = 0;         // the listing's length
  // false: ℛ has at least `listed` edge sets -- the listing stopped at the cap, or the view is
  // too large to enumerate (then only one path, model::CollapsePaths::find_any's); `why` says which.
  bool complete = true;
  std::string why;
};

// The turn being built.
struct PendingTurn {
  model::EdgeElement added;
  bool collapsed = false;                    // the collapse phase passed
  std::optional<model::CollapsePath> collapse;  // the path taken (none: stable), once collapsed
  model::State after_collapse;               // E'' with the root still ρ_t, once collapsed
};

// The last move a rule refused: what `save FILE illegal` writes as `expect illegal at N rule "R"`.
struct RefusedAttempt {
  int turn = 0;          // 1-based: the turn it would have been
  model::Move move;      // as far as it was built (a refused collapse: no root)
  Error error;
};

struct ProfileInfo {
  std::string name, doc;
  bool current = false;
};
// A profile switch: the play re-judged under the new reading.
struct ProfileSwitch {
  std::string from, to;
  int kept = 0;                          // turns still legal under the new reading (now the play)
  std::optional<int> broken_turn;        // the first turn it breaks (its moves are on the redo stack)
  std::optional<Error> broken_by;        // the rule that refuses it, in the spec's words
  std::optional<int> won_turn;           // the victory, which may come earlier under the new reading
};

// The expectation `save` writes (a closed choice: questions/play/session.cpp's table).
enum class Expect { Win, Legal, Illegal };
std::optional<Expect> expect_from_name(std::string_view name);  // "win", "legal", "illegal"
std::string_view expect_name(Expect e);

struct Saved {
  std::string path;
  std::string expectation;  // the `expect` item as written: "win at 2", "illegal at 3 rule \"3.2\""
  std::string text;         // the file's content
};

struct HintRequest {
  int turns = 1;                      // K: within K more turns
  bool certify = false;               // a no-win with a DRAT proof, when the rules allow
  std::optional<double> timeout_seconds;  // default: SessionOptions::hint_timeout_seconds
};

struct HintCertificate {
  bool accepted = false;
  std::string status;                 // encoder::status_name, or "refused"
  std::string message;                // the checker's summary, or why there is no certificate
  std::string cnf, proof, cnf_sha256; // the files (kept in SessionOptions::proof_dir)
};

struct Hint {
  enum class Verdict { Win, NoWin, Unknown } verdict = Verdict::Unknown;
  int from_turn = 0;                    // t: the hint starts from S_t
  int within = 0;                       // K
  std::vector<model::Move> rest;        // a win: turns t+1 .. t+j, each replayed through apply_turn from S_t
  std::optional<Won> won;               // a win: the victory after the last of them (turn t + j)
  std::string scope;                    // "no win within 2 more turns from turn 1, word tree to depth 4"
  std::string reason;                   // unknown: the limit and where it stopped
  std::string engine;                   // "explicit" or "sat"
  std::optional<HintCertificate> certificate;  // when asked
  double seconds = 0;
};
std::string_view hint_verdict_name(Hint::Verdict v);  // "win", "no-win", "unknown"

class Session {
 public:
  // `opened`: a case, witness or spec loaded as `carve play` loads it (cli load_input; the
  // target already overridden by --target). A case's play goes onto the redo stack.
  Session(elab::Case opened, SessionOptions options = {});
  ~Session();
  Session(const Session&) = delete;
  Session& operator=(const Session&) = delete;

  // --- what the session holds
  const model::Game& game() const;
  const model::Target* target() const;  // null: no target (no victory, no hint)
  const elab::Case& opened() const;      // the case as loaded (spec AST, settings, paths)
  const std::vector<model::Move>& play() const;
  const std::vector<model::State>& states() const;  // S_0 .. S_t
  const model::State& current() const;              // S_t
  int turn() const;                                  // t: committed turns
  Phase phase() const;
  const std::optional<PendingTurn>& pending() const;
  const std::optional<Won>& won() const;
  const std::vector<model::Move>& redo_stack() const;  // back() is the next redo
  const std::optional<RefusedAttempt>& last_refusal() const;
  // The reading in force: the profile and every declared switch's value.
  std::string profile() const;
  std::vector<ProfileInfo> profiles() const;

  // --- a turn, phase by phase. Each returns nullopt when the step was taken, else the error
  // (the session as it was).
  std::optional<Error> add(const model::EdgeElement& e_new);            // phase Construct
  std::optional<Error> collapse(const model::CollapsePath& path);       // phase Collapse: an explicit path
  std::optional<Error> collapse_listed(std::size_t index);              // phase Collapse: path `index` of the listing
  std::optional<Error> stable();                                        // phase Collapse: the claim ℛ = ∅
  std::optional<Error> root(model::VertexId v);                         // phase Succession
  std::optional<Error> keep();                                          // phase Succession: ρ_t chosen again
  // A whole move through apply_turn (phase Construct): redo, and scripts.
  std::optional<Error> play_move(const model::Move& move);

  // Phase Collapse: a page of ℛ (listed once per pending turn).
  std::variant<PathsPage, Error> paths(std::size_t offset, std::size_t limit);
  // Phase Succession: the eligible new roots (model::eligible_roots on E''); whether keep is one.
  std::vector<model::VertexId> eligible_roots() const;
  bool keep_allowed() const;

  // --- history
  std::optional<Error> undo();  // the partial turn, else the last turn (onto the redo stack)
  std::optional<Error> redo();  // the next move of the redo stack, re-judged by apply_turn

  // --- readings, files, hints
  std::variant<ProfileSwitch, Error> switch_profile(const std::string& name);
  // `expect` absent: win when won, else legal. `overwrite`: replace an existing file.
  std::variant<Saved, Error> save(const std::string& file, std::optional<Expect> expect, bool overwrite);
  // A case or witness of the same document: its game becomes the session's, S_0, its play on the
  // redo stack.
  std::optional<Error> load(const std::string& file);
  std::variant<Hint, Error> hint(const HintRequest& request);

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace carve::play
