// SHA-256 through OpenSSL's EVP interface (the non-deprecated one of OpenSSL 3): piece by piece,
// so a proof of gigabytes is hashed in constant memory and between budget polls.
#include "foundations/files/sha256.hpp"

#include <openssl/evp.h>

#include <algorithm>
#include <fstream>
#include <stdexcept>
#include <vector>

namespace carve::parser {

namespace {

constexpr std::size_t kBlock = std::size_t{1} << 20;

std::string to_hex(const unsigned char* digest, unsigned int size) {
  static constexpr char kHex[] = "0123456789abcdef";
  std::string out;
  for (unsigned int i = 0; i < size; ++i) {
    out += kHex[digest[i] >> 4];
    out += kHex[digest[i] & 15];
  }
  return out;
}

}  // namespace

struct Sha256::Context {
  std::unique_ptr<EVP_MD_CTX, decltype(&EVP_MD_CTX_free)> ctx{EVP_MD_CTX_new(), &EVP_MD_CTX_free};
};

Sha256::Sha256() : context_(std::make_unique<Context>()) {
  if (!context_->ctx || EVP_DigestInit_ex(context_->ctx.get(), EVP_sha256(), nullptr) != 1)
    throw std::runtime_error("OpenSSL SHA-256 init failed");
}

Sha256::~Sha256() = default;

void Sha256::update(std::string_view bytes) {
  if (!bytes.empty() && EVP_DigestUpdate(context_->ctx.get(), bytes.data(), bytes.size()) != 1)
    throw std::runtime_error("OpenSSL SHA-256 update failed");
}

// On a copy of the context: the hash may go on.
std::string Sha256::hex() const {
  std::unique_ptr<EVP_MD_CTX, decltype(&EVP_MD_CTX_free)> copy(EVP_MD_CTX_new(), &EVP_MD_CTX_free);
  unsigned char digest[EVP_MAX_MD_SIZE];
  unsigned int size = 0;
  if (!copy || EVP_MD_CTX_copy_ex(copy.get(), context_->ctx.get()) != 1 || EVP_DigestFinal_ex(copy.get(), digest, &size) != 1 ||
      size != 32)
    throw std::runtime_error("OpenSSL SHA-256 final failed");
  return to_hex(digest, size);
}

std::string sha256_hex(std::string_view bytes, const BetweenBlocks& between_blocks) {
  Sha256 sha;
  while (!bytes.empty()) {
    const std::size_t n = std::min(bytes.size(), kBlock);
    sha.update(bytes.substr(0, n));
    bytes.remove_prefix(n);
    if (between_blocks && !bytes.empty()) between_blocks();
  }
  return sha.hex();
}

std::string file_sha256_hex(const std::string& path, const BetweenBlocks& between_blocks) {
  std::ifstream in(path, std::ios::binary);
  Sha256 sha;
  std::vector<char> block(kBlock);
  while (in) {
    in.read(block.data(), static_cast<std::streamsize>(block.size()));
    sha.update(std::string_view(block.data(), static_cast<std::size_t>(in.gcount())));
    if (between_blocks && in) between_blocks();
  }
  return sha.hex();
}

}  // namespace carve::parser
