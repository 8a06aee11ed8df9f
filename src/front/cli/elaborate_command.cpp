// carve elaborate: what universe a spec really generates under a reading and a scope.
#include <iostream>
#include <map>

#include <fmt/format.h>

#include "front/cli/common.hpp"
#include "rules/model/counted.hpp"
#include "rules/model/rules_words.hpp"
#include "rules/model/victory.hpp"

namespace carve::cli {

namespace {
struct ElaborateOptions {
  std::string input;
  GameOptions game;
  RunOptions run;
};

// What elaborate counts of a universe: its components at t = 0, inherent edges by operator,
// vertices by sort, and what the counts mean about the document, said as findings.
struct Census {
  std::map<std::tuple<std::size_t, std::size_t, bool>, std::size_t> components;  // (vertices, edges, finite) -> count
  std::map<std::string, std::size_t> by_op;
  std::map<std::string, std::size_t> by_sort;
  std::size_t inside = 0;
  std::vector<std::string> findings;
};

Census census_of(const model::Game& g) {
  const auto& u = g.universe;
  Census c;
  for (const auto& comp : model::components(g, model::initial_state(g))) ++c.components[{comp.vertices.size(), comp.edges.size(), comp.finite}];
  for (const auto& e : u.inherent) ++c.by_op[e.op];
  for (std::size_t v = 0; v < u.size(); ++v) {
    if (u.in_universe[v]) {
      ++c.inside;
      ++c.by_sort[u.sort_names[u.sorts[v]]];
    }
  }
  // docs/dsl.md: the 001 universe.
  if (u.kind == model::Universe::Kind::Deduction && c.inside == u.axioms)
    c.findings.push_back(fmt::format("F* = 𝒜: the universe is the axioms alone ({} of {} well-formed formulas); every formula "
                                     "the rules of Γ conclude is already an axiom, so the rounds add inherent edges, never a vertex",
                                     model::counted(static_cast<long long>(u.axioms), "axiom instance"), u.formulas_total));
  return c;
}

nlohmann::json elaborate_json(const elab::Case& c, const Census& n) {
  const auto& g = c.game;
  const auto& u = g.universe;
  nlohmann::json j;
  j["command"] = "elaborate";
  j["findings"] = n.findings;
  j["spec"] = c.spec_path;
  j["document"] = g.document;
  j["profile"] = g.profile;
  j["interpretation"] = interpretation_json(g);
  j["rules"] = rules_json(g);
  j["density_pattern"] = g.rules.density_pattern;
  j["universe"] = u.kind == model::Universe::Kind::WordTree ? "word-tree" : "least-fixed-point";
  j["alphabet"] = u.kind == model::Universe::Kind::WordTree ? nlohmann::json(u.alphabet) : nlohmann::json(nullptr);
  j["vertices"] = n.inside;
  j["vertices_by_sort"] = n.by_sort;
  j["inherent_edges"] = u.inherent.size();
  j["inherent_edges_by_operator"] = n.by_op;
  j["rounds"] = u.rounds;
  j["axioms"] = u.kind == model::Universe::Kind::Deduction ? nlohmann::json(u.axioms) : nlohmann::json(nullptr);
  j["variables"] = u.variables;
  j["formulas_total"] = u.formulas_total;
  j["depth"] = u.depth >= 0 ? nlohmann::json(u.depth) : nlohmann::json(nullptr);
  j["initial_root"] = model::vertex_name(g, g.initial_root);
  j["density_automaton_states"] = g.rules.density.states();
  nlohmann::json cs = nlohmann::json::array();
  for (const auto& [key, count] : n.components)
    cs.push_back({{"vertices", std::get<0>(key)}, {"edges", std::get<1>(key)}, {"finite", std::get<2>(key)}, {"count", count}});
  j["components"] = cs;
  j["versions"] = versions_json();
  return j;
}

void print_elaborate(const elab::Case& c, const Census& n) {
  const auto& g = c.game;
  const auto& u = g.universe;
  std::cout << fmt::format("spec      {} ({} {})\n", c.spec_path, g.document, g.title);
  std::cout << fmt::format("profile   {}: {}\n", g.profile, g.reading());
  if (u.kind == model::Universe::Kind::WordTree) {
    std::cout << fmt::format("universe  word tree over \"{}\" truncated at depth {}: {} nodes ({} on the frontier), {} tree edges\n",
                             u.alphabet, u.depth, u.size(), u.size() - model::word_tree_size(u.alphabet.size(), u.depth - 1),
                             u.inherent.size());
  } else {
    std::cout << fmt::format("universe  least fixed point of Γ over {}: {}\n", model::counted(u.variables, "variable"), model::counted(u.rounds, "round"));
    std::string sorts;
    for (const auto& [s, count] : n.by_sort) sorts += fmt::format(" {} {}", count, s);
    std::cout << fmt::format("vertices  |F*| = {} of {} well-formed formulas:{}\n", n.inside, u.formulas_total, sorts);
    std::string ops;
    for (const auto& [op, count] : n.by_op) ops += fmt::format(" {} {}", count, op);
    std::cout << fmt::format("edges     |E_Ω| = {}:{}\n", u.inherent.size(), ops.empty() ? " none" : ops);
  }
  for (const auto& f : n.findings) std::cout << fmt::format("finding   {}\n", f);
  std::cout << fmt::format("root      {}\n", model::vertex_name(g, g.initial_root));
  std::cout << "rules     as compiled, each with the def that states it:\n" << model::rules_text(g, "  ");
  std::cout << fmt::format("density   Φ_dense compiled to an automaton of {}\n", model::counted(g.rules.density.states(), "state"));
  std::cout << "components at t = 0 (vertices, edges, finite: count)\n";
  for (const auto& [key, count] : n.components)
    std::cout << fmt::format("  {:>3} vertices {:>3} edges {:<8} x {}\n", std::get<0>(key), std::get<1>(key),
                             std::get<2>(key) ? "finite" : "infinite", count);
}

int run_elaborate(const ElaborateOptions& o) {
  model::Budget budget(o.run.limits());  // a 001 universe is a fixed point that may take long to reach
  elab::Case c;
  try {
    c = load_input(o.input, o.game, &budget);
  } catch (const limits::LimitReached& e) {
    return answer_before_game("elaborate", o.input, e.what(), budget.elapsed_seconds(), o.run.json);
  }
  const Census n = census_of(c.game);
  if (o.run.json)
    std::cout << elaborate_json(c, n).dump(2) << "\n";
  else
    print_elaborate(c, n);
  return kAnswered;
}
}  // namespace

void add_elaborate_command(CLI::App& app, int& exit_code) {
  auto o = std::make_shared<ElaborateOptions>();
  auto* sub = app.add_subcommand("elaborate", "print what the universe of a spec really is (counts, rounds, components)");
  sub->add_option("input", o->input, "a spec (.carve) or a case file")->required();
  o->game.add_to(*sub);
  o->run.add_to(*sub);
  sub->callback([o, &exit_code]() { exit_code = run_elaborate(*o); });
}

}  // namespace carve::cli
