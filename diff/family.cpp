// Targets of a diff family: the user's list ordered smallest first, or geng's connected graphs.
#include "diff/family.hpp"

#include <algorithm>
#include <cstdio>
#include <memory>
#include <set>
#include <stdexcept>

#include <fmt/format.h>

namespace carve::diff {

std::vector<model::Target> connected_graphs(int n) {
  std::vector<model::Target> out;
  for (int v = 1; v <= n; ++v) {
    // -c connected, -q no banner: one graph6 line per isomorphism class.
    const std::string cmd = fmt::format("nauty-geng -c -q {} 2>/dev/null", v);
    std::unique_ptr<FILE, int (*)(FILE*)> pipe(popen(cmd.c_str(), "r"), pclose);
    if (!pipe) throw std::runtime_error("cannot run nauty-geng (Debian package nauty)");
    char line[256];
    std::size_t got = 0;
    while (std::fgets(line, sizeof line, pipe.get())) {
      std::string g6(line);
      while (!g6.empty() && (g6.back() == '\n' || g6.back() == '\r')) g6.pop_back();
      if (g6.empty()) continue;
      out.push_back(model::parse_target(model::TargetSyntax::Graph6, g6));
      ++got;
    }
    if (pclose(pipe.release()) != 0 || got == 0)
      throw std::runtime_error(fmt::format("nauty-geng -c {} gave no graphs: is the Debian package nauty installed?", v));
  }
  order_targets(out);
  return out;
}

void order_targets(std::vector<model::Target>& targets) {
  std::stable_sort(targets.begin(), targets.end(), [](const model::Target& a, const model::Target& b) {
    if (a.vertex_count() != b.vertex_count()) return a.vertex_count() < b.vertex_count();
    return a.edge_count() < b.edge_count();
  });
  std::set<std::string> seen;
  std::vector<model::Target> kept;
  for (auto& t : targets)
    if (seen.insert(t.canon).second) kept.push_back(std::move(t));
  targets = std::move(kept);
}

}  // namespace carve::diff
