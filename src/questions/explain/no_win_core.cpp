// The deletion search of no_win_core.hpp: trials over sets of relaxed definitions, each answered
// once (a cache by the set), passes until nothing more can be relaxed.
#include "questions/explain/no_win_core.hpp"

#include <algorithm>
#include <chrono>
#include <map>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "engines/registry/registry.hpp"
#include "foundations/limits/progress.hpp"
#include "questions/report/certificate_report.hpp"

namespace carve::explain {

bool NoWinCore::minimal() const {
  return status == Status::Core && std::none_of(members.begin(), members.end(), [](const Member& m) { return m.undecided(); });
}

namespace {

// Why a no-win asked to be certified has no accepted certificate (empty: it has one).
std::string why_uncertified(const Trial& t) {
  const auto& cert = t.answer.certificate;
  if (cert && cert->accepted()) return "";
  if (cert) return report::certificate_status(*cert);
  if (!t.answer.no_win()) return "the core's game was not decided";
  return fmt::format("the {} engine answered the core's game, and it writes no proof{}", elab::name(t.answer.engine),
                     t.answer.reason.empty() ? "" : " (" + t.answer.reason + ")");
}

class CoreSearch {
 public:
  CoreSearch(const model::Game& game, const model::Target& target, const ExplainOptions& o)
      : game_(game), target_(target), o_(o), progress_(o.progress, "explain"), run_(o.budget) {
    for (const auto& d : game.definitions) {
      auto rows = relaxations_of(game, d.number);
      if (rows.empty()) fixed_.push_back(&d);
      else relaxable_.push_back({&d, std::move(rows)});
    }
  }

  NoWinCore run();

 private:
  // The definitions of `set` in the spec's order.
  std::vector<std::string> in_spec_order(const std::vector<std::string>& set) const {
    std::vector<std::string> out;
    for (const auto& r : relaxable_)
      if (std::find(set.begin(), set.end(), r.def->number) != set.end()) out.push_back(r.def->number);
    return out;
  }
  // One trial, answered once (the cache) unless `again` (a retry with a larger share). Its budget
  // is its share of what the run has left: the time and ticks left divided among the trials still
  // planned, so that one hard trial cannot take what the others need.
  Trial trial(const std::vector<std::string>& relaxed, bool certify = false, bool again = false);
  model::Budget share();
  std::vector<std::string> search_core(std::vector<std::string> relaxed, NoWinCore& out);
  bool retry_undecided(NoWinCore& out);
  std::vector<std::string> relax_what_is_not_needed(std::vector<std::string> relaxed, const std::vector<std::string>& candidates,
                                                    NoWinCore& out);

