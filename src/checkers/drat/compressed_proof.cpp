// CompressedProof: frames of whole binary DRAT steps, each compressed by zstd; and the step
// source the backward checker reads them through (compressed_proof.hpp).
#include "checkers/drat/compressed_proof.hpp"

#include <zstd.h>

#include <algorithm>
#include <memory>
#include <new>
#include <optional>
#include <stdexcept>

#include "checkers/drat/step_reader.hpp"
#include "checkers/drat/step_source.hpp"
#include "foundations/limits/budget.hpp"

namespace carve::drat {

CompressedProof::CompressedProof(int level, std::size_t frame_bytes) : level_(level), frame_bytes_(std::max<std::size_t>(frame_bytes, 1)) {}

// The binary grammar as StepReader reads it: a marker byte, then varints (7 bits a byte, high bit
// "more") until one whose value is 0. A frame closes only right after such a 0, so each frame
// holds whole steps -- whatever the bytes, the reader sees every step inside one frame, or a
// truncated last step at the very end, as in the uncompressed proof.
void CompressedProof::write(std::string_view bytes) {
  if (closed_) throw std::logic_error("CompressedProof: written after close()");
  bytes_ += bytes.size();
  std::size_t from = 0;
  for (std::size_t i = 0; i < bytes.size(); ++i) {
    const auto b = static_cast<unsigned char>(bytes[i]);
    if (!in_step_) {
      in_step_ = true;
      zero_so_far_ = true;
      ++steps_;
      continue;
    }
    zero_so_far_ = zero_so_far_ && (b & 0x7f) == 0;
    if (b & 0x80) continue;
    const bool step_ends = zero_so_far_;
    zero_so_far_ = true;
    if (!step_ends) {
      ++literals_;
      continue;
    }
    in_step_ = false;
    if (pending_.size() + (i + 1 - from) >= frame_bytes_) {
      pending_.append(bytes.substr(from, i + 1 - from));
      from = i + 1;
      flush_frame();
    }
  }
  pending_.append(bytes.substr(from));
}

void CompressedProof::close() {
  if (closed_) return;
  if (!pending_.empty()) flush_frame();
  closed_ = true;
}

void CompressedProof::flush_frame() {
  // Each frame carries zstd's checksum of its bytes: a frame changed in memory (or once kept on
  // disk) does not decompress, rather than decompressing into other steps.
  std::unique_ptr<ZSTD_CCtx, std::size_t (*)(ZSTD_CCtx*)> cctx(ZSTD_createCCtx(), ZSTD_freeCCtx);
  if (!cctx) throw std::bad_alloc();
  ZSTD_CCtx_setParameter(cctx.get(), ZSTD_c_compressionLevel, level_);
  ZSTD_CCtx_setParameter(cctx.get(), ZSTD_c_checksumFlag, 1);
  std::string out(ZSTD_compressBound(pending_.size()), '\0');
  const std::size_t n = ZSTD_compress2(cctx.get(), out.data(), out.size(), pending_.data(), pending_.size());
  if (ZSTD_isError(n)) throw std::runtime_error(std::string("zstd could not compress a proof frame: ") + ZSTD_getErrorName(n));
  out.resize(n);
  out.shrink_to_fit();  // else each frame keeps the compress bound's capacity: the proof's size again
  offsets_.push_back(flushed_);
  frame_sizes_.push_back(pending_.size());
  flushed_ += pending_.size();
  compressed_bytes_ += out.size();
  frames_.push_back(std::move(out));
  pending_.clear();
}

std::string CompressedProof::frame(std::size_t i) const {
  std::string out(frame_sizes_.at(i), '\0');
  const std::string& in = frames_[i];
  const std::size_t n = ZSTD_decompress(out.data(), out.size(), in.data(), in.size());
  if (ZSTD_isError(n) || n != out.size())
    throw InputError("compressed proof: frame " + std::to_string(i) + " (proof byte " + std::to_string(offsets_[i]) +
                     ") does not decompress to its " + std::to_string(out.size()) + " bytes" +
                     (ZSTD_isError(n) ? std::string(": ") + ZSTD_getErrorName(n) : std::string()));
  return out;
}

namespace detail {
namespace {

// The steps of a CompressedProof: read frame by frame going forward (the frame's first step
// noted), and for the backward pass each frame parsed again whole and kept until a step of
// another frame is asked for -- descending steps cost one decompression a frame.
class CompressedSource : public StepSource {
 public:
  CompressedSource(const CompressedProof& proof, std::string_view name, limits::Budget* budget)
      : proof_(proof), name_(name), budget_(budget) {}
  bool next(bool& deletion, std::vector<std::int32_t>& lits) override {
    Location where;
    for (;;) {
      if (reader_ && reader_->next(deletion, lits, where)) {
        ++read_;
        return true;
      }
      if (next_frame_ >= proof_.frames()) return false;
      first_step_.push_back(read_);
      forward_ = proof_.frame(next_frame_);
      forward_name_ = frame_name(next_frame_);
      reader_.emplace(forward_, ProofFormat::Binary, forward_name_, budget_, false);
      ++next_frame_;
    }
  }
  void at(std::size_t s, bool& deletion, std::vector<std::int32_t>& lits, Location& where) override {
    const std::size_t f = frame_of(s);
    // Named as the proof, its byte moved to the proof's: a rejection quotes the step as the
    // uncompressed proof's check would.
    const std::string bytes = proof_.frame(f);
    StepReader again(bytes, ProofFormat::Binary, name_, nullptr, false);
    for (std::size_t i = first_step_[f]; i <= s; ++i) again.next(deletion, lits, where);
    where.byte += proof_.frame_offset(f);
  }
  void lits_at(std::size_t s, std::vector<std::int32_t>& lits) override {
    const std::size_t f = frame_of(s);
    if (f != held_) hold(f);
    const std::size_t k = s - first_step_[f];
    lits.assign(held_lits_.begin() + static_cast<std::ptrdiff_t>(held_begin_[k]),
                held_lits_.begin() + static_cast<std::ptrdiff_t>(held_begin_[k + 1]));
  }
  std::size_t steps() const override { return proof_.steps(); }
  std::size_t literals() const override { return proof_.literals(); }

