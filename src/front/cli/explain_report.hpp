// carve explain's answers as text and as JSON: a no-win's core (questions/explain/no_win_core.hpp) and a
// play's first illegal turn (questions/explain/play_explanation.hpp), each definition by its location,
// number, title and statement lines, each counterfactual with its replayed witness.
// Invariant: text and JSON report the same facts; a witness is printed in the vertex names of the
// rules it replayed under.
#pragma once
#include <string>

#include <nlohmann/json.hpp>

#include "rules/elaborate/case.hpp"
#include "questions/explain/no_win_core.hpp"
#include "questions/explain/play_explanation.hpp"

namespace carve::cli {

// `files_kept`: the certificate's files stay (--proof FILE) and are named; else they are not.
std::string core_text(const elab::Case& c, const explain::NoWinCore& core, bool files_kept);
nlohmann::json core_json(const elab::Case& c, const explain::NoWinCore& core);

// One trial (carve explain --relax): its rules in words, the verdict and a replayed witness.
std::string trial_report(const elab::Case& c, const model::Game& relaxed, const explain::Trial& t, bool files_kept);
nlohmann::json trial_json(const explain::Trial& t);

std::string play_text(const elab::Case& c, const std::vector<model::Move>& play, const explain::PlayExplanation& e);
nlohmann::json play_json(const elab::Case& c, const std::vector<model::Move>& play, const explain::PlayExplanation& e);

}  // namespace carve::cli
