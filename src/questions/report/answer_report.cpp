// The answer's writer (answer_report.hpp): its JSON object and its text, within a depth bound and
// on the infinite tree (the shape engine's scope, shape and encoding).
#include "questions/report/answer_report.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "questions/report/play_report.hpp"
#include "rules/elaborate/engine.hpp"
#include "rules/model/counted.hpp"
#include "rules/model/target_echo.hpp"
#include "rules/model/word_tree.hpp"

namespace carve::report {

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

// The infinite tree's answer always names its formula (an allocation failure leaves it empty:
// zeros, as the engine had them).
answer::Encoding encoding_of(const answer::Answer& a) { return a.encoding.value_or(answer::Encoding{}); }

std::string no_proof_reason(const AnswerReport& r) {
  return no_certificate_reason(r.proof_asked, r.answer.certificate.has_value(), r.answer.verdict == Verdict::Win,
                               r.answer.verdict == Verdict::Unknown);
}

std::vector<std::string> component_names(const AnswerReport& r) {
  std::vector<std::string> names;
  if (r.answer.component)
    for (auto v : r.answer.component->vertices) names.push_back(model::vertex_name(r.answer.witness_game(r.game), v));
  return names;
}

// The fields only the infinite tree's answer has: its shape, the shape encoding and its solver.
void infinite_json(const AnswerReport& r, nlohmann::json& j) {
  const auto& a = r.answer;
  const auto s = shape_of(a);
  const auto e = encoding_of(a);
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

// The fields of an answer within a depth bound: the search's figures, the encoding and solver of
// a symbolic engine.
void bounded_json(const AnswerReport& r, nlohmann::json& j) {
  const auto& a = r.answer;
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
    if (r.game.universe.kind == model::Universe::Kind::Deduction) j["encoding"]["variable_scope"] = variable_scope_json(*e, r.turns);
  }
}

// "(sat engine, 3 solver calls" or "(1234 states": how the engine covered the question.
std::string effort(const answer::Answer& a) {
  return a.encoding ? fmt::format("{} engine, {}", elab::name(a.engine), model::counted(a.encoding->solver_calls, "solver call"))
                    : model::counted(static_cast<long long>(a.states), "state");
}

std::string win_text(const AnswerReport& r) {
  const auto& a = r.answer;
  const model::Game& shown = a.witness_game(r.game);
  std::string out;
  if (r.infinite) {
    const auto e = encoding_of(a);
    out += fmt::format("verdict   {} ({}; sat engine, shape encoding, {} {} seed {}, {} solver calls, {:.3f} s)\n", verdict_words(a),
                       !e.shortest ? fmt::format("not proved shortest: plays under {} turns were not asked", shape_of(a).first_frame)
                                   : std::string("shortest on the infinite tree"),
                       e.solver, e.solver_version, e.seed, e.solver_calls, a.seconds);
    std::vector<std::string> shape;
    for (const auto& w : shape_of(a).words) shape.push_back(model::word_name(w));
    out += fmt::format("shape     {{{}}}\n", fmt::join(shape, ", "));
    out += "witness   (replayed through the reference semantics on the shape)\n";
  } else {
    if (const auto& e = a.encoding)
      out += fmt::format("verdict   {} ({}; {} engine, {} {} seed {}, {} solver calls, {:.3f} s)\n", verdict_words(a),
                         e->shortest ? "shortest" : "not proved shortest", elab::name(a.engine), e->solver, e->solver_version,
                         e->seed, e->solver_calls, a.seconds);
    else
      out += fmt::format("verdict   {} (shortest; explicit search, {} states, {:.3f} s)\n", verdict_words(a), a.states, a.seconds);
    out += "witness   (replayed through the reference semantics)\n";
  }
  out += play_lines(shown, a.witness);
  out += fmt::format("component {{{}}} ≅ {}\n", fmt::join(component_names(r), ", "), model::target_label(r.target));
  if (!r.witness_path.empty()) out += fmt::format("written   {}\n", r.witness_path);
  if (const auto no = no_proof_reason(r); !no.empty()) out += fmt::format("proof     {}\n", no);
  return out;
}

std::string no_win_text(const AnswerReport& r) {
  const auto& a = r.answer;
  std::string out;
  if (r.infinite)
    out += fmt::format("verdict   {}: no play of at most {} turns reaches the target, at any depth ({:.3f} s)\n", verdict_words(a), r.turns,
                       a.seconds);
  else  // states are explicit search's measure; the symbolic engines name their solver calls
    out += fmt::format("verdict   {}: no play within the scope reaches the target ({}, {:.3f} s)\n", verdict_words(a), effort(a), a.seconds);
  if (a.certificate) out += certificate_text(*a.certificate, r.certificate);
  return out;
}

std::string unknown_text(const AnswerReport& r) {
  const auto& a = r.answer;
  std::string out;
  if (!r.infinite) {
    out += fmt::format("verdict   {} ({}; {}, {:.3f} s)\n", verdict_words(a), covered_text(a.completed_depth), effort(a), a.seconds);
    if (const auto no = no_proof_reason(r); !no.empty()) out += fmt::format("proof     {}\n", no);
    return out;
  }
  // A limit in the certificate of the rules alone comes before any frame was asked.
  if (shape_of(a).frames_skipped() || a.completed_depth < 0)
    out += fmt::format("verdict   {} ({:.3f} s)\n", verdict_words(a), a.seconds);
  else
    out += fmt::format("verdict   {} (every play of at most {} turns was covered; {:.3f} s)\n", verdict_words(a), a.completed_depth, a.seconds);
  // By parts, the parts accepted before the limit are kept for the next run: say which.
  if (a.certificate && !a.certificate->parts.empty()) out += certificate_text(*a.certificate, r.certificate);
  return out;
}

}  // namespace

