// How the pictures name things: a vertex as drawn (λ for the empty word, Δ/∇ for 001's formula
// predicates), an operator (Θ, Ω), an edge, and a turn's move in one short line.
// Invariant: every name here is derived from the model's own names (model::vertex_name,
// model::edge_name), so a picture never names a vertex the model does not have.
#pragma once
#include <string>
#include <vector>

#include "rules/model/game.hpp"
#include "rules/model/semantics.hpp"

namespace carve::render {

bool is_word_tree(const model::Game& game);  // document 000 (words, tree edges) vs 001 (formulas, hyperedges)

std::string vertex_label(const model::Game& game, model::VertexId v);
std::string op_label(const std::string& op);
std::string edge_label(const model::Game& game, const model::EdgeElement& e);

// The collapse path v_0 → v_1 → … → v_k; with more than `keep` vertices, the first and last
// few and a count of the ones left out.
std::string path_summary(const model::Game& game, const std::vector<model::VertexId>& vertices, std::size_t keep);

// A DOT string literal; and one whose lines are left-aligned (each line ends with DOT's \l).
std::string dot_quoted(const std::string& s);
std::string dot_left_aligned(const std::vector<std::string>& lines);

// Text for a Graphviz HTML-like label (&, <, > escaped).
std::string html_escaped(const std::string& s);

// Breaks text at blanks so that no line is much longer than `width` characters.
std::vector<std::string> wrapped(const std::string& text, std::size_t width);

// An estimate of a label's width in points (Helvetica-like: about 0.56 em per character).
double text_width(const std::string& utf8, double font_size);

}  // namespace carve::render