  const model::Game& game_;
  const model::Target& target_;
  const ExplainOptions& o_;
  limits::Progress progress_;
  std::vector<RelaxedDefinition> relaxable_;
  std::vector<const model::Definition*> fixed_;
  std::map<std::vector<std::string>, Answer> answers_;
  model::Budget run_;  // the run's budget, charged each trial's node share
  int trials_ = 0;
  int planned_ = 0;    // trials expected in all (a trial answered from the cache is none)
};

model::Budget CoreSearch::share() {
  const int left = std::max(1, planned_ - trials_);
  const std::uint64_t nodes = run_.remaining_nodes() / static_cast<std::uint64_t>(left);
  model::Budget b = run_.share(run_.remaining_seconds() / left, nodes);
  // A share's ticks are not reported back, so each trial is charged its whole share -- except the
  // question's own trial, which takes the run's budget as `solve` would (it is the first, alone in
  // its plan): the node limit bounds each trial after it to its share of the run's max_nodes.
  if (run_.max_nodes != UINT64_MAX && trials_ > 0) run_.charge(nodes);
  return b;
}

Trial CoreSearch::trial(const std::vector<std::string>& relaxed, bool certify, bool again) {
  Trial t{in_spec_order(relaxed), {}};
  if (!certify && !again)
    if (auto it = answers_.find(t.relaxed); it != answers_.end()) {
      t.answer = it->second;
      return t;
    }
  model::Budget budget = share();
  if (progress_.enabled())
    progress_.show(fmt::format("trial {}: relaxing {}{}", trials_ + 1, t.relaxed.empty() ? "nothing" : fmt::format("{}", fmt::join(t.relaxed, ", ")),
                               o_.budget.deadline() == model::Budget::Clock::time_point::max()
                                   ? ""
                                   : fmt::format(" (its share: {:.1f} s)", budget.remaining_seconds())));
  const model::Game g = relaxed_game(game_, t.relaxed);
  const model::Target target = relaxed_target(g, target_);
  // Certifying, the engine is auto: the certificate is the sat engine's (or the shape engine's)
  // wherever it encodes the rules.
  const DecideOptions d{o_.turns, o_.depth_any, certify ? elab::Engine::Auto : o_.engine, budget, o_.progress,
                        certify ? o_.proof : std::nullopt};
  t.answer = decide(g, target, d);
  ++trials_;
  answers_[t.relaxed] = t.answer;
  return t;
}

// Deletion passes over the candidates (no_win_core.hpp): relax each one whose relaxation, beside
// `relaxed`, still leaves no win; repeat until a pass relaxes nothing.
std::vector<std::string> CoreSearch::relax_what_is_not_needed(std::vector<std::string> relaxed,
                                                              const std::vector<std::string>& candidates, NoWinCore&) {
  for (bool changed = true; changed;) {
    changed = false;
    for (const auto& c : candidates) planned_ += std::find(relaxed.begin(), relaxed.end(), c) == relaxed.end();
    for (const auto& c : candidates) {
      if (std::find(relaxed.begin(), relaxed.end(), c) != relaxed.end()) continue;
      auto more = relaxed;
      more.push_back(c);
      const Trial t = trial(more);
      if (t.answer.no_win()) {
        relaxed = t.relaxed;
        changed = true;
      }
    }
  }
  return relaxed;
}

// Deletion from `relaxed`, then each member's `needed` (a cached trial of the last pass) and
// `alone` trials.
std::vector<std::string> CoreSearch::search_core(std::vector<std::string> relaxed, NoWinCore& out) {
  std::vector<std::string> candidates;
  for (const auto& r : relaxable_) candidates.push_back(r.def->number);
  relaxed = relax_what_is_not_needed(relaxed, candidates, out);
  out.members.clear();
  out.relaxed.clear();
  for (const auto& r : relaxable_) {
    const auto& n = r.def->number;
    if (std::find(relaxed.begin(), relaxed.end(), n) != relaxed.end()) out.relaxed.push_back(r);
    else out.members.push_back(Member{r.def, r.rows, {}, {}});
  }
  // The alone trials were planned for every relaxable definition; only the members' are asked.
  planned_ -= static_cast<int>(relaxable_.size() - out.members.size());
  for (auto& m : out.members) {
    auto with = relaxed;
    with.push_back(m.def->number);
    m.needed = trial(with);
    m.alone = trial({m.def->number});
  }
  return relaxed;
}

bool share_ran_out(const Trial& t) {
  return t.answer.verdict == answer::Verdict::Unknown && t.answer.limit_reached && limits::Budget::share_reason(t.answer.reason);
}

// The trials a share cut short, asked again with what the run has left divided among them (the
// other trials were cheaper than their shares). True when a member's `needed` trial now has no
// win: that member is not needed after all, and the deletion goes on from there.
bool CoreSearch::retry_undecided(NoWinCore& out) {
  std::vector<std::pair<Trial*, bool>> cut;  // a trial, and whether it is a `needed` one
  for (auto& m : out.members) {
    if (share_ran_out(m.needed)) cut.emplace_back(&m.needed, true);
    if (share_ran_out(m.alone)) cut.emplace_back(&m.alone, false);
  }
  if (cut.empty() || run_.remaining_seconds() < 0.1 || run_.remaining_nodes() == 0) return false;
  planned_ = trials_ + static_cast<int>(cut.size()) + 1;  // and the core's certificate
  for (auto [t, needed] : cut) {
    *t = trial(t->relaxed, false, true);
    if (needed && t->answer.no_win()) return true;
  }
  return false;
}

NoWinCore CoreSearch::run() {
  const auto t0 = std::chrono::steady_clock::now();
  NoWinCore out;
  out.fixed = fixed_;
  // The question itself takes what it needs (without its no-win there is nothing to explain);
  // then the deletion's trials, the members' alone trials and the core's certificate share the rest.
  planned_ = 1;
  out.question = trial({});
  auto finish = [&]() -> NoWinCore {
    out.trials = trials_;
    out.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    progress_.clear();
    return out;
  };
  if (out.question.answer.win()) {
    out.status = NoWinCore::Status::NotNoWin;
    return finish();
  }
  if (!out.question.answer.no_win()) return finish();
  out.status = NoWinCore::Status::Core;

  planned_ = trials_ + static_cast<int>(relaxable_.size()) + 1;  // every alone trial, the certificate
  std::vector<std::string> relaxed = search_core({}, out);
  for (std::size_t round = 0; round < relaxable_.size() && retry_undecided(out); ++round) {
    // A retried `needed` trial has no win: relax that member and search on from there.
    for (const auto& m : out.members)
      if (m.needed.answer.no_win()) {
        relaxed = m.needed.relaxed;
        break;
      }
    planned_ = trials_ + static_cast<int>(relaxable_.size()) + 1;
    relaxed = search_core(relaxed, out);
  }

  planned_ = trials_ + 1;
  out.core = trial(relaxed, o_.proof.has_value());
  if (o_.proof) {
    const model::Game g = relaxed_game(game_, out.core.relaxed);
    const auto no = engines::refusal(o_.depth_any ? elab::Engine::Shape : elab::Engine::Sat, g, relaxed_target(g, target_));
    out.uncertified = no && !out.core.answer.certificate ? no->text() : why_uncertified(out.core);
  }
  if (!out.core.answer.no_win() && !out.core.answer.refused && out.core.answer.verdict != answer::Verdict::Unknown)
    throw std::logic_error("explain: the core's game has a win that its deletion trial did not have");
  return finish();
}

}  // namespace

NoWinCore explain_no_win(const model::Game& game, const model::Target& target, const ExplainOptions& options) {
  return CoreSearch(game, target, options).run();
}

}  // namespace carve::explain
