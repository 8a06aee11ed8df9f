// The legend drawn below every frame: one sample of each kind of thing the play draws (drawn with
// the same attributes as in the frames, render/styles) and its meaning in the documents' terms.
// Invariant: the legend depends only on the Scene (its Features), so it is the same in every
// frame of a play and takes the same room.
#pragma once
#include <string>

#include "render/scene.hpp"

namespace carve::render {

constexpr double kLegendRowHeight = 26;  // points

std::size_t legend_size(const Scene& scene);
double legend_column_width(const Scene& scene);  // points: the widest item
// DOT statements for the legend, laid out in scene.legend_columns columns from scene.legend_at.
std::string legend_dot(const Scene& scene);

}  // namespace carve::render
