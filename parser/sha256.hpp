// SHA-256 of a byte string (OpenSSL's libcrypto), as 64 lower-case hex digits: the name a
// certificate gives the exact CNF its proof refutes, and a witness the exact spec it is about.
// Invariant: the digest is FIPS 180-4 SHA-256 of exactly the given bytes.
#pragma once
#include <string>
#include <string_view>

namespace carve::parser {

std::string sha256_hex(std::string_view bytes);
// The SHA-256 of the bytes a file gives (none when it cannot be opened, so a recorded hash of
// its content then does not match).
std::string file_sha256_hex(const std::string& path);

}  // namespace carve::parser
