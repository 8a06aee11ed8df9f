// The atlas page: one self-contained HTML file (inline style, no script, nothing loaded from
// outside), a table of targets x readings, each cell coloured by its value -- green for few turns
// through red for many, grey for open questions -- outlined where the readings disagree, and
// linking to the drawn witness (plays/KEY/index.html) when there is one.
#include <algorithm>

#include <fmt/format.h>

#include "questions/atlas/report.hpp"
#include "questions/report/play_report.hpp"

namespace carve::atlas {

namespace {

std::string escape(const std::string& s) {
  std::string out;
  for (char ch : s) {
    switch (ch) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      default: out += ch;
    }
  }
  return out;
}

std::string cell_style(const Cell& c, int lo, int hi) {
  if (!c.record) return "background:#fff";
  const std::string status = (*c.record)["status"];
  if (status == "certified" || status == "win") {
    const int k = (*c.record)["turns"].get<int>();
    const double t = hi > lo ? double(k - lo) / double(hi - lo) : 0.0;
    return fmt::format("background:hsl({:.0f},70%,{}%)", 120.0 * (1.0 - t), status == "certified" ? 72 : 86);
  }
  if (status == "no-win") return "background:#6a4c93;color:#fff";
  return "background:#ccc";
}

std::string cell_title(const Cell& c) {
  if (!c.record) return fmt::format("{} {} d{}: not answered yet", c.question->label, c.question->profile, c.question->depth);
  const auto& r = *c.record;
  std::string t = fmt::format("{} ({}) under {} at depth {}: {}", c.question->label, c.question->target, c.question->profile,
                              c.question->depth, r["status"].get<std::string>());
  if (r["witness"].is_object()) {
    // The witness's lines as every report writes a play (questions/report), under the title's line.
    const std::string lines = report::play_lines(r["witness"]["moves"].get<std::vector<std::string>>(), " ");
    t += "\nwitness:\n" + lines.substr(0, lines.empty() ? 0 : lines.size() - 1);
  }
  if (r["certificate"].is_object()) {
    const auto& cert = r["certificate"];
    const auto sha = cert.value("cnf_sha256", nlohmann::json());  // null: no formula was written
    t += fmt::format("\nno-win within {} turns: {} (cnf sha256 {})", cert["turns"].get<int>(), cert["status"].get<std::string>(),
                     sha.is_string() ? sha.get<std::string>() : std::string("none"));
  }
  if (r["reason"].is_string()) t += "\n" + r["reason"].get<std::string>();
  t += fmt::format("\n{:.2f} s; key {}", r["seconds"]["total"].get<double>(), c.question->key);
  return t;
}

}  // namespace

std::string grid_html(const Plan& plan, const Grid& g) {
  int lo = 1 << 30, hi = 0;
  for (const auto& row : g.rows)
    for (const auto& c : row.cells)
      if (c.record && (*c.record)["turns"].is_number()) {
        lo = std::min(lo, (*c.record)["turns"].get<int>());
        hi = std::max(hi, (*c.record)["turns"].get<int>());
      }
  std::string h = R"(<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>carve atlas</title>
<style>
body{font-family:sans-serif;margin:1.5em}
table{border-collapse:collapse}
th,td{border:1px solid #999;padding:.3em .6em;text-align:center}
th.t,td.t{text-align:left}
td.v a{color:inherit;text-decoration:none;display:block}
td.differs{outline:3px solid #d00;outline-offset:-3px;font-weight:bold}
code{font-size:90%}
</style></head><body>
)";
  h += fmt::format("<h1>Atlas: shortest carvings</h1>\n<p>Spec <code>{}</code>, engine {}, turn bound {}, {}. "
                   "<span id=\"counts\">{} of {} questions answered, {} certified.</span></p>\n",
                   escape(plan.settings.spec), escape(elab::name(plan.settings.engine)), plan.settings.max_turns,
                   escape(timeout_phrase(plan, g)), g.answered, g.total, g.certified);
  h += "<p>A number k: the shortest carving takes k turns (witness replayed, no-win in k−1 turns certified by a checked DRAT "
       "proof); k?: a win in k turns, lower bound not certified; b–k: a win in k turns found from above, none in fewer than b (b?–k: not certified); &gt;T: no win within the turn bound; ≥b: unknown, no win "
       "in fewer than b turns (≥b?: not certified); —: not answered. Outlined: the readings cannot have the same shortest carving at this depth (their answers "
       "share no length; 7? beside 7 is not a disagreement). A cell with a "
       "witness opens it in the player; hover for the moves.</p>\n<table id=\"atlas\">\n<tr><th class=\"t\">target</th><th>graph6</th><th>n</th><th>m</th>";
  for (const auto& c : g.columns) h += "<th>" + escape(c.title()) + "</th>";
  h += "</tr>\n";
  for (const auto& row : g.rows) {
    h += fmt::format("<tr><td class=\"t\">{}</td><td><code>{}</code></td><td>{}</td><td>{}</td>", escape(row.label),
                     escape(row.target), row.vertices, row.edges);
    for (const auto& c : row.cells) {
      if (!c.question) {
        h += "<td></td>";
        continue;
      }
      const std::string value = escape(c.value);
      const std::string inner = c.play.empty() ? value : fmt::format("<a href=\"{}\">{}</a>", escape(c.play), value);
      h += fmt::format("<td class=\"v{}\" data-key=\"{}\" style=\"{}\" title=\"{}\">{}</td>", c.differs ? " differs" : "",
                       c.question->key, cell_style(c, lo, hi), escape(cell_title(c)), inner);
    }
    h += "</tr>\n";
  }
  h += "</table>\n</body></html>\n";
  return h;
}

}  // namespace carve::atlas
