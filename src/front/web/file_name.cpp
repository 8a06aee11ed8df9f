// file_name_problem: the checks in the order a person would look for them.
#include "front/web/file_name.hpp"

#include <algorithm>
#include <filesystem>
#include <system_error>

namespace carve::play::web {

std::optional<std::string> file_name_problem(const std::string& name) {
  if (name.empty()) return "the file name is empty";
  if (name.size() > kMaxFileName) return "the file name is longer than " + std::to_string(kMaxFileName) + " bytes";
  if (name.find('/') != std::string::npos || name.find('\\') != std::string::npos)
    return "'" + name + "' is a path: give a plain file name, saved in (or loaded from) the save folder";
  if (name == "." || name == "..") return "'" + name + "' names a folder, not a file";
  if (std::any_of(name.begin(), name.end(), [](char c) { return static_cast<unsigned char>(c) < 0x20 || c == 0x7f; }))
    return "the file name has a control character";
  return std::nullopt;
}

std::optional<std::string> leads_out_of(const std::string& folder, const std::string& name) {
  namespace fs = std::filesystem;
  std::error_code ec;
  const fs::path path = fs::path(folder) / name;
  if (!fs::is_symlink(fs::symlink_status(path, ec))) return std::nullopt;
  // The link's own target, resolved from the folder (weakly_canonical of the link itself would stop
  // at the link when its target does not exist yet, as a save's would not).
  const fs::path home = fs::weakly_canonical(folder, ec);
  fs::path target = fs::read_symlink(path, ec);
  if (!ec) target = fs::weakly_canonical(target.is_absolute() ? target : fs::path(folder) / target, ec);
  if (!ec && target.parent_path() == home && !fs::is_symlink(fs::symlink_status(target, ec))) return std::nullopt;  // a file beside it
  return "'" + name + "' is a symbolic link leading out of the save folder";
}

}  // namespace carve::play::web
