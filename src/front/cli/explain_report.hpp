// carve explain's answers as text and as JSON: a no-win's core (questions/explain/no_win_core.hpp) and a
// play's first illegal turn (questions/explain/play_explanation.hpp), each definition by its location,
// number, title and statement lines, each counterfactual with its replayed witness.
// Invariant: text and JSON report the same facts; a witness is printed in the vertex names of the
// rules it replayed under; each answer and certificate is written by the one writer
// (questions/report), the trial's and the core's alike.
#pragma once
#include <string>

#include <nlohmann/json.hpp>

#include "front/cli/common.hpp"
#include "rules/elaborate/case.hpp"
#include "questions/explain/no_win_core.hpp"
#include "questions/explain/play_explanation.hpp"

namespace carve::cli {

// `where`: the certificate's files stay (--proof FILE) and are named, or were temporary and are not.
std::string core_text(const elab::Case& c, const explain::NoWinCore& core, const CertificateWhere& where);
nlohmann::json core_json(const elab::Case& c, const explain::NoWinCore& core, const CertificateWhere& where);

// One trial (carve explain --relax): its rules in words, the verdict and a replayed witness. Its
// JSON is the answer as every report writes it (answer_json) with `relaxed`, `replayed`, and the
// verdict `refused` when no engine asked for encodes the relaxed rules.
std::string trial_report(const elab::Case& c, const model::Game& relaxed, const explain::Trial& t, const CertificateWhere& where);
nlohmann::json trial_json(const elab::Case& c, const explain::Trial& t, const CertificateWhere& where);

std::string play_text(const elab::Case& c, const std::vector<model::Move>& play, const explain::PlayExplanation& e);
nlohmann::json play_json(const elab::Case& c, const std::vector<model::Move>& play, const explain::PlayExplanation& e);

}  // namespace carve::cli
