// MappedFile (see mapped_file.hpp): mmap(2) of a regular file, read-only and private; an empty or
// non-regular file is read whole through the descriptor it was opened by (read_whole_descriptor).
// Every mapping is guarded (mapped_guard.hpp): a file cut short under it ends carve with a message
// and exit code 2, not a crash.
#include "checkers/drat/mapped_file.hpp"

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>

#include "checkers/drat/drat.hpp"
#include "checkers/drat/mapped_guard.hpp"
#include "checkers/drat/read_file.hpp"

namespace carve::drat::detail {

MappedFile::MappedFile(const std::string& path, limits::Budget* budget) {
  const int fd = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
  if (fd < 0) throw InputError(path + ": cannot open: " + std::strerror(errno));
  const Descriptor closer(fd);
  struct stat st {};
  const bool regular = ::fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && st.st_size > 0;
  if (regular) {
    void* m = ::mmap(nullptr, static_cast<std::size_t>(st.st_size), PROT_READ, MAP_PRIVATE, fd, 0);
    if (m != MAP_FAILED) {
      map_ = m;
      size_ = static_cast<std::size_t>(st.st_size);
      ::madvise(map_, size_, MADV_SEQUENTIAL);
      guard_ = guard_mapping(map_, size_, path);
    }
  }
  // Through this descriptor, not the path again: a FIFO's writer met this opening (read_file.hpp).
  if (!map_) read_ = read_whole_descriptor(fd, path, budget);
}

MappedFile::~MappedFile() {
  if (!map_) return;
  unguard_mapping(guard_);
  ::munmap(map_, size_);
}

void MappedFile::release_before(std::size_t offset) {
  if (!map_) return;
  const auto page = static_cast<std::size_t>(::sysconf(_SC_PAGESIZE));
  const std::size_t end = offset / page * page;
  // An offset behind the last one starts another pass over the bytes (the hash, then the binary
  // proof's count, then the parse): the pages it has read are mapped again and go again.
  if (end < released_) released_ = 0;
  if (end <= released_) return;
  ::madvise(static_cast<char*>(map_) + released_, end - released_, MADV_DONTNEED);
  released_ = end;
}

void MappedFile::release(std::size_t begin, std::size_t end) {
  if (!map_ || begin >= end || begin >= size_) return;
  const auto page = static_cast<std::size_t>(::sysconf(_SC_PAGESIZE));
  const std::size_t from = begin / page * page;
  const std::size_t to = std::min(end, size_);
  ::madvise(static_cast<char*>(map_) + from, to - from, MADV_DONTNEED);
}

}  // namespace carve::drat::detail
