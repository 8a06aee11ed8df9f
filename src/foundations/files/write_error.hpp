// A file carve could not write: what() is "cannot write PATH: REASON" with the system's reason
// ("No space left on device", "File too large"). Commands answer it with exit code 2.
#pragma once
#include <stdexcept>
#include <string>

namespace carve::files {

struct WriteError : std::runtime_error {
  WriteError(const std::string& file, const std::string& why)
      : std::runtime_error("cannot write " + file + ": " + why), path(file), reason(why) {}
  std::string path;
  std::string reason;
};

}  // namespace carve::files
