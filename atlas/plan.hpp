// An atlas plan: the sweep written down as a numbered list of independent questions (one target,
// one reading, one depth, a bound on turns), each with a stable key, in DIR/plan.json. Every job
// -- a local pool's worker, a Slurm array task -- runs one question by its number.
// Invariant: keys are unique within a plan and depend only on the question (spec, target,
// profile, switches, depth, turn bound, engine), so a result is found again by its key in any
// store and after any re-planning that keeps the question.
#pragma once
#include <cstddef>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace carve::atlas {

inline constexpr const char* kPlanFormat = "carve-atlas-plan/1";

struct Question {
  int index = 0;
  std::string target;  // graph6 or any target text `solve --target` reads
  std::string label;   // the named graph it is, or the text
  int vertices = 0, edges = 0;
  std::string profile;
  int depth = 0;
  std::string key;     // 16 hex digits of SHA-256 over the question
};

// How each question is run: shared by every job of the plan.
struct Settings {
  std::string spec;  // relative to the atlas folder (so the folder moves as a whole), or absolute
  std::vector<std::string> sets;  // SWITCH=VALUE applied to every profile
  int max_turns = 8;
  std::string engine = "sat";
  double timeout = 0;       // per question: the search, then the certificate, each within it
  std::size_t memory_mb = 0;
  bool keep_proofs = true;  // keep the .cnf and .drat files (their hashes are recorded either way)
};

struct Plan {
  Settings settings;
  std::vector<std::string> command;  // the `carve atlas plan` command line that wrote it
  std::vector<Question> questions;
};

// The plan of targets x profiles x depths (in that nesting order). Targets are resolved here
// (a bad one is an InputError naming it); `spec` is as the user gave it, made relative to `dir`.
Plan make_plan(const std::string& dir, const std::string& spec, const std::vector<std::string>& targets,
               const std::vector<std::string>& profiles, const std::vector<int>& depths, Settings settings);

nlohmann::json plan_json(const Plan& p);
Plan plan_from_json(const nlohmann::json& j);  // throws std::runtime_error on a malformed plan

std::string plan_path(const std::string& dir);  // DIR/plan.json
void write_plan(const std::string& dir, const Plan& p);
Plan read_plan(const std::string& dir);         // throws std::runtime_error naming the file
// The spec path the plan's settings name, as seen from the current directory.
std::string spec_path(const std::string& dir, const Plan& p);

}  // namespace carve::atlas
