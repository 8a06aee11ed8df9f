// Colours and line styles, and their Graphviz DOT attributes.
#include "questions/render/styles.hpp"

#include <algorithm>

#include <fmt/format.h>

namespace carve::render {

namespace {
constexpr const char* kTreeColour = "#37474f";
constexpr const char* kVirtualColour = "#1e88e5";
constexpr const char* kNewColour = "#8e24aa";
constexpr const char* kRemovedColour = "#e5393580";  // translucent: the edge is gone
constexpr const char* kGhostColour = "#78909c99";
constexpr const char* kRootFill = "#ffd54f";
constexpr const char* kOldRootColour = "#fb8c00";
constexpr const char* kWinColour = "#2e7d32";
constexpr const char* kWinFill = "#c8e6c9";
constexpr const char* kFrontierFill = "#eceff1";
constexpr const char* kPendingColour = "#f4511e";

const char* dash(EdgeKind kind) { return kind == EdgeKind::Tree ? "solid" : "dashed"; }
}  // namespace

Stroke edge_stroke(EdgeKind kind, EdgeLook look) {
  switch (look) {
    case EdgeLook::Present: return {kind == EdgeKind::Tree ? kTreeColour : kVirtualColour, dash(kind), 1.6};
    case EdgeLook::KeptNew: return {kNewColour, "dashed", 3};
    case EdgeLook::RemovedNow: return {kRemovedColour, dash(kind), 4};
    case EdgeLook::RemovedEarlier: return {kGhostColour, "dotted", 1.5};
    case EdgeLook::Pending: return {kPendingColour, "dotted", 3.5};
  }
  return {};
}

std::string edge_attrs(EdgeKind kind, EdgeLook look) {
  const Stroke s = edge_stroke(kind, look);
  std::string attrs = fmt::format("style={}, color=\"{}\", penwidth={}", s.dash, s.colour, s.width);
  if (look == EdgeLook::RemovedNow) attrs += fmt::format(", fontcolor=\"{}\", fontsize=9, fontname=\"Helvetica-Bold\"", kStepColour);
  return attrs;
}

std::string edge_node_attrs(EdgeKind kind, EdgeLook look) {
  const Stroke s = edge_stroke(kind, look);
  const std::string style = s.dash == "solid" ? "rounded,filled" : "rounded,filled," + s.dash;
  const char* text = look == EdgeLook::RemovedNow ? kStepColour : look == EdgeLook::RemovedEarlier ? kGhostColour : "black";
  return fmt::format("style=\"{}\", fillcolor=white, color=\"{}\", penwidth={}, fontcolor=\"{}\"", style, s.colour,
                     std::min(s.width, 2.0), text);
}

Fill vertex_fill(VertexLook look, bool winning) {
  Fill f{winning ? kWinFill : "white", winning ? kWinColour : "black", "solid", winning ? 3.0 : 1.0, false};
  switch (look) {
    case VertexLook::Plain: break;
    case VertexLook::Root:
      f.fill = kRootFill, f.width = std::max(f.width, 2.0), f.double_outline = true;
      break;
    case VertexLook::OldRoot:
      f.dash = "dashed", f.width = std::max(f.width, 2.0);
      if (!winning) f.border = kOldRootColour;
      break;
    case VertexLook::Frontier:
    case VertexLook::Cut:
      if (!winning) f.fill = kFrontierFill;
      break;
  }
  return f;
}

std::string vertex_attrs(bool word_tree, VertexLook look, bool winning) {
  const Fill f = vertex_fill(look, winning);
  const char* shape = word_tree ? (f.double_outline ? "doublecircle" : "circle") : (f.double_outline ? "doubleoctagon" : "box");
  std::string style = word_tree ? "filled" : "rounded,filled";
  if (f.dash != "solid") style += "," + f.dash;
  return fmt::format("shape={}, style=\"{}\", fillcolor=\"{}\", color=\"{}\", penwidth={}", shape, style, f.fill, f.border, f.width);
}

}  // namespace carve::render
