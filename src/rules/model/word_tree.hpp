// Document 000's word tree over an alphabet: V_Ω = A*, a node's children are its one-letter
// extensions, λ (the empty word) the root. The alphabet rule and the depth bound per alphabet
// size live here, so that the spec, case files, witnesses and every engine read words alike.
// Invariant: an alphabet carve accepts has 2..kMaxLetters distinct decimal digits, so a word is
// one token that no identifier, keyword or atom can be confused with, and `lambda`/`λ` is never
// a word; its order is the order of each node's children.
#pragma once
#include <cstddef>
#include <optional>
#include <string>

namespace carve::model {

inline constexpr std::size_t kMinLetters = 2;
inline constexpr std::size_t kMaxLetters = 4;
// The largest scope carve builds: the nodes of the binary tree to depth 16, 2^17 - 1.
inline constexpr std::size_t kMaxTreeNodes = (std::size_t{1} << 17) - 1;

// Why `alphabet` is no alphabet carve builds a tree over (empty when it is one).
std::string alphabet_error(const std::string& alphabet);

// The nodes of the tree over `letters` letters to depth `depth`: (k^(D+1) - 1) / (k - 1).
constexpr std::size_t word_tree_size(std::size_t letters, int depth) {
  std::size_t level = 1, total = 0;
  for (int d = 0; d <= depth; ++d, level *= letters) total += level;
  return total;
}
// The deepest scope of at most kMaxTreeNodes nodes: 16 for 2 letters, 10 for 3, 8 for 4 (the
// tree grows as k^D).
constexpr int max_tree_depth(std::size_t letters) {
  int d = 0;
  while (word_tree_size(letters, d + 1) <= kMaxTreeNodes) ++d;
  return d;
}
static_assert(max_tree_depth(2) == 16 && max_tree_depth(3) == 10 && max_tree_depth(4) == 8);

// The vertex name of a word ("lambda" for the empty word).
std::string word_name(const std::string& word);
// Normalises "λ"/"lambda"/"" to "lambda" and returns any other text as it is (a word's name).
std::string normalise_word(const std::string& text);
// The position of the first letter of `word` outside `alphabet`, if any.
std::optional<std::size_t> foreign_letter(const std::string& word, const std::string& alphabet);

}  // namespace carve::model
