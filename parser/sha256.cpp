// SHA-256 through OpenSSL's EVP interface (the non-deprecated one of OpenSSL 3): one-shot for bytes, in blocks for a file.
#include "parser/sha256.hpp"

#include <openssl/evp.h>

#include <fstream>
#include <memory>
#include <vector>
#include <stdexcept>

namespace carve::parser {

namespace {
std::string hex(const unsigned char* digest, unsigned int size) {
  static constexpr char kHex[] = "0123456789abcdef";
  std::string out;
  for (unsigned int i = 0; i < size; ++i) {
    out += kHex[digest[i] >> 4];
    out += kHex[digest[i] & 15];
  }
  return out;
}
}  // namespace

std::string sha256_hex(std::string_view bytes) {
  unsigned char digest[EVP_MAX_MD_SIZE];
  unsigned int size = 0;
  if (EVP_Digest(bytes.data(), bytes.size(), digest, &size, EVP_sha256(), nullptr) != 1 || size != 32)
    throw std::runtime_error("OpenSSL EVP_Digest(SHA-256) failed");
  return hex(digest, size);
}

// In blocks, so a proof of hundreds of megabytes is hashed in constant memory.
std::string file_sha256_hex(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::unique_ptr<EVP_MD_CTX, decltype(&EVP_MD_CTX_free)> ctx(EVP_MD_CTX_new(), &EVP_MD_CTX_free);
  if (!ctx || EVP_DigestInit_ex(ctx.get(), EVP_sha256(), nullptr) != 1) throw std::runtime_error("OpenSSL SHA-256 init failed");
  std::vector<char> block(1 << 20);
  while (in) {
    in.read(block.data(), static_cast<std::streamsize>(block.size()));
    if (in.gcount() > 0 && EVP_DigestUpdate(ctx.get(), block.data(), static_cast<std::size_t>(in.gcount())) != 1)
      throw std::runtime_error("OpenSSL SHA-256 update failed");
  }
  unsigned char digest[EVP_MAX_MD_SIZE];
  unsigned int size = 0;
  if (EVP_DigestFinal_ex(ctx.get(), digest, &size) != 1 || size != 32) throw std::runtime_error("OpenSSL SHA-256 final failed");
  return hex(digest, size);
}

}  // namespace carve::parser
