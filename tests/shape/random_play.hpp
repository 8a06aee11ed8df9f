// Random legal plays of document 000 for the shape tests: a random shape with nodes down to a
// chosen depth (8..16 in the compression sweep), a reading drawn from every combination of the
// switches, and moves drawn at random -- e_new among the play's own nodes and the shape's deep
// ones, a random legal collapse path (a randomised search from the root, then random detours and
// a random tail), a random eligible new root.
// Invariant: every play returned was accepted turn by turn by model::apply_turn (a move the
// generator builds that apply_turn rejects is a bug in the generator, reported by exception).
#pragma once
#include <random>
#include <string>
#include <vector>

#include "rules/model/game.hpp"
#include "rules/model/state.hpp"

namespace carve::shape::testing {

// The game of spec/binary_tree.carve's rules (documents' succession and victory, the switches
// deciding reroot and iso) under reading number `combo` (0 .. combos() - 1: every combination of
// the eight switches of 000), on the given universe.
int combos();
model::Game reading_game(int combo, model::Universe universe);
std::string reading_text(const model::Game& game);

// A shape whose deepest nodes lie at depth `depth`: the tree paths to a few random words of depth
// 8..depth (at least one of length `depth`), with some siblings and children added.
std::vector<std::string> random_shape(std::mt19937_64& rng, int depth);

// A legal play of `turns` turns (fewer when no legal e_new is found in many tries).
std::vector<model::Move> random_play(const model::Game& game, int turns, std::mt19937_64& rng);

// The deepest node a play mentions.
int deepest_mention(const model::Game& game, const std::vector<model::Move>& play);

}  // namespace carve::shape::testing
