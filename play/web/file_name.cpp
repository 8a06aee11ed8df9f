// file_name_problem: the checks in the order a person would look for them.
#include "play/web/file_name.hpp"

#include <algorithm>

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

}  // namespace carve::play::web
