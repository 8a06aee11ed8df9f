// Random rule variants of documents 000 and 001 for the differential tests: every word a rule
// writer changes (alphabet, density pattern and reading, path kind, the switches, succession
// edge sets and the old-root choice, victory scope, relation and isomorphism) drawn from a
// seeded generator, written out as a complete spec text in carve's DSL.
// Invariant: spec_text(v) is a spec the elaborator accepts, and describe(v) names every choice
// that went into it, so a failing variant can be rewritten by hand from the test's message.
#pragma once
#include <cstdint>
#include <random>
#include <string>
#include <vector>

namespace carve::variants {

struct Variant {
  bool tree = true;                 // document 000 (a word tree) or 001 (the deduction system)
  std::string alphabet = "01";      // 000: the word tree's letters
  std::string pattern = "V T{2,} V";
  std::string density = "subsequence", path = "walk";
  std::string loop = "forbid", duplicate = "merge", readd = "forbid", start_win = "yes";
  std::string virtual_scope = "universe";  // 001
  bool trigger_by_conclusion = false, eligible_by_conclusion = true;  // 000's defaults; 001 reads Gen on both
  std::string choose = "new by reroot", reroot = "allow";
  bool root_component = false, contains = false;
  std::string iso = "incidence";
};

// The documents' own rules (000 or 001), before any change.
Variant documents(bool tree);
// One variant drawn from `rng`: each word changed with some probability, every value reachable.
Variant random_variant(std::mt19937_64& rng, bool tree, const std::vector<std::string>& alphabets,
                       const std::vector<std::string>& patterns);
std::string spec_text(const Variant& v);
std::string describe(const Variant& v);

}  // namespace carve::variants
