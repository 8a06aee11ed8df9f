// A binary DRAT proof held compressed in memory as it is written, and checked from there: no
// proof of gigabytes on disk (issue 37, "check while solving" / "a proof kept compressed"). The
// bytes CaDiCaL traces are cut into frames of whole steps (a frame closes at the first step end
// after kFrameBytes bytes) and each frame is compressed on its own (zstd), so the backward check
// decompresses each frame once going forward and once coming back, whatever the proof's size,
// and holds besides the compressed proof one frame's bytes and literals at a time (1 MiB frames:
// some 6 MB; 4 MiB frames compress a few percent better and hold four times as much).
// Invariant: the frames, decompressed and concatenated, are exactly the bytes written (`bytes()`
// of them; their SHA-256 is what the writer hashes), each frame but possibly the last ends at a
// step end as the binary grammar reads it; check_compressed() answers as check_stream() over
// those bytes would -- the same steps, literals and verdict; a malformed step's error names its
// frame and the byte within it.
#pragma once
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "checkers/drat/drat.hpp"

namespace carve::drat {

class CompressedProof {
 public:
  static constexpr std::size_t kFrameBytes = std::size_t{1} << 20;
  // `level`: zstd's (1 .. 19); 3 compresses carve's proofs some 4.5 times at hundreds of MB/s.
  explicit CompressedProof(int level = 3, std::size_t frame_bytes = kFrameBytes);

  // Bytes of a binary DRAT proof, in the order written (any split).
  void write(std::string_view bytes);
  // The last frame; nothing may be written after.
  void close();

  std::size_t bytes() const { return bytes_; }  // uncompressed, everything written
  // Steps begun and literals ended as the binary grammar reads the bytes written: what the checker
  // reserves its store for, counted here so that no pass over the frames is needed for it.
  std::size_t steps() const { return steps_; }
  std::size_t literals() const { return literals_; }
  std::size_t compressed_bytes() const { return compressed_bytes_; }
  std::size_t frames() const { return frames_.size(); }
  // Frame i decompressed; its first byte's offset in the proof.
  std::string frame(std::size_t i) const;
  std::size_t frame_offset(std::size_t i) const { return offsets_[i]; }
  // The frame's compressed bytes (tests corrupt them: a frame that does not decompress is a
  // malformed proof, never a crash).
  std::string& compressed_frame(std::size_t i) { return frames_[i]; }

 private:
  void flush_frame();

  int level_;
  std::size_t frame_bytes_;
  std::string pending_;  // the frame being filled
  bool in_step_ = false, zero_so_far_ = true;  // where the binary grammar stands after pending_
  bool closed_ = false;
  std::size_t bytes_ = 0, compressed_bytes_ = 0, steps_ = 0, literals_ = 0;
  std::vector<std::string> frames_;
  std::size_t flushed_ = 0;  // the bytes in frames_
  std::vector<std::size_t> offsets_, frame_sizes_;
};

// check_stream() over the proof's bytes, read frame by frame (binary DRAT only: a CompressedProof
// is written by CaDiCaL in carve's configuration). A frame that does not decompress, or steps
// that do not parse, throw InputError as a malformed proof file does; a limit answers unknown.
Result check_compressed(const Cnf& cnf, const CompressedProof& proof, std::string_view name = "<compressed proof>",
                        const Options& options = {});

}  // namespace carve::drat
