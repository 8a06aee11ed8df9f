// Writing a file so that it is either complete or absent: the bytes go to a fresh temporary
// beside the target (same folder, so the rename is atomic; the name ends ".tmp-PID-N" and is
// created exclusively, so two runs never share one), every write is checked (CheckedStream),
// and only commit() renames the temporary over the target. An AtomicFile destroyed without
// commit() -- an error, an exception, an interrupt -- removes its temporary. A target that
// exists and is not a regular file (/dev/stdout, /dev/null, a FIFO) is written in place, checked
// the same way; a symbolic link keeps pointing at the file it names, which is replaced.
// Invariant: the target path holds either what it held before or a complete file that carve
// wrote and closed without error.
#pragma once
#include <cstdio>
#include <memory>
#include <string>
#include <string_view>

#include "foundations/files/checked_stream.hpp"

namespace carve::files {

class AtomicFile {
 public:
  explicit AtomicFile(std::string target);  // throws WriteError (e.g. no such folder)
  ~AtomicFile();
  AtomicFile(const AtomicFile&) = delete;
  AtomicFile& operator=(const AtomicFile&) = delete;

  std::FILE* stream() { return out_->stream(); }
  void write(std::string_view bytes);  // throws WriteError naming the target
  // Closes the temporary (checked) and renames it to the target; throws WriteError.
  void commit();
  const std::string& target() const { return target_; }
  const std::string& temporary() const { return out_->path(); }

 private:
  std::string target_;
  std::unique_ptr<CheckedStream> out_;
  bool committed_ = false;
  bool direct_ = false;  // writing the target itself (not a regular file)
};

// A unique name for a temporary beside `target`: target + ".tmp-PID-N" (N counts per process).
std::string temporary_name(const std::string& target);

// The whole file at once, atomically.
void write_file_atomically(const std::string& target, std::string_view bytes);

// A complete temporary renamed to its final name (rename(2): atomic within a folder); throws
// WriteError naming `target` and the system's reason.
void rename_into_place(const std::string& temporary, const std::string& target);

}  // namespace carve::files
