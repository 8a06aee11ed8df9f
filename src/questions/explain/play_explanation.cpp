// The failed turn phase by phase (construction, collapse, succession: rules/model/semantics.hpp), the
// moves next to it that the reference semantics accepts, and the readings that accept the play.
#include "questions/explain/play_explanation.hpp"

#include <algorithm>
#include <set>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "checkers/replay/replay.hpp"
#include "engines/explicit/moves.hpp"
#include "rules/elaborate/elaborate.hpp"

namespace carve::explain {

namespace {

constexpr std::size_t kMaxNearest = 3;

std::string path_words(const model::Game& game, const model::CollapsePath& p) {
  std::vector<std::string> names;
  for (auto v : p.vertices) names.push_back(model::vertex_name(game, v));
  return fmt::format("({})", fmt::join(names, ", "));
}

// The move with a succession choice the rules accept after its collapse: the player's own root
// when it is eligible, else the first eligible vertex; none when succession is not due. Empty
// when apply_turn does not accept the result.
std::optional<model::Move> with_succession(const model::Game& game, const model::State& before, model::Move m,
                                           std::optional<model::VertexId> wanted, model::Budget& budget) {
  auto collapsed = model::collapse_phase(game, before, m.added, m.collapse, budget);
  if (std::holds_alternative<model::Violation>(collapsed)) return std::nullopt;
  const auto& after = std::get<model::State>(collapsed);
  m.new_root.reset();
  if (model::succession_due(game, after)) {
    if (wanted && model::eligible_root(game, after, *wanted)) {
      m.new_root = wanted;
    } else {
      const auto roots = model::eligible_roots(game, after);
      if (roots.empty()) return std::nullopt;
      m.new_root = roots.front();
    }
  }
  if (std::holds_alternative<model::Violation>(model::apply_turn(game, before, m, budget))) return std::nullopt;
  return m;
}

// The view's edges a player's path takes, when every step names one.
std::optional<std::set<std::uint32_t>> path_edges(const model::Game& game, const model::GraphView& view,
                                                  const model::CollapsePath& p) {
  auto resolved = model::resolve_path(game, view, p);
  if (std::holds_alternative<model::Violation>(resolved)) return std::nullopt;
  const auto& vp = std::get<model::ViewPath>(resolved);
  return std::set<std::uint32_t>(vp.edges.begin(), vp.edges.end());
}

// Collapse phase failed: the legal collapses of the same e_new nearest the player's (fewest edges
// differing from the path's; the shortest when the player claimed stability), or stability.
void nearest_collapses(const model::Game& game, const model::State& before, const model::Move& m, model::Budget& budget,
                       PlayExplanation& e) {
  model::GraphView view(game, before);
  view.set_candidate(m.added);
  model::CollapsePaths paths(game, view, before.root);
  const auto wanted = m.collapse ? path_edges(game, view, *m.collapse) : std::nullopt;
  struct Option {
    std::size_t distance;
    model::ViewPath path;
  };
  std::vector<Option> options;
  try {
    paths.for_each_removal(budget, [&](const model::EdgeSet& removed, const model::ViewPath& p) {
      std::size_t d = removed.count();
      if (wanted) {
        d = 0;
        for (std::uint32_t i = 0; i < view.edges().size(); ++i) d += removed.test(i) != (wanted->count(i) > 0);
      }
      options.push_back({d, p});
      return true;
    });
  } catch (const model::SearchLimit& limit) {
    e.nearest_note = fmt::format("the collapse paths of this turn were not all listed: {}", limit.what());
  }
  if (options.empty() && e.nearest_note.empty()) {
    // ℛ = ∅: the only legal collapse is none.
    model::Move stable{m.added, std::nullopt, std::nullopt};
    if (auto ok = with_succession(game, before, stable, m.new_root, budget))
      e.nearest.push_back({NearestMove::Kind::Stable, *ok, "the same e_new, stable: ℛ = ∅, so e_new stays"});
    return;
  }
  std::stable_sort(options.begin(), options.end(), [](const Option& a, const Option& b) {
    return a.distance != b.distance ? a.distance < b.distance : a.path.edges.size() < b.path.edges.size();
  });
  for (const auto& o : options) {
    if (e.nearest.size() >= kMaxNearest) break;
    model::Move move = search::move_for(game, before, view, &o.path);
    auto ok = with_succession(game, before, move, m.new_root, budget);
    if (!ok) continue;
    const auto kind = m.collapse ? NearestMove::Kind::OtherPath : NearestMove::Kind::Collapse;
    const std::string words =
        m.collapse ? fmt::format("the same e_new with the collapse path {} ({} edge{} differing from yours)", path_words(game, *ok->collapse),
                                 o.distance, o.distance == 1 ? "" : "s")
                   : fmt::format("the same e_new collapsing along {} (ℛ ≠ ∅, so a collapse is obligatory)", path_words(game, *ok->collapse));
    e.nearest.push_back({kind, *ok, words});
  }
}

// Succession failed after a legal collapse: the root kept, or an eligible root named.
void nearest_roots(const model::Game& game, const model::State& before, const model::Move& m, model::Budget& budget,
                   PlayExplanation& e) {
  auto collapsed = model::collapse_phase(game, before, m.added, m.collapse, budget);
  const auto& after = std::get<model::State>(collapsed);
  if (!model::succession_due(game, after)) {
    model::Move keep = m;
    keep.new_root.reset();
    if (!std::holds_alternative<model::Violation>(model::apply_turn(game, before, keep, budget)))
      e.nearest.push_back({NearestMove::Kind::KeepRoot, keep, "the same move keeping the root (succession is not due)"});
    return;
  }
  const auto roots = model::eligible_roots(game, after);
  if (roots.empty()) e.nearest_note = "no vertex is eligible as the new root after this collapse";
  for (auto r : roots) {
    if (e.nearest.size() >= kMaxNearest) break;
    model::Move named = m;
    named.new_root = r;
    if (!std::holds_alternative<model::Violation>(model::apply_turn(game, before, named, budget)))
      e.nearest.push_back({NearestMove::Kind::EligibleRoot, named,
                           fmt::format("the same move naming {} as the new root (eligible)", model::vertex_name(game, r))});
  }
}

void nearest_moves(const model::Game& game, const model::State& before, const model::Move& m, model::Budget& budget,
                   PlayExplanation& e) {
  if (model::check_construction(game, before, m.added)) {
    e.nearest_note = "e_new itself breaks the construction rule: no collapse or root makes this turn legal";
    return;
  }
  auto collapsed = model::collapse_phase(game, before, m.added, m.collapse, budget);
  if (std::holds_alternative<model::Violation>(collapsed)) return nearest_collapses(game, before, m, budget, e);
  nearest_roots(game, before, m, budget, e);
}

// Every other profile, and every single switch changed from the question's reading.
std::vector<LegalReading> other_readings(const elab::Case& c) {
  std::vector<LegalReading> out;
  const std::string current = c.settings.profile.value;
  for (const auto& [name, doc] : elab::profiles_of(c.spec))
    if (name != current) out.push_back({name, {}, "profile " + name, false});
  for (auto s : c.game.declared) {
    const auto& info = model::info(s);
    const auto now = c.game.rules.reading.text(s);
    for (const auto& v : info.values)
      if (v != now) out.push_back({current, {{std::string(info.name), std::string(v)}}, fmt::format("set {}={}", info.name, v), false});
  }
  return out;
}

void legal_readings(const elab::Case& c, const std::vector<model::Move>& play, int failed_turn, const model::Target* target,
                    model::Budget& budget, PlayExplanation& e) {
  const std::vector<model::Move> prefix(play.begin(), play.begin() + failed_turn);
  for (auto reading : other_readings(c)) {
    elab::Settings s = c.settings;
    s.profile.value = reading.profile;
    for (const auto& [sw, v] : reading.sets) s.sets.push_back({{sw, {}}, {v, {}}});
    model::Game g;
    try {
      g = elab::elaborate(c.spec, s, &budget);
    } catch (const elab::InputError&) {
      continue;  // a reading the spec cannot take (a switch a profile fixes in a way the rules reject)
    }
    if (g.universe.size() != c.game.universe.size()) continue;
    if (!replay::replay(g, prefix, target, std::nullopt, budget).legal) continue;
    reading.whole_play = replay::replay(g, play, target, std::nullopt, budget).legal;
    e.readings.push_back(std::move(reading));
  }
}

}  // namespace

PlayExplanation explain_play(const elab::Case& c, const std::vector<model::Move>& play, const model::Target* target,
                             model::Budget& budget) {
  PlayExplanation e;
  e.turns = static_cast<int>(play.size());
  const auto r = replay::replay(c.game, play, target, std::nullopt, budget);
  if (r.legal) {
    e.win_turn = r.win_turn;
    if (r.component) e.component = r.component->vertices;
    return e;
  }
  e.legal = false;
  e.failed_turn = r.failed_turn;
  e.violation = r.violation;
  e.def = c.game.definition(r.violation.rule);
  const auto i = static_cast<std::size_t>(r.failed_turn - 1);
  if (r.win_turn && *r.win_turn < r.failed_turn)
    e.nearest_note = "the game ended with its first victory: no move after it is legal";
  else
    nearest_moves(c.game, r.states[i], play[i], budget, e);
  legal_readings(c, play, r.failed_turn, target, budget, e);
  return e;
}

}  // namespace carve::explain
