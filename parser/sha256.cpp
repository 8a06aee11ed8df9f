// SHA-256 through OpenSSL's one-shot EVP_Digest (the non-deprecated interface of OpenSSL 3).
#include "parser/sha256.hpp"

#include <openssl/evp.h>

#include <fstream>
#include <iterator>
#include <stdexcept>

namespace carve::parser {

std::string sha256_hex(std::string_view bytes) {
  unsigned char digest[EVP_MAX_MD_SIZE];
  unsigned int size = 0;
  if (EVP_Digest(bytes.data(), bytes.size(), digest, &size, EVP_sha256(), nullptr) != 1 || size != 32)
    throw std::runtime_error("OpenSSL EVP_Digest(SHA-256) failed");
  static constexpr char kHex[] = "0123456789abcdef";
  std::string out;
  for (unsigned int i = 0; i < size; ++i) {
    out += kHex[digest[i] >> 4];
    out += kHex[digest[i] & 15];
  }
  return out;
}

std::string file_sha256_hex(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return sha256_hex(std::string(std::istreambuf_iterator<char>(in), {}));
}

}  // namespace carve::parser
