// The report of an atlas: the grid of targets x readings (profile at depth) built from the plan
// and the store, written as Markdown and CSV (DIR/report/atlas.md, atlas.csv), one self-contained
// HTML page (DIR/report/index.html, report_html.cpp) and, per win, the witness drawn by the
// existing player (render/play_folder: DIR/report/plays/KEY/index.html) that the page's cell opens.
// Invariant: every cell shows the store's last record of its question, or `—` when there is
// none; a cell is marked as differing exactly when, at its depth, two answered readings of its
// target claim ranges of the shortest carving's length that share no length (so "7?" beside "7"
// does not differ, "7?" beside "8" does).
#pragma once
#include <map>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "questions/atlas/plan.hpp"
#include "questions/atlas/result_store.hpp"

namespace carve::atlas {

struct Cell {
  const Question* question = nullptr;
  const nlohmann::json* record = nullptr;  // null: not answered yet
  std::string value;   // "5" certified, "5?" win not certified below, ">8" no-win, "≥3" unknown (≥3? uncertified), "—", "refused"
  bool differs = false;
  std::string play;    // the play's index.html relative to the report folder, when drawn
};

struct Column {
  std::string profile;
  int depth = 0;
  std::string title() const;  // "literal d4"
};

struct Row {
  std::string label, target;
  int vertices = 0, edges = 0;
  std::vector<Cell> cells;  // one per column
};

struct Grid {
  std::vector<Column> columns;  // by depth, then profile, in plan order
  std::vector<Row> rows;        // targets in plan order
  int answered = 0, certified = 0, total = 0;
  std::map<double, int> timeouts;  // the answers shown, by the timeout they were given under
};

// A record's timeout: its own field, or (records before it) the `--timeout` of its command, or
// the plan's.
double record_timeout(const Plan& plan, const nlohmann::json& record);
// "timeout T s per question", and where answers shown were given under other timeouts, how many.
std::string timeout_phrase(const Plan& plan, const Grid& grid);

std::string cell_value(const nlohmann::json* record);
Grid make_grid(const Plan& plan, const StoreContents& store);

std::string grid_markdown(const Plan& plan, const Grid& grid);
std::string grid_csv(const Plan& plan, const Grid& grid);
std::string grid_html(const Plan& plan, const Grid& grid);  // report_html.cpp

struct ReportFiles {
  std::vector<std::string> files;  // written, the HTML page last
  int plays = 0;                   // witnesses drawn
  std::vector<std::string> problems;  // plays that could not be drawn (Graphviz missing, ...)
};
// With `draw_plays`, every witness is replayed and drawn (needs Graphviz's dot).
ReportFiles write_report(const std::string& dir, bool draw_plays);

}  // namespace carve::atlas
