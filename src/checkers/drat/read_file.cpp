// read_whole_file (see read_file.hpp): regular files in 1 MB reads, each followed by a poll;
// anything else through poll(2) with a 100 ms wait, so the deadline holds on a silent pipe.
#include "checkers/drat/read_file.hpp"

#include <fcntl.h>
#include <poll.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <vector>

#include "checkers/drat/drat.hpp"
#include "foundations/limits/budget.hpp"

namespace carve::drat::detail {

namespace {

constexpr std::size_t kChunk = 1 << 20;

[[noreturn]] void fail(const std::string& path, const std::string& what) { throw InputError(path + ": " + what); }

// Appends what one read(2) gives (through `buffer`, so `bytes` grows only by what arrived);
// false at the end of the file or when nothing is there yet (non-blocking).
bool read_some(int fd, const std::string& path, std::vector<char>& buffer, std::string& bytes, bool& at_end) {
  const ssize_t n = ::read(fd, buffer.data(), buffer.size());
  if (n < 0 && (errno == EAGAIN || errno == EINTR)) return false;
  if (n < 0) fail(path, std::string("read error: ") + std::strerror(errno));
  bytes.append(buffer.data(), static_cast<std::size_t>(n));
  at_end = n == 0;
  return n > 0;
}

void read_regular(int fd, const std::string& path, std::size_t size, limits::Budget* budget, std::string& bytes) {
  bytes.reserve(size);
  std::vector<char> buffer(kChunk);
  for (bool at_end = false; !at_end;) {
    read_some(fd, path, buffer, bytes, at_end);
    if (budget) budget->poll();
  }
}

// A FIFO, a socket, a device: wait for data (or the writer's end) at most 100 ms at a time.
// Before a writer has ever opened a FIFO, poll(2) reports nothing and read(2) would say "end
// of file": only a POLLIN or POLLHUP is trusted.
void read_stream(int fd, const std::string& path, limits::Budget* budget, std::string& bytes) {
  std::vector<char> buffer(kChunk);
  for (bool at_end = false; !at_end;) {
    if (budget) budget->poll();
    pollfd p{fd, POLLIN, 0};
    const int ready = ::poll(&p, 1, 100);
    if (ready < 0 && errno != EINTR) fail(path, std::string("cannot wait for data: ") + std::strerror(errno));
    if (ready <= 0) continue;
    if (p.revents & (POLLIN | POLLHUP | POLLERR))
      while (read_some(fd, path, buffer, bytes, at_end))
        if (budget) budget->poll();
  }
}

}  // namespace

std::string read_whole_file(const std::string& path, limits::Budget* budget) {
  const int fd = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
  if (fd < 0) fail(path, std::string("cannot open: ") + std::strerror(errno));
  Descriptor closer{fd};
  return read_whole_descriptor(fd, path, budget);
}

std::string read_whole_descriptor(int fd, const std::string& path, limits::Budget* budget) {
  struct stat st {};
  if (::fstat(fd, &st) != 0) fail(path, std::string("cannot open: ") + std::strerror(errno));
  if (S_ISDIR(st.st_mode)) fail(path, "cannot open: it is a folder");
  std::string bytes;
  if (S_ISREG(st.st_mode)) {
    ::fcntl(fd, F_SETFL, ::fcntl(fd, F_GETFL) & ~O_NONBLOCK);
    read_regular(fd, path, static_cast<std::size_t>(st.st_size), budget, bytes);
  } else {
    read_stream(fd, path, budget, bytes);
  }
  return bytes;
}

}  // namespace carve::drat::detail
