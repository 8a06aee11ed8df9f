// A turn phase by phase through the reference semantics, and its history (undo, redo).
#include "questions/play/session.hpp"

#include <array>
#include <filesystem>
#include <stdexcept>

#include <fmt/format.h>

#include "foundations/limits/resident_memory.hpp"
#include "questions/play/session_impl.hpp"

namespace carve::play {

namespace {
constexpr std::array<std::string_view, 4> kPhaseNames{"construct", "collapse", "succession", "over"};
constexpr std::array<std::string_view, 3> kVerdictNames{"win", "no-win", "unknown"};
}  // namespace

std::string_view phase_name(Phase p) { return kPhaseNames[static_cast<std::size_t>(p)]; }
std::string_view hint_verdict_name(Hint::Verdict v) { return kVerdictNames[static_cast<std::size_t>(v)]; }

// ---- Impl

void Session::Impl::restart(const std::vector<model::Move>& to_redo) {
  play.clear();
  states.assign(1, model::initial_state(game()));
  won = victory_at(game(), states[0], target(), 0);
  redo.assign(to_redo.rbegin(), to_redo.rend());
  pending.reset();
  listing.reset();
  last_refusal.reset();
  refused_prefix.clear();
}

Error Session::Impl::refuse(const model::Move& move, const std::string& rule, const std::string& message) {
  Error e = refused(game(), rule, message);
  last_refusal = RefusedAttempt{turn() + 1, move, e};
  refused_prefix = play;
  return e;
}

std::optional<Error> Session::Impl::game_over(const model::Move& attempt) {
  if (!won) return std::nullopt;
  return refuse(attempt, game().rule_label("victory"),
                fmt::format("the game ended with a victory after turn {}; no further turn is played", won->turn));
}

model::Budget Session::Impl::budget(std::optional<double> timeout_seconds) const {
  limits::Limits l;
  l.timeout_seconds = timeout_seconds.value_or(options.hint_timeout_seconds);
  l.memory_mb = options.memory_mb > 0 ? options.memory_mb : limits::default_memory_mb();
  return model::Budget(l);
}

void Session::Impl::commit(const model::Move& move, const model::State& next) {
  // The phases were judged one by one; the whole turn is judged again as every engine's is.
  model::Budget b = budget(std::nullopt);
  auto whole = model::apply_turn(game(), states.back(), move, b);
  if (auto* v = std::get_if<model::Violation>(&whole))
    throw std::logic_error(fmt::format("a turn accepted phase by phase is refused whole by rule {}: {}", v->rule, v->message));
  if (!(std::get<model::State>(whole) == next)) throw std::logic_error("a turn's phases and apply_turn reach different states");
  play.push_back(move);  // first: `move` may be redo.back() itself
  states.push_back(next);
  if (!redo.empty() && model::move_text(game(), redo.back()) == model::move_text(game(), play.back())) redo.pop_back();
  else redo.clear();
  won = victory_at(game(), next, target(), turn());
  pending.reset();
  listing.reset();
}

// ---- Session

Session::Session(elab::Case opened, SessionOptions options) : impl_(std::make_unique<Impl>()) {
  impl_->opened = std::move(opened);
  impl_->options = std::move(options);
  impl_->proof_dir = impl_->options.proof_dir;
  const auto to_redo = impl_->opened.play.value_or(std::vector<model::Move>{});
  impl_->restart(to_redo);
}

Session::~Session() {
  if (impl_ && impl_->own_proof_dir) {
    std::error_code ec;
    std::filesystem::remove_all(impl_->proof_dir, ec);
  }
}

const model::Game& Session::game() const { return impl_->game(); }
const model::Target* Session::target() const { return impl_->target(); }
const elab::Case& Session::opened() const { return impl_->opened; }
const std::vector<model::Move>& Session::play() const { return impl_->play; }
const std::vector<model::State>& Session::states() const { return impl_->states; }
const model::State& Session::current() const { return impl_->states.back(); }
int Session::turn() const { return impl_->turn(); }
const std::optional<PendingTurn>& Session::pending() const { return impl_->pending; }
const std::optional<Won>& Session::won() const { return impl_->won; }
const std::vector<model::Move>& Session::redo_stack() const { return impl_->redo; }
const std::optional<RefusedAttempt>& Session::last_refusal() const { return impl_->last_refusal; }
std::string Session::profile() const { return game().profile; }

Phase Session::phase() const {
  if (impl_->won) return Phase::Over;
  if (!impl_->pending) return Phase::Construct;
  return impl_->pending->collapsed ? Phase::Succession : Phase::Collapse;
}

namespace {
Error out_of_phase(Phase now, std::string_view wanted) {
  switch (now) {
    case Phase::Construct: return bad_request(fmt::format("no turn is being built: `add` e_new first, then {}", wanted));
    case Phase::Collapse: return bad_request(fmt::format("the turn waits for its collapse (`paths`, `collapse`, `stable`), not {}", wanted));
    case Phase::Succession: return bad_request(fmt::format("the turn waits for its new root (`root V`, `keep`), not {}", wanted));
    case Phase::Over: return bad_request("the game is over (won); `undo` takes back turns");
  }
  return bad_request("out of phase");
}
}  // namespace

std::optional<Error> Session::add(const model::EdgeElement& e_new) {
  auto& s = *impl_;
  const model::Move attempt{e_new, std::nullopt, std::nullopt};
  if (auto over = s.game_over(attempt)) return over;
  if (s.pending) return out_of_phase(phase(), "`add`");
  if (auto v = model::check_construction(game(), current(), e_new)) return s.refuse(attempt, v->rule, v->message);
  s.pending = PendingTurn{e_new, false, std::nullopt, {}};
  s.listing.reset();
  return std::nullopt;
}

// Committed at once when succession is not due.
std::optional<Error> Session::Impl::collapse_with(const std::optional<model::CollapsePath>& path) {
  auto& s = *this;
  const auto& game = s.game();
  const model::Move attempt{s.pending->added, path, std::nullopt};
  model::Budget b = s.budget(std::nullopt);
  std::variant<model::State, model::Violation> out;
  try {
    out = model::collapse_phase(game, s.states.back(), s.pending->added, path, b);
  } catch (const model::SearchLimit& e) {
    return Error{ErrorKind::Limit, fmt::format("the search for a legal collapse path stopped: {}", e.what()), std::nullopt};
  }
  if (auto* v = std::get_if<model::Violation>(&out)) return s.refuse(attempt, v->rule, v->message);
  auto after = std::get<model::State>(out);
  if (model::succession_due(game, after)) {
    s.pending->collapsed = true;
    s.pending->collapse = path;
    s.pending->after_collapse = std::move(after);
    s.listing.reset();
    return std::nullopt;
  }
  auto next = model::succession_phase(game, s.states.back(), after, std::nullopt);
  if (auto* v = std::get_if<model::Violation>(&next)) return s.refuse(attempt, v->rule, v->message);
  s.commit(attempt, std::get<model::State>(next));
  return std::nullopt;
}

std::optional<Error> Session::collapse(const model::CollapsePath& path) {
  if (phase() != Phase::Collapse) return out_of_phase(phase(), "a collapse");
  return impl_->collapse_with(path);
}

std::optional<Error> Session::stable() {
  if (phase() != Phase::Collapse) return out_of_phase(phase(), "`stable`");
  return impl_->collapse_with(std::nullopt);
}

std::optional<Error> Session::collapse_listed(std::size_t index) {
  if (phase() != Phase::Collapse) return out_of_phase(phase(), "a collapse");
  auto page = paths(index, 1);
  if (auto* e = std::get_if<Error>(&page)) return *e;
  const auto& p = std::get<PathsPage>(page);
  if (p.paths.empty())
    return bad_request(p.listed == 0 ? "ℛ lists no path: claim `stable`, or give a path vertex by vertex"
                                     : fmt::format("no path {}: the listing has paths 0..{}", index, p.listed - 1));
  return impl_->collapse_with(p.paths[0].path);
}

std::variant<PathsPage, Error> Session::paths(std::size_t offset, std::size_t limit) {
  auto& s = *impl_;
  if (phase() != Phase::Collapse) return out_of_phase(phase(), "`paths`");
  if (!s.listing) {
    model::Budget b = s.budget(std::nullopt);
    s.listing = list_paths(game(), current(), s.pending->added, s.options.paths_cap, b);
  }
  PathsPage page;
  page.offset = offset;
  page.listed = s.listing->paths.size();
  page.complete = s.listing->complete;
  page.why = s.listing->why;
  for (std::size_t i = offset; i < page.listed && i < offset + limit; ++i) page.paths.push_back(s.listing->paths[i]);
  return page;
}

std::optional<Error> Session::root(model::VertexId v) {
  auto& s = *impl_;
  if (phase() != Phase::Succession) return out_of_phase(phase(), "a new root");
  if (v >= game().universe.size()) return bad_request(fmt::format("no vertex {} in the universe", v));
  const model::Move attempt{s.pending->added, s.pending->collapse, v};
  auto next = model::succession_phase(game(), current(), s.pending->after_collapse, v);
  if (auto* bad = std::get_if<model::Violation>(&next)) return s.refuse(attempt, bad->rule, bad->message);
  s.commit(attempt, std::get<model::State>(next));
  return std::nullopt;
}

std::optional<Error> Session::keep() {
  if (phase() != Phase::Succession) return out_of_phase(phase(), "`keep`");
  return root(current().root);
}

std::vector<model::VertexId> Session::eligible_roots() const {
  if (phase() != Phase::Succession) return {};
  return model::eligible_roots(game(), impl_->pending->after_collapse);
}

bool Session::keep_allowed() const {
  return phase() == Phase::Succession && model::eligible_root(game(), impl_->pending->after_collapse, current().root);
}

std::optional<Error> Session::play_move(const model::Move& move) {
  auto& s = *impl_;
  if (auto over = s.game_over(move)) return over;
  if (s.pending) return out_of_phase(phase(), "a whole move");
  model::Budget b = s.budget(std::nullopt);
  std::variant<model::State, model::Violation> out;
  try {
    out = model::apply_turn(game(), current(), move, b);
  } catch (const model::SearchLimit& e) {
    return Error{ErrorKind::Limit, fmt::format("judging the move stopped: {}", e.what()), std::nullopt};
  }
  if (auto* v = std::get_if<model::Violation>(&out)) return s.refuse(move, v->rule, v->message);
  s.commit(move, std::get<model::State>(out));
  return std::nullopt;
}

std::optional<Error> Session::undo() {
  auto& s = *impl_;
  if (s.pending) {
    s.pending.reset();
    s.listing.reset();
    return std::nullopt;
  }
  if (s.play.empty()) return bad_request("nothing to undo: no turn has been played");
  s.redo.push_back(s.play.back());
  s.play.pop_back();
  s.states.pop_back();
  if (s.won && s.won->turn > s.turn()) s.won.reset();
  return std::nullopt;
}

std::optional<Error> Session::redo() {
  auto& s = *impl_;
  if (s.pending) return bad_request("a turn is being built: finish it or `undo` it before `redo`");
  if (s.redo.empty()) return bad_request("nothing to redo");
  const model::Move next = s.redo.back();
  return play_move(next);
}

}  // namespace carve::play
