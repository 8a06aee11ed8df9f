// The half of FrameEncoding::extension_gap that both carving games share (frame_encoding.hpp).
#include "encoder/frame_encoding.hpp"

#include <fmt/format.h>

#include "model/semantics.hpp"

namespace carve::encoder {

std::string extension_gap_of(const model::Game& game, int turns, std::size_t candidates, const char* what) {
  if (turns <= 0) return {};
  const bool dup_forbid = game.rules.reading.duplicate == model::sw::Duplicate::Forbid;
  const std::size_t need = dup_forbid ? static_cast<std::size_t>(turns) : 1;
  if (candidates < need)
    return fmt::format("only {} {}, too few to extend every shorter play to {} turns", candidates, what, turns);
  if (!model::succession_never_blocks(game)) return "succession may find no eligible root, so a shorter play may not extend";
  return {};
}

}  // namespace carve::encoder
