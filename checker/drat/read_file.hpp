// read_whole_file: loads a file's bytes into memory for the readers.
// Invariant: returns every byte of the file or throws InputError "path: message".
#pragma once

#include <string>

namespace carve::drat::detail {

std::string read_whole_file(const std::string& path);

}  // namespace carve::drat::detail
