// carve play's page: one self-contained HTML file (front/web/page.html: its style and script inline,
// nothing loaded from elsewhere), compiled into the binary by front/web/embed_page.cmake.
// Invariant: the page holds no rule of the game; everything it shows comes from the API
// (questions/play/api.hpp) and the board picture the server sends.
#pragma once
#include <string_view>

namespace carve::play::web {

std::string_view page_html();

}  // namespace carve::play::web
