// fork/exec workers, waitpid for any, fold its part; the progress line counts done/total, the
// rate of this run and the time still to go at that rate.
#include "questions/atlas/job_pool.hpp"

#include <fcntl.h>
#include <signal.h>
#include <sys/file.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <map>
#include <thread>

#include <fmt/format.h>

#include "questions/atlas/question_run.hpp"
#include "questions/atlas/result_store.hpp"
#include "foundations/limits/interrupt.hpp"

namespace carve::atlas {

namespace fs = std::filesystem;

namespace {

using Clock = std::chrono::steady_clock;

pid_t start_worker(const std::string& exe, const std::string& dir, int index, const PoolOptions& o) {
  const pid_t parent = getpid();
  const pid_t pid = fork();
  if (pid < 0) throw std::runtime_error("cannot start a worker (fork failed)");
  if (pid > 0) return pid;
  prctl(PR_SET_PDEATHSIG, SIGKILL);
  if (getppid() != parent) _exit(137);  // the pool died before the line above took effect
  // The worker's one-line answer is the pool's to print (its progress line); errors stay on stderr.
  if (const int null = ::open("/dev/null", O_WRONLY); null >= 0) ::dup2(null, 1);
  const std::string job = std::to_string(index), memory = std::to_string(o.worker_memory_mb);
  const std::string timeout = o.worker_timeout ? fmt::format("{}", *o.worker_timeout) : "";
  std::vector<const char*> argv = {exe.c_str(), "atlas", "run", dir.c_str(), "--job", job.c_str(), "--quiet"};
  if (o.worker_memory_mb > 0) argv.insert(argv.end(), {"--memory-limit", memory.c_str()});
  if (o.worker_timeout) argv.insert(argv.end(), {"--timeout", timeout.c_str()});
  argv.push_back(nullptr);
  execv(exe.c_str(), const_cast<char* const*>(argv.data()));
  std::perror("carve atlas: cannot run the worker");
  _exit(127);
}

std::string clock_text(double s) {
  if (s < 0 || s > 1e8) return "?";
  const long t = static_cast<long>(s + 0.5);
  return t >= 3600 ? fmt::format("{}h{:02}m", t / 3600, (t % 3600) / 60) : fmt::format("{}m{:02}s", t / 60, t % 60);
}

class ProgressLine {
 public:
  ProgressLine(bool quiet, int total, int done) : quiet_(quiet), tty_(isatty(2)), total_(total), done_(done) {}
  ~ProgressLine() {
    if (shown_) std::fprintf(stderr, "\r%79s\r", "");
  }
  void finished(const std::string& what) {
    ++done_;
    ++ran_;
    if (quiet_) return;
    const double elapsed = std::chrono::duration<double>(Clock::now() - start_).count();
    const double rate = ran_ / std::max(elapsed, 1e-9);
    const std::string line = fmt::format("[{}/{}] {:.1f}/min, ETA {}", done_, total_, rate * 60, clock_text((total_ - done_) / rate));
    if (tty_) {
      std::fprintf(stderr, "\r%79s\rcarve atlas: %s  %s", "", line.c_str(), what.c_str());
      shown_ = true;
    } else {
      std::fprintf(stderr, "carve atlas: %s  %s\n", line.c_str(), what.c_str());
    }
    std::fflush(stderr);
  }

