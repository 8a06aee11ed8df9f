// Shared option parsing and JSON shapes of the CLI contract.
#include "front/cli/common.hpp"

#include <filesystem>
#include <iostream>
#include <unistd.h>

#include <boost/version.hpp>
#include <cadical.hpp>
#include <nauty.h>
#include <fmt/format.h>
#include <fmt/ranges.h>
#include <z3.h>

#include "foundations/limits/resident_memory.hpp"
#include "rules/model/counted.hpp"
#include "rules/model/rules_words.hpp"
#include "rules/model/target_echo.hpp"

namespace carve::cli {

void GameOptions::add_to(CLI::App& app, bool with_depth) {
  app.add_option("--profile", profile, "interpretation profile declared in the spec (default: literal)");
  app.add_option("--set", sets, "override one switch of the profile: SWITCH=VALUE (repeatable)");
  if (with_depth) {
    app.add_option_function<std::string>(
        "--depth",
        [this](const std::string& text) {
          if (text == "any") {
            depth_any = true;
            return;
          }
          try {
            std::size_t used = 0;
            depth = std::stoi(text, &used);
            if (used != text.size()) throw std::invalid_argument(text);
          } catch (const std::logic_error&) {
            throw CLI::ValidationError("--depth", "expects a number (1..16 over 2 letters, 1..10 over 3, 1..8 over 4) or `any`, got '" + text + "'");
          }
        },
        "000 scope: the deepest node a move may mention (1..16 over 2 letters, 1..10 over 3, 1..8 over 4); solve, explain and diff also take "
        "`any`, the infinite tree (the shape engine, docs/infinite-tree.md)");
    app.add_option("--vars", vars, "001 scope without a case file: N variables of one type t, R_Δ = R_∇ = {(t,t,t)}; an answer for k turns with N >= 6k+2 holds for every larger N (docs/sat-encoding-001.md)");
    app.add_option("--root", root, "001 base point ρ_0 (default Delta(x1,x1,x1))");
  }
}

parser::Location cli_location(const std::string& what) { return parser::Location{"<command line " + what + ">", 0, 0}; }

elab::Overrides GameOptions::overrides() const {
  elab::Overrides o;
  if (!profile.empty()) o.profile = elab::Located<std::string>{profile, cli_location("--profile")};
  for (const auto& s : sets) {
    auto eq = s.find('=');
    if (eq == std::string::npos || eq == 0 || eq + 1 == s.size())
      elab::fail(cli_location("--set"), fmt::format("--set expects SWITCH=VALUE, got '{}'", s));
    o.sets.emplace_back(elab::Located<std::string>{s.substr(0, eq), cli_location("--set")},
                        elab::Located<std::string>{s.substr(eq + 1), cli_location("--set")});
  }
  if (depth) o.depth = elab::Located<int>{*depth, cli_location("--depth")};
  if (depth_any) {
    if (!depth_any_allowed)
      elab::fail(cli_location("--depth"), "--depth any (the infinite tree) is a question for `carve solve`, `carve explain` and `carve diff`");
    // Elaboration builds a universe; the shape engine replaces it by the shapes it chooses.
    o.depth = elab::Located<int>{1, cli_location("--depth any")};
    o.depth_any = true;
  }
  o.depth_any_allowed = depth_any_allowed;  // a case's own `depth any;` too
  return o;
}

elab::Settings GameOptions::settings_for_spec() const {
  elab::Settings s;
  auto o = overrides();
  if (o.profile) s.profile = *o.profile;
  s.sets = o.sets;
  s.depth = o.depth;
  s.depth_any = o.depth_any;
  if (vars) {
    if (*vars < 1 || *vars > elab::kMaxVariables)
      elab::fail(cli_location("--vars"), fmt::format("--vars {} is out of range (1..{})", *vars, elab::kMaxVariables));
    s.types = elab::Located<std::vector<std::string>>{{"t"}, cli_location("--vars")};
    std::vector<std::pair<std::string, std::string>> vs;
    for (int i = 1; i <= *vars; ++i) vs.emplace_back("x" + std::to_string(i), "t");
    s.variables = elab::Located<std::vector<std::pair<std::string, std::string>>>{vs, cli_location("--vars")};
    s.relations.push_back({{"R_delta", {{"t", "t", "t"}}}, cli_location("--vars")});
    s.relations.push_back({{"R_nabla", {{"t", "t", "t"}}}, cli_location("--vars")});
    s.root = elab::Located<std::string>{root.empty() ? "Delta(x1,x1,x1)" : root, cli_location("--root")};
  }
  return s;
}

namespace {
// The limits' own words instead of CLI11's range text (which spells out DBL_MAX): what the
// option takes and what the user gave.
CLI::Validator seconds_validator() {
  return CLI::Validator(
      [](std::string& s) -> std::string {
        std::size_t used = 0;
        double v = -1;
        try {
          v = std::stod(s, &used);
        } catch (const std::exception&) {
          used = 0;
        }
        if (used != s.size() || !(v >= 0) || v > 1e9) return fmt::format("takes a number of seconds from 0 to 1e9 (0: no limit), not '{}'", s);
        return {};
      },
      "SECONDS");
}
CLI::Validator megabytes_validator() {
  return CLI::Validator(
      [](std::string& s) -> std::string {
        std::size_t used = 0;
        long long v = 0;
        try {
          v = std::stoll(s, &used);
        } catch (const std::exception&) {
          used = 0;
        }
        if (used != s.size() || v < 1)
          return fmt::format("takes a whole number of MB, at least 1, not '{}' (leave it out for the default: 3/4 of the machine's memory)", s);
        return {};
      },
      "MB");
}
}  // namespace

void RunOptions::add_to(CLI::App& app) {
  app.add_option("--timeout", timeout, "stop after this many seconds and answer `unknown` (0: no limit)")->check(seconds_validator());
  app.add_option("--memory-limit", memory_mb,
                 "stop when the resident set exceeds this many MB and answer `unknown` (default: 3/4 of the machine's memory)")
      ->check(megabytes_validator());
  app.add_flag("--quiet", quiet, "no progress reports on stderr");
  app.add_flag("--json", json, "machine-readable output");
}

limits::Limits RunOptions::limits() const {
  limits::Limits l;
  l.timeout_seconds = timeout;
  l.memory_mb = memory_mb > 0 ? memory_mb : limits::default_memory_mb();
  l.progress = !quiet && !json && isatty(2);
  return l;
}

std::string fs_relative(const std::string& from_file, const std::string& to) {
  namespace fs = std::filesystem;
  std::error_code ec;
  auto base = fs::absolute(fs::path(from_file), ec).parent_path();
  auto rel = fs::relative(fs::absolute(fs::path(to), ec), base, ec);
  return ec || rel.empty() ? to : rel.string();
}

bool is_spec_path(const std::string& path) { return path.size() > 6 && path.substr(path.size() - 6) == ".carve"; }

elab::Case load_input(const std::string& input, const GameOptions& game, limits::Budget* budget) {
  if (!is_spec_path(input)) return elab::load_case(input, game.overrides(), budget);
  elab::Case c;
  c.path = c.spec_path = c.spec_ref = c.title = input;
  c.spec = elab::load_spec(input);
  c.settings = game.settings_for_spec();
  c.game = elab::elaborate(c.spec, c.settings, budget);
  return c;
}

elab::Case load_question(const std::string& input, const std::string& target, std::optional<int> turns, const GameOptions& game,
                         limits::Budget* budget, const std::string& spec_instead) {
  elab::Case c;
  const elab::Located<std::string> given{target, cli_location("--target")};
  if (is_spec_path(input)) {
    c.path = input;
    c.spec_path = input;
    c.spec_ref = input;
    c.spec = elab::load_spec(input);
    c.settings = game.settings_for_spec();
    c.game = elab::elaborate(c.spec, c.settings, budget);
    if (target.empty()) elab::fail(cli_location("--target"), "a spec needs --target G");
    if (!turns) elab::fail(cli_location("--turns"), "a spec needs --turns K");
    c.turns = elab::Located<int>{*turns, cli_location("--turns")};
    c.title = fmt::format("{} within {}", target, model::counted(*turns, "turn"));
    c.target = elab::resolve_target_text(given);
    elab::check_target_fits(c.game, *c.target, given.loc);
  } else {
    auto ov = game.overrides();
    if (turns) ov.turns = elab::Located<int>{*turns, cli_location("--turns")};
    if (!target.empty()) ov.target = given;
    if (!spec_instead.empty()) ov.spec = elab::Located<std::string>{spec_instead, cli_location("--spec")};
    c = elab::load_case(input, ov, budget);
  }
  if (!c.target) elab::fail(cli_location("--target"), "no target: give --target or a case with `target`");
  if (!c.turns) elab::fail(cli_location("--turns"), "no bound on turns: give --turns or a case with `turns`");
  if (c.turns->value < 0 || c.turns->value > 64) elab::fail(c.turns->loc, "turns must lie in 0..64");
  return c;
}

int answer_before_game(const std::string& command, const std::string& input, const std::string& reason, double seconds, bool json) {
  if (json) {
    std::cout << nlohmann::json{{"command", command},         {"input", input},
                                {"verdict", "unknown"},       {"turns", nullptr},
                                {"reason", reason},           {"limit_reached", true},
                                {"seconds", seconds},         {"peak_memory_mb", limits::peak_resident_mb()},
                                {"versions", versions_json()}}
                     .dump(2)
              << "\n";
  } else {
    std::cout << fmt::format("input     {}\nverdict   unknown: {} ({:.3f} s)\n", input, reason, seconds);
  }
  return kAnswered;
}

nlohmann::json target_json(const model::Target& t) {
  return {{"text", t.text},
          {"name", t.name.empty() ? nlohmann::json(nullptr) : nlohmann::json(t.name)},
          {"aliases", t.aliases},
          {"description", t.description.empty() ? nlohmann::json(nullptr) : nlohmann::json(t.description)},
          {"vertices", t.vertex_count()},
          {"edges", t.edge_count()},
          {"edge_list", model::edge_texts(t)},
          {"typed", t.typed},
          {"hypergraph", t.syntax == model::TargetSyntax::Hyperedges}};
}

nlohmann::json interpretation_json(const model::Game& game) {
  nlohmann::json j = nlohmann::json::object();
  for (auto s : game.declared) j[std::string(model::info(s).name)] = std::string(game.rules.reading.text(s));
  return j;
}

nlohmann::json rules_json(const model::Game& game) {
  nlohmann::json out = nlohmann::json::array();
  for (const auto& r : model::rules_in_words(game)) {
    nlohmann::json switches = nlohmann::json::object();
    for (auto s : r.switches) switches[std::string(model::info(s).name)] = std::string(game.rules.reading.text(s));
    auto or_null = [](const std::string& t) { return t.empty() ? nlohmann::json(nullptr) : nlohmann::json(t); };
    out.push_back({{"rule", r.name},
                   {"def", or_null(r.def)},
                   {"heading", or_null(r.heading)},
                   {"location", or_null(r.location)},
                   {"words", r.words},
                   {"switches", switches}});
  }
  return out;
}

std::string scope_text(const model::Game& game, std::optional<int> turns) {
  std::string k = turns ? "at most " + model::counted(*turns, "turn") : "the given play";
  if (game.universe.kind == model::Universe::Kind::WordTree)
    return fmt::format("{}; every node a move mentions (u, v, each vertex of the collapse path, the new root) has depth <= {} "
                       "in the tree over \"{}\"; components are exact in the infinite tree; path length unbounded",
                       k, game.universe.depth, game.universe.alphabet);
  return fmt::format("{}; universe F* over {} ({}, {}, {})", k, model::counted(game.universe.variables, "variable"),
                     model::counted(static_cast<long long>(game.universe.size()), "formula"),
                     model::counted(static_cast<long long>(game.universe.inherent.size()), "inherent edge"),
                     model::counted(game.universe.rounds, "round"));
}

nlohmann::json scope_json(const model::Game& game, std::optional<int> turns) {
  nlohmann::json j;
  j["turns"] = turns ? nlohmann::json(*turns) : nlohmann::json(nullptr);
  j["depth"] = game.universe.kind == model::Universe::Kind::WordTree ? nlohmann::json(game.universe.depth) : nlohmann::json(nullptr);
  j["alphabet"] = game.universe.kind == model::Universe::Kind::WordTree ? nlohmann::json(game.universe.alphabet) : nlohmann::json(nullptr);
  j["variables"] = game.universe.kind == model::Universe::Kind::Deduction ? nlohmann::json(game.universe.variables) : nlohmann::json(nullptr);
  j["path_length"] = nullptr;
  j["statement"] = scope_text(game, turns);
  return j;
}

// CaDiCaL and Z3 are asked at run time (the shared libraries carve is linked with); nauty and
// Boost, whose headers carve was compiled against, by their version macros.
std::string self_executable() {
  std::error_code ec;
  const auto p = std::filesystem::read_symlink("/proc/self/exe", ec);
  return ec ? std::string("carve") : p.string();
}

nlohmann::json versions_json() {
  unsigned major = 0, minor = 0, build = 0, revision = 0;
  Z3_get_version(&major, &minor, &build, &revision);
  const std::string nauty = NAUTYVERSION;  // "2.8.6 (64 bits)"
  return {{"carve", kVersion},
          {"cadical", CaDiCaL::Solver::version()},
          {"z3", fmt::format("{}.{}.{}.{}", major, minor, build, revision)},
          {"nauty", nauty.substr(0, nauty.find(' '))},
          {"boost", fmt::format("{}.{}.{}", BOOST_VERSION / 100000, BOOST_VERSION / 100 % 1000, BOOST_VERSION % 100)}};
}

std::string version_text() {
  const auto v = versions_json();
  return fmt::format("carve {}\nbuilt with CaDiCaL {}, Z3 {}, nauty {}, Boost {}", v.at("carve").get<std::string>(),
                     v.at("cadical").get<std::string>(), v.at("z3").get<std::string>(), v.at("nauty").get<std::string>(),
                     v.at("boost").get<std::string>());
}

bool certificate_broken(const encoder::NoWinCertificate* c) {
  using S = encoder::NoWinCertificate::Status;
  const bool broken = c && (c->status == S::Rejected || c->status == S::Satisfiable);
  if (broken) std::cerr << "carve: internal error: the no-win certificate failed (" << encoder::status_name(c->status) << "): " << c->message << "\n";
  return broken;
}

}  // namespace carve::cli
