// The legend drawn below every frame: one sample of each kind of thing the play draws (with the
// colours and dashes of render/styles) and its meaning in the documents' terms, as one
// Graphviz node holding an HTML-like table (line samples are cell borders), so that it costs
// Graphviz's edge routing a single obstacle.
// Invariant: the legend depends only on the Scene (its Features), so it is the same in every
// frame of a play and takes the same room.
#pragma once
#include <string>

#include "questions/render/scene.hpp"

namespace carve::render {

constexpr double kLegendRowHeight = 24;  // points

std::size_t legend_size(const Scene& scene);
double legend_column_width(const Scene& scene);  // points: a sample and the widest text
// The DOT statement of the legend node, centred in the room the Scene keeps for it.
std::string legend_dot(const Scene& scene);

}  // namespace carve::render
