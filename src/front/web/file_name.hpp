// What the page may name as a file to save to or load from: a plain file name inside the server's
// save folder, never a path, and never a symbolic link that leads out of the folder. Checked before
// any file is touched (the session's own checks of SessionOptions::file_folder come after).
// Invariant: a name accepted here has no '/' or '\', is not "." or "..", has no control character,
// and is at most kMaxFileName bytes -- joined to the folder it stays in the folder.
#pragma once
#include <optional>
#include <string>

namespace carve::play::web {

inline constexpr std::size_t kMaxFileName = 255;

// Why `name` is not a plain file name, or nullopt when it is one.
std::optional<std::string> file_name_problem(const std::string& name);
// Why `name` in `folder` leads out of the folder (a symbolic link to elsewhere), or nullopt.
std::optional<std::string> leads_out_of(const std::string& folder, const std::string& name);

}  // namespace carve::play::web
