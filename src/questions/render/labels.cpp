// Display names: the model's names with the documents' symbols put back.
#include "questions/render/labels.hpp"

#include <fmt/format.h>

namespace carve::render {

namespace {
std::string replace_all(std::string s, const std::string& from, const std::string& to) {
  for (std::size_t p = s.find(from); p != std::string::npos; p = s.find(from, p + to.size())) s.replace(p, from.size(), to);
  return s;
}
}  // namespace

bool is_word_tree(const model::Game& game) { return game.universe.kind != model::Universe::Kind::Deduction; }

std::string vertex_label(const model::Game& game, model::VertexId v) {
  const std::string n = model::vertex_name(game, v);
  if (is_word_tree(game)) return n == "lambda" ? "λ" : n;
  return replace_all(replace_all(replace_all(n, "Delta", "Δ"), "Nabla", "∇"), " ", "");
}

std::string op_label(const std::string& op) {
  if (op == "Theta") return "Θ";
  if (op == "Omega") return "Ω";
  return op;
}

std::string edge_label(const model::Game& game, const model::EdgeElement& e) {
  std::vector<std::string> names;
  for (auto v : e.slots) names.push_back(vertex_label(game, v));
  if (e.op == "T" || e.op == "V") return fmt::format("{{{}}}", fmt::join(names, ", "));
  return fmt::format("{}({})", op_label(e.op), fmt::join(names, ", "));
}

std::string path_summary(const model::Game& game, const std::vector<model::VertexId>& vertices, std::size_t keep) {
  std::vector<std::string> names;
  const std::size_t n = vertices.size();
  const std::size_t head = keep / 2 + keep % 2, tail = keep / 2;
  for (std::size_t i = 0; i < n; ++i) {
    if (n > keep && i == head) names.push_back(fmt::format("… {} more …", n - head - tail));
    if (n <= keep || i < head || i >= n - tail) names.push_back(vertex_label(game, vertices[i]));
  }
  return fmt::format("{}", fmt::join(names, " → "));
}

namespace {
std::string dot_escaped(const std::string& s) {
  std::string out;
  for (char c : s) {
    if (c == '"' || c == '\\') out += '\\';
    out += c == '\n' ? ' ' : c;
  }
  return out;
}
}  // namespace

std::string dot_quoted(const std::string& s) { return "\"" + dot_escaped(s) + "\""; }

std::string dot_left_aligned(const std::vector<std::string>& lines) {
  std::string out = "\"";
  for (const auto& l : lines) out += dot_escaped(l) + "\\l";
  return out + "\"";
}

std::string html_escaped(const std::string& s) {
  std::string out;
  for (char c : s) out += c == '&' ? "&amp;" : c == '<' ? "&lt;" : c == '>' ? "&gt;" : std::string(1, c);
  return out;
}

std::vector<std::string> wrapped(const std::string& text, std::size_t width) {
  std::vector<std::string> out{""};
  std::size_t start = 0;
  while (start < text.size()) {
    std::size_t end = text.find(' ', start);
    if (end == std::string::npos) end = text.size();
    const std::string word = text.substr(start, end - start);
    if (!out.back().empty() && out.back().size() + 1 + word.size() > width) out.emplace_back();
    out.back() += (out.back().empty() ? "" : " ") + word;
    start = end + 1;
  }
  return out;
}

double text_width(const std::string& utf8, double font_size) {
  std::size_t chars = 0;
  for (unsigned char c : utf8) chars += (c & 0xC0) != 0x80;  // code points, not bytes
  return static_cast<double>(chars) * 0.56 * font_size;
}

}  // namespace carve::render
