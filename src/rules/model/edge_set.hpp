// Bitsets over the edges of a view G': the removal sets E(P) the path search enumerates and
// memoises (EdgeSet: at most kCapacity edges, inline, cheap to copy and hash), and the same for
// a view of any size (WideEdgeSet: words on the heap), which replay and the reference semantics
// use where a deep scope's view has more edges than EdgeSet holds.
// Invariant: bits at positions >= size() are always zero, so equality and hashing may look
// at whole words; an EdgeSet is never made for more than kCapacity edges (callers check).
#pragma once
#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <type_traits>
#include <vector>

namespace carve::model {

// Words: 8 inline (EdgeSet) or 0 -- as many as the size needs, on the heap (WideEdgeSet).
template <std::size_t InlineWords>
class BasicEdgeSet {
  using Words = std::conditional_t<InlineWords == 0, std::vector<std::uint64_t>, std::array<std::uint64_t, InlineWords>>;

 public:
  static constexpr std::size_t kCapacity = InlineWords == 0 ? SIZE_MAX : InlineWords * 64;
  static constexpr std::size_t npos = static_cast<std::size_t>(-1);

  BasicEdgeSet() = default;
  explicit BasicEdgeSet(std::size_t n) : size_(n) {
    if constexpr (InlineWords == 0) w_.assign((n + 63) / 64, 0);
  }
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
    const std::size_t words = w_.size();
    if (from >= words * 64) return npos;
    for (std::size_t wi = from >> 6; wi < words; ++wi) {
      std::uint64_t w = w_[wi];
      if (wi == (from >> 6)) w &= ~std::uint64_t{0} << (from & 63);
      if (w) return wi * 64 + static_cast<std::size_t>(std::countr_zero(w));
    }
    return npos;
  }
  std::size_t find_first() const { return find_from(0); }
  bool operator==(const BasicEdgeSet& o) const { return w_ == o.w_; }
  // Both sets over the same view (the same number of words).
  bool contains_all(const BasicEdgeSet& o) const {
    for (std::size_t i = 0; i < w_.size(); ++i)
      if ((w_[i] & o.w_[i]) != o.w_[i]) return false;
    return true;
  }
  bool intersects(const BasicEdgeSet& o) const {
    for (std::size_t i = 0; i < w_.size(); ++i)
      if (w_[i] & o.w_[i]) return true;
    return false;
  }
  std::size_t hash() const {
    std::uint64_t h = 0x9e3779b97f4a7c15ull;
    for (auto w : w_) h = (h ^ w) * 0x100000001b3ull + (h >> 29);
    return static_cast<std::size_t>(h);
  }

 private:
  Words w_{};
  std::size_t size_ = 0;
};

using EdgeSet = BasicEdgeSet<8>;
using WideEdgeSet = BasicEdgeSet<0>;

struct EdgeSetHash {
  template <std::size_t W>
  std::size_t operator()(const BasicEdgeSet<W>& s) const { return s.hash(); }
};

}  // namespace carve::model
