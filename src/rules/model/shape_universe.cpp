// A universe from a parent-closed set of binary words.
#include "rules/model/shape_universe.hpp"

#include <algorithm>
#include <set>
#include <stdexcept>

#include "rules/model/word_tree.hpp"

namespace carve::model {

std::string word_of_name(const std::string& name) { return name == "lambda" ? std::string() : name; }

Universe shape_universe(std::vector<std::string> words) {
  for (const auto& w : words)
    if (w.find_first_not_of("01") != std::string::npos) throw std::invalid_argument("shape: '" + w + "' is not a binary word");
  std::sort(words.begin(), words.end(), [](const std::string& a, const std::string& b) {
    return a.size() != b.size() ? a.size() < b.size() : a < b;
  });
  words.erase(std::unique(words.begin(), words.end()), words.end());
  const std::set<std::string> in(words.begin(), words.end());
  if (!in.count("")) throw std::invalid_argument("shape: the empty word λ is missing");
  Universe u;
  u.kind = Universe::Kind::WordTree;
  u.alphabet = "01";
  u.sort_names = {"node"};
  for (const auto& w : words) {
    if (!w.empty() && !in.count(w.substr(0, w.size() - 1)))
      throw std::invalid_argument("shape: the parent of '" + w + "' is missing");
    const bool frontier = !in.count(w + "0") || !in.count(w + "1");
    u.add_vertex(word_name(w), 0, true, frontier);
    u.depth = std::max(u.depth, static_cast<int>(w.size()));
  }
  for (const auto& w : words) {
    if (w.empty()) continue;
    const auto id = u.by_name.at(word_name(w));
    u.add_inherent("T", {u.by_name.at(word_name(w.substr(0, w.size() - 1))), id}, id);
  }
  return u;
}

std::vector<std::string> shape_words(const Universe& u) {
  std::vector<std::string> out;
  for (const auto& n : u.names) out.push_back(word_of_name(n));
  return out;
}

}  // namespace carve::model
