// Temporaries are opened with O_EXCL: a stale one (a killed run whose PID came back) is skipped.
#include "foundations/files/atomic_file.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>

#include "foundations/files/write_error.hpp"

namespace carve::files {

std::string temporary_name(const std::string& target) {
  static std::atomic<unsigned> serial{0};
  return target + ".tmp-" + std::to_string(::getpid()) + "-" + std::to_string(serial++);
}

AtomicFile::AtomicFile(std::string target) : target_(std::move(target)) {
  struct stat st {};
  if (::stat(target_.c_str(), &st) == 0 && !S_ISREG(st.st_mode)) {
    // A device or a FIFO (/dev/stdout, /dev/null, a pipe) is written in place: a rename would
    // replace the device node itself. The writes are checked all the same.
    direct_ = true;
    out_ = std::make_unique<CheckedStream>(target_);
    return;
  }
  // Through a symbolic link: the file it names is replaced, the link stays.
  std::error_code ec;
  if (std::filesystem::is_symlink(target_, ec)) {
    const auto resolved = std::filesystem::weakly_canonical(target_, ec);
    if (!ec) target_ = resolved.string();
  }
  for (int attempt = 0;; ++attempt) {
    try {
      out_ = std::make_unique<CheckedStream>(temporary_name(target_), O_EXCL);
      return;
    } catch (const WriteError& e) {
      // A name already taken is tried again under the next number; any other reason is the
      // target's folder failing, reported under the target's name.
      if (e.reason != std::strerror(EEXIST) || attempt > 100) throw WriteError(target_, e.reason);
    }
  }
}

AtomicFile::~AtomicFile() {
  if (committed_ || direct_) return;
  const std::string temp = out_->path();
  out_.reset();
  ::unlink(temp.c_str());
}

void AtomicFile::write(std::string_view bytes) {
  try {
    out_->write(bytes);
  } catch (const WriteError& e) {
    throw WriteError(target_, e.reason);
  }
}

void AtomicFile::commit() {
  try {
    out_->close();
  } catch (const WriteError& e) {
    throw WriteError(target_, e.reason);
  }
  if (direct_) return;
  if (std::rename(out_->path().c_str(), target_.c_str()) != 0) throw WriteError(target_, std::strerror(errno));
  committed_ = true;
}

void write_file_atomically(const std::string& target, std::string_view bytes) {
  AtomicFile file(target);
  file.write(bytes);
  file.commit();
}

void rename_into_place(const std::string& temporary, const std::string& target) {
  if (std::rename(temporary.c_str(), target.c_str()) != 0) throw WriteError(target, std::strerror(errno));
}

}  // namespace carve::files
