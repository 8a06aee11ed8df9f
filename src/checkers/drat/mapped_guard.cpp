// The SIGBUS guard of mapped files (see mapped_guard.hpp). Slots are a fixed array, so the
// handler never allocates; a path longer than a slot holds is cut (the message says so with
// "...").
#include "checkers/drat/mapped_guard.hpp"

#include <signal.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <cstring>
#include <mutex>

namespace carve::drat::detail {

namespace {

constexpr int kSlots = 64;
constexpr std::size_t kPath = 512;

struct Slot {
  std::atomic<std::uintptr_t> start{0};  // 0: free
  std::size_t size = 0;
  char path[kPath] = {};
};

Slot guarded_maps[kSlots];
std::mutex claiming;  // serialises guard_mapping's choice of a free slot (the handler never takes it)

void write_all(const char* text, std::size_t n) {
  while (n > 0) {
    const ssize_t w = ::write(2, text, n);
    if (w <= 0) return;
    text += w;
    n -= static_cast<std::size_t>(w);
  }
}

extern "C" void on_bus_error(int signal, siginfo_t* info, void*) {
  const auto at = reinterpret_cast<std::uintptr_t>(info->si_addr);
  for (const Slot& s : guarded_maps) {
    const std::uintptr_t start = s.start.load(std::memory_order_acquire);
    if (start == 0 || at < start || at >= start + s.size) continue;
    static const char head[] = "carve: ";
    static const char tail[] =
        ": the file was cut short while carve read it (another process truncated or rewrote it in place); "
        "nothing was decided\n";
    write_all(head, sizeof head - 1);
    write_all(s.path, ::strnlen(s.path, kPath));
    write_all(tail, sizeof tail - 1);
    ::_exit(kCutShortExit);
  }
  ::signal(signal, SIG_DFL);  // not a mapped file's: a bug, ended as the default would
  ::raise(signal);
}

void install_handler() {
  struct sigaction action {};
  action.sa_sigaction = on_bus_error;
  action.sa_flags = SA_SIGINFO;
  sigemptyset(&action.sa_mask);
  ::sigaction(SIGBUS, &action, nullptr);
}

}  // namespace

int guard_mapping(const void* start, std::size_t size, const std::string& path) {
  static std::once_flag installed;
  std::call_once(installed, install_handler);
  const std::lock_guard<std::mutex> lock(claiming);
  for (int i = 0; i < kSlots; ++i) {
    Slot& s = guarded_maps[i];
    if (s.start.load(std::memory_order_relaxed) != 0) continue;
    s.size = size;
    const std::size_t n = std::min(path.size(), kPath - 1);
    std::memcpy(s.path, path.data(), n);
    s.path[n] = '\0';
    if (n < path.size() && n >= 3) std::memcpy(s.path + n - 3, "...", 3);
    s.start.store(reinterpret_cast<std::uintptr_t>(start), std::memory_order_release);
    return i;
  }
  return -1;
}

void unguard_mapping(int slot) {
  if (slot < 0) return;
  guarded_maps[slot].start.store(0, std::memory_order_release);
}

}  // namespace carve::drat::detail
