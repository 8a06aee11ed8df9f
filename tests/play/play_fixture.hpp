// What the tests of carve play share: a session opened as `carve play` opens it, driven through
// the terminal's own command lines (questions/play/text_mode.hpp) into the API, responses as JSON; the
// view compared before and after a refused request; the carve binary for `check` and `replay`.
#pragma once
#include <gtest/gtest.h>

#include <memory>
#include <string>

#include <nlohmann/json.hpp>

#include "checkers/replay/replay.hpp"
#include "engines/explicit/explicit_search.hpp"
#include "rules/elaborate/case.hpp"
#include "questions/play/api.hpp"
#include "questions/play/text_mode.hpp"
#include "tests/process.hpp"

namespace carve::play::testing {

using nlohmann::json;

inline carve::testing::Outcome run_carve(const std::string& args) {
  return carve::testing::run_command(std::string(CARVE_BINARY) + " " + args);
}

inline std::string repo(const std::string& path) { return std::string(CARVE_ROOT) + "/" + path; }

// A session over a case, a witness or a spec as `carve play` loads it (elab::load_case, or a
// spec elaborated with `settings`), with an optional target.
struct Driver {
  std::unique_ptr<Session> session;
  std::unique_ptr<Api> api;

  explicit Driver(elab::Case c, SessionOptions options = {}) {
    session = std::make_unique<Session>(std::move(c), std::move(options));
    api = std::make_unique<Api>(*session);
  }
  static Driver of_case(const std::string& path, const elab::Overrides& ov = {}, SessionOptions options = {}) {
    return Driver(elab::load_case(repo(path), ov), std::move(options));
  }
  // One command line, as the terminal reads it; the API's response.
  json line(const std::string& text) {
    const auto request = request_from_line(text);
    EXPECT_FALSE(request.is_null()) << text;
    if (!request.contains("command") || !request["command"].is_string()) return request;  // the line's own error
    return api->handle(request);
  }
  json view() { return api->view(); }
  const model::Game& game() const { return session->game(); }
};

// The view without what a refusal may change (the remembered last refused attempt).
inline json settled(json view) {
  view.erase("last_refusal");
  return view;
}

// The witness the explicit engine finds for a case (its own turns bound), checked to be a win.
inline answer::Result witness_of(const elab::Case& c) {
  search::Options o;
  o.max_turns = c.turns ? c.turns->value : 3;
  auto r = search::explicit_search(c.game, *c.target, o);
  EXPECT_EQ(r.verdict, answer::Verdict::Win) << r.reason;
  return r;
}

// The vertex sets of a state's components, as the reference semantics computes them.
inline std::set<std::vector<model::VertexId>> component_sets(const model::Game& g, const model::State& s) {
  std::set<std::vector<model::VertexId>> out;
  for (const auto& c : model::components(g, s)) out.insert(c.vertices);
  return out;
}

inline std::set<std::vector<model::VertexId>> component_sets(const json& state) {
  std::set<std::vector<model::VertexId>> out;
  for (const auto& c : state["components"]) {
    std::vector<model::VertexId> vs;
    for (const auto& v : c["vertices"]) vs.push_back(v["id"].get<model::VertexId>());
    out.insert(vs);
  }
  return out;
}

}  // namespace carve::play::testing
