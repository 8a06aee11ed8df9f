// posix_spawnp("dot", -T<format> in -o out) over two temporary files.
#include "questions/render/graphviz.hpp"

#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include <fmt/format.h>

#include "foundations/files/atomic_file.hpp"

extern char** environ;

namespace carve::render {

namespace {

std::string slurp(const std::filesystem::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

struct TempDir {
  std::filesystem::path path;
  TempDir() {
    std::string tmpl = (std::filesystem::temp_directory_path() / "carve-dot-XXXXXX").string();
    if (!mkdtemp(tmpl.data())) throw GraphvizError("cannot create a temporary folder for dot");
    path = tmpl;
  }
  ~TempDir() {
    std::error_code ec;
    std::filesystem::remove_all(path, ec);
  }
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;
};

// dot names its input and output files in its messages; they are removed with the folder before
// anyone reads the message, so they are named by what they hold instead.
std::string without_temporary_names(std::string text, const TempDir& dir, const std::string& format) {
  const std::pair<std::string, std::string> names[] = {{(dir.path / "frame.dot").string(), "<the frame's DOT text>"},
                                                       {(dir.path / ("frame." + format)).string(), "<the picture>"},
                                                       {dir.path.string(), "<carve's temporary folder>"}};
  for (const auto& [path, words] : names)
    for (std::size_t at = text.find(path); at != std::string::npos; at = text.find(path, at + words.size()))
      text.replace(at, path.size(), words);
  return text;
}

}  // namespace

std::string run_dot(const std::string& dot_text, const std::string& format, std::string* warnings) {
  TempDir dir;
  const auto in = dir.path / "frame.dot", out = dir.path / ("frame." + format), err = dir.path / "dot.err";
  files::write_file_atomically(in.string(), dot_text);  // a full temporary folder: exit 2 with the reason
  std::vector<std::string> args{"dot", "-T" + format, in.string(), "-o", out.string()};
  std::vector<char*> argv;
  for (auto& a : args) argv.push_back(a.data());
  argv.push_back(nullptr);
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, 2, err.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
  pid_t pid = 0;
  const int rc = posix_spawnp(&pid, "dot", &actions, nullptr, argv.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  if (rc != 0)
    throw GraphvizError("cannot run Graphviz's `dot` (is the Debian package graphviz installed and on PATH?)");
  int status = 0;
  while (waitpid(pid, &status, 0) < 0)
    if (errno != EINTR) throw GraphvizError("lost the dot process");
  if (!WIFEXITED(status) || WEXITSTATUS(status) != 0)
    throw GraphvizError(fmt::format("dot -T{} failed: {}", format, without_temporary_names(slurp(err), dir, format)));
  if (warnings) *warnings = without_temporary_names(slurp(err), dir, format);
  return slurp(out);
}

}  // namespace carve::render