 private:
  bool quiet_, tty_;
  int total_, done_, ran_ = 0;
  bool shown_ = false;
  Clock::time_point start_ = Clock::now();
};

// waitpid is restarted after a handled signal (SA_RESTART), so the pool polls: a SIGINT/SIGTERM
// sent to the pool alone (kill PID, a scheduler's stop) must still reach its workers, which stop
// through their budgets as at a timeout and record nothing.
pid_t wait_for_worker(int& status, const std::map<pid_t, int>& running, int& forwarded) {
  for (;;) {
    const pid_t pid = waitpid(-1, &status, WNOHANG);
    if (pid != 0) return pid;
    if (const int signal = limits::interrupt_signal(); signal != 0 && forwarded == 0) {
      for (const auto& worker : running) kill(worker.first, signal);
      forwarded = signal;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
}

}  // namespace

std::string record_line(const nlohmann::json& r) {
  const std::string where = fmt::format("{} {} d{}", r["target"]["label"].get<std::string>(), r["profile"].get<std::string>(),
                                        r["depth"].get<int>());
  const std::string status = r["status"];
  std::string what;
  if (status == "certified") what = fmt::format("{} turn{}, certified", r["turns"].get<int>(), r["turns"].get<int>() == 1 ? "" : "s");
  else if (status == "win" && r.value("lower_bound", 0) > 0 && r.value("lower_bound", 0) < r["turns"].get<int>())
    what = fmt::format("a win in {} turns found from above, none in fewer than {}{}", r["turns"].get<int>(), r["lower_bound"].get<int>(),
                       r.value("lower_bound_certified", false) ? " (certified)" : " (not certified)");
  else if (status == "win") what = fmt::format("{} turn{}, lower bound not certified", r["turns"].get<int>(), r["turns"].get<int>() == 1 ? "" : "s");
  else if (status == "no-win") what = fmt::format("no win within {} turns{}", r["turn_bound"].get<int>(), r["lower_bound_certified"].get<bool>() ? ", certified" : "");
  else if (status == "unknown")
    what = fmt::format("unknown, >= {}{} ({})", r["lower_bound"].get<int>(), r["lower_bound_certified"].get<bool>() ? " certified" : "",
                       r["reason"].get<std::string>());
  else what = status;
  return fmt::format("{}: {} ({:.1f} s)", where, what, r["seconds"]["total"].get<double>());
}

std::vector<int> pending_questions(const std::string& dir, const Plan& plan, bool retry_open) {
  const auto store = read_store(dir);
  std::vector<int> out;
  for (const auto& q : plan.questions) {
    const auto it = store.latest.find(q.key);
    if (it == store.latest.end() || (retry_open && !is_settled(it->second))) out.push_back(q.index);
  }
  return out;
}

namespace {

// One pool per atlas folder: a second would run the same pending questions.
class PoolLock {
 public:
  explicit PoolLock(const std::string& dir) {
    const std::string path = (fs::path(dir) / "run.lock").string();
    fd_ = ::open(path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
    if (fd_ < 0 || ::flock(fd_, LOCK_EX | LOCK_NB) != 0)
      throw std::runtime_error(fmt::format("{}: another `carve atlas run` holds this atlas", path));
  }
  ~PoolLock() {
    if (fd_ >= 0) ::close(fd_);
  }
  PoolLock(const PoolLock&) = delete;
  PoolLock& operator=(const PoolLock&) = delete;

 private:
  int fd_ = -1;
};

}  // namespace

PoolSummary run_pool(const std::string& dir, const Plan& plan, const PoolOptions& o) {
  const auto t0 = Clock::now();
  const PoolLock lock(dir);
  fold_parts(dir);  // results of workers that ended after their pool was killed
  const auto pending = pending_questions(dir, plan, o.retry_open);
  PoolSummary s;
  s.total = static_cast<int>(plan.questions.size());
  s.skipped = s.total - static_cast<int>(pending.size());
  ProgressLine progress(o.quiet, s.total, s.skipped);
  std::map<pid_t, int> running;
  std::size_t next = 0;
  int forwarded = 0;
  while ((next < pending.size() && limits::interrupt_signal() == 0) || !running.empty()) {
    while (next < pending.size() && limits::interrupt_signal() == 0 && static_cast<int>(running.size()) < std::max(1, o.jobs)) {
      const int index = pending[next++];
      std::error_code ec;
      fs::remove(part_path(dir, index), ec);
      running[start_worker(o.executable, dir, index, o)] = index;
    }
    int status = 0;
    const pid_t pid = wait_for_worker(status, running, forwarded);
    if (pid < 0) break;
    const auto it = running.find(pid);
    if (it == running.end()) continue;
    const int index = it->second;
    running.erase(it);
    const int code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
    if (code == 0 && fs::exists(part_path(dir, index))) {
      const auto record = fold_part(dir, index);
      ++s.answered;
      progress.finished(record_line(record));
    } else if (limits::interrupt_signal() != 0) {
      ++s.interrupted_jobs;  // stopped by the signal: no record, so the next run asks it again
    } else {
      ++s.failed;
      s.worst_exit = std::max(s.worst_exit, code);
      std::fprintf(stderr, "carve atlas: job %d (%s) ended with exit code %d and no result; it runs again next time\n", index,
                   plan.questions[index].key.c_str(), code);
    }
    if (o.hang_after > 0 && s.answered >= o.hang_after)
      for (;;) std::this_thread::sleep_for(std::chrono::seconds(1));
  }
  s.seconds = std::chrono::duration<double>(Clock::now() - t0).count();
  s.interrupted = limits::interrupt_signal();
  return s;
}

}  // namespace carve::atlas
