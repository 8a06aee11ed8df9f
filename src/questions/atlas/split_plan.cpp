// The parts of a split plan: the question once through make_plan, then one copy per part.
#include "questions/atlas/split_plan.hpp"

#include <fmt/format.h>

#include "questions/atlas/first_move_orbits.hpp"
#include "questions/atlas/question_game.hpp"
#include "engines/registry/registry.hpp"

namespace carve::atlas {

Plan make_split_plan(const std::string& dir, const SplitQuestion& sq) {
  Settings settings = sq.settings;
  settings.max_turns = sq.turns;
  settings.engine = elab::Engine::Sat;  // parts are certified by DRAT proofs, which only the sat engine writes
  settings.sets = sq.sets;
  const Plan whole = make_plan(dir, sq.spec, {sq.target}, {sq.profile}, {sq.depth}, settings);
  const Question question = whole.questions.at(0);
  const QuestionGame g = elaborate_question(whole, question, dir);
  const parser::Location here{"--split", 0, 0};
  if (auto no = split_refusal(g.game)) elab::fail(here, no->text());
  if (auto no = engines::refusal(engines::Route::Certificate, g.game, g.target)) elab::fail(here, no->text());
  if (sq.turns < 1) elab::fail(here, "--split needs at least one turn (--turns 1 or more): the parts differ in turn 1");
  const auto orbits = first_move_orbits(g.game);
  if (orbits.empty()) elab::fail(here, "S_0 has no first move to split on");
  const int n = std::min(std::max(1, sq.parts), static_cast<int>(orbits.size()));
  std::vector<SplitPart> parts(static_cast<std::size_t>(n));
  for (int i = 0; i < n; ++i) parts[static_cast<std::size_t>(i)] = SplitPart{i, n, {}, {}};
  for (std::size_t o = 0; o < orbits.size(); ++o) {
    auto& part = parts[o % static_cast<std::size_t>(n)];
    part.first_moves.push_back(first_move_text(g.game, orbits[o].front()));
    part.orbit_sizes.push_back(static_cast<int>(orbits[o].size()));
  }
  Plan plan = whole;
  plan.questions.clear();
  for (auto& part : parts) {
    Question q = question;
    q.index = part.index;
    q.label = fmt::format("{} part {}/{}", question.label, part.index + 1, n);
    q.part = std::move(part);
    q.key = question_key(plan.settings, q);
    plan.questions.push_back(std::move(q));
  }
  return plan;
}

}  // namespace carve::atlas
