// An atlas plan: the sweep written down as a numbered list of independent questions (one target,
// one reading, one depth, a bound on turns), each with a stable key, in DIR/plan.json. Every job
// -- a local pool's worker, a Slurm array task -- runs one question by its number.
// Invariant: keys are unique within a plan and depend only on the question (spec, target,
// profile, switches, depth, turn bound, engine), so a result is found again by its key in any
// store and after any re-planning that keeps the question.
#pragma once
#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "rules/elaborate/engine.hpp"

namespace carve::atlas {

inline constexpr const char* kPlanFormat = "carve-atlas-plan/1";

// One part of a question `solve --split` cut by the first turn's moves (questions/atlas/split_plan.hpp):
// turn 1's e_new is one of `first_moves`, one representative per orbit of first moves, each
// orbit `orbit_sizes[i]` first moves large.
struct SplitPart {
  int index = 0, of = 0;
  std::vector<std::string> first_moves;  // "u v", vertex names, u <= v in vertex order
  std::vector<int> orbit_sizes;
};

struct Question {
  int index = 0;
  std::string target;  // graph6 or any target text `solve --target` reads
  std::string label;   // the named graph it is, or the text
  int vertices = 0, edges = 0;
  std::string profile;
  int depth = 0;
  std::string key;     // 16 hex digits of SHA-256 over the question
  std::optional<SplitPart> part;  // a split plan's question: the no-win within max_turns of one part
};

// How each question is run: shared by every job of the plan.
struct Settings {
  std::string spec;  // relative to the atlas folder (so the folder moves as a whole), or absolute
  std::vector<std::string> sets;  // SWITCH=VALUE applied to every profile
  int max_turns = 8;
  elab::Engine engine = elab::Engine::Sat;  // written by its name
  double timeout = 0;       // per question: the search, then the certificate, each within it
  std::size_t memory_mb = 0;
  bool keep_proofs = true;  // keep the .cnf and .drat files (their hashes are recorded either way)
};

struct Plan {
  Settings settings;
  std::vector<std::string> command;  // the `carve atlas plan` command line that wrote it
  std::vector<Question> questions;
  bool split() const { return !questions.empty() && questions.front().part.has_value(); }
};

// The engines a plan may search with (--engine, a plan's `engine`): the bounded ones that answer
// by themselves -- sat, smt, explicit. Whichever searched, a no-win is certified by the sat engine.
std::vector<elab::Engine> searching_engines();

// The plan of targets x profiles x depths (in that nesting order). Targets are resolved here
// (a bad one is an InputError naming it); `spec` is as the user gave it, made relative to `dir`.
Plan make_plan(const std::string& dir, const std::string& spec, const std::vector<std::string>& targets,
               const std::vector<std::string>& profiles, const std::vector<int>& depths, Settings settings);

// The key of a question under these settings (a part's first moves included).
std::string question_key(const Settings& s, const Question& q);

nlohmann::json plan_json(const Plan& p);
Plan plan_from_json(const nlohmann::json& j);  // throws std::runtime_error on a malformed plan

std::string plan_path(const std::string& dir);  // DIR/plan.json
void write_plan(const std::string& dir, const Plan& p);
Plan read_plan(const std::string& dir);         // throws std::runtime_error naming the file
// The spec path the plan's settings name, as seen from the current directory.
std::string spec_path(const std::string& dir, const Plan& p);

}  // namespace carve::atlas
