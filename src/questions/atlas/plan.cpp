// Writing and reading plans; question keys.
#include "questions/atlas/plan.hpp"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <stdexcept>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "rules/elaborate/case.hpp"
#include "foundations/files/atomic_file.hpp"
#include "foundations/files/sha256.hpp"

namespace carve::atlas {

namespace fs = std::filesystem;

std::vector<elab::Engine> searching_engines() { return {elab::Engine::Sat, elab::Engine::Smt, elab::Engine::Explicit}; }

std::string question_key(const Settings& s, const Question& q) {
  std::string sets;
  for (const auto& x : s.sets) sets += x + ";";
  std::string id = fmt::format("spec={}\nsets={}\ntarget={}\nprofile={}\ndepth={}\nturns={}\nengine={}\n",
                               fs::path(s.spec).filename().string(), sets, q.target, q.profile, q.depth, s.max_turns, elab::name(s.engine));
  if (q.part) id += fmt::format("first_moves={}\n", fmt::join(q.part->first_moves, ";"));
  return parser::sha256_hex(id).substr(0, 16);
}

Plan make_plan(const std::string& dir, const std::string& spec, const std::vector<std::string>& targets,
               const std::vector<std::string>& profiles, const std::vector<int>& depths, Settings settings) {
  std::error_code ec;
  const fs::path rel = fs::relative(fs::absolute(spec, ec), fs::absolute(dir, ec), ec);
  settings.spec = ec || rel.empty() ? fs::absolute(spec).string() : rel.string();
  Plan p;
  p.settings = settings;
  for (const auto& text : targets) {
    const auto t = elab::resolve_target_text({text, parser::Location{"<command line --targets>", 0, 0}});
    for (const auto& profile : profiles)
      for (int depth : depths) {
        Question q;
        q.index = static_cast<int>(p.questions.size());
        q.target = text;
        q.label = t.name.empty() ? text : t.name;
        q.vertices = static_cast<int>(t.vertex_count());
        q.edges = static_cast<int>(t.edge_count());
        q.profile = profile;
        q.depth = depth;
        q.key = question_key(settings, q);
        p.questions.push_back(q);
      }
  }
  return p;
}

nlohmann::json plan_json(const Plan& p) {
  nlohmann::json qs = nlohmann::json::array();
  for (const auto& q : p.questions) {
    qs.push_back({{"index", q.index}, {"key", q.key}, {"target", q.target}, {"label", q.label}, {"vertices", q.vertices},
                  {"edges", q.edges}, {"profile", q.profile}, {"depth", q.depth}});
    if (q.part)
      qs.back()["part"] = {{"index", q.part->index}, {"of", q.part->of}, {"first_moves", q.part->first_moves},
                           {"orbit_sizes", q.part->orbit_sizes}};
  }
  const auto& s = p.settings;
  return {{"format", kPlanFormat},
          {"command", p.command},
          {"settings",
           {{"spec", s.spec}, {"sets", s.sets}, {"max_turns", s.max_turns}, {"engine", elab::name(s.engine)}, {"timeout", s.timeout},
            {"memory_mb", s.memory_mb}, {"keep_proofs", s.keep_proofs}}},
          {"questions", qs}};
}

Plan plan_from_json(const nlohmann::json& j) {
  if (!j.is_object() || j.value("format", "") != kPlanFormat)
    throw std::runtime_error(fmt::format("not an atlas plan (format {} expected)", kPlanFormat));
  Plan p;
  const auto& s = j.at("settings");
  p.settings.spec = s.at("spec").get<std::string>();
  p.settings.sets = s.at("sets").get<std::vector<std::string>>();
  p.settings.max_turns = s.at("max_turns").get<int>();
  const auto engine = elab::parse(s.at("engine").get<std::string>());
  const auto allowed = searching_engines();
  if (!engine || std::find(allowed.begin(), allowed.end(), *engine) == allowed.end())
    throw std::runtime_error(fmt::format("engine '{}' in the plan: the atlas searches with {}", s.at("engine").get<std::string>(),
                                         elab::names_text(allowed)));
  p.settings.engine = *engine;
  p.settings.timeout = s.at("timeout").get<double>();
  p.settings.memory_mb = s.at("memory_mb").get<std::size_t>();
  p.settings.keep_proofs = s.at("keep_proofs").get<bool>();
  p.command = j.at("command").get<std::vector<std::string>>();
  for (const auto& x : j.at("questions")) {
    Question q;
    q.index = x.at("index").get<int>();
    q.key = x.at("key").get<std::string>();
    q.target = x.at("target").get<std::string>();
    q.label = x.at("label").get<std::string>();
    q.vertices = x.at("vertices").get<int>();
    q.edges = x.at("edges").get<int>();
    q.profile = x.at("profile").get<std::string>();
    q.depth = x.at("depth").get<int>();
    if (x.contains("part")) {
      const auto& part = x.at("part");
      q.part = SplitPart{part.at("index").get<int>(), part.at("of").get<int>(), part.at("first_moves").get<std::vector<std::string>>(),
                         part.at("orbit_sizes").get<std::vector<int>>()};
    }
    if (q.index != static_cast<int>(p.questions.size())) throw std::runtime_error("questions out of order");
    p.questions.push_back(q);
  }
  return p;
}

std::string plan_path(const std::string& dir) { return (fs::path(dir) / "plan.json").string(); }

void write_plan(const std::string& dir, const Plan& p) {
  fs::create_directories(dir);
  files::write_file_atomically(plan_path(dir), plan_json(p).dump(1) + "\n");
}

Plan read_plan(const std::string& dir) {
  const std::string path = plan_path(dir);
  std::ifstream in(path);
  if (!in) throw std::runtime_error(fmt::format("{}: no plan here (run `carve atlas plan` first)", path));
  try {
    return plan_from_json(nlohmann::json::parse(in));
  } catch (const std::exception& e) {
    throw std::runtime_error(fmt::format("{}: {}", path, e.what()));
  }
}

std::string spec_path(const std::string& dir, const Plan& p) {
  const fs::path s(p.settings.spec);
  return s.is_absolute() ? s.string() : (fs::path(dir) / s).lexically_normal().string();
}

}  // namespace carve::atlas
