// A fixed-capacity bitset over the edges of a view G' (at most kCapacity edges), cheap to copy
// and hash: the removal sets E(P) the path search enumerates and memoises.
// Invariant: bits at positions >= size() are always zero, so equality and hashing may look
// at whole words.
#pragma once
#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>

namespace carve::model {

class EdgeSet {
 public:
  static constexpr std::size_t kWords = 8;
  static constexpr std::size_t kCapacity = kWords * 64;
  static constexpr std::size_t npos = static_cast<std::size_t>(-1);

  EdgeSet() = default;
  explicit EdgeSet(std::size_t n) : size_(n) {}
  std::size_t size() const { return size_; }
  bool test(std::size_t i) const { return (w_[i >> 6] >> (i & 63)) & 1u; }
  void set(std::size_t i) { w_[i >> 6] |= std::uint64_t{1} << (i & 63); }
  void reset(std::size_t i) { w_[i >> 6] &= ~(std::uint64_t{1} << (i & 63)); }
  std::size_t count() const {
    std::size_t c = 0;
    for (auto w : w_) c += static_cast<std::size_t>(std::popcount(w));
    return c;
  }
  std::size_t find_next(std::size_t pos) const { return find_from(pos + 1); }  // first set bit after pos
  std::size_t find_from(std::size_t from) const {                             // first set bit at >= from
    if (from >= kCapacity) return npos;
    for (std::size_t wi = from >> 6; wi < kWords; ++wi) {
      std::uint64_t w = w_[wi];
      if (wi == (from >> 6)) w &= ~std::uint64_t{0} << (from & 63);
      if (w) return wi * 64 + static_cast<std::size_t>(std::countr_zero(w));
    }
    return npos;
  }
  std::size_t find_first() const { return find_from(0); }
  bool operator==(const EdgeSet& o) const { return w_ == o.w_; }
  bool contains_all(const EdgeSet& o) const {
    for (std::size_t i = 0; i < kWords; ++i)
      if ((w_[i] & o.w_[i]) != o.w_[i]) return false;
    return true;
  }
  bool intersects(const EdgeSet& o) const {
    for (std::size_t i = 0; i < kWords; ++i)
      if (w_[i] & o.w_[i]) return true;
    return false;
  }
  std::size_t hash() const {
    std::uint64_t h = 0x9e3779b97f4a7c15ull;
    for (auto w : w_) h = (h ^ w) * 0x100000001b3ull + (h >> 29);
    return static_cast<std::size_t>(h);
  }

 private:
  std::array<std::uint64_t, kWords> w_{};
  std::size_t size_ = 0;
};

struct EdgeSetHash {
  std::size_t operator()(const EdgeSet& s) const { return s.hash(); }
};

}  // namespace carve::model
