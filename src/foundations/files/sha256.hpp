// SHA-256 (OpenSSL's libcrypto), as 64 lower-case hex digits: the name a certificate gives the
// exact CNF its proof refutes, and a witness the exact spec it is about.
// Invariant: every digest is FIPS 180-4 SHA-256 of exactly the bytes given, whether they come at
// once, piece by piece (Sha256, a proof hashed as it is written) or from a file; a long hash
// calls `between_blocks` after each block of 1 MiB, so a budget's poll can stop it by throwing.
#pragma once
#include <functional>
#include <memory>
#include <string>
#include <string_view>

namespace carve::parser {

using BetweenBlocks = std::function<void()>;

std::string sha256_hex(std::string_view bytes, const BetweenBlocks& between_blocks = {});
// The SHA-256 of the bytes a file gives (none when it cannot be opened, so a recorded hash of
// its content then does not match).
std::string file_sha256_hex(const std::string& path, const BetweenBlocks& between_blocks = {});

// The SHA-256 of bytes that arrive piece by piece.
class Sha256 {
 public:
  Sha256();
  ~Sha256();
  Sha256(const Sha256&) = delete;
  Sha256& operator=(const Sha256&) = delete;
  void update(std::string_view bytes);
  // Of everything given so far (more may follow).
  std::string hex() const;

 private:
  struct Context;
  std::unique_ptr<Context> context_;
};

}  // namespace carve::parser
