// Shapes (docs/infinite-tree.md): finite sets of binary words closed under taking parents, and
// the game on a shape -- the universe of document 000 restricted to the shape's nodes, with the
// frontier rule (a node with a child outside the shape stays joined to that child's untouched
// infinite subtree). By Lemma 0 of the shape theorem the game on a shape is the game on the
// infinite tree, restricted to plays that mention only the shape's nodes.
// Invariant: shape_universe(words) has one vertex per word, named as binary_tree_universe names
// it ("lambda" for the empty word), ids in order of (length, word) so a parent precedes its
// children; its tree edges are the parent-child pairs inside the shape (slots (parent, child),
// the child the conclusion); frontier[v] holds exactly when a child of v is not in the shape.
#pragma once
#include <string>
#include <vector>

#include "rules/model/universe.hpp"

namespace carve::model {

// The word of a binary-tree vertex name ("lambda" -> ""), as binary_tree_universe names them.
std::string word_of_name(const std::string& name);

// Throws std::invalid_argument when `words` is empty of λ, not closed under parents, or holds a
// word that is not over {0, 1}. Duplicates are ignored.
Universe shape_universe(std::vector<std::string> words);

// The words of a 000 universe's vertices, in id order (every 000 universe carve builds -- the
// truncated tree included -- is a shape).
std::vector<std::string> shape_words(const Universe& u);

}  // namespace carve::model
