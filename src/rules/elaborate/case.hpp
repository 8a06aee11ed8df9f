// A case (or witness) file elaborated: its spec, its game, its question and its expectation,
// with every name resolved against the game's universe.
// Invariant: `play` moves and `claim` vertices name vertices of `game.universe`; every item
// keeps the location it came from, for error messages and for `check` reports.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "rules/elaborate/elaborate.hpp"
#include "rules/elaborate/engine.hpp"
#include "rules/model/state.hpp"
#include "rules/model/target.hpp"

namespace carve::elab {

struct Case {
  std::string path;
  std::string title;
  std::string spec_path;            // as resolved on disk
  std::string spec_ref;             // as written in the case
  std::string spec_sha256;          // the spec's SHA-256 as the case states it (witnesses do), else empty
  parser::ast::Spec spec;
  Settings settings;
  model::Game game;
  std::optional<model::Target> target;
  std::optional<Located<int>> turns;
  std::optional<Located<Engine>> engine;  // the engine that pins the expectation (default explicit)
  // `certify drat;`: the no-win verdict must come with a DRAT proof carve's checker accepts.
  std::optional<Located<std::string>> certify;
  std::optional<parser::ast::Expectation> expect;
  std::optional<std::vector<model::Move>> play;
  std::vector<parser::Location> turn_locs;
  std::optional<std::vector<model::VertexId>> claim;
  parser::Location claim_loc;
  std::vector<std::string> warnings;  // for the command to print (a changed spec under --force)
};

// Overrides from the command line, applied after the case's own items.
struct Overrides {
  std::optional<Located<std::string>> profile;
  std::vector<std::pair<Located<std::string>, Located<std::string>>> sets;
  std::optional<Located<int>> depth;
  // With `depth`: the command line's `--depth any` (`depth` then holds 1, as the case item's does).
  bool depth_any = false;
  // The command answers questions on the infinite tree (solve, explain, check, diff): a case's
  // `depth any;` is refused by every other command, at the item, unless `depth` replaces it.
  bool depth_any_allowed = false;
  std::optional<Located<int>> turns;
  std::optional<Located<std::string>> target;  // any target syntax (parse_target_auto)
  // A spec file to use instead of the one the case names (replay WITNESS SPEC).
  std::optional<Located<std::string>> spec;
  // A spec whose SHA-256 differs from the one the case states is loaded anyway, with a warning
  // in Case::warnings (replay --force); otherwise it is bad input.
  bool accept_changed_spec = false;
};

// The spec a case names is looked up next to the case file first (so a witness written beside
// or below its spec replays from any folder), then as written (relative to the current folder).
// `budget` (may be null) bounds the elaboration (elaborate()).
Case load_case(const std::string& path, const Overrides& overrides = {}, limits::Budget* budget = nullptr);
parser::ast::Spec load_spec(const std::string& path);
// The SHA-256 of a spec file's bytes (what a witness records to bind its spec's content).
std::string spec_sha256(const std::string& path);

model::Target resolve_target(const parser::ast::CaseTarget& t);
// A target in any syntax (a command-line --target); errors name the location and the character.
model::Target resolve_target_text(const Located<std::string>& text);
// Fails at `loc` unless the target can be the shape of a winning component under the rules: a
// simple graph in a pair game (Def 1.3), and typed (a-b:T) exactly when the rules' isomorphism
// keeps edge types (iso=typed); an edgeless target (K1) fits either isomorphism.
void check_target_fits(const model::Game& game, const model::Target& t, const parser::Location& loc);
model::VertexId resolve_vertex(const model::Game& game, const parser::ast::Vertex& v);
model::EdgeElement resolve_edge(const model::Game& game, const parser::ast::Edge& e);
model::Move resolve_turn(const model::Game& game, const parser::ast::Turn& t);

}  // namespace carve::elab
