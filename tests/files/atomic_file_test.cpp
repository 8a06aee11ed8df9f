// files/: a write that fails keeps the system's reason and leaves the target as it was; a
// committed write replaces the target whole; devices are written in place, links followed.
#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <string_view>

#include "foundations/files/atomic_file.hpp"
#include "foundations/files/checked_stream.hpp"
#include "foundations/files/write_error.hpp"

namespace {

namespace fs = std::filesystem;
using carve::files::AtomicFile;
using carve::files::WriteError;

std::string folder(const std::string& name) {
  const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
  const fs::path dir = fs::path(::testing::TempDir()) / (std::string(info->test_suite_name()) + "." + info->name() + "." + std::to_string(::getpid()) + "." + name);
  fs::remove_all(dir);
  fs::create_directories(dir);
  return dir.string();
}

std::string read(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

std::vector<std::string> names(const std::string& dir) {
  std::vector<std::string> out;
  for (const auto& e : fs::directory_iterator(dir)) out.push_back(e.path().filename().string());
  std::sort(out.begin(), out.end());
  return out;
}

TEST(AtomicFile, CommitReplacesTheTargetWhole) {
  const auto dir = folder("d");
  std::ofstream(dir + "/f") << "old";
  {
    AtomicFile f(dir + "/f");
    f.write("new ");
    EXPECT_EQ(read(dir + "/f"), "old");  // not yet: the bytes are in the temporary
    f.write("text");
    f.commit();
  }
  EXPECT_EQ(read(dir + "/f"), "new text");
  EXPECT_EQ(names(dir), std::vector<std::string>{"f"});
}

TEST(AtomicFile, WithoutCommitTheTargetStaysAndTheTemporaryGoes) {
  const auto dir = folder("d");
  std::ofstream(dir + "/f") << "old";
  {
    AtomicFile f(dir + "/f");
    f.write("half");
  }
  EXPECT_EQ(read(dir + "/f"), "old");
  EXPECT_EQ(names(dir), std::vector<std::string>{"f"});
}

TEST(AtomicFile, AFullDeviceIsAWriteErrorWithTheReason) {
  try {
    carve::files::write_file_atomically("/dev/full", std::string(1 << 17, 'x'));
    FAIL() << "no error";
  } catch (const WriteError& e) {
    EXPECT_EQ(e.path, "/dev/full");
    EXPECT_EQ(std::string(e.what()), "cannot write /dev/full: No space left on device");
  }
  EXPECT_TRUE(fs::is_character_file("/dev/full"));  // written in place, never replaced
}

TEST(AtomicFile, AMissingFolderNamesTheTarget) {
  try {
    carve::files::write_file_atomically("/nonexistent-folder/f", "x");
    FAIL() << "no error";
  } catch (const WriteError& e) {
    EXPECT_EQ(std::string(e.what()), "cannot write /nonexistent-folder/f: No such file or directory");
  }
}

TEST(AtomicFile, ALinkKeepsPointingAtTheFileItNames) {
  const auto dir = folder("d");
  std::ofstream(dir + "/real") << "old";
  fs::create_symlink(dir + "/real", dir + "/link");
  carve::files::write_file_atomically(dir + "/link", "new");
  EXPECT_TRUE(fs::is_symlink(dir + "/link"));
  EXPECT_EQ(read(dir + "/real"), "new");
}

TEST(CheckedStream, TheFirstFailureIsKept) {
  carve::files::CheckedStream out("/dev/full");
  std::fputs("some bytes", out.stream());  // buffered: no failure yet
  EXPECT_EQ(out.failure(), "");
  EXPECT_THAT([&] { out.close(); }, ::testing::ThrowsMessage<WriteError>(::testing::HasSubstr("No space left on device")));
}

// The observer sees exactly the bytes that reached the file, in order, whichever way they were
// written (through the FILE* as CaDiCaL writes, or write()); one that throws fails the stream.
TEST(CheckedStream, TheObserverSeesTheBytesThatReachedTheFile) {
  const std::string path = folder("d") + "/observed";
  std::string seen;
  carve::files::CheckedStream out(path);
  out.observe_written([&seen](std::string_view bytes) { seen += bytes; });
  std::string big(100000, 'b');  // more than the stream's buffer: several writes
  std::fputs("head ", out.stream());
  out.write(big);
  std::fputs(" tail", out.stream());
  out.close();
  EXPECT_EQ(seen, "head " + big + " tail");
  EXPECT_EQ(read(path), seen);

  carve::files::CheckedStream failing(path);
  failing.observe_written([](std::string_view) { throw std::runtime_error("observer"); });
  std::fputs("bytes", failing.stream());
  EXPECT_THROW(failing.close(), WriteError);
}

}  // namespace
