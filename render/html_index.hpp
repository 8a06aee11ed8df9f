// The index page of a rendered play: one self-contained HTML file with every frame's SVG
// inlined, prev/next buttons and the arrow keys to step through the turns.
// Invariant: the page loads nothing from outside itself (no src, href, url() or import), so it
// opens offline; its script logs "carve-index: ready" once it has shown the first frame, and with
// the fragment #selftest steps through every frame with the buttons and keys and logs
// "carve-index: self-test ok" (or "... failed") — the hooks the headless-browser check reads.
#pragma once
#include <string>
#include <vector>

namespace carve::render {

struct HtmlFrame {
  std::string caption;
  std::string svg;   // dot's SVG output (its XML prolog and DOCTYPE are dropped when inlined)
};

std::string index_html(const std::string& title, const std::vector<HtmlFrame>& frames);

}  // namespace carve::render
