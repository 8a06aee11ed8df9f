// Depth-first iterative deepening; the table maps a canonical state to the largest number of
// remaining turns already shown not to reach the target from it.
#include "engines/explicit/explicit_search.hpp"

#include <chrono>
#include <unordered_map>

#include <fmt/format.h>

#include "engines/explicit/moves.hpp"
#include "engines/explicit/state_key.hpp"
#include "foundations/limits/guarded_growth.hpp"
#include "foundations/limits/progress.hpp"

namespace carve::search {

using answer::Result;
using answer::Verdict;

namespace {

struct Searcher {
  const model::Game& game;
  const model::Target& target;
  Options& opt;
  Result& res;
  std::unordered_map<std::string, int> table;
  std::vector<model::Move> line;
  int current_k = 0;
  limits::Progress progress{opt.progress, "explicit"};

  // Called per state and per successor: one expansion of the literal reading at depth 4 takes
  // minutes, so the line must move inside it too.
  void report() {
    if (progress.due())
      progress.show(fmt::format("k={} states={} successors={} table={}", current_k, res.states, res.successors, table.size()));
  }

  // True when a win within `remaining` turns from `s` was found; `line` then holds it (moves
  // are materialised only on the winning line, as the recursion unwinds).
  bool dfs(const model::State& s, int remaining) {
    ++res.states;
    report();
    if (remaining == 1) {
      model::Move m;
      std::vector<model::VertexId> comp;
      if (!final_turn_win(game, s, target, opt.budget, m, comp)) return false;
      line.push_back(m);
      res.component = model::Component{comp, {}, {}, true};
      return true;
    }
    bool won = false;
    for_each_successor(game, s, opt.budget, [&](const PendingMove& m, const model::State& next) {
      ++res.successors;
      report();
      // No victory test here: the earlier, shorter iterations already ruled out every shorter
      // play, so a state reached before the last turn never holds the target.
      std::string key;
      if (opt.transpositions) {
        key = state_key(game, next);
        auto it = table.find(key);
        if (it != table.end() && it->second >= remaining - 1) return true;
      }
      if (dfs(next, remaining - 1)) {
        line.insert(line.begin() + static_cast<std::ptrdiff_t>(line.size() - static_cast<std::size_t>(remaining - 1)), m.make());
        won = true;
        return false;
      }
      if (opt.transpositions) {
        limits::make_room(table, opt.budget);
        auto& entry = table[key];
        entry = std::max(entry, remaining - 1);
      }
      return true;
    });
    return won;
  }
};

}  // namespace

Result explicit_search(const model::Game& game, const model::Target& target, Options options) {
  Result res;
  Searcher s{game, target, options, res, {}, {}, 0};
  const auto t0 = std::chrono::steady_clock::now();
  auto finish = [&]() {
    res.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    res.table_entries = s.table.size();
    s.progress.clear();
    return res;
  };
  const model::State initial = options.start ? *options.start : model::initial_state(game);
  if (options.start_turn > 0 || game.rules.reading.start_win == model::sw::StartWin::Yes) {
    if (auto c = model::winning_component(game, initial, target)) {
      res.verdict = Verdict::Win;
      res.turns = 0;
      res.component = c;
      res.completed_depth = 0;
      return finish();
    }
  }
  res.completed_depth = 0;
  try {
    for (int k = 1; k <= options.max_turns; ++k) {
      s.current_k = k;
      s.line.clear();
      if (s.dfs(initial, k)) {
        res.verdict = Verdict::Win;
        res.witness = s.line;
        res.turns = static_cast<int>(s.line.size());
        return finish();
      }
      res.completed_depth = k;
    }
    res.verdict = Verdict::NoWin;
  } catch (const model::SearchLimit& e) {
    res.verdict = Verdict::Unknown;
    res.reason = fmt::format("{} while searching plays of {} turn{}", e.what(), s.current_k, s.current_k == 1 ? "" : "s");
    res.limit_reached = true;
  }
  return finish();
}

}  // namespace carve::search
