// solve's report (solve_report.hpp): the JSON object and the text, each a header of the question
// and its scope, and the answer as the one answer writer (questions/report/answer_report.hpp) writes it.
#include "front/cli/solve_report.hpp"

#include <iostream>

#include <fmt/format.h>

#include "questions/report/answer_report.hpp"
#include "foundations/limits/resident_memory.hpp"
#include "rules/model/counted.hpp"
#include "rules/model/rules_words.hpp"
#include "rules/model/target_echo.hpp"

namespace carve::cli {

namespace {

AnswerReport answer_report(const SolveReport& r) {
  return AnswerReport{r.question.game, *r.question.target, r.question.turns->value, r.answer, r.infinite,
                      r.proof_asked, CertificateWhere{Files::Kept, "", r.manifest, ""}, r.witness_path};
}

std::string infinite_scope_line(const answer::ShapeScope& s, int turns) {
  return fmt::format("{}; at most {} turns; every play is equivalent to one on a shape of at most {} nodes (Lemma 4: 13k + n - 1, 14k + 2n for walks, 4 fewer when the target is not a tree), "
                     "and the solver chose the shape with the play ({} nodes encoded)",
                     kInfiniteScope, turns, s.bound, s.nodes);
}

// The question's scope: the depth bound's, or the infinite tree's with the shapes the engine encoded.
nlohmann::json question_scope_json(const SolveReport& r) {
  const elab::Case& c = r.question;
  if (!r.infinite) return scope_json(c.game, c.turns->value);
  const auto s = shape_of(r.answer);
  return {{"turns", c.turns->value}, {"min_turns", s.frames_skipped() ? nlohmann::json(s.first_frame) : nlohmann::json(nullptr)},
          {"depth", "any"}, {"tree", "infinite"}, {"shape_nodes_bound", s.bound},
          {"shape_nodes_encoded", s.nodes}, {"variables", nullptr}, {"path_length", nullptr},
          {"statement", kInfiniteScope}};
}

void print_header(const SolveReport& r) {
  const elab::Case& c = r.question;
  std::cout << fmt::format("game      {} {} ({}), profile {}\n", c.game.document, c.game.title, c.game.spec_name, c.game.profile);
  std::cout << fmt::format("reading   {}\n", c.game.reading());
  std::cout << "rules\n" << model::rules_text(c.game, "  ");
  if (r.infinite) {
    const auto s = shape_of(r.answer);
    if (s.frames_skipped())
      std::cout << fmt::format("question  target {} won at some turn {}..{} (--min-turns {}: shorter plays not asked)\n", c.target->text,
                               s.first_frame, c.turns->value, s.first_frame);
    else
      std::cout << fmt::format("question  target {} within {} turns\n", c.target->text, c.turns->value);
    std::cout << fmt::format("target    {}\n", model::target_summary(*c.target));
    std::cout << fmt::format("scope     {}\n", infinite_scope_line(s, c.turns->value));
  } else {
    std::cout << fmt::format("question  target {} within {}\n", c.target->text, model::counted(c.turns->value, "turn"));
    std::cout << fmt::format("target    {}\n", model::target_summary(*c.target));
    std::cout << fmt::format("scope     {}\n", scope_text(c.game, c.turns->value));
  }
  std::cout << encoding_text(answer_report(r));
}

}  // namespace

nlohmann::json solve_json(const SolveReport& r) {
  const elab::Case& c = r.question;
  nlohmann::json j = answer_json(answer_report(r));
  j["command"] = "solve";
  j["input"] = r.input;
  j["spec"] = c.spec_path;
  j["document"] = c.game.document;
  j["target"] = target_json(*c.target);
  j["profile"] = c.game.profile;
  j["interpretation"] = interpretation_json(c.game);
  j["rules"] = rules_json(c.game);
  j["witness_file"] = r.witness_path.empty() || !r.answer.win() ? nlohmann::json(nullptr) : nlohmann::json(r.witness_path);
  j["peak_memory_mb"] = carve::limits::peak_resident_mb();
  j["scope"] = question_scope_json(r);
  if (!r.infinite) j["density_pattern"] = c.game.rules.density_pattern;
  j["versions"] = versions_json();
  return j;
}

void print_solve(const SolveReport& r) {
  print_header(r);
  std::cout << answer_text(answer_report(r));
}

}  // namespace carve::cli
