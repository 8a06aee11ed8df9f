// A typed vertex or edge parsed as the DSL parses it inside a case file, then resolved.
#include "questions/play/move_parse.hpp"

#include <charconv>

#include <fmt/format.h>

#include "rules/elaborate/case.hpp"
#include "text/parser/parse.hpp"

namespace carve::play {

namespace ast = parser::ast;

namespace {

// Only what a vertex or an edge may hold: no character that could end the item it is read in.
std::optional<Error> unreadable(const std::string& text, const char* what) {
  if (text.empty()) return bad_request(fmt::format("no {} given", what));
  for (char c : text)
    if (c == '{' || c == '}' || c == ';' || c == '"' || c == '/' || c == '\n' || c == '\r')
      return bad_request(fmt::format("'{}' is not a {}: '{}' has no place in one", text, what, c));
  return std::nullopt;
}

// The case block that holds `item`, parsed; the parser's or the resolver's message as an Error.
template <class Use>
auto read_in_case(const std::string& item, Use&& use) -> std::variant<decltype(use(std::declval<const ast::CaseFile&>())), Error> {
  try {
    const auto file = parser::parse_case("case \"\" { " + item + " }", "<carve play>");
    return use(file);
  } catch (const parser::ParseError& e) {
    return bad_request(e.message);
  } catch (const elab::InputError& e) {
    return bad_request(e.message);
  }
}

std::optional<model::EdgeElement> edge_from_key(const model::Game& game, const std::string& text) {
  const auto colon = text.find(':');
  if (colon == std::string::npos || colon == 0) return std::nullopt;
  model::EdgeElement e;
  e.op = text.substr(0, colon);
  std::vector<model::VertexId> slots;
  const char* p = text.data() + colon + 1;
  const char* end = text.data() + text.size();
  while (p < end) {
    model::VertexId v = 0;
    auto [next, ec] = std::from_chars(p, end, v);
    if (ec != std::errc() || v >= game.universe.size()) return std::nullopt;
    slots.push_back(v);
    p = next;
    if (p < end && *p++ != ',') return std::nullopt;
  }
  if (slots.empty()) return std::nullopt;
  return model::EdgeElement::make(e.op, slots);
}

}  // namespace

std::variant<model::VertexId, Error> parse_vertex(const model::Game& game, const std::string& text) {
  if (auto bad = unreadable(text, "vertex")) return *bad;
  auto out = read_in_case("claim component {" + text + "};", [&](const ast::CaseFile& f) -> std::optional<model::VertexId> {
    const auto* claim = std::get_if<ast::ClaimItem>(&f.items.at(0));
    if (!claim || claim->component.size() != 1) return std::nullopt;
    return elab::resolve_vertex(game, claim->component[0]);
  });
  if (auto* e = std::get_if<Error>(&out)) return *e;
  if (auto v = std::get<0>(out)) return *v;
  return bad_request(fmt::format("'{}' is not one vertex", text));
}

std::variant<model::EdgeElement, Error> parse_edge(const model::Game& game, const std::string& text) {
  if (auto e = edge_from_key(game, text)) return *e;
  std::string written = text;
  if (game.rules.construct == model::Rules::Construct::Pair) {
    // "{u, v}", "u, v" or "u v": the pair as a case file writes it.
    std::string inner;
    for (char c : text)
      if (c != '{' && c != '}') inner += c == ',' ? ' ' : c;
    std::vector<std::string> parts;
    std::size_t at = 0;
    while ((at = inner.find_first_not_of(' ', at)) != std::string::npos) {
      const auto stop = inner.find(' ', at);
      parts.push_back(inner.substr(at, stop - at));
      at = stop;
    }
    if (parts.size() != 2) return bad_request(fmt::format("'{}' is not a pair of vertices {{u, v}}", text));
    for (const auto& part : parts)
      if (auto bad = unreadable(part, "vertex")) return *bad;
    written = "{" + parts[0] + ", " + parts[1] + "}";
  } else if (auto bad = unreadable(text, "edge")) {
    return *bad;
  }
  auto out = read_in_case("play { turn add " + written + " stable; }", [&](const ast::CaseFile& f) -> std::optional<model::EdgeElement> {
    const auto* play = std::get_if<ast::PlayItem>(&f.items.at(0));
    if (!play || play->turns.size() != 1) return std::nullopt;
    return elab::resolve_edge(game, play->turns[0].edge);
  });
  if (auto* e = std::get_if<Error>(&out)) return *e;
  if (auto e = std::get<0>(out)) return *e;
  return bad_request(fmt::format("'{}' is not one edge", text));
}

std::variant<model::CollapsePath, Error> parse_path(const model::Game& game, const std::vector<std::string>& steps) {
  const bool pairs = game.rules.construct == model::Rules::Construct::Pair;
  if (steps.size() < 2 || (!pairs && steps.size() % 2 == 0))
    return bad_request(pairs ? "a collapse path names at least two vertices"
                             : "a collapse path alternates vertices and edges, starting and ending with a vertex (v0 e1 v1 ...)");
  model::CollapsePath p;
  for (std::size_t i = 0; i < steps.size(); ++i) {
    if (!pairs && i % 2 == 1) {
      auto e = parse_edge(game, steps[i]);
      if (auto* bad = std::get_if<Error>(&e)) return *bad;
      p.edges.push_back(std::get<model::EdgeElement>(e));
    } else {
      auto v = parse_vertex(game, steps[i]);
      if (auto* bad = std::get_if<Error>(&v)) return *bad;
      p.vertices.push_back(std::get<model::VertexId>(v));
    }
  }
  return p;
}

}  // namespace carve::play
