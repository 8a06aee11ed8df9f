// fopencookie over a descriptor: the cookie's write loops over write(2) and keeps the first
// errno; stdio then only sees "0 bytes written" and sets its error flag.
#include "foundations/files/checked_stream.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <functional>
#include <string_view>

#include "foundations/files/write_error.hpp"

namespace carve::files {

struct CheckedStream::Sink {
  int fd = -1;
  int error = 0;  // the first errno
  std::function<void(std::string_view)> observer;
};

namespace {

ssize_t sink_write(void* cookie, const char* data, std::size_t size) {
  auto* sink = static_cast<CheckedStream::Sink*>(cookie);
  if (sink->error) return 0;
  std::size_t done = 0;
  while (done < size) {
    const ssize_t n = ::write(sink->fd, data + done, size - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      sink->error = n < 0 ? errno : EIO;
      return 0;  // fopencookie: 0 reports an error
    }
    done += static_cast<std::size_t>(n);
  }
  try {
    if (sink->observer) sink->observer(std::string_view(data, size));
  } catch (...) {  // nothing may unwind through stdio: the stream fails instead, close() says so
    sink->error = EIO;
    return 0;
  }
  return static_cast<ssize_t>(size);
}

int sink_close(void*) { return 0; }  // the descriptor is closed (and checked) by close()

}  // namespace

CheckedStream::CheckedStream(std::string path, int flags) : path_(std::move(path)), sink_(new Sink) {
  // O_NONBLOCK while opening only: a FIFO with no reader is refused (ENXIO) instead of waiting.
  sink_->fd = ::open(path_.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NONBLOCK | flags, 0666);
  if (sink_->fd >= 0) ::fcntl(sink_->fd, F_SETFL, ::fcntl(sink_->fd, F_GETFL) & ~O_NONBLOCK);
  if (sink_->fd < 0) {
    const int e = errno;
    delete sink_;
    sink_ = nullptr;
    throw WriteError(path_, std::strerror(e));
  }
  cookie_io_functions_t io{};
  io.write = sink_write;
  io.close = sink_close;
  stream_ = fopencookie(sink_, "w", io);
  if (!stream_) {
    ::close(sink_->fd);
    delete sink_;
    sink_ = nullptr;
    throw WriteError(path_, "cannot open a stream");
  }
  std::setvbuf(stream_, nullptr, _IOFBF, 1 << 16);
}

CheckedStream::~CheckedStream() {
  if (stream_) std::fclose(stream_);
  if (sink_) {
    if (sink_->fd >= 0) ::close(sink_->fd);
    delete sink_;
  }
}

std::string CheckedStream::failure() const {
  if (sink_ && sink_->error) return std::strerror(sink_->error);
  if (stream_ && std::ferror(stream_)) return "write error";
  return {};
}

void CheckedStream::observe_written(std::function<void(std::string_view)> observer) { sink_->observer = std::move(observer); }

void CheckedStream::write(std::string_view bytes) {
  if (!bytes.empty()) std::fwrite(bytes.data(), 1, bytes.size(), stream_);
  if (auto why = failure(); !why.empty()) throw WriteError(path_, why);
}

void CheckedStream::close() {
  std::fflush(stream_);
  std::string why = failure();
  std::fclose(stream_);
  stream_ = nullptr;
  if (::close(sink_->fd) != 0 && why.empty()) why = std::strerror(errno);
  sink_->fd = -1;
  if (!why.empty()) throw WriteError(path_, why);
}

void write_file(const std::string& path, std::string_view bytes) {
  CheckedStream out(path);
  out.write(bytes);
  out.close();
}

}  // namespace carve::files
