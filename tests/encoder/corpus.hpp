// The reachability cases of cases/binary_tree at one depth (optionally one profile folder), and
// those of a folder that one engine judged, for tests that judge the corpus with another engine.
#pragma once
#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <vector>

#include "rules/elaborate/case.hpp"

namespace carve::cases {

inline std::filesystem::path corpus_root() {
  const char* root = std::getenv("CARVE_ROOT");
  return std::filesystem::path(root ? root : ".") / "cases";
}

// The reachability cases of cases/FOLDER whose `engine` item names `engine`, in file-name order.
inline std::vector<elab::Case> judged_by(const std::string& folder, elab::Engine engine) {
  std::vector<std::string> files;
  for (const auto& e : std::filesystem::directory_iterator(corpus_root() / folder))
    if (e.path().extension() == ".case") files.push_back(e.path().string());
  std::sort(files.begin(), files.end());
  std::vector<elab::Case> out;
  for (const auto& f : files) {
    auto c = elab::load_case(f);
    if (c.engine && c.engine->value == engine && c.expect && c.target) out.push_back(std::move(c));
  }
  return out;
}

inline std::vector<elab::Case> corpus(int depth, const std::vector<std::string>& profiles = {}) {
  namespace fs = std::filesystem;
  std::vector<std::string> files;
  for (const auto& e : fs::recursive_directory_iterator(corpus_root() / "binary_tree"))
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
