// ℛ listed once per pending turn, in a reproducible order.
#include "questions/play/path_listing.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "rules/model/graph_view.hpp"

namespace carve::play {

std::string type_text(const std::vector<model::EdgeType>& types) {
  std::string out;
  for (auto t : types) out += std::string(out.empty() ? "" : " ") + (t == model::EdgeType::T ? "T" : "V");
  return out;
}

namespace {

// A path of the view as the player would give it: its vertices and each step's edge element.
ListedPath listed(const model::Game& game, const model::State& state, const model::GraphView& view, const model::ViewPath& p) {
  ListedPath out;
  out.path.vertices = p.vertices;
  for (auto i : p.edges) {
    const auto& e = view.edges()[i];
    std::string op;
    if (e.inherent >= 0) op = game.universe.inherent[static_cast<std::size_t>(e.inherent)].op;
    else if (e.virtual_index >= 0) op = state.virtuals[static_cast<std::size_t>(e.virtual_index)].op;
    else op = view.candidate().op;
    out.path.edges.push_back(model::EdgeElement{op, *e.slots, *e.vertices});
    out.types.push_back(e.type);
  }
  out.type_text = type_text(out.types);
  return out;
}

bool shorter_first(const ListedPath& a, const ListedPath& b) {
  if (a.path.edges.size() != b.path.edges.size()) return a.path.edges.size() < b.path.edges.size();
  if (a.path.vertices != b.path.vertices) return a.path.vertices < b.path.vertices;
  return a.path.edges < b.path.edges;
}

}  // namespace

Listing list_paths(const model::Game& game, const model::State& state, const model::EdgeElement& added, std::size_t cap,
                   model::Budget& budget) {
  Listing out;
  model::GraphView view(game, state);
  view.set_candidate(added);
  model::CollapsePaths paths(game, view, state.root);
  if (view.edges().size() > model::EdgeSet::kCapacity) {
    // Too many edges to enumerate edge sets: one legal path, and the player may give others.
    out.complete = false;
    out.why = fmt::format("G' has {} edges, more than the {} the listing enumerates: one path of ℛ is shown, and any other may "
                          "be given vertex by vertex",
                          view.edges().size(), model::EdgeSet::kCapacity);
    try {
      if (auto p = paths.find_any(budget)) out.paths.push_back(listed(game, state, view, paths.oriented(*p)));
    } catch (const model::SearchLimit& e) {
      out.why += fmt::format(" (the search for one stopped: {})", e.what());
    }
    return out;
  }
  try {
    paths.for_each_removal(budget, [&](const model::EdgeSet&, const model::ViewPath& p) {
      out.paths.push_back(listed(game, state, view, p));
      if (out.paths.size() < cap) return true;
      out.complete = false;
      out.why = fmt::format("the listing stops at {} edge sets", cap);
      return false;
    });
  } catch (const model::SearchLimit& e) {
    out.complete = false;
    out.why = fmt::format("the listing stopped after {} edge sets: {}", out.paths.size(), e.what());
  }
  std::sort(out.paths.begin(), out.paths.end(), shorter_first);
  return out;
}

}  // namespace carve::play
