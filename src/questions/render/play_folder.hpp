// A rendered play on disk: turn_NN.dot and turn_NN.svg for every frame (S_0 first) and one
// self-contained index.html that steps through them.
// Invariant: every file written belongs to the play given; the folder is created if missing and
// files of an earlier render with the same names are overwritten.
#pragma once
#include <stdexcept>
#include <string>
#include <vector>

#include "questions/render/frames.hpp"

namespace carve::render {

// The folder or one of its files cannot be written (the user's path is at fault, not carve).
struct OutputError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

struct PlayFolder {
  std::vector<std::string> files;  // the SVGs in frame order, index.html last
  std::string extent;              // what the pictures hold (render::scene_extent)
  std::string warnings;            // what Graphviz warned about (nothing, unless the layout has a flaw)
};

// Throws GraphvizError when dot fails and OutputError when the folder cannot be written.
PlayFolder write_play_folder(const std::string& dir, const model::Game& game, const Play& play);

}  // namespace carve::render
