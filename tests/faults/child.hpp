// A carve process under test: started through /bin/sh (so a test can set `ulimit` first, then
// `exec` carve), its standard output and error captured through pipes, signalled and waited for.
// Invariant: wait() returns exactly once, after the process has ended, with its exit code or
// the signal that ended it.
#pragma once
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <sstream>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

namespace carve::testing {

// The carve binary under test (the build passes its path).
inline const std::string kCarve = CARVE_BINARY;

struct Ended {
  int code = -1;    // the exit code, when it exited
  int signal = 0;   // the signal that ended it, when one did
  std::string out;  // standard output
  std::string err;  // standard error
};

class Child {
 public:
  // `command`: shell text ending in the carve command line. Its output is read through pipes
  // (a file-size limit set by the command does not apply to them).
  explicit Child(const std::string& command) {
    int out[2], err[2];
    if (::pipe(out) != 0 || ::pipe(err) != 0) throw std::runtime_error("pipe");
    pid_ = ::fork();
    if (pid_ == 0) {
      ::dup2(out[1], 1);
      ::dup2(err[1], 2);
      ::close(out[0]), ::close(out[1]), ::close(err[0]), ::close(err[1]);
      ::execl("/bin/sh", "sh", "-c", command.c_str(), static_cast<char*>(nullptr));
      ::_exit(127);
    }
    ::close(out[1]);
    ::close(err[1]);
    out_reader_ = std::thread(drain, out[0], &out_);
    err_reader_ = std::thread(drain, err[0], &err_);
  }
  ~Child() {
    if (!waited_ && pid_ > 0) {
      ::kill(pid_, SIGKILL);
      ::waitpid(pid_, nullptr, 0);
    }
    if (out_reader_.joinable()) out_reader_.join();
    if (err_reader_.joinable()) err_reader_.join();
  }
  Child(const Child&) = delete;
  Child& operator=(const Child&) = delete;

  pid_t pid() const { return pid_; }

  // True once carve itself catches `signal` (its handler installed: SigCgt in /proc/PID/status);
  // false if it ended first. The process must first be carve (the command `exec`s it): before
  // that it is this test forked, then the shell, and the shell catches SIGINT too (dash does) --
  // a signal sent then would meet carve with its default action (CI saw it once, under the
  // sanitizers, 3 ms after the shell was taken for carve).
  bool wait_until_catching(int signal) {
    const unsigned long long bit = 1ull << (signal - 1);
    std::error_code ec;
    const auto carve = std::filesystem::canonical(kCarve, ec);
    for (;;) {
      const auto exe = std::filesystem::read_symlink("/proc/" + std::to_string(pid_) + "/exe", ec);
      const bool is_carve = !ec && exe == carve;
      std::ifstream status("/proc/" + std::to_string(pid_) + "/status");
      std::string line;
      bool alive = false;
      while (std::getline(status, line)) {
        if (line.rfind("State:", 0) == 0) alive = line.find('Z') == std::string::npos;
        if (line.rfind("SigCgt:", 0) == 0 && alive && is_carve && (std::stoull(line.substr(7), nullptr, 16) & bit)) return true;
      }
      if (!alive) return false;
      std::this_thread::sleep_for(std::chrono::milliseconds(2));
    }
  }

  // The process's virtual size in kB (VmSize), 0 if unknown.
  long virtual_kb() const {
    std::ifstream status("/proc/" + std::to_string(pid_) + "/status");
    std::string line;
    while (std::getline(status, line))
      if (line.rfind("VmSize:", 0) == 0) return std::stol(line.substr(7));
    return 0;
  }

  // The CPU time the process has used (user and system, /proc/PID/stat), in ms; 0 if unknown.
  long cpu_ms() const {
    std::ifstream stat("/proc/" + std::to_string(pid_) + "/stat");
    std::string text((std::istreambuf_iterator<char>(stat)), std::istreambuf_iterator<char>());
    const auto close = text.rfind(')');  // the command's name may hold spaces
    if (close == std::string::npos) return 0;
    std::istringstream fields(text.substr(close + 2));
    std::string field;
    long utime = 0, stime = 0;
    for (int i = 3; i <= 15 && fields >> field; ++i) {  // fields 14 and 15: utime, stime
      if (i == 14) utime = std::stol(field);
      if (i == 15) stime = std::stol(field);
    }
    return (utime + stime) * 1000 / ::sysconf(_SC_CLK_TCK);
  }

  void send(int signal) { ::kill(pid_, signal); }

  // Not ended yet (a zombie counts as ended).
  bool running() const {
    std::ifstream status("/proc/" + std::to_string(pid_) + "/status");
    std::string line;
    while (std::getline(status, line))
      if (line.rfind("State:", 0) == 0) return line.find('Z') == std::string::npos;
    return false;
  }

  Ended wait() {
    int status = 0;
    ::waitpid(pid_, &status, 0);
    waited_ = true;
    out_reader_.join();
    err_reader_.join();
    Ended e;
    if (WIFEXITED(status)) e.code = WEXITSTATUS(status);
    if (WIFSIGNALED(status)) e.signal = WTERMSIG(status);
    e.out = std::move(out_);
    e.err = std::move(err_);
    return e;
  }

 private:
  static void drain(int fd, std::string* into) {
    char buffer[4096];
    for (;;) {
      const ssize_t n = ::read(fd, buffer, sizeof buffer);
      if (n < 0 && errno == EINTR) continue;
      if (n <= 0) break;
      into->append(buffer, static_cast<std::size_t>(n));
    }
    ::close(fd);
  }

  pid_t pid_ = -1;
  bool waited_ = false;
  std::string out_, err_;
  std::thread out_reader_, err_reader_;
};

// A fresh, empty folder for one test (ctest runs tests as parallel processes).
inline std::string scratch_folder(const std::string& name) {
  const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
  std::string tag = std::string(info->test_suite_name()) + "." + info->name() + "." + std::to_string(::getpid()) + "." + name;
  for (auto& ch : tag)
    if (ch == '/') ch = '_';
  const std::filesystem::path dir = std::filesystem::path(::testing::TempDir()) / tag;
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  return dir.string();
}

// Runs `command` to its end (no signal).
inline Ended run_to_end(const std::string& command) {
  Child c(command);
  return c.wait();
}

// The names in `folder`, sorted.
inline std::vector<std::string> names_in(const std::string& folder) {
  std::vector<std::string> names;
  for (const auto& e : std::filesystem::directory_iterator(folder)) names.push_back(e.path().filename().string());
  std::sort(names.begin(), names.end());
  return names;
}

}  // namespace carve::testing
