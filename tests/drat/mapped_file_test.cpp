// MappedFile over several passes, as verify-proof reads a proof (its hash, then a binary proof's
// count, then the parse): every pass must let go of the pages behind it, or a proof of gigabytes
// stays resident while it is checked. Measured by the process's own RssFile (/proc/self/status),
// which counts exactly the file pages mapped in this process; the file is 48 MiB so that the
// steps are far above any noise, and the bytes must read the same after every release.
#include <gtest/gtest.h>

#include <fcntl.h>
#include <signal.h>
#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <thread>

#include "checkers/drat/mapped_file.hpp"
#include "checkers/drat/step_source.hpp"
#include "foundations/limits/budget.hpp"

namespace carve::drat::detail {
namespace {

constexpr std::size_t kMiB = std::size_t{1} << 20;

// The file pages this process has mapped, in MiB, as the kernel counts them.
double rss_file_mib() {
  std::ifstream status("/proc/self/status");
  std::string key;
  while (status >> key) {
    if (key == "RssFile:") {
      double kib = 0;
      status >> kib;
      return kib / 1024;
    }
  }
  return -1;
}

// One pass over the first `upto` bytes: a byte of every page read, summed so it is not elided.
unsigned long touch(const MappedFile& file, std::size_t upto) {
  const std::string_view bytes = file.bytes();
  const auto page = static_cast<std::size_t>(::sysconf(_SC_PAGESIZE));
  unsigned long sum = 0;
  for (std::size_t i = 0; i < upto && i < bytes.size(); i += page) sum += static_cast<unsigned char>(bytes[i]);
  return sum;
}

TEST(MappedFile, EveryPassLetsThePagesBehindItGo) {
  if (rss_file_mib() < 0) GTEST_SKIP() << "no RssFile in /proc/self/status";
  const std::string path = (std::filesystem::path(::testing::TempDir()) / ("carve_mapped_" + std::to_string(::getpid()))).string();
  {
    std::string block(kMiB, '\0');
    for (std::size_t i = 0; i < block.size(); ++i) block[i] = static_cast<char>(i * 7 + 1);
    std::ofstream out(path, std::ios::binary);
    for (int i = 0; i < 48; ++i) out << block;
  }
  {
    MappedFile file(path, nullptr);
    ASSERT_EQ(file.bytes().size(), 48 * kMiB);
    const double before = rss_file_mib();
    const unsigned long first = touch(file, 48 * kMiB);
    const double read_once = rss_file_mib();
    ASSERT_GT(read_once - before, 40) << "the pages read are not counted; nothing to measure";
    file.release_before(48 * kMiB);  // the end of the first pass
    const double released = rss_file_mib();
    EXPECT_LT(released - before, 8);
    // The second pass reads them again, and lets the first 32 MiB go as it moves on.
    EXPECT_EQ(touch(file, 48 * kMiB), first) << "a released page reads as the file";
    EXPECT_GT(rss_file_mib() - released, 40);
    file.release_before(32 * kMiB);
    EXPECT_LT(rss_file_mib() - released, 24) << "the second pass kept the pages behind it";
    file.release_before(48 * kMiB);
    EXPECT_LT(rss_file_mib() - before, 8);
    // verify-proof's order: its hash has read the file (above); a binary proof's count then reads
    // every byte again, and must let them go too, not leave them for the parse.
    StreamSource count(file.bytes(), ProofFormat::Binary, "p", nullptr, false, [&file](std::size_t begin, std::size_t end) { file.release(begin, end); });
    EXPECT_GT(count.steps(), 0u);
    EXPECT_LT(rss_file_mib() - before, 8) << "the count kept the pages the hash had let go";
  }
  std::filesystem::remove(path);
}

// A FIFO's writer meets the first opening of its reader and writes to it; a reader that closes
// that opening and opens the path again has lost the bytes (or made the writer fail with EPIPE),
// and then waits for a writer that never comes. The writer here opens, writes 1 MiB -- more than
// a pipe holds, so it must be read as it comes -- and closes at once, as `cat proof > fifo`
// does; every round must read every byte well inside its 20 s deadline. (The race is the
// writer's: the old MappedFile, which opened the path twice, failed some rounds, not all.)
TEST(MappedFile, AFifoIsReadThroughTheOpeningItsWriterMet) {
  const std::string fifo = (std::filesystem::path(::testing::TempDir()) / ("carve_fifo_" + std::to_string(::getpid()))).string();
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  ::signal(SIGPIPE, SIG_IGN);  // a writer left without a reader sees EPIPE, not the signal
  std::string sent(kMiB, '\0');
  for (std::size_t i = 0; i < sent.size(); ++i) sent[i] = static_cast<char>(i * 13 + 5);
  for (int round = 0; round < 40; ++round) {
    std::thread writer([&] {
      const int fd = ::open(fifo.c_str(), O_WRONLY | O_CLOEXEC);  // blocks until a reader opens
      for (std::size_t at = 0; fd >= 0 && at < sent.size();) {
        const ssize_t n = ::write(fd, sent.data() + at, sent.size() - at);
        if (n <= 0) break;
        at += static_cast<std::size_t>(n);
      }
      if (fd >= 0) ::close(fd);
    });
    limits::Limits limits;
    limits.timeout_seconds = 20;
    limits::Budget budget(limits);
    std::string got;
    try {
      got = std::string(MappedFile(fifo, &budget).bytes());
    } catch (const limits::LimitReached& e) {
      got = std::string("limit: ") + e.what();
    }
    if (got != sent) {
      // Unblock a writer still waiting for a reader, so that the thread can be joined.
      const int unblock = ::open(fifo.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
      writer.join();
      if (unblock >= 0) ::close(unblock);
      std::filesystem::remove(fifo);
      FAIL() << "round " << round << ": read " << got.size() << " bytes of " << sent.size() << (got.size() < 64 ? " (" + got + ")" : "");
    }
    writer.join();
  }
  std::filesystem::remove(fifo);
}

}  // namespace
}  // namespace carve::drat::detail
