// One question of the differential test: a generated spec, a target and a bound, decided by
// every engine that does not refuse the rules; explicit search (which runs the reference
// semantics itself) is the reference, and each symbolic engine must give the same verdict and
// the same shortest number of turns, with every win replayed.
#pragma once
#include <map>
#include <string>
#include <vector>

#include "rules/elaborate/elaborate.hpp"

namespace carve::variants {

struct Tally {
  std::map<std::string, int> decided;   // engine -> questions it answered (and agreed on)
  std::map<std::string, int> refused;   // engine -> questions it refused by name
  std::map<std::string, int> reasons;   // refusal message (model::Refusal::text) -> questions
  std::map<std::string, int> verdicts;  // "win in k" / "no-win" of the reference, for the report
  int questions = 0;
};

// Adds failures to the running test (with `what` in every message) and counts into `tally`.
void decide_everywhere(const std::string& spec, const elab::Settings& settings, const std::string& target, int turns,
                       const std::vector<std::string>& engines, const std::string& what, Tally& tally);

// Settings of a 000 question (profile literal at this depth) and of a 001 one (one type, the
// given variables, every relation tuple, base point Delta(x,x,x)).
elab::Settings tree_settings(int depth, const std::string& profile = "");
elab::Settings triangle_settings(int variables);

std::string report(const Tally& t);

}  // namespace carve::variants
