// The index page of a rendered play: one self-contained HTML file with every frame's SVG
// inlined (frame N is S_N, the state after turn N, the file turn_NN.svg), prev/next buttons, a
// button per frame and the arrow keys to step through the turns, and below each picture the
// turn in full with its collapse path as a numbered list (hovering a step lights its edge up).
// index.html#frame=N opens frame N, and the address follows the frame shown.
// Invariant: the page loads nothing from outside itself (no src, href, url() or import), so it
// opens offline; nothing above the pictures changes size from frame to frame, so every vertex
// stays at the same place on the screen. Its script logs "carve-index: ready" once it has shown
// the first frame; with the fragment #selftest it steps through every frame with the buttons and
// keys, checks that every vertex is drawn at the same screen position in the first and the last
// frame, and logs "carve-index: self-test ok" (or "... failed: why") -- the hooks the
// headless-browser check reads.
#pragma once
#include <string>
#include <vector>

namespace carve::render {

struct HtmlStep {
  std::string text;     // "λ → 0 by {λ, 0}"
  std::string edge_id;  // the SVG element drawn for the step's edge
};

struct HtmlFrame {
  std::string summary;  // one line (also in the picture's caption)
  std::string caption;  // the turn in full
  std::vector<HtmlStep> steps;
  std::string svg;      // dot's SVG output (its XML prolog and DOCTYPE are dropped when inlined)
};

std::string index_html(const std::string& title, const std::vector<HtmlFrame>& frames);

}  // namespace carve::render
