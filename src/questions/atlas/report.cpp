// The grid, its Markdown and CSV, and the report folder with the drawn plays.
#include "questions/atlas/report.hpp"

#include <filesystem>
#include <fstream>
#include <map>
#include <optional>
#include <set>
#include <vector>

#include <fmt/format.h>

#include "rules/elaborate/case.hpp"
#include "foundations/files/atomic_file.hpp"
#include "questions/render/frames.hpp"
#include "questions/render/play_folder.hpp"

namespace carve::atlas {

namespace fs = std::filesystem;

std::string Column::title() const { return fmt::format("{} d{}", profile, depth); }

std::string cell_value(const nlohmann::json* r) {
  if (!r) return "—";
  const std::string status = (*r)["status"];
  if (status == "certified") return std::to_string((*r)["turns"].get<int>());
  if (status == "win") {
    // Below its length only the frames refuted before a limit: the shortest lies in between.
    const int turns = (*r)["turns"].get<int>(), low = r->value("lower_bound", 0);
    if (low > 0 && low < turns) return fmt::format("{}{}–{}", low, r->value("lower_bound_certified", false) ? "" : "?", turns);
    return fmt::format("{}?", turns);
  }
  if (status == "no-win") return fmt::format(">{}{}", (*r)["turn_bound"].get<int>(), (*r)["lower_bound_certified"].get<bool>() ? "" : "?");
  if (status == "unknown") return fmt::format("≥{}{}", (*r)["lower_bound"].get<int>(), (*r)["lower_bound_certified"].get<bool>() ? "" : "?");
  return status;
}

namespace {

// What a record answers about the shortest carving's length: at least `low` turns (the engine's
// bound, certified or not: a cell's "?" says which), at most `high` (a win's turns; none when no win
// was found). Two readings disagree when their ranges share no length -- "7?" and "7", or "≥6" and
// "7", may well be the same answer -- so a cell marked differing is one the readings cannot share.
struct LengthClaim {
  int low = 0;
  std::optional<int> high;
};

std::optional<LengthClaim> length_claim(const nlohmann::json& r) {
  const std::string status = r.value("status", "");
  if (status != "certified" && status != "win" && status != "no-win" && status != "unknown") return std::nullopt;  // refused
  LengthClaim c;
  if (r.contains("lower_bound") && r["lower_bound"].is_number_integer()) c.low = r["lower_bound"].get<int>();
  if ((status == "certified" || status == "win") && r.contains("turns") && r["turns"].is_number_integer())
    c.high = r["turns"].get<int>();
  return c;
}

bool overlap(const LengthClaim& a, const LengthClaim& b) {
  return (!a.high || b.low <= *a.high) && (!b.high || a.low <= *b.high);
}

// A shortest carving (witness replayed, the no-win below certified) or a certified no-win within
// the turn bound: the answers whose cell carries no "?".
bool certified_both_ways(const nlohmann::json& r) {
  const std::string status = r.value("status", "");
  return status == "certified" || (status == "no-win" && r.value("lower_bound_certified", false));
}

}  // namespace

Grid make_grid(const Plan& plan, const StoreContents& store) {
  Grid g;
  std::map<std::pair<int, std::string>, std::size_t> column_of;
  std::set<int> depths;
  std::vector<std::string> profiles;
  for (const auto& q : plan.questions) {
    depths.insert(q.depth);
    if (std::find(profiles.begin(), profiles.end(), q.profile) == profiles.end()) profiles.push_back(q.profile);
  }
  for (int d : depths)
    for (const auto& p : profiles) {
      column_of[{d, p}] = g.columns.size();
      g.columns.push_back({p, d});
    }
  std::map<std::string, std::size_t> row_of;
  for (const auto& q : plan.questions) {
    auto [it, fresh] = row_of.emplace(q.target, g.rows.size());
    if (fresh) g.rows.push_back({q.label, q.target, q.vertices, q.edges, std::vector<Cell>(g.columns.size())});
    Cell& c = g.rows[it->second].cells[column_of.at({q.depth, q.profile})];
    c.question = &q;
    const auto rec = store.latest.find(q.key);
    c.record = rec == store.latest.end() ? nullptr : &rec->second;
    c.value = cell_value(c.record);
    ++g.total;
    if (!c.record) continue;
    ++g.answered;
    ++g.timeouts[record_timeout(plan, *c.record)];
    if (certified_both_ways(*c.record)) ++g.certified;
  }
  for (auto& row : g.rows)
    for (int d : depths) {
      std::vector<Cell*> answered;
      for (std::size_t i = 0; i < g.columns.size(); ++i)
        if (g.columns[i].depth == d && row.cells[i].record && length_claim(*row.cells[i].record)) answered.push_back(&row.cells[i]);
      bool disjoint = false;
      for (std::size_t i = 0; i < answered.size() && !disjoint; ++i)
        for (std::size_t j = i + 1; j < answered.size() && !disjoint; ++j)
          disjoint = !overlap(*length_claim(*answered[i]->record), *length_claim(*answered[j]->record));
      if (disjoint)
        for (Cell* c : answered) c->differs = true;
    }
  return g;
}

namespace {

std::string legend() {
  return "`k`: the shortest carving takes k turns (witness replayed, no-win in k−1 turns certified by a checked DRAT proof); "
         "`k?`: a win in k turns whose lower bound is not certified; `b–k`: a win in k turns found from above, no win in fewer than b turns (certified; `b?–k` not), the shortest in between; `>T`: no win within the turn bound T (certified; `>T?` "
         "not); `≥b`: unknown (a limit), no win in fewer than b turns (certified; `≥b?` not); `—`: not answered yet. Bold (Markdown) or "
         "outlined (HTML): the readings of this target at this depth cannot have the same shortest carving -- their answers share no "
         "length (certainly so when no cell of the clash carries a `?`); `7?` beside `7`, or `≥6` beside `7`, is not a disagreement.";
}

}  // namespace

double record_timeout(const Plan& plan, const nlohmann::json& record) {
  if (record.contains("timeout") && record["timeout"].is_number()) return record["timeout"].get<double>();
  const auto command = record.find("command");  // argv, as the run was started
  if (command != record.end() && command->is_array())
    for (std::size_t i = 0; i + 1 < command->size(); ++i) {
      const auto& word = (*command)[i];
      const auto& next = (*command)[i + 1];
      if (!word.is_string() || word.get<std::string>() != "--timeout" || !next.is_string()) continue;
      try {
        return std::stod(next.get<std::string>());
      } catch (const std::exception&) {  // not a number: the run would have refused it; the plan's
      }
    }
  return plan.settings.timeout;
}

std::string timeout_phrase(const Plan& plan, const Grid& g) {
  std::string out = fmt::format("timeout {} s per question", plan.settings.timeout);
  std::string others;
  int count = 0;
  for (const auto& [timeout, n] : g.timeouts) {
    if (timeout == plan.settings.timeout) continue;
    others += fmt::format("{}{} under {} s", others.empty() ? "" : ", ", n, timeout);
    count += n;
  }
  if (count == 0) return out;
  return out + fmt::format(" ({} of the {} answers shown were given under another, by `atlas run --timeout`: {})", count,
                           g.answered, others);
}

std::string grid_markdown(const Plan& plan, const Grid& g) {
  std::string md = fmt::format("# Atlas: shortest carvings\n\nSpec `{}`, engine {}, turn bound {}, {}. "
                               "{} of {} questions answered, {} certified.\n\n{}\n\n",
                               plan.settings.spec, elab::name(plan.settings.engine), plan.settings.max_turns, timeout_phrase(plan, g),
                               g.answered, g.total, g.certified, legend());
  md += "| target | graph6 | n | m |";
  for (const auto& c : g.columns) md += " " + c.title() + " |";
  md += "\n|---|---|---|---|";
  for (std::size_t i = 0; i < g.columns.size(); ++i) md += "---|";
  md += "\n";
  for (const auto& r : g.rows) {
    md += fmt::format("| {} | `{}` | {} | {} |", r.label, r.target, r.vertices, r.edges);
    for (const auto& c : r.cells) md += c.differs ? fmt::format(" **{}** |", c.value) : fmt::format(" {} |", c.value);
    md += "\n";
  }
  return md;
}

namespace {

std::string csv_field(const std::string& s) {
  if (s.find_first_of(",\"\n") == std::string::npos) return s;
  std::string out = "\"";
  for (char ch : s) out += ch == '"' ? std::string("\"\"") : std::string(1, ch);
  return out + "\"";
}

std::string json_text(const nlohmann::json& j) { return j.is_null() ? "" : j.is_string() ? j.get<std::string>() : j.dump(); }

}  // namespace

std::string grid_csv(const Plan&, const Grid& g) {
  std::string csv = "index,key,target,label,vertices,edges,profile,depth,value,status,turns,lower_bound,lower_bound_certified,"
                    "turn_bound,engine,search_seconds,certify_seconds,total_seconds,rules_sha256,witness,cnf_sha256,proof_sha256,"
                    "differs,reason\n";
  for (const auto& r : g.rows)
    for (std::size_t i = 0; i < r.cells.size(); ++i) {
      const Cell& c = r.cells[i];
      if (!c.question) continue;
      const auto& q = *c.question;
      std::vector<std::string> f = {std::to_string(q.index), q.key, q.target, q.label, std::to_string(q.vertices),
                                    std::to_string(q.edges), q.profile, std::to_string(q.depth), c.value};
      if (c.record) {
        const auto& x = *c.record;
        const auto cert = x["certificate"];
        f.insert(f.end(), {json_text(x["status"]), json_text(x["turns"]), json_text(x["lower_bound"]),
                           json_text(x["lower_bound_certified"]), json_text(x["turn_bound"]), json_text(x["engine"]),
                           fmt::format("{:.3f}", x["seconds"]["search"].get<double>()),
                           fmt::format("{:.3f}", x["seconds"]["certify"].get<double>()),
                           fmt::format("{:.3f}", x["seconds"]["total"].get<double>()), json_text(x["rules_sha256"]),
                           x["witness"].is_object() ? json_text(x["witness"]["file"]) : "",
                           cert.is_object() ? json_text(cert["cnf_sha256"]) : "", cert.is_object() ? json_text(cert["proof_sha256"]) : "",
                           c.differs ? "yes" : "no", json_text(x["reason"])});
      } else {
        f.resize(f.size() + 15);
      }
      for (std::size_t k = 0; k < f.size(); ++k) csv += (k ? "," : "") + csv_field(f[k]);
      csv += "\n";
    }
  return csv;
}

namespace {

// Draws the witness of one record into report/plays/KEY (unless its stamp says that witness is
// drawn there already); returns the index page relative to report/.
std::string draw_play(const std::string& dir, const nlohmann::json& rec) {
  const std::string key = rec["key"];
  const fs::path folder = fs::path(dir) / "report" / "plays" / key;
  const std::string page = "plays/" + key + "/index.html";
  // A play drawn from this very witness before is kept: drawing is the report's slow part.
  const fs::path stamp = folder / "witness.sha256";
  const std::string sha = rec["witness"]["sha256"];
  if (fs::exists(folder / "index.html") && fs::exists(stamp)) {
    std::ifstream in(stamp);
    std::string old;
    if (std::getline(in, old) && old == sha) return page;
  }
  const std::string witness = (fs::path(dir) / rec["witness"]["file"].get<std::string>()).string();
  const elab::Case c = elab::load_case(witness);
  const auto play = render::replay_frames(c.game, c.play ? *c.play : std::vector<model::Move>{}, c.target ? &*c.target : nullptr,
                                         fmt::format("{} — {} at depth {}, {} turns", rec["target"]["label"].get<std::string>(),
                                                     rec["profile"].get<std::string>(), rec["depth"].get<int>(), rec["turns"].get<int>()));
  if (!play.legal) throw std::logic_error("the witness does not replay: " + play.problem);
  render::write_play_folder(folder.string(), c.game, play);
  files::write_file_atomically(stamp.string(), sha + "\n");
  return page;
}

void write_text(const fs::path& path, const std::string& text, ReportFiles& files) {
  carve::files::write_file_atomically(path.string(), text);
  files.files.push_back(path.string());
}

}  // namespace

ReportFiles write_report(const std::string& dir, bool draw_plays) {
  const Plan plan = read_plan(dir);
  const StoreContents store = read_store(dir);
  Grid grid = make_grid(plan, store);
  ReportFiles out;
  const fs::path report = fs::path(dir) / "report";
  fs::create_directories(report);
  if (draw_plays)
    for (auto& row : grid.rows)
      for (auto& c : row.cells) {
        if (!c.record || !(*c.record)["witness"].is_object()) continue;
        try {
          c.play = draw_play(dir, *c.record);
          ++out.plays;
        } catch (const std::logic_error&) {
          throw;
        } catch (const std::exception& e) {
          out.problems.push_back(fmt::format("{} ({}): {}", row.label, c.question->key, e.what()));
        }
      }
  write_text(report / "atlas.md", grid_markdown(plan, grid), out);
  write_text(report / "atlas.csv", grid_csv(plan, grid), out);
  write_text(report / "index.html", grid_html(plan, grid), out);
  return out;
}

}  // namespace carve::atlas
