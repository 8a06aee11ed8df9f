// solve's report (solve_report.hpp): the JSON object and the text, each a header of the question,
// the scope and encoding of the engine that answered, and the verdict with what follows it.
#include "front/cli/solve_report.hpp"

#include <iostream>

#include <fmt/format.h>

#include "front/cli/certificate_manifest.hpp"
#include "foundations/limits/resident_memory.hpp"
#include "rules/model/counted.hpp"
#include "rules/model/rules_words.hpp"
#include "rules/model/target_echo.hpp"
#include "rules/model/word_tree.hpp"

namespace carve::cli {

namespace {

using answer::Verdict;

// What a 001 answer of the SAT engine says about other variable sets (docs/sat-encoding-001.md):
// the blocks a k-turn play can touch, and per class of interchangeable blocks whether the
// universe already has enough of them that adding more changes no answer.
nlohmann::json variable_scope_json(const answer::Encoding& e, int turns) {
  nlohmann::json classes = nlohmann::json::array();
  bool all = true;
  for (const auto& b : e.blocks) {
    classes.push_back({{"shape", b.shape}, {"count", b.count}, {"mentionable", b.kept}, {"saturation", b.saturation},
                       {"saturated", b.count >= b.saturation}});
    all = all && b.count >= b.saturation;
  }
  return {{"turns", turns}, {"touched_components_max", e.touched_blocks}, {"classes", classes},
          {"answer_holds_for_more_variables", all},
          {"statement", "the answer holds for every variable set whose classes have the same counts, "
                        "except that a class with at least `saturation` blocks may have any larger number"}};
}

std::string variable_scope_text(const answer::Encoding& e, int turns) {
  std::vector<std::string> parts;
  for (const auto& b : e.blocks)
    parts.push_back(fmt::format("{} x{}{}", b.shape, b.count, b.count >= b.saturation ? " (saturated)" : fmt::format(" (saturates at {})", b.saturation)));
  return fmt::format("a {}-turn play touches at most {} components of F*; classes: {}; the answer also holds with more "
                     "blocks of a saturated class",
                     turns, e.touched_blocks, fmt::join(parts, "; "));
}

// The infinite tree's answer always names its shapes and formula (an allocation failure leaves
// them empty: zeros, as the engine had them).
answer::ShapeScope shape_of(const answer::Answer& a) { return a.shape.value_or(answer::ShapeScope{}); }
answer::Encoding encoding_of(const answer::Answer& a) { return a.encoding.value_or(answer::Encoding{}); }

std::string no_proof_reason(const SolveReport& r) {
  return no_certificate_reason(r.proof_asked, r.answer.certificate.has_value(), r.answer.verdict == Verdict::Win,
                               r.answer.verdict == Verdict::Unknown);
}

std::vector<std::string> component_names(const SolveReport& r) {
  std::vector<std::string> names;
  if (r.answer.component)
    for (auto v : r.answer.component->vertices) names.push_back(model::vertex_name(r.answer.witness_game(r.question.game), v));
  return names;
}

std::string infinite_scope_line(const answer::ShapeScope& s, int turns) {
  return fmt::format("{}; at most {} turns; every play is equivalent to one on a shape of at most {} nodes (Lemma 4: 13k + n - 1, 14k + 2n for walks, 4 fewer when the target is not a tree), "
                     "and the solver chose the shape with the play ({} nodes encoded)",
                     kInfiniteScope, turns, s.bound, s.nodes);
}

// The fields only the infinite tree's answer has, and its scope and encoding.
void infinite_json(const SolveReport& r, nlohmann::json& j) {
  const elab::Case& c = r.question;
  const auto& a = r.answer;
  const auto s = shape_of(a);
  const auto e = encoding_of(a);
  j["scope"] = {{"turns", c.turns->value}, {"min_turns", s.frames_skipped() ? nlohmann::json(s.first_frame) : nlohmann::json(nullptr)},
                {"depth", "any"}, {"tree", "infinite"}, {"shape_nodes_bound", s.bound},
                {"shape_nodes_encoded", s.nodes}, {"variables", nullptr}, {"path_length", nullptr},
                {"statement", kInfiniteScope}};
  j["engine"] = "sat";
  nlohmann::json shape = nlohmann::json::array();
  for (const auto& w : s.words) shape.push_back(model::word_name(w));
  j["shape"] = a.win() ? shape : nlohmann::json(nullptr);
  j["completed_turns"] = a.completed_depth;
  j["encoding"] = {{"kind", "shape"}, {"variables", e.variables}, {"clauses", e.clauses}, {"lemmas", e.lemmas},
                   {"solver_calls", e.solver_calls}, {"learned_clauses", e.learned_clauses}, {"shape_nodes", s.nodes},
                   {"collapse_encoding", e.walk_sets ? "edge-sets" : "split"},
                   {"exact", true}, {"shortest", e.shortest}};
  j["solver"] = {{"name", e.solver}, {"version", e.solver_version}, {"seed", e.seed}, {"configuration", e.solver_configuration}};
}

// The fields of an answer within a depth bound: its scope, the search's figures, the encoding
// and solver of a symbolic engine.
void bounded_json(const SolveReport& r, nlohmann::json& j) {
  const elab::Case& c = r.question;
  const auto& a = r.answer;
  j["scope"] = scope_json(c.game, c.turns->value);
  j["density_pattern"] = c.game.rules.density_pattern;
  j["engine"] = elab::name(a.engine);
  j["states"] = a.states;
  j["successors"] = a.successors;
  // Only an unknown needs it: every play of at most this many turns was covered before the limit.
  j["completed_turns"] = a.verdict == Verdict::Unknown ? nlohmann::json(a.completed_depth) : nlohmann::json(nullptr);
  j["limit_reached"] = a.limit_reached;
  if (const auto& e = a.encoding) {
    j["encoding"] = {{"variables", e->variables}, {"clauses", e->clauses}, {"lemmas", e->lemmas},
                     {"solver_calls", e->solver_calls}, {"path_length", e->path_length},
                     {"symmetry_clauses", e->symmetry_clauses}, {"learned_clauses", e->learned_clauses},
                     {"collapse_encoding", e->walk_sets ? "edge-sets" : "positional"},
                     {"exact", e->exact}, {"shortest", e->shortest},
                     {"native_at_most_one", e->native_constraints}};
    j["solver"] = {{"name", e->solver}, {"version", e->solver_version}, {"seed", e->seed}, {"configuration", e->solver_configuration}};
    if (c.game.universe.kind == model::Universe::Kind::Deduction) j["encoding"]["variable_scope"] = variable_scope_json(*e, c.turns->value);
  }
}

void print_header(const SolveReport& r) {
  const elab::Case& c = r.question;
  const auto& a = r.answer;
  std::cout << fmt::format("game      {} {} ({}), profile {}\n", c.game.document, c.game.title, c.game.spec_name, c.game.profile);
  std::cout << fmt::format("reading   {}\n", c.game.reading());
  std::cout << "rules\n" << model::rules_text(c.game, "  ");
  if (r.infinite) {
    const auto s = shape_of(a);
    if (s.frames_skipped())
      std::cout << fmt::format("question  target {} won at some turn {}..{} (--min-turns {}: shorter plays not asked)\n", c.target->text,
                               s.first_frame, c.turns->value, s.first_frame);
    else
      std::cout << fmt::format("question  target {} within {} turns\n", c.target->text, c.turns->value);
    std::cout << fmt::format("target    {}\n", model::target_summary(*c.target));
    std::cout << fmt::format("scope     {}\n", infinite_scope_line(s, c.turns->value));
    const auto e = encoding_of(a);
    std::cout << fmt::format("encoding  {} variables, {} clauses, {} stability lemmas; shapes of at most {} nodes chosen by the solver\n",
                             e.variables, e.clauses, e.lemmas, s.nodes);
    return;
  }
  std::cout << fmt::format("question  target {} within {}\n", c.target->text, model::counted(c.turns->value, "turn"));
  std::cout << fmt::format("target    {}\n", model::target_summary(*c.target));
  std::cout << fmt::format("scope     {}\n", scope_text(c.game, c.turns->value));
  if (const auto& e = a.encoding) {
    std::cout << fmt::format("encoding  {} variables, {} clauses, {} stability lemmas; {}\n", e->variables, e->clauses, e->lemmas,
                             e->walk_sets ? std::string("collapse walks by their edge sets (exact)")
                                          : fmt::format("collapse paths of at most {} ({})", model::counted(e->path_length, "step"),
                                                        e->exact ? "exact for this path kind" : "walks: not proved sufficient"));
    if (c.game.universe.kind == model::Universe::Kind::Deduction)
      std::cout << fmt::format("variables {}\n", variable_scope_text(*e, c.turns->value));
  }
}

// "(sat engine, 3 solver calls" or "(1234 states": how the engine covered the question.
std::string effort(const answer::Answer& a) {
  return a.encoding ? fmt::format("{} engine, {}", elab::name(a.engine), model::counted(a.encoding->solver_calls, "solver call"))
                    : model::counted(static_cast<long long>(a.states), "state");
}

void print_win(const SolveReport& r) {
  const elab::Case& c = r.question;
  const auto& a = r.answer;
  const model::Game& shown = a.witness_game(c.game);
  const std::string plural = *a.turns == 1 ? "" : "s";
  if (r.infinite) {
    const auto e = encoding_of(a);
    std::cout << fmt::format("verdict   win in {} turn{} ({}; sat engine, shape encoding, {} {} seed {}, {} solver calls, {:.3f} s)\n",
                             *a.turns, plural,
                             !e.shortest ? fmt::format("not proved shortest: plays under {} turns were not asked", shape_of(a).first_frame)
                                         : std::string("shortest on the infinite tree"),
                             e.solver, e.solver_version, e.seed, e.solver_calls, a.seconds);
    std::vector<std::string> shape;
    for (const auto& w : shape_of(a).words) shape.push_back(model::word_name(w));
    std::cout << fmt::format("shape     {{{}}}\n", fmt::join(shape, ", "));
    std::cout << "witness   (replayed through the reference semantics on the shape)\n";
  } else {
    if (const auto& e = a.encoding)
      std::cout << fmt::format("verdict   win in {} turn{} ({}; {} engine, {} {} seed {}, {} solver calls, {:.3f} s)\n", *a.turns, plural,
                               e->shortest ? "shortest" : "not proved shortest", elab::name(a.engine), e->solver, e->solver_version,
                               e->seed, e->solver_calls, a.seconds);
    else
      std::cout << fmt::format("verdict   win in {} turn{} (shortest; explicit search, {} states, {:.3f} s)\n", *a.turns, plural,
                               a.states, a.seconds);
    std::cout << "witness   (replayed through the reference semantics)\n";
  }
  std::cout << play_lines(shown, a.witness);
  std::cout << fmt::format("component {{{}}} ≅ {}\n", fmt::join(component_names(r), ", "), model::target_label(*c.target));
  if (!r.witness_path.empty()) std::cout << fmt::format("written   {}\n", r.witness_path);
  if (const auto no = no_proof_reason(r); !no.empty()) std::cout << fmt::format("proof     {}\n", no);
}

void print_no_win(const SolveReport& r) {
  const auto& a = r.answer;
  if (r.infinite)
    std::cout << fmt::format("verdict   no-win: no play of at most {} turns reaches the target, at any depth ({:.3f} s)\n",
                             r.question.turns->value, a.seconds);
  else  // states are explicit search's measure; the symbolic engines name their solver calls
    std::cout << fmt::format("verdict   no-win: no play within the scope reaches the target ({}, {:.3f} s)\n", effort(a), a.seconds);
  if (a.certificate) std::cout << certificate_text(*a.certificate, r.manifest);
}

void print_unknown(const SolveReport& r) {
  const auto& a = r.answer;
  if (!r.infinite) {
    std::cout << fmt::format("verdict   unknown: {} ({}; {}, {:.3f} s)\n", a.reason, covered_text(a.completed_depth), effort(a), a.seconds);
    if (const auto no = no_proof_reason(r); !no.empty()) std::cout << fmt::format("proof     {}\n", no);
    return;
  }
  // A limit in the certificate of the rules alone comes before any frame was asked.
  if (shape_of(a).frames_skipped() || a.completed_depth < 0)
    std::cout << fmt::format("verdict   unknown: {} ({:.3f} s)\n", a.reason, a.seconds);
  else
    std::cout << fmt::format("verdict   unknown: {} (every play of at most {} turns was covered; {:.3f} s)\n", a.reason,
                             a.completed_depth, a.seconds);
  // By parts, the parts accepted before the limit are kept for the next run: say which.
  if (a.certificate && !a.certificate->parts.empty()) std::cout << certificate_text(*a.certificate, r.manifest);
}

}  // namespace

nlohmann::json solve_json(const SolveReport& r) {
  const elab::Case& c = r.question;
  const auto& a = r.answer;
  const model::Game& shown = a.witness_game(c.game);
  nlohmann::json j;
  j["command"] = "solve";
  j["input"] = r.input;
  j["spec"] = c.spec_path;
  j["document"] = c.game.document;
  j["target"] = target_json(*c.target);
  j["verdict"] = answer::verdict_name(a.verdict);
  j["turns"] = a.turns ? nlohmann::json(*a.turns) : nlohmann::json(nullptr);
  j["profile"] = c.game.profile;
  j["interpretation"] = interpretation_json(c.game);
  j["rules"] = rules_json(c.game);
  j["witness"] = a.win() ? play_json(shown, a.witness) : nlohmann::json(nullptr);
  j["component"] = a.win() ? nlohmann::json(component_names(r)) : nlohmann::json(nullptr);
  j["witness_file"] = r.witness_path.empty() || !a.win() ? nlohmann::json(nullptr) : nlohmann::json(r.witness_path);
  j["seconds"] = a.seconds;
  j["reason"] = a.reason.empty() ? nlohmann::json(nullptr) : nlohmann::json(a.reason);
  j["peak_memory_mb"] = carve::limits::peak_resident_mb();
  if (r.infinite)
    infinite_json(r, j);
  else
    bounded_json(r, j);
  if (r.proof_asked) j["proof"] = a.certificate ? certificate_json(*a.certificate, r.manifest) : nlohmann::json(nullptr);
  if (const auto no = no_proof_reason(r); !no.empty()) j["proof_not_written"] = no;
  j["versions"] = versions_json();
  return j;
}

void print_solve(const SolveReport& r) {
  print_header(r);
  switch (r.answer.verdict) {
    case Verdict::Win: print_win(r); break;
    case Verdict::NoWin: print_no_win(r); break;
    case Verdict::Unknown: print_unknown(r); break;
  }
}

}  // namespace carve::cli
