// Colours and line styles (Graphviz DOT attributes).
#include "render/styles.hpp"

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

const char* dash(EdgeKind kind) { return kind == EdgeKind::Tree ? "solid" : "dashed"; }
}  // namespace

std::string edge_attrs(EdgeKind kind, EdgeLook look) {
  switch (look) {
    case EdgeLook::Present:
      return fmt::format("style={}, color=\"{}\", penwidth=1.6", dash(kind), kind == EdgeKind::Tree ? kTreeColour : kVirtualColour);
    case EdgeLook::KeptNew: return fmt::format("style=dashed, color=\"{}\", penwidth=3", kNewColour);
    case EdgeLook::RemovedNow:
      return fmt::format("style={}, color=\"{}\", penwidth=4, fontcolor=\"{}\", fontsize=9, fontname=\"Helvetica-Bold\"", dash(kind),
                         kRemovedColour, kStepColour);
    case EdgeLook::RemovedEarlier: return fmt::format("style=dotted, color=\"{}\", penwidth=1.5", kGhostColour);
  }
  return "";
}

std::string edge_node_attrs(EdgeKind kind, EdgeLook look) {
  std::string fill = "white";
  std::string border = kind == EdgeKind::Tree ? kTreeColour : kVirtualColour;
  std::string style = "rounded,filled";
  switch (look) {
    case EdgeLook::Present: break;
    case EdgeLook::KeptNew: border = kNewColour; break;
    case EdgeLook::RemovedNow: border = kRemovedColour, style += kind == EdgeKind::Tree ? "" : ",dashed"; break;
    case EdgeLook::RemovedEarlier: border = kGhostColour, style += ",dotted"; break;
  }
  return fmt::format("style=\"{}\", fillcolor={}, color=\"{}\", penwidth={}, fontcolor=\"{}\"", style, fill, border,
                     look == EdgeLook::RemovedNow ? 2 : 1, look == EdgeLook::RemovedNow ? kStepColour : look == EdgeLook::RemovedEarlier ? kGhostColour : "black");
}

std::string vertex_attrs(bool word_tree, VertexLook look, bool winning) {
  std::string style = word_tree ? "filled" : "\"rounded,filled\"";
  std::string fill = winning ? kWinFill : "white";
  std::string colour = winning ? kWinColour : "black";
  double pen = winning ? 3 : 1;
  std::string shape = word_tree ? "circle" : "box";
  switch (look) {
    case VertexLook::Plain: break;
    case VertexLook::Root:
      shape = word_tree ? "doublecircle" : "doubleoctagon";
      fill = kRootFill;
      pen = std::max(pen, 2.0);
      break;
    case VertexLook::OldRoot:
      style = word_tree ? "\"dashed,filled\"" : "\"rounded,dashed,filled\"";
      if (!winning) colour = kOldRootColour;
      pen = std::max(pen, 2.0);
      break;
    case VertexLook::Frontier:
      if (!winning) fill = kFrontierFill;
      break;
  }
  return fmt::format("shape={}, style={}, fillcolor=\"{}\", color=\"{}\", penwidth={}", shape, style, fill, colour, pen);
}

}  // namespace carve::render
