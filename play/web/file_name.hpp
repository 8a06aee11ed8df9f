// What the page may name as a file to save to or load from: a plain file name inside the server's
// save folder, never a path. The session (SessionOptions::file_folder) refuses a symbolic link
// leading out of the folder; this refuses, before any file is touched, everything that is not a
// plain name.
// Invariant: a name accepted here has no '/' or '\', is not "." or "..", has no control character,
// and is at most kMaxFileName bytes -- joined to the folder it stays in the folder.
#pragma once
#include <optional>
#include <string>

namespace carve::play::web {

inline constexpr std::size_t kMaxFileName = 255;

// Why `name` is not a plain file name, or nullopt when it is one.
std::optional<std::string> file_name_problem(const std::string& name);

}  // namespace carve::play::web
