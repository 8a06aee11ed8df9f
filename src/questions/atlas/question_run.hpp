// One atlas question answered: the shortest carving of the target under one reading at one
// depth, found by iterative deepening (the engine's frames k = 0, 1, ... in turn), its witness
// replayed, and the no-win one turn shorter certified by a DRAT proof carve's checker accepted.
// Invariant: a record says `certified` only with a witness that replayed to a win at exactly
// `turns` and an accepted certificate of the no-win at `turns - 1`; `lower_bound_certified` only
// with an accepted certificate of the no-win at `lower_bound - 1`. Everything else is said as
// less: `win` (shortest by the search, certificate missing, reason given), `no-win` (none within
// the turn bound), `unknown` (a limit: the lower bound proved so far, certified when a DRAT proof
// of it fits in a second budget), `refused` (the engine does not encode these rules).
#pragma once
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "questions/atlas/plan.hpp"

namespace carve::atlas {

inline constexpr const char* kResultFormat = "carve-atlas-result/1";

struct RunContext {
  std::string dir;                    // the atlas folder: witnesses/ and certificates/ go there
  std::vector<std::string> command;   // the command line of the process answering
  bool progress = false;              // the engine's own progress line on stderr
  nlohmann::json versions;            // carve's and its solvers' versions
};

// The result record (docs/atlas.md lists its fields). Bad input (a spec that does not elaborate,
// a target that does not fit the rules) throws elab::InputError; an internal error (a witness
// that does not replay, a proof the checker rejects) throws std::logic_error.
nlohmann::json answer_question(const Plan& plan, const Question& q, const RunContext& ctx);

// A retry of a question whose earlier record holds a win the search called shortest, with the
// no-win one turn below left uncertified (a limit stopped the certificate): that certificate is
// all that is missing, so this replays the earlier witness again and certifies the no-win below
// it, instead of searching again -- a search that can end weaker than the record it follows.
// Asks the question afresh (answer_question) when the rules no longer hash as they did or the
// witness file is not the recorded one.
nlohmann::json complete_win(const Plan& plan, const Question& q, const RunContext& ctx, const nlohmann::json& earlier);

// The last record in `records` of `key` that complete_win can take up: a win with its witness,
// shortest by the search (lower_bound == turns), not yet certified. Null when there is none.
const nlohmann::json* completable_win(const std::vector<nlohmann::json>& records, const std::string& key);

// The rules record's SHA-256 of the question as its spec elaborates now (atlas verify).
std::string rules_sha256_now(const Plan& plan, const Question& q, const std::string& dir);

// Statuses after which a question is settled: a re-run would repeat the same work.
bool is_settled(const nlohmann::json& record);

}  // namespace carve::atlas
