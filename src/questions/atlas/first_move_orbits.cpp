// First moves from S_0 by the reference semantics' construction rule; orbits by breadth-first
// closure under the letter swaps, built from the vertices' words (not from the encoder's
// generators, which break symmetry and are another concept).
#include "questions/atlas/first_move_orbits.hpp"

#include <algorithm>
#include <map>

#include <fmt/format.h>

#include "rules/model/semantics.hpp"
#include "rules/model/state.hpp"

namespace carve::atlas {

namespace {

using Perm = std::vector<model::VertexId>;

// The swap of letters i and j below the node `at`: a word at + x + rest becomes at + x' + rest.
Perm letter_swap(const model::Game& game, const std::string& at, char x, char y) {
  const auto& u = game.universe;
  Perm g(u.size());
  for (model::VertexId v = 0; v < u.size(); ++v) {
    std::string w = vertex_word(game, v);
    if (w.size() > at.size() && w.compare(0, at.size(), at) == 0) {
      char& c = w[at.size()];
      c = c == x ? y : c == y ? x : c;
    }
    g[v] = u.by_name.at(w.empty() ? "lambda" : w);
  }
  return g;
}

std::vector<Perm> letter_swaps(const model::Game& game) {
  const auto& u = game.universe;
  std::vector<Perm> gens;
  for (model::VertexId v = 0; v < u.size(); ++v) {
    if (u.frontier[v]) continue;
    for (std::size_t i = 0; i + 1 < u.alphabet.size(); ++i)
      gens.push_back(letter_swap(game, vertex_word(game, v), u.alphabet[i], u.alphabet[i + 1]));
  }
  return gens;
}

FirstMove image(const Perm& g, const FirstMove& m) {
  const auto a = g[m.first], b = g[m.second];
  return {std::min(a, b), std::max(a, b)};
}

}  // namespace

std::string vertex_word(const model::Game& game, model::VertexId v) {
  const std::string& name = game.universe.names[v];
  return name == "lambda" ? std::string() : name;
}

std::string first_move_text(const model::Game& game, const FirstMove& m) {
  return fmt::format("{} {}", game.universe.names[m.first], game.universe.names[m.second]);
}

std::optional<model::Refusal> split_refusal(const model::Game& game) {
  if (game.universe.kind != model::Universe::Kind::WordTree)
    return model::Refusal{"split", "1.1 infrastructure", "document 001's universe (only the word tree's symmetry is split on)", ""};
  if (game.universe.names[game.initial_root] != "lambda")
    return model::Refusal{"split", "1.2 initial state", fmt::format("the initial root {} (the orbits are of the automorphisms fixing λ)",
                                                                     game.universe.names[game.initial_root]), ""};
  return std::nullopt;
}

std::vector<FirstMove> first_moves(const model::Game& game) {
  const model::State s0 = model::initial_state(game);
  std::vector<FirstMove> out;
  const auto n = static_cast<model::VertexId>(game.universe.size());
  for (model::VertexId a = 0; a < n; ++a)
    for (model::VertexId b = a; b < n; ++b)
      if (model::construction_allowed(game, s0, model::EdgeElement::make("V", {a, b}))) out.emplace_back(a, b);
  return out;
}

std::vector<std::vector<FirstMove>> first_move_orbits(const model::Game& game) {
  const auto moves = first_moves(game);
  const auto gens = letter_swaps(game);
  std::map<FirstMove, int> orbit_of;
  std::vector<std::vector<FirstMove>> orbits;
  for (const auto& m : moves) {
    if (orbit_of.count(m)) continue;
    const int id = static_cast<int>(orbits.size());
    std::vector<FirstMove> orbit{m}, todo{m};
    orbit_of[m] = id;
    while (!todo.empty()) {
      const FirstMove x = todo.back();
      todo.pop_back();
      for (const auto& g : gens)
        if (const FirstMove y = image(g, x); orbit_of.emplace(y, id).second) {
          orbit.push_back(y);
          todo.push_back(y);
        }
    }
    std::sort(orbit.begin(), orbit.end());
    orbits.push_back(std::move(orbit));
  }
  return orbits;
}

}  // namespace carve::atlas
