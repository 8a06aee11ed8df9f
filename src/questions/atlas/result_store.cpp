// JSON-lines store: flock(2) around each append so two processes never interleave lines.
#include "questions/atlas/result_store.hpp"

#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <stdexcept>

#include <fmt/format.h>

#include "questions/atlas/question_run.hpp"
#include "foundations/files/atomic_file.hpp"
#include "foundations/files/write_error.hpp"

namespace carve::atlas {

namespace fs = std::filesystem;

std::string store_path(const std::string& dir) { return (fs::path(dir) / "results.jsonl").string(); }

std::string part_path(const std::string& dir, int index) {
  return (fs::path(dir) / "parts" / fmt::format("job-{:06}.json", index)).string();
}

StoreContents read_store(const std::string& dir) {
  StoreContents c;
  const std::string path = store_path(dir);
  std::ifstream in(path, std::ios::binary);
  if (!in) return c;
  const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  std::size_t pos = 0;
  int line = 0;
  while (pos < text.size()) {
    const std::size_t end = text.find('\n', pos);
    ++line;
    const std::string body = text.substr(pos, end == std::string::npos ? std::string::npos : end - pos);
    pos = end == std::string::npos ? text.size() : end + 1;
    if (body.empty()) continue;
    try {
      auto j = nlohmann::json::parse(body);
      if (end == std::string::npos) throw std::runtime_error("no end of line");
      c.latest[j.at("key").get<std::string>()] = j;
      c.records.push_back(std::move(j));
    } catch (const std::exception& e) {
      if (end == std::string::npos) {  // written up to a kill: the question will run again
        ++c.torn_lines;
        continue;
      }
      throw std::runtime_error(fmt::format("{}:{}: not a result record: {}", path, line, e.what()));
    }
  }
  return c;
}

namespace {

void write_all(int fd, const std::string& s, const std::string& path) {
  std::size_t done = 0;
  while (done < s.size()) {
    const ssize_t n = ::write(fd, s.data() + done, s.size() - done);
    if (n < 0) throw files::WriteError(path, std::strerror(errno));
    done += static_cast<std::size_t>(n);
  }
}

// A torn line left by a killed writer (no newline at the end of the file) would swallow the next
// record: cut the file back to its last complete line. Called under the lock.
void drop_torn_tail(int fd) {
  off_t end = ::lseek(fd, 0, SEEK_END);
  char ch = '\n';
  if (end <= 0 || (::pread(fd, &ch, 1, end - 1) == 1 && ch == '\n')) return;
  while (end > 0 && ::pread(fd, &ch, 1, end - 1) == 1 && ch != '\n') --end;
  if (::ftruncate(fd, end) != 0) throw std::runtime_error("cannot cut a torn line off the results store");
}

}  // namespace

void append_record(const std::string& dir, const nlohmann::json& record) {
  const std::string path = store_path(dir);
  fs::create_directories(dir);
  const int fd = ::open(path.c_str(), O_RDWR | O_APPEND | O_CREAT | O_CLOEXEC, 0644);
  if (fd < 0) throw files::WriteError(path, std::strerror(errno));
  ::flock(fd, LOCK_EX);
  try {
    drop_torn_tail(fd);
    const off_t before = ::lseek(fd, 0, SEEK_END);
    try {
      write_all(fd, record.dump() + "\n", path);
    } catch (const files::WriteError&) {
      // A full disk keeps the store whole: the part of the line written is cut off again.
      if (before >= 0 && ::ftruncate(fd, before) != 0) { /* the next append cuts the torn tail */ }
      throw;
    }
    if (::fsync(fd) != 0) throw files::WriteError(path, std::strerror(errno));
  } catch (...) {
    ::close(fd);  // releases the lock
    throw;
  }
  ::flock(fd, LOCK_UN);
  ::close(fd);
}

void write_part(const std::string& dir, int index, const nlohmann::json& record) {
  const std::string path = part_path(dir, index);
  fs::create_directories(fs::path(path).parent_path());
  files::write_file_atomically(path, record.dump() + "\n");
}

namespace {

nlohmann::json read_part(const fs::path& f) {
  std::ifstream in(f);
  try {
    return nlohmann::json::parse(in);
  } catch (const std::exception& e) {
    throw std::runtime_error(fmt::format("{}: not a result record: {}", f.string(), e.what()));
  }
}

}  // namespace

nlohmann::json fold_part(const std::string& dir, int index) {
  const fs::path f = part_path(dir, index);
  auto j = read_part(f);
  append_record(dir, j);
  fs::remove(f);
  return j;
}

FoldCount fold_parts(const std::string& dir) {
  FoldCount n;
  const fs::path parts = fs::path(dir) / "parts";
  if (!fs::exists(parts)) return n;
  auto store = read_store(dir);
  std::vector<fs::path> files;
  for (const auto& e : fs::directory_iterator(parts))
    if (e.path().extension() == ".json") files.push_back(e.path());
  std::sort(files.begin(), files.end());
  for (const auto& f : files) {
    const auto j = read_part(f);
    const std::string key = j.at("key").get<std::string>();
    const auto it = store.latest.find(key);
    if (it != store.latest.end() && (is_settled(it->second) || it->second == j)) {
      ++n.dropped;
    } else {
      append_record(dir, j);
      store.latest[key] = j;
      ++n.appended;
    }
    fs::remove(f);
  }
  return n;
}

}  // namespace carve::atlas
