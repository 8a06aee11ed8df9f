// The check of layout.txt and the folders' dependencies.txt (declared_dependencies.hpp).
#include "tests/layout/declared_dependencies.hpp"

#include <algorithm>
#include <fstream>
#include <functional>
#include <map>
#include <optional>
#include <regex>
#include <set>
#include <sstream>

namespace carve::layout {

namespace fs = std::filesystem;

namespace {

// The lines of a list file without comments (`#` to the end of a line) and blank lines.
std::vector<std::string> list_lines(const fs::path& file) {
  std::vector<std::string> out;
  std::ifstream in(file);
  std::string line;
  while (std::getline(in, line)) {
    line = line.substr(0, line.find('#'));
    const auto b = line.find_first_not_of(" \t\r");
    if (b == std::string::npos) continue;
    out.push_back(line.substr(b, line.find_last_not_of(" \t\r") + 1 - b));
  }
  return out;
}

std::vector<std::string> words(const std::string& s) {
  std::istringstream in(s);
  std::vector<std::string> out;
  for (std::string w; in >> w;) out.push_back(w);
  return out;
}

bool is_source(const fs::path& p) {
  const auto e = p.extension().string();
  return e == ".cpp" || e == ".hpp" || e == ".def" || e == ".h" || e == ".c";
}

// carve's code lives under src/ and includes name a file from there; the checks' folders (and a
// small tree without src/) stand at the root. A folder or an include target is looked for in src/
// first.
fs::path on_disk(const fs::path& root, const std::string& name) {
  return fs::exists(root / "src" / name) ? root / "src" / name : root / name;
}

// A file's name as an include spells it: its path from src/ (or from the root outside src/).
std::string include_name(const fs::path& root, const fs::path& file) {
  const std::string rel = fs::relative(file, root).generic_string();
  return rel.starts_with("src/") ? rel.substr(4) : rel;
}

struct Layout {
  std::map<std::string, int> stage_of;          // folder -> stage index
  std::vector<std::string> stage_names;
  std::map<std::string, std::set<std::string>> allowed;  // folder -> folders it may include
  std::map<std::string, std::set<std::string>> declared; // as written, `*` expanded
};

// layout.txt: "stage name: folder folder ..." per line, earliest stage first.
Layout read_layout(const fs::path& root, std::vector<std::string>& problems) {
  Layout l;
  for (const auto& line : list_lines(root / "layout.txt")) {
    const auto colon = line.find(':');
    if (colon == std::string::npos) {
      problems.push_back("layout.txt: \"" + line + "\" is not \"stage: folder ...\"");
      continue;
    }
    l.stage_names.push_back(line.substr(0, colon));
    for (const auto& f : words(line.substr(colon + 1))) l.stage_of[f] = static_cast<int>(l.stage_names.size()) - 1;
  }
  if (l.stage_names.empty()) problems.push_back("layout.txt: missing or empty");
  return l;
}

// Each placed folder's dependencies.txt, checked against the stages.
void read_dependencies(const fs::path& root, Layout& l, std::vector<std::string>& problems) {
  for (const auto& [folder, stage] : l.stage_of) {
    const fs::path file = on_disk(root, folder) / "dependencies.txt";
    if (!fs::exists(file)) {
      problems.push_back(folder + "/dependencies.txt: missing (every folder of layout.txt declares what it may include)");
      continue;
    }
    for (const auto& dep : list_lines(file)) {
      if (dep == "*") {
        for (const auto& [other, s] : l.stage_of)
          if (s < stage) l.allowed[folder].insert(other);
        continue;
      }
      const auto it = l.stage_of.find(dep);
      if (it == l.stage_of.end())
        problems.push_back(folder + "/dependencies.txt: \"" + dep + "\" is no folder of layout.txt");
      else if (it->second > stage)
        problems.push_back(folder + "/dependencies.txt: \"" + dep + "\" runs back up (stage " + l.stage_names[it->second] +
                           " comes after " + l.stage_names[stage] + ")");
      else if (dep != folder) {
        l.allowed[folder].insert(dep);
        l.declared[folder].insert(dep);
      }
    }
  }
}

// A circle among declared dependencies (only same-stage ones can form one): its folders in order.
std::optional<std::vector<std::string>> find_circle(const Layout& l) {
  std::map<std::string, int> state;  // 0 unseen, 1 on the path, 2 done
  std::vector<std::string> path;
  std::optional<std::vector<std::string>> found;
  std::function<void(const std::string&)> visit = [&](const std::string& f) {
    state[f] = 1;
    path.push_back(f);
    const auto it = l.declared.find(f);
    if (it != l.declared.end())
      for (const auto& d : it->second) {
        if (found) break;
        if (state[d] == 1) {
          found = std::vector<std::string>(std::find(path.begin(), path.end(), d), path.end());
          found->push_back(d);
        } else if (state[d] == 0) {
          visit(d);
        }
      }
    path.pop_back();
    state[f] = 2;
  };
  for (const auto& [f, s] : l.stage_of)
    if (!found && state[f] == 0) visit(f);
  return found;
}

// The placed folder a path belongs to: the longest folder of layout.txt that holds it.
std::optional<std::string> folder_of(const Layout& l, const std::string& rel) {
  std::optional<std::string> best;
  for (const auto& [f, s] : l.stage_of)
    if (rel.rfind(f + "/", 0) == 0 && (!best || f.size() > best->size())) best = f;
  return best;
}

// Build folders (a CMakeCache.txt) and hidden ones hold no source of carve's.
bool skipped_folder(const fs::path& dir) {
  return dir.filename().string().starts_with(".") || fs::exists(dir / "CMakeCache.txt");
}

// Every include of a project file (one that exists under root) from each source file.
void check_includes(const fs::path& root, const Layout& l, std::vector<std::string>& problems) {
  static const std::regex include(R"re(^\s*#\s*include\s*"([^"]+)")re");
  std::map<std::string, std::set<std::string>> used;
  std::set<std::string> unplaced;
  for (auto it = fs::recursive_directory_iterator(root); it != fs::recursive_directory_iterator(); ++it) {
    if (it->is_directory() && skipped_folder(it->path())) {
      it.disable_recursion_pending();
      continue;
    }
    if (!it->is_regular_file() || !is_source(it->path())) continue;
    const std::string rel = include_name(root, it->path());
    const auto from = folder_of(l, rel);
    if (!from) {
      unplaced.insert(fs::path(rel).parent_path().generic_string());
      continue;
    }
    std::ifstream in(it->path());
    std::string line;
    for (int n = 1; std::getline(in, line); ++n) {
      std::smatch m;
      if (!std::regex_search(line, m, include)) continue;
      const std::string target = m[1].str();
      if (!fs::exists(on_disk(root, target))) continue;  // a system header, or one beside the file
      const auto to = folder_of(l, target);
      const std::string where = rel + ":" + std::to_string(n) + ": ";
      if (!to) {
        problems.push_back(where + "includes \"" + target + "\", in no folder of layout.txt");
      } else if (*to != *from) {
        used[*from].insert(*to);
        const auto a = l.allowed.find(*from);
        if (a == l.allowed.end() || !a->second.count(*to))
          problems.push_back(where + "includes \"" + target + "\", but " + *to + " is not in " + *from + "/dependencies.txt");
      }
    }
  }
  for (const auto& d : unplaced) problems.push_back((d.empty() ? "." : d) + ": holds code but layout.txt places no folder holding it");
  for (const auto& [f, deps] : l.declared)
    for (const auto& d : deps)
      if (!used[f].count(d)) problems.push_back(f + "/dependencies.txt: declares \"" + d + "\", which none of its files includes");
}

}  // namespace

std::vector<std::string> declared_dependency_problems(const fs::path& root) {
  std::vector<std::string> problems;
  Layout l = read_layout(root, problems);
  read_dependencies(root, l, problems);
  if (const auto circle = find_circle(l)) {
    std::string text;
    for (const auto& f : *circle) text += (text.empty() ? "" : " -> ") + f;
    problems.push_back("the declared dependencies run in a circle: " + text);
  }
  check_includes(root, l, problems);
  return problems;
}

}  // namespace carve::layout
