// The reachability cases of cases/binary_tree at one depth (optionally one profile folder), for
// tests that judge the corpus with one engine.
#pragma once
#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <vector>

#include "elaborate/case.hpp"

namespace carve::cases {

inline std::vector<elab::Case> corpus(int depth, const std::vector<std::string>& profiles = {}) {
  namespace fs = std::filesystem;
  const char* root = std::getenv("CARVE_ROOT");
  std::vector<std::string> files;
  for (const auto& e : fs::recursive_directory_iterator(fs::path(root ? root : ".") / "cases/binary_tree"))
    if (e.path().extension() == ".case" &&
        (profiles.empty() || std::find(profiles.begin(), profiles.end(), e.path().parent_path().filename()) != profiles.end()))
      files.push_back(e.path().string());
  std::sort(files.begin(), files.end());
  std::vector<elab::Case> out;
  for (const auto& f : files) {
    auto c = elab::load_case(f);
    if (c.game.universe.depth == depth && c.expect && c.target) out.push_back(std::move(c));
  }
  return out;
}

}  // namespace carve::cases