answer::ShapeScope shape_of(const answer::Answer& a) { return a.shape.value_or(answer::ShapeScope{}); }

std::string verdict_words(const answer::Answer& a) {
  switch (a.verdict) {
    case Verdict::Win: return "win in " + model::counted(a.turns.value_or(0), "turn");
    case Verdict::NoWin: return answer::verdict_name(a.verdict);
    case Verdict::Unknown: break;
  }
  return "unknown: " + a.reason;
}

std::string covered_text(int completed_turns) {
  if (completed_turns < 0) return "no number of turns was covered in full";
  return fmt::format("every play of at most {} turn{} was covered", completed_turns, completed_turns == 1 ? "" : "s");
}

nlohmann::json answer_json(const AnswerReport& r) {
  const auto& a = r.answer;
  nlohmann::json j;
  j["verdict"] = answer::verdict_name(a.verdict);
  j["turns"] = a.turns ? nlohmann::json(*a.turns) : nlohmann::json(nullptr);
  j["witness"] = a.win() ? play_json(a.witness_game(r.game), a.witness) : nlohmann::json(nullptr);
  j["component"] = a.win() ? nlohmann::json(component_names(r)) : nlohmann::json(nullptr);
  j["seconds"] = a.seconds;
  j["reason"] = a.reason.empty() ? nlohmann::json(nullptr) : nlohmann::json(a.reason);
  if (r.infinite)
    infinite_json(r, j);
  else
    bounded_json(r, j);
  if (r.proof_asked) j["proof"] = a.certificate ? certificate_json(*a.certificate, r.certificate) : nlohmann::json(nullptr);
  if (const auto no = no_proof_reason(r); !no.empty()) j["proof_not_written"] = no;
  return j;
}

std::string answer_text(const AnswerReport& r) {
  switch (r.answer.verdict) {
    case Verdict::Win: return win_text(r);
    case Verdict::NoWin: return no_win_text(r);
    case Verdict::Unknown: break;
  }
  return unknown_text(r);
}

std::string encoding_text(const AnswerReport& r) {
  const auto& a = r.answer;
  if (r.infinite) {
    const auto e = encoding_of(a);
    return fmt::format("encoding  {} variables, {} clauses, {} stability lemmas; shapes of at most {} nodes chosen by the solver\n",
                       e.variables, e.clauses, e.lemmas, shape_of(a).nodes);
  }
  const auto& e = a.encoding;
  if (!e) return "";
  std::string out = fmt::format("encoding  {} variables, {} clauses, {} stability lemmas; {}\n", e->variables, e->clauses, e->lemmas,
                                e->walk_sets ? std::string("collapse walks by their edge sets (exact)")
                                             : fmt::format("collapse paths of at most {} ({})", model::counted(e->path_length, "step"),
                                                           e->exact ? "exact for this path kind" : "walks: not proved sufficient"));
  if (r.game.universe.kind == model::Universe::Kind::Deduction)
    out += fmt::format("variables {}\n", variable_scope_text(*e, r.turns));
  return out;
}

}  // namespace carve::report
