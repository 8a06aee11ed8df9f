// The session as JSON (Api::view and the pieces the handlers answer with): see questions/play/api.hpp.
#include "questions/play/api_view.hpp"

#include "rules/model/target_echo.hpp"

namespace carve::play {

using nlohmann::json;

json rule_json(const RuleRef& r) {
  return {{"number", r.number}, {"title", r.title}, {"location", r.location}, {"words", r.words}, {"text", r.text()}};
}

json error_json(const Error& e) {
  return {{"error", error_kind_name(e.kind)},
          {"rule", e.rule ? rule_json(*e.rule) : json(nullptr)},
          {"message", e.message},
          {"text", e.text()}};
}

json move_view(const model::Game& game, const model::Move& m, int turn) {
  json collapse = "stable";
  if (m.collapse) {
    collapse = json::array();
    for (auto v : m.collapse->vertices) collapse.push_back(vertex_json(game, v));
  }
  return {{"turn", turn},
          {"text", model::move_text(game, m)},
          {"add", edge_json(game, m.added, model::EdgeType::V)},
          {"collapse", collapse},
          {"root", m.new_root ? vertex_json(game, *m.new_root) : json(nullptr)}};
}

json path_json(const model::Game& game, const ListedPath& p, std::size_t index) {
  json vs = json::array(), es = json::array();
  for (auto v : p.path.vertices) vs.push_back(vertex_json(game, v));
  for (std::size_t i = 0; i < p.path.edges.size(); ++i) es.push_back(edge_json(game, p.path.edges[i], p.types[i]));
  return {{"index", index}, {"vertices", vs}, {"edges", es}, {"types", p.type_text}, {"length", p.path.edges.size()}};
}

json page_json(const model::Game& game, const PathsPage& page, std::size_t limit) {
  json paths = json::array();
  for (std::size_t i = 0; i < page.paths.size(); ++i) paths.push_back(path_json(game, page.paths[i], page.offset + i));
  return {{"offset", page.offset}, {"limit", limit},     {"listed", page.listed},
          {"complete", page.complete}, {"why", page.why}, {"paths", paths}};
}

json target_view(const model::Target& t) {
  return {{"text", t.text}, {"label", model::target_label(t)}, {"vertices", t.vertex_count()}, {"edges", t.edge_count()}};
}

json reading_json(const model::Game& game) {
  json switches = json::object();
  for (auto s : game.declared) switches[std::string(model::info(s).name)] = std::string(game.rules.reading.text(s));
  return {{"profile", game.profile}, {"switches", switches}, {"text", game.reading()}};
}

json hint_json(const model::Game& game, const Hint& h, const model::Target& target) {
  json rest = json::array();
  for (std::size_t i = 0; i < h.rest.size(); ++i) rest.push_back(move_view(game, h.rest[i], h.from_turn + static_cast<int>(i) + 1));
  json cert = nullptr;
  if (h.certificate)
    cert = {{"accepted", h.certificate->accepted}, {"status", h.certificate->status}, {"message", h.certificate->message},
            {"cnf", h.certificate->cnf},           {"proof", h.certificate->proof},   {"cnf_sha256", h.certificate->cnf_sha256}};
  return {{"verdict", hint_verdict_name(h.verdict)},
          {"from_turn", h.from_turn},
          {"within", h.within},
          {"engine", h.engine},
          {"rest", rest},
          {"won", h.won ? won_json(game, *h.won, target) : json(nullptr)},
          {"scope", h.scope},
          {"reason", h.reason},
          {"certificate", cert},
          {"seconds", h.seconds}};
}

namespace {

json pending_json(Session& s) {
  const auto& g = s.game();
  const auto& p = *s.pending();
  json j{{"add", edge_json(g, p.added, model::EdgeType::V)}, {"collapsed", p.collapsed}};
  j["collapse"] = nullptr;
  if (p.collapsed) j["collapse"] = p.collapse ? move_view(g, model::Move{p.added, p.collapse, std::nullopt}, s.turn() + 1)["collapse"] : json("stable");
  j["paths"] = nullptr;
  if (s.phase() == Phase::Collapse) {
    auto page = s.paths(0, kViewPathsLimit);
    if (auto* ok = std::get_if<PathsPage>(&page)) j["paths"] = page_json(g, *ok, kViewPathsLimit);
  }
  json roots = json::array();
  for (auto v : s.eligible_roots()) roots.push_back(vertex_json(g, v));
  j["eligible_roots"] = roots;
  j["keep_allowed"] = s.keep_allowed();
  j["after_collapse"] = p.collapsed ? state_json(g, p.after_collapse, s.target(), std::nullopt) : json(nullptr);
  return j;
}

}  // namespace

json session_view(Session& s) {
  const auto& g = s.game();
  json j;
  j["spec"] = s.opened().spec_path;
  j["document"] = g.document;
  j["title"] = g.title;
  j["reading"] = reading_json(g);
  j["target"] = s.target() ? target_view(*s.target()) : json(nullptr);
  j["turn"] = s.turn();
  j["phase"] = phase_name(s.phase());
  j["state"] = state_json(g, s.current(), s.target(), s.won());
  j["won"] = s.won() && s.target() ? won_json(g, *s.won(), *s.target()) : json(nullptr);
  json play = json::array(), redo = json::array();
  for (std::size_t i = 0; i < s.play().size(); ++i) play.push_back(move_view(g, s.play()[i], static_cast<int>(i) + 1));
  const auto& stack = s.redo_stack();
  for (std::size_t i = stack.size(); i-- > 0;) redo.push_back(move_view(g, stack[i], s.turn() + static_cast<int>(stack.size() - i)));
  j["play"] = play;
  j["redo"] = redo;
  j["pending"] = s.pending() ? pending_json(s) : json(nullptr);
  j["last_refusal"] = nullptr;
  if (const auto& r = s.last_refusal()) {
    j["last_refusal"] = error_json(r->error);
    j["last_refusal"]["turn"] = r->turn;
    j["last_refusal"]["move"] = model::move_text(g, r->move);
  }
  const auto& u = g.universe;
  j["universe"] = {{"kind", u.kind == model::Universe::Kind::WordTree ? "word_tree" : "deduction"},
                   {"vertices", u.size()},
                   {"depth", u.depth},
                   {"alphabet", u.alphabet}};
  return j;
}

}  // namespace carve::play
