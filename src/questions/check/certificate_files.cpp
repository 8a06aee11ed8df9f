// Staging by renames in one folder: rename(2) is atomic, so a reader sees the old file or the
// new one, never a part.
#include "questions/check/certificate_files.hpp"

#include <cerrno>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <filesystem>

#include <fmt/format.h>

#include "foundations/files/atomic_file.hpp"
#include "foundations/files/write_error.hpp"

namespace carve::cases {

namespace {

std::string replace_all(std::string text, const std::string& from, const std::string& to) {
  for (std::size_t at = text.find(from); at != std::string::npos; at = text.find(from, at + to.size()))
    text.replace(at, from.size(), to);
  return text;
}

}  // namespace

StagedProof::StagedProof(const std::string& final_base, bool binary, std::string owned_folder)
    : final_{final_base, binary}, staged_{files::temporary_name(final_base), binary}, owned_folder_(std::move(owned_folder)) {}

StagedProof::StagedProof(StagedProof&& other) noexcept
    : final_(std::move(other.final_)), staged_(std::move(other.staged_)), owned_folder_(std::move(other.owned_folder_)),
      active_(other.active_) {
  other.active_ = false;
}

StagedProof::~StagedProof() {
  if (active_) remove_temporaries();
}

void StagedProof::remove_temporaries() {
  std::error_code ec;
  std::filesystem::remove(staged_.base + ".cnf", ec);
  std::filesystem::remove(staged_.base + ".drat", ec);
  if (!owned_folder_.empty()) std::filesystem::remove_all(owned_folder_, ec);
  active_ = false;
}

void StagedProof::settle(encoder::NoWinCertificate& c) {
  using S = encoder::NoWinCertificate::Status;
  const bool complete = c.status == S::Accepted || c.status == S::Rejected || c.status == S::Satisfiable;
  if (complete && owned_folder_.empty()) {
    for (const char* ext : {".cnf", ".drat"})
      if (std::rename((staged_.base + ext).c_str(), (final_.base + ext).c_str()) != 0) {
        const files::WriteError e(final_.base + ext, std::strerror(errno));
        remove_temporaries();
        throw e;
      }
  }
  if (owned_folder_.empty()) {
    c.cnf_path = replace_all(c.cnf_path, staged_.base, final_.base);
    c.proof_path = replace_all(c.proof_path, staged_.base, final_.base);
    c.message = replace_all(c.message, staged_.base, final_.base);
  }
  remove_temporaries();
}

std::string proof_file_name(const std::string& case_path) {
  const std::string normal = std::filesystem::path(case_path).lexically_normal().string();
  std::string name;
  for (char ch : normal) {
    if (ch == '%') name += "%25";
    else if (ch == '/') name += "%2F";
    else name += ch;
  }
  // A file name holds at most 255 bytes: a longer one keeps its end (the case's own name) and
  // gains a hash of the whole (FNV-1a, 64 bits) to stay distinct.
  constexpr std::size_t kKeep = 180;
  if (name.size() <= kKeep + 20) return name;
  std::uint64_t h = 1469598103934665603ull;
  for (unsigned char ch : name) h = (h ^ ch) * 1099511628211ull;
  return fmt::format("{:016x}-{}", h, name.substr(name.size() - kKeep));
}

}  // namespace carve::cases
