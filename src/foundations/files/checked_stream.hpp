// A stdio stream onto a file whose every write is checked: the first failure's errno is kept
// (stdio would only set an error flag and lose the reason), and close() reports it.
// For writers that want a FILE* (CaDiCaL's proof trace) as well as for carve's own.
// Invariant: close() returns normally only when every byte written reached the file and the
// descriptor closed without error; otherwise it throws WriteError naming the path and the
// first reason.
#pragma once
#include <cstdio>
#include <functional>
#include <string>
#include <string_view>

namespace carve::files {

class CheckedStream {
 public:
  // Creates or truncates `path` (mode 0666 less the umask); `flags`: extra open(2) flags such
  // as O_EXCL. Throws WriteError when the file cannot be opened.
  explicit CheckedStream(std::string path, int flags = 0);
  ~CheckedStream();  // closes without reporting (close() is the checked way)
  CheckedStream(const CheckedStream&) = delete;
  CheckedStream& operator=(const CheckedStream&) = delete;

  std::FILE* stream() { return stream_; }
  const std::string& path() const { return path_; }
  void write(std::string_view bytes);  // throws WriteError at once when the stream has failed
  // Each piece of bytes that reached the file, in order, is handed to `observer` too (a proof
  // hashed as it is written). Set before the first write.
  void observe_written(std::function<void(std::string_view)> observer);
  // Flushes and closes; throws WriteError if anything failed.
  void close();
  // The first failure so far ("" if none).
  std::string failure() const;

  struct Sink;  // the descriptor and the first errno (checked_stream.cpp)

 private:
  std::string path_;
  Sink* sink_ = nullptr;
  std::FILE* stream_ = nullptr;
};

// Writes `bytes` as `path` (not atomically: for files that are themselves temporaries).
void write_file(const std::string& path, std::string_view bytes);

}  // namespace carve::files
