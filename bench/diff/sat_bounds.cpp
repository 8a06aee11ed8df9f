// The SAT play search (questions/diff/sat_play_diff.cpp) at one depth alone: per turn bound t =
// 1..T, the joint formula's size, its lemmas, the search's seconds and the certificate's (fresh
// refutation with a DRAT trace, checked by checkers/drat), until the first difference. carve diff
// itself searches depths 1..D in order and stops at the first difference, so its depth-D formulas
// are built only when no smaller depth parts the readings; this runs them directly.
// usage: carve_diff_sat_bounds SPEC DEPTH TURNS PROFILE_A PROFILE_B [SWITCH=VALUE] -- one JSON line;
// CARVE_BOUNDS_TIMEOUT (seconds) and CARVE_BOUNDS_MEMORY (MB), when set, are the run's limits: at a
// limit the bounds finished so far are reported with status "unknown".
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <string>

#include <nlohmann/json.hpp>
#include <unistd.h>

#include "questions/diff/play_diff.hpp"
#include "rules/elaborate/case.hpp"
#include "rules/elaborate/elaborate.hpp"

namespace {

carve::diff::GameAt reading(const std::string& spec, const std::string& profile, const std::string& set) {
  auto ast = std::make_shared<carve::parser::ast::Spec>(carve::elab::load_spec(spec));
  return [ast, profile, set](int depth) {
    carve::elab::Settings s;
    s.profile = {profile, {}};
    if (!set.empty()) {
      const auto eq = set.find('=');
      s.sets.push_back({{set.substr(0, eq), {}}, {set.substr(eq + 1), {}}});
    }
    s.depth = carve::elab::Located<int>{depth, {}};
    return carve::elab::elaborate(*ast, s);
  };
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 6) {
    std::cerr << "usage: carve_diff_sat_bounds SPEC DEPTH TURNS PROFILE_A PROFILE_B [SWITCH=VALUE]\n";
    return 2;
  }
  const int depth = std::stoi(argv[2]);
  carve::diff::PlayOptions o;
  o.search = carve::diff::PlaySearch::Sat;
  o.max_turns = std::stoi(argv[3]);
  const auto dir = std::filesystem::temp_directory_path() / ("carve-sat-bounds-" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  o.proof_dir = dir.string();
  if (const char* t = std::getenv("CARVE_BOUNDS_TIMEOUT")) o.limits.timeout_seconds = std::stod(t);
  if (const char* m = std::getenv("CARVE_BOUNDS_MEMORY")) o.limits.memory_mb = std::stoul(m);
  const auto t0 = std::chrono::steady_clock::now();
  o.progress = [t0](const std::string& line) {
    std::cerr << std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count() << " s: " << line << std::endl;
  };
  const auto p = carve::diff::play_diff_sat(reading(argv[1], argv[4], ""), reading(argv[1], argv[5], argc > 6 ? argv[6] : ""), {depth}, o);
  std::filesystem::remove_all(dir);
  nlohmann::json bounds = nlohmann::json::array();
  for (const auto& c : p.certificates)
    bounds.push_back({{"turns", c.turns}, {"certified", c.certified}, {"variables", c.variables}, {"clauses", c.clauses},
                      {"lemmas", c.lemmas}, {"solve_seconds", c.solve_seconds}, {"certificate_seconds", c.seconds}, {"detail", c.detail}});
  nlohmann::json j = {{"depth", depth}, {"status", p.status == carve::diff::PlayDiff::Status::Found ? "found"
                                                   : p.status == carve::diff::PlayDiff::Status::None ? "none" : "unknown"},
                      {"reason", p.reason}, {"bounds", bounds}, {"seconds", p.seconds}, {"exact", p.exact}, {"models", p.moves}};
  if (p.difference) {
    j["found_turns"] = p.difference->play.size();
    j["shortest_open"] = p.shortest_open;  // walks: the probe's difference, bounds below it left open by a limit
  }
  std::cout << j.dump() << "\n";
  return 0;
}