 private:
  std::string frame_name(std::size_t f) const {
    return std::string(name_) + " frame " + std::to_string(f) + " (from proof byte " + std::to_string(proof_.frame_offset(f)) + ")";
  }
  std::size_t frame_of(std::size_t s) const {
    return static_cast<std::size_t>(std::upper_bound(first_step_.begin(), first_step_.end(), s) - first_step_.begin()) - 1;
  }
  void hold(std::size_t f) {
    held_bytes_ = proof_.frame(f);
    held_name_ = frame_name(f);
    StepReader again(held_bytes_, ProofFormat::Binary, held_name_, budget_, false);
    held_lits_.clear();
    held_begin_.assign(1, 0);
    bool deletion = false;
    Location where;
    while (again.next(deletion, step_, where)) {
      held_lits_.insert(held_lits_.end(), step_.begin(), step_.end());
      step_.clear();
      held_begin_.push_back(held_lits_.size());
    }
    held_ = f;
  }

  const CompressedProof& proof_;
  std::string_view name_;
  limits::Budget* budget_;
  std::size_t read_ = 0, next_frame_ = 0;
  std::string forward_, forward_name_;  // the frame next() reads
  std::optional<StepReader> reader_;  // over forward_
  std::vector<std::size_t> first_step_;  // frame f's first step
  std::size_t held_ = SIZE_MAX;          // the frame lits_at holds
  std::string held_bytes_, held_name_;
  std::vector<std::int32_t> held_lits_, step_;
  std::vector<std::size_t> held_begin_;
};

}  // namespace
}  // namespace detail

Result check_compressed(const Cnf& cnf, const CompressedProof& proof, std::string_view name, const Options& options) {
  try {
    detail::CompressedSource source(proof, name, options.budget);
    return detail::check_source(cnf, source, options);
  } catch (const limits::LimitReached& e) {
    Result r;
    r.accepted = false;
    r.limit_reached = true;
    r.message = e.what();
    return r;
  }
}

}  // namespace carve::drat
