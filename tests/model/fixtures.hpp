// Hand-built games for unit tests: the IR assembled directly, as elaboration would from the
// specs, so that semantics tests do not depend on the parser.
#pragma once
#include <sstream>

#include "rules/model/game.hpp"

namespace carve::fixtures {

// The tree over `alphabet` (2..4 digits, rules/model/word_tree.hpp) with the documents' rules.
inline model::Game word_tree_game(const std::string& alphabet, int depth, const std::string& path = "walk",
                                  const std::string& density = "subsequence") {
  model::Game g;
  g.spec_name = alphabet == "01" ? "binary_tree" : "word_tree";
  g.document = "000";
  g.universe = model::word_tree_universe(alphabet, depth);
  g.rules.reading.set(model::Switch::Path, path);
  g.rules.reading.set(model::Switch::Density, density);
  g.rules.construct = model::Rules::Construct::Pair;
  g.rules.density = model::DensityAutomaton::avoid(
      {{model::EdgeType::V, 1, 1}, {model::EdgeType::T, 2, -1}, {model::EdgeType::V, 1, 1}}, density == "subsequence");
  g.rules.succession.trigger_by_conclusion = false;
  g.rules.succession.eligible_by_conclusion = true;
  g.rules.label = {{"construct", "3.1"}, {"collapse", "3.2"}, {"paths", "2.2"}, {"succession", "3.3"}, {"victory", "4"}};
  g.initial_root = 0;
  return g;
}

inline model::Game binary_tree_game(int depth, const std::string& path = "walk",
                                    const std::string& density = "subsequence") {
  return word_tree_game("01", depth, path, density);
}

// The game with another avoided pattern, written as in a spec ("V T{2,} V", "T{1,2} V"), under
// the game's density reading.
inline model::Game with_pattern(model::Game g, const std::string& pattern) {
  std::vector<model::PatternItem> items;
  std::istringstream in(pattern);
  for (std::string word; in >> word;) {
    model::PatternItem item{word[0] == 'T' ? model::EdgeType::T : model::EdgeType::V, 1, 1};
    if (const auto brace = word.find('{'); brace != std::string::npos) {
      const auto comma = word.find(',', brace);
      item.min = std::stoi(word.substr(brace + 1, comma - brace - 1));
      const std::string max = word.substr(comma + 1, word.size() - comma - 2);
      item.max = max.empty() ? -1 : std::stoi(max);
    }
    items.push_back(item);
  }
  g.rules.density = model::DensityAutomaton::avoid(items, g.rules.reading.density == model::sw::Density::Subsequence);
  g.rules.density_pattern = pattern;
  g.rules.density_items = items;
  return g;
}

}  // namespace carve::fixtures
