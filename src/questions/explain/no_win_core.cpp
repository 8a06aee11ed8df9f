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

namespace carve::explain {

bool NoWinCore::minimal() const {
  return status == Status::Core && std::none_of(members.begin(), members.end(), [](const Member& m) { return m.undecided(); });
}

namespace {

// Why a no-win asked to be certified has no accepted certificate (empty: it has one).
std::string why_uncertified(const Trial& t) {
  const auto& cert = t.answer.certificate;
  if (cert && cert->accepted()) return "";
  if (cert) return std::string(encoder::status_name(cert->status)) + ": " + cert->message;
  if (!t.answer.no_win()) return "the core's game was not decided";
  return fmt::format("the {} engine answered the core's game, and it writes no proof{}", elab::name(t.answer.engine),
                     t.answer.reason.empty() ? "" : " (" + t.answer.reason + ")");
}

class CoreSearch {
 public:
  CoreSearch(const model::Game& game, const model::Target& target, const ExplainOptions& o)
      : game_(game), target_(target), o_(o), progress_(o.progress, "explain") {
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
  Trial trial(const std::vector<std::string>& relaxed, bool certify = false);
  std::vector<std::string> relax_what_is_not_needed(std::vector<std::string> relaxed, const std::vector<std::string>& candidates,
                                                    NoWinCore& out);

  const model::Game& game_;
  const model::Target& target_;
  const ExplainOptions& o_;
  limits::Progress progress_;
  std::vector<RelaxedDefinition> relaxable_;
  std::vector<const model::Definition*> fixed_;
  std::map<std::vector<std::string>, Answer> answers_;
  int trials_ = 0;
};

Trial CoreSearch::trial(const std::vector<std::string>& relaxed, bool certify) {
  Trial t{in_spec_order(relaxed), {}};
  if (!certify)
    if (auto it = answers_.find(t.relaxed); it != answers_.end()) {
      t.answer = it->second;
      return t;
    }
  if (progress_.enabled())
    progress_.show(fmt::format("trial {}: relaxing {}", trials_ + 1, t.relaxed.empty() ? "nothing" : fmt::format("{}", fmt::join(t.relaxed, ", "))));
  const model::Game g = relaxed_game(game_, t.relaxed);
  const model::Target target = relaxed_target(g, target_);
  // Certifying, the engine is auto: the certificate is the sat engine's (or the shape engine's)
  // wherever it encodes the rules.
  const DecideOptions d{o_.turns, o_.depth_any, certify ? elab::Engine::Auto : o_.engine, o_.budget, o_.progress,
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

NoWinCore CoreSearch::run() {
  const auto t0 = std::chrono::steady_clock::now();
  NoWinCore out;
  out.fixed = fixed_;
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

  std::vector<std::string> candidates, relaxed;
  for (const auto& r : relaxable_) candidates.push_back(r.def->number);
  relaxed = relax_what_is_not_needed(relaxed, candidates, out);

  for (const auto& r : relaxable_) {
    const auto& n = r.def->number;
    if (std::find(relaxed.begin(), relaxed.end(), n) != relaxed.end()) {
      out.relaxed.push_back(r);
      continue;
    }
    Member m{r.def, r.rows, {}, {}};
    auto with = relaxed;
    with.push_back(n);
    m.needed = trial(with);
    m.alone = trial({n});
    out.members.push_back(std::move(m));
  }
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
