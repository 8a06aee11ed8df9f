// MappedFile: a proof file's bytes for check_file, mapped rather than read into memory when the
// file is regular (anything else -- a FIFO -- is read whole through the same opening, as
// read_whole_descriptor does), so that a proof of gigabytes costs the checker no copy: the pages
// read are let go again (release_before, release) as the checker moves on, and the resident set -- which
// the memory limit reads, file pages included -- holds the clause store and a window of the file.
// Invariant: bytes() is every byte of the file for the object's lifetime (a released page is read
// again from the file if it is looked at again).
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace carve::limits {
class Budget;
}

namespace carve::drat::detail {

class MappedFile {
 public:
  // Throws InputError "path: message" when the file cannot be opened or read.
  MappedFile(const std::string& path, limits::Budget* budget);
  ~MappedFile();
  MappedFile(const MappedFile&) = delete;
  MappedFile& operator=(const MappedFile&) = delete;

  std::string_view bytes() const { return map_ ? std::string_view(static_cast<const char*>(map_), size_) : std::string_view(read_); }
  // The pages wholly before `offset` are dropped from memory (no effect on a file read whole).
  // Offsets grow along one pass over the bytes; a smaller one than the last starts another pass,
  // and a pass that may end where the last one ended says so first with release_before(0).
  void release_before(std::size_t offset);
  // The pages that hold bytes in [begin, end) are dropped from memory (read again from the file if
  // looked at again); a pass in any order, with no state.
  void release(std::size_t begin, std::size_t end);

 private:
  void* map_ = nullptr;
  std::size_t size_ = 0, released_ = 0;
  int guard_ = -1;  // its slot in mapped_guard.hpp
  std::string read_;
};

}  // namespace carve::drat::detail
