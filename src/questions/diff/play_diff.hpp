// Play differences: the shortest play that one reading accepts turn by turn and the other
// rejects at its last turn, found by one of two searches (play_searches.def): explicit search
// over both readings at once (a breadth-first walk over pairs of states reached by plays both
// accept; play_diff.cpp), or one SAT formula per turn bound over a play both readings share
// (engines/sat/joint, sat_play_diff.cpp: document 000 over the tree's frames, 001 over the
// hypergraph encoding's), whose refutations are DRAT-checked certificates.
// Order: scope first (smallest depth or variable count), then turns, then the number of distinct
// vertices the play mentions, then the order moves are generated in.
// Invariant: a reported difference replays (checkers/replay, from S_0, before it is reported)
// through the reference semantics as stated -- every
// turn legal under `accepting`, every turn but the last legal under the other reading, the last
// one rejected by it with `violation` -- and no shorter play among the moves listed differs.
// Enumerate: the moves listed at a pair of states are, for each reading, every candidate e_new it allows,
// one collapse path per distinct removed edge set (or the stable claim when no path exists), and
// every succession choice; and, at a level where none of those differs, every walk of at most
// PlayOptions::path_length edges from the root through e_new (docs/diff.md).
// Sat: every play inside the scope whose collapse paths have at most the formula's bounds (every
// path under trails, simple and simple-or-cycle paths; walks at the proved joint bound where its
// step literals fit, else cut short -- 000 to the trail bound), each refutation ("no such play of exactly t turns parts the readings") checked by
// checkers/drat, and certified only where the bounds are the proved ones: walks bounded below a
// proved bound leave every refutation "not certified" and a search without a difference `unknown`,
// never "none". Where 000's walks are read, plays with walks cut to the trail bound are probed
// first: a difference found so is reported as shortest only once every bound below it is refuted
// at the exact lengths, else with PlayDiff::shortest_open naming the bounds left open.
#pragma once
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "questions/diff/verdict_diff.hpp"
#include "rules/model/semantics.hpp"

namespace carve::diff {

enum class PlaySearch {
#define PLAY_SEARCH(Enum, name, help) Enum,
#include "questions/diff/play_searches.def"
#undef PLAY_SEARCH
};
const char* name(PlaySearch s);
const char* help(PlaySearch s);
std::optional<PlaySearch> parse_play_search(const std::string& name);
std::vector<std::string> play_search_names();

struct PlayDifference {
  int scope = 0;
  std::vector<model::Move> play;
  int accepting = 0;           // 0: reading A accepts every turn; 1: reading B
  model::Violation violation;  // the other reading's, at the last turn
  std::size_t touched = 0;     // distinct vertices the play mentions
};

// Sat, document 001: the scope the certified formula is over. The whole universe (no argument
// outside the proof), or -- where the whole universe's formula is too large to write
// (sat_play_diff.cpp) -- the search's scope reduced by symmetry, and then the refutation holds by
// its proof and the scope theorem read for a pair of readings (`by_symmetry`; `statement` says it,
// as the CNF's head does).
struct PlayUniverse {
  std::size_t elements = 0;        // edge elements of the certified formula
  std::size_t formulas = 0;        // formulas a move may mention in it
  std::size_t whole_elements = 0;  // edge elements of the whole universe
  bool by_symmetry = false;
  std::string statement;
};

// Sat: the refutation of "a play of `turns` turns inside `scope` that the readings part at its last turn".
struct PlayCertificate {
  int scope = 0;
  int turns = 0;
  bool certified = false;
  std::string detail;            // the checker's summary, or why there is no certificate
  std::string cnf, proof, cnf_sha256;
  std::size_t variables = 0, clauses = 0, lemmas = 0;
  double solve_seconds = 0;      // the search's solves at this bound (lemma rounds included)
  double seconds = 0;            // the certificate: fresh refutation with DRAT trace and check
  std::optional<PlayUniverse> universe;  // 001 only
};

struct PlayDiff {
  enum class Status { Found, None, SameLegality, Unknown, Refused } status = Status::Unknown;
  std::string reason;          // SameLegality: why; Unknown: the limit; Refused: which rules the search does not encode
  PlaySearch search = PlaySearch::Sat;
  bool exact = true;           // Sat: every collapse path is within the formula's bounds at every bound searched
  int walk_length = 0;         // Sat, where a reading reads walks: the longest walk at the last bound
  std::vector<PlayCertificate> certificates;
  int max_turns = 0;
  int covered_turns = 0;       // every play of this many turns was compared (at the last scope)
  // Sat, Found: empty when no shorter play differs (every bound below the difference refuted at
  // the exact lengths); else which bounds below it a limit left open (sat_play_diff.cpp's probe).
  std::string shortest_open;
  std::uint64_t pairs = 0;     // pairs of states expanded
  std::uint64_t moves = 0;     // moves judged under the other reading
  double seconds = 0;
  std::optional<PlayDifference> difference;
};

struct PlayOptions {
  int max_turns = 2;
  // Walks of at most this many edges from the root through e_new are judged too, at a level
  // where no representative differs (0: representatives only).
  int path_length = 6;
  limits::Limits limits;
  PlaySearch search = PlaySearch::Enumerate;
  // Sat: where the CNF and DRAT files of each refutation go (empty: no certificates); walks up to
  // this many edges (0: the proved joint walk bound where it fits, else cut short).
  std::string proof_dir;
  int walk_length = 0;
  // Sat, document 000: the turn bounds of one depth refuted side by side on this many threads
  // (each its own formula and solver; the shortest difference still wins). 1: in turn, each bound
  // starting from the stability lemmas the ones before it learnt.
  int jobs = 1;
  std::function<void(const std::string&)> progress;  // one line per scope and turn bound, when set
};

// With `same_legality` (compare_rules found the parts apply_turn reads equal) nothing is
// searched: every play is judged alike by construction. Dispatches on options.search.
PlayDiff play_diff(const GameAt& a, const GameAt& b, const std::vector<int>& scopes, const PlayOptions& options,
                   bool same_legality);

PlayDiff play_diff_enumerate(const GameAt& a, const GameAt& b, const std::vector<int>& scopes, const PlayOptions& options);
PlayDiff play_diff_sat(const GameAt& a, const GameAt& b, const std::vector<int>& scopes, const PlayOptions& options);

// The difference replayed from S_0 under both readings, as a play case would be judged: a
// mismatch is a bug in the search that found it (std::logic_error, exit 3).
void confirm(const model::Game* games[2], const PlayDifference& d);

// The loop both searches share: scopes smallest first (each reading's game at the scope), `each`
// searching one scope -- a difference, confirmed before it is reported, ends the loop, and so does
// a refusal (`each` sets Status::Refused) -- and a limit anywhere ends in Unknown.
using ScopeSearch = std::function<std::optional<PlayDifference>(const model::Game* games[2], int scope, limits::Budget& budget,
                                                                PlayDiff& out)>;
PlayDiff over_scopes(const GameAt& a, const GameAt& b, const std::vector<int>& scopes, const PlayOptions& options, PlaySearch search,
                     const ScopeSearch& each);

// The vertices a play mentions (e_new's, the collapse path's, the succession choices).
std::size_t touched_vertices(const std::vector<model::Move>& play);

}  // namespace carve::diff
