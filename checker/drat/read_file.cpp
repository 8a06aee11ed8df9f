// read_whole_file: loads a file's bytes into memory for the readers.
// Invariant: returns every byte of the file or throws InputError "path: message".
#include "checker/drat/read_file.hpp"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <memory>

#include "checker/drat/drat.hpp"

namespace carve::drat::detail {

std::string read_whole_file(const std::string& path) {
  std::unique_ptr<std::FILE, int (*)(std::FILE*)> file(std::fopen(path.c_str(), "rb"), &std::fclose);
  if (!file) throw InputError(path + ": cannot open: " + std::strerror(errno));
  std::string bytes;
  char buffer[1 << 16];
  for (;;) {
    const std::size_t n = std::fread(buffer, 1, sizeof buffer, file.get());
    bytes.append(buffer, n);
    if (n < sizeof buffer) break;
  }
  if (std::ferror(file.get())) throw InputError(path + ": read error");
  return bytes;
}

}  // namespace carve::drat::detail
