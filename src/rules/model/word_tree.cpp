// The alphabet rule, the depth bound per alphabet size, word names, and the truncated word tree.
#include "rules/model/word_tree.hpp"

#include <fmt/format.h>

#include "rules/model/universe.hpp"

namespace carve::model {

std::string alphabet_error(const std::string& alphabet) {
  if (alphabet.size() < kMinLetters || alphabet.size() > kMaxLetters)
    return fmt::format("a word tree's alphabet has {} to {} letters, \"{}\" has {}", kMinLetters, kMaxLetters, alphabet,
                       alphabet.size());
  for (std::size_t i = 0; i < alphabet.size(); ++i) {
    if (alphabet[i] < '0' || alphabet[i] > '9')
      return fmt::format("a word tree's letters are decimal digits (so that a word is one token in a case file), not '{}'",
                         alphabet[i]);
    if (alphabet.find(alphabet[i]) != i) return fmt::format("the alphabet \"{}\" repeats the letter '{}'", alphabet, alphabet[i]);
  }
  return {};
}

std::string word_name(const std::string& word) { return word.empty() ? "lambda" : word; }

std::string normalise_word(const std::string& text) {
  if (text.empty() || text == "lambda" || text == "λ") return "lambda";
  return text;
}

std::optional<std::size_t> foreign_letter(const std::string& word, const std::string& alphabet) {
  const auto at = word.find_first_not_of(alphabet);
  if (at == std::string::npos) return std::nullopt;
  return at;
}

Universe word_tree_universe(const std::string& alphabet, int depth) {
  Universe u;
  u.kind = Universe::Kind::WordTree;
  u.alphabet = alphabet;
  u.depth = depth;
  u.sort_names = {"node"};
  // Breadth-first order: ids grow with depth, so a parent always precedes its children, and
  // siblings follow the alphabet's order.
  std::vector<std::string> level{""};
  std::vector<std::pair<std::string, VertexId>> all;
  for (int d = 0; d <= depth; ++d) {
    std::vector<std::string> next;
    for (const auto& w : level) {
      auto id = u.add_vertex(word_name(w), 0, true, d == depth);
      all.emplace_back(w, id);
      if (d < depth)
        for (char letter : alphabet) next.push_back(w + letter);
    }
    level = std::move(next);
  }
  // Tree pairs are stored sorted (parent id < child id), the child being the conclusion.
  for (const auto& [w, id] : all) {
    if (w.empty()) continue;
    auto parent = u.by_name.at(word_name(w.substr(0, w.size() - 1)));
    u.add_inherent("T", {parent, id}, id);
  }
  return u;
}

Universe binary_tree_universe(int depth) { return word_tree_universe("01", depth); }

}  // namespace carve::model
