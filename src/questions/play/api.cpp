// The command table's dispatch and handlers: a request's arguments read and checked, the Session
// asked, the answer put in JSON (questions/play/api_view.hpp).
#include "questions/play/api.hpp"

#include <algorithm>
#include <array>
#include <set>

#include <fmt/format.h>

#include "questions/play/api_view.hpp"
#include "questions/play/candidates.hpp"
#include "questions/play/move_parse.hpp"

namespace carve::play {

using nlohmann::json;

namespace {

constexpr std::array kCommands{
#define CARVE_PLAY_COMMAND(id, name, arguments, help) CommandInfo{Command::id, name, arguments, help},
#include "questions/play/commands.def"
#undef CARVE_PLAY_COMMAND
};

// A request that cannot be carried out: the handler stops, handle() answers with the error.
struct Refusal {
  Error error;
};
[[noreturn]] void stop(Error e) { throw Refusal{std::move(e)}; }
void stop_if(const std::optional<Error>& e) {
  if (e) stop(*e);
}
template <class T>
T take(std::variant<T, Error> v) {
  if (auto* e = std::get_if<Error>(&v)) stop(*e);
  return std::move(std::get<T>(v));
}

// Only the arguments the command takes (a misspelt one is an error, never ignored).
void only(const json& request, std::initializer_list<const char*> keys) {
  for (const auto& [key, value] : request.items()) {
    if (key == "command") continue;
    bool known = false;
    for (const char* k : keys) known |= key == k;
    if (!known) {
      std::string list;
      for (const char* k : keys) list += (list.empty() ? "" : ", ") + std::string(k);
      stop(bad_request(fmt::format("unknown argument \"{}\" ({})", key, list.empty() ? "this command takes none" : "it takes: " + list)));
    }
  }
}

bool has(const json& r, const char* key) { return r.contains(key) && !r[key].is_null(); }

std::int64_t integer(const json& r, const char* key, std::int64_t min, std::int64_t max) {
  if (!has(r, key)) stop(bad_request(fmt::format("\"{}\" is missing", key)));
  const auto& v = r[key];
  if (!v.is_number_integer()) stop(bad_request(fmt::format("\"{}\" must be a whole number, not {}", key, v.dump())));
  const auto n = v.get<std::int64_t>();
  if (n < min || n > max) stop(bad_request(fmt::format("\"{}\" must lie in {}..{}, not {}", key, min, max, n)));
  return n;
}

std::string text(const json& r, const char* key) {
  if (!has(r, key)) stop(bad_request(fmt::format("\"{}\" is missing", key)));
  if (!r[key].is_string()) stop(bad_request(fmt::format("\"{}\" must be a string, not {}", key, r[key].dump())));
  return r[key].get<std::string>();
}

bool flag(const json& r, const char* key) {
  if (!has(r, key)) return false;
  if (!r[key].is_boolean()) stop(bad_request(fmt::format("\"{}\" must be true or false, not {}", key, r[key].dump())));
  return r[key].get<bool>();
}

// A vertex: its universe id, or its name as the DSL writes it.
model::VertexId vertex_of(const model::Game& game, const json& v, const char* what) {
  if (v.is_number_integer()) {
    const auto id = v.get<std::int64_t>();
    if (id < 0 || static_cast<std::size_t>(id) >= game.universe.size())
      stop(bad_request(fmt::format("{}: no vertex has the id {} (ids 0..{})", what, id, game.universe.size() - 1)));
    return static_cast<model::VertexId>(id);
  }
  if (!v.is_string()) stop(bad_request(fmt::format("{}: a vertex is an id or a name, not {}", what, v.dump())));
  return take(parse_vertex(game, v.get<std::string>()));
}

model::VertexId vertex(const model::Game& game, const json& r, const char* key) {
  if (!has(r, key)) stop(bad_request(fmt::format("\"{}\" is missing", key)));
  return vertex_of(game, r[key], key);
}

// A command without arguments that is one step of the session (stable, keep, undo, redo).
template <class Step>
json step_without_arguments(const json& r, Step&& step) {
  only(r, {});
  stop_if(step());
  return json::object();
}

}  // namespace

std::span<const CommandInfo> commands() { return kCommands; }

std::optional<Command> command_from_name(std::string_view name) {
  for (const auto& c : kCommands)
    if (c.name == name) return c.id;
  return std::nullopt;
}

Api::Api(Session& session) : session_(session) {}

json Api::view() { return session_view(session_); }

json Api::handle(const json& request) {
  std::string name;
  try {
    try {
      if (!request.is_object() || !request.contains("command") || !request["command"].is_string())
        stop(bad_request("a request is a JSON object with a \"command\" (a string): `help` lists the commands"));
      name = request["command"].get<std::string>();
      const auto command = command_from_name(name);
      if (!command) stop(bad_request(fmt::format("unknown command '{}': `help` lists the commands", name)));
      json out;
      switch (*command) {
#define CARVE_PLAY_COMMAND(id, name, arguments, help) \
  case Command::id: out = on_##id(request); break;
#include "questions/play/commands.def"
#undef CARVE_PLAY_COMMAND
      }
      out["ok"] = true;
      out["command"] = name;
      out["state"] = view();
      return out;
    } catch (const Refusal& r) {
      json out = error_json(r.error);
      out["ok"] = false;
      out["command"] = name;
      out["state"] = view();
      return out;
    }
  } catch (const std::exception& e) {
    // A bug in carve (an engine's answer that does not replay, a saved case its judge refuses):
    // said so, the session as it was, the program still running.
    json out = error_json(Error{ErrorKind::Internal, e.what(), std::nullopt});
    out["ok"] = false;
    out["command"] = name;
    return out;
  }
}

json Api::on_State(const json& r) {
  only(r, {});
  return json::object();
}

json Api::on_Candidates(const json& r) {
  only(r, {"vertices", "offset", "limit"});
  const auto& g = session_.game();
  if (session_.phase() != Phase::Construct) stop(bad_request("candidates are listed while e_new is to be chosen (phase construct)"));
  std::vector<model::VertexId> containing;
  if (has(r, "vertices")) {
    if (!r["vertices"].is_array()) stop(bad_request("\"vertices\" is a list of vertices (ids or names)"));
    for (const auto& v : r["vertices"]) containing.push_back(vertex_of(g, v, "vertices"));
  }
  const auto offset = has(r, "offset") ? static_cast<std::size_t>(integer(r, "offset", 0, INT32_MAX)) : 0;
  const auto limit = has(r, "limit") ? static_cast<std::size_t>(integer(r, "limit", 1, kMaxPathsLimit)) : kViewPathsLimit;
  const auto page = list_candidates(g, session_.current(), containing, offset, limit);
  json edges = json::array();
  for (const auto& e : page.edges) edges.push_back(edge_json(g, e, model::EdgeType::V));
  return {{"offset", page.offset}, {"listed", page.listed}, {"complete", page.complete}, {"why", page.why}, {"edges", edges}};
}

json Api::on_Add(const json& r) {
  only(r, {"u", "v", "edge"});
  const auto& g = session_.game();
  model::EdgeElement e;
  if (has(r, "edge")) {
    if (has(r, "u") || has(r, "v")) stop(bad_request("give e_new as \"edge\" or as \"u\" and \"v\", not both"));
    e = take(parse_edge(g, text(r, "edge")));
  } else {
    if (g.rules.construct != model::Rules::Construct::Pair)
      stop(bad_request("this game's e_new is an operator tuple: give it as \"edge\", e.g. \"Theta(...)\""));
    e = model::EdgeElement::make("V", {vertex(g, r, "u"), vertex(g, r, "v")});
  }
  stop_if(session_.add(e));
  return json::object();
}

json Api::on_Paths(const json& r) {
  only(r, {"offset", "limit"});
  const auto offset = has(r, "offset") ? static_cast<std::size_t>(integer(r, "offset", 0, INT32_MAX)) : 0;
  const auto limit = has(r, "limit") ? static_cast<std::size_t>(integer(r, "limit", 1, kMaxPathsLimit)) : kViewPathsLimit;
  auto page = take(session_.paths(offset, limit));
  if (offset > 0 && offset >= page.listed)
    stop(bad_request(fmt::format("offset {} is past the listing's {} paths", offset, page.listed)));
  return {{"paths", page_json(session_.game(), page, limit)}};
}

json Api::on_Collapse(const json& r) {
  only(r, {"index", "path"});
  if (has(r, "index") == has(r, "path")) stop(bad_request("give the collapse path as \"index\" (of the listing) or as \"path\" (its steps)"));
  if (has(r, "index")) {
    stop_if(session_.collapse_listed(static_cast<std::size_t>(integer(r, "index", 0, INT32_MAX))));
    return json::object();
  }
  const auto& steps = r["path"];
  if (!steps.is_array()) stop(bad_request("\"path\" is a list of steps: vertices (ids or names), and in 001 edges between them"));
  const auto& g = session_.game();
  const bool pairs = g.rules.construct == model::Rules::Construct::Pair;
  model::CollapsePath p;
  if (pairs || std::all_of(steps.begin(), steps.end(), [](const json& s) { return s.is_string(); })) {
    std::vector<std::string> texts;
    bool ids = false;
    for (const auto& s : steps) {
      if (s.is_number_integer()) ids = true;
      else if (!s.is_string()) stop(bad_request(fmt::format("a step is an id or a name, not {}", s.dump())));
      texts.push_back(s.is_string() ? s.get<std::string>() : std::string());
    }
    if (ids) {
      if (!pairs) stop(bad_request("a 001 path's steps are names (vertices and edges alternate)"));
      for (const auto& s : steps) p.vertices.push_back(vertex_of(g, s, "path"));
      if (p.vertices.size() < 2) stop(bad_request("a collapse path names at least two vertices"));
    } else {
      p = take(parse_path(g, texts));
    }
  } else {
    stop(bad_request("a 001 path's steps are names: vertices and edges alternate"));
  }
  stop_if(session_.collapse(p));
  return json::object();
}

json Api::on_Stable(const json& r) { return step_without_arguments(r, [&] { return session_.stable(); }); }

json Api::on_Root(const json& r) {
  only(r, {"vertex"});
  stop_if(session_.root(vertex(session_.game(), r, "vertex")));
  return json::object();
}

json Api::on_Keep(const json& r) { return step_without_arguments(r, [&] { return session_.keep(); }); }

json Api::on_Undo(const json& r) { return step_without_arguments(r, [&] { return session_.undo(); }); }

json Api::on_Redo(const json& r) { return step_without_arguments(r, [&] { return session_.redo(); }); }

json Api::on_Profiles(const json& r) {
  only(r, {});
  json list = json::array();
  for (const auto& p : session_.profiles()) list.push_back({{"name", p.name}, {"doc", p.doc}, {"current", p.current}});
  return {{"profiles", list}, {"reading", reading_json(session_.game())}};
}

json Api::on_Profile(const json& r) {
  only(r, {"name"});
  const auto sw = take(session_.switch_profile(text(r, "name")));
  return {{"switch",
           {{"from", sw.from},
            {"to", sw.to},
            {"kept", sw.kept},
            {"broken_turn", sw.broken_turn ? json(*sw.broken_turn) : json(nullptr)},
            {"broken_by", sw.broken_by ? error_json(*sw.broken_by) : json(nullptr)},
            {"won_turn", sw.won_turn ? json(*sw.won_turn) : json(nullptr)}}}};
}

json Api::on_Save(const json& r) {
  only(r, {"file", "expect", "overwrite"});
  std::optional<Expect> expect;
  if (has(r, "expect")) {
    expect = expect_from_name(text(r, "expect"));
    if (!expect) stop(bad_request(fmt::format("\"expect\" is win, legal or illegal, not {}", r["expect"].dump())));
  }
  const auto saved = take(session_.save(text(r, "file"), expect, flag(r, "overwrite")));
  return {{"saved", {{"path", saved.path}, {"expect", saved.expectation}, {"text", saved.text}}}};
}

json Api::on_Load(const json& r) {
  only(r, {"file"});
  stop_if(session_.load(text(r, "file")));
  return json::object();
}

json Api::on_Hint(const json& r) {
  only(r, {"turns", "certify", "timeout"});
  HintRequest h;
  h.turns = static_cast<int>(integer(r, "turns", 1, 64));
  h.certify = flag(r, "certify");
  if (has(r, "timeout")) {
    if (!r["timeout"].is_number() || r["timeout"].get<double>() < 0 || r["timeout"].get<double>() > 1e9)
      stop(bad_request(fmt::format("\"timeout\" is a number of seconds from 0 to 1e9, not {}", r["timeout"].dump())));
    h.timeout_seconds = r["timeout"].get<double>();
  }
  const auto hint = take(session_.hint(h));
  return {{"hint", hint_json(session_.game(), hint, *session_.target())}};
}

json Api::on_Help(const json& r) {
  only(r, {});
  json list = json::array();
  for (const auto& c : kCommands) list.push_back({{"name", c.name}, {"arguments", c.arguments}, {"help", c.help}});
  json errors = json::array();
  for (auto k : {
#define CARVE_PLAY_ERROR(id, name, help) ErrorKind::id,
#include "questions/play/error_kinds.def"
#undef CARVE_PLAY_ERROR
       })
    errors.push_back({{"error", error_kind_name(k)}, {"help", error_kind_help(k)}});
  return {{"help", list}, {"errors", errors}};
}

}  // namespace carve::play
