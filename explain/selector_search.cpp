// The selector formula's frame loop: as sat_search's, under the selectors' assumptions, each
// decoded play judged under the rules those assumptions select.
#include "explain/selector_search.hpp"

#include <algorithm>
#include <set>
#include <stdexcept>

#include <fmt/format.h>

#include "encoder/hypergraph_encoding.hpp"
#include "encoder/rules_support.hpp"
#include "encoder/sat_search.hpp"
#include "encoder/tree_encoding.hpp"
#include "explain/no_win_core.hpp"

namespace carve::explain {

bool selectable(Relaxation r) {
  switch (r) {
    case Relaxation::RootEndpoint:
    case Relaxation::ContainsNew:
    case Relaxation::Obligation:
    case Relaxation::Succession: return true;
    default: return false;
  }
}

SelectorFormula::SelectorFormula(const model::Game& game, const model::Target& target,
                                 const std::vector<RelaxedDefinition>& relaxable, const ExplainOptions& options)
    : game_(game), target_(target), options_(options), budget_(options.budget) {
  if (options.depth_any) {
    note_ = "no selector formula on the infinite tree (the shape engine encodes none of these relaxations)";
    return;
  }
  if (options.engine != "auto" && options.engine != "sat") {
    note_ = fmt::format("no selector formula: the engine asked for is {}", options.engine);
    return;
  }
  if (auto no = encoder::symbolic_refusal(game, target, "sat")) {
    note_ = "no selector formula: " + no->text();
    return;
  }
  backend_ = std::make_unique<encoder::CadicalBackend>();
  cnf_ = std::make_unique<encoder::Cnf>(*backend_, &budget_);
  encoder::Selectors sel;
  for (const auto& d : relaxable) {
    if (!std::all_of(d.rows.begin(), d.rows.end(), selectable)) continue;
    const int lit = cnf_->var();
    selector_[d.def->number] = lit;
    order_.push_back(d.def->number);
    for (auto r : d.rows) {
      if (r == Relaxation::RootEndpoint) sel.root_endpoint = lit;
      if (r == Relaxation::ContainsNew) sel.contains_new = lit;
      if (r == Relaxation::Obligation) sel.obligation = lit;
      if (r == Relaxation::Succession) sel.eligibility = lit;
    }
  }
  if (order_.empty()) {
    note_ = "no selector formula: no definition of this spec holds a rule the encoding can switch";
    backend_.reset();
    cnf_.reset();
    return;
  }
  if (game.universe.kind == model::Universe::Kind::Deduction)
    enc_ = std::make_unique<encoder::HypergraphEncoding>(game, target, *cnf_, options.turns, 0, encoder::ScopeCut::Reduced, sel);
  else
    enc_ = std::make_unique<encoder::TreeEncoding>(game, target, *cnf_, 0, false, sel);
  backend_->set_deadline(budget_.deadline());
  backend_->set_interrupt([this] { return budget_.exhausted(); });
  note_ = fmt::format("selectors for {} (the rest re-solved by the engines)", fmt::join(order_, ", "));
}

SelectorFormula::~SelectorFormula() = default;

bool SelectorFormula::represents(const std::vector<std::string>& relaxed) const {
  if (!enc_) return false;
  return std::all_of(relaxed.begin(), relaxed.end(), [&](const std::string& d) { return selector_.count(d) > 0; });
}

SelectorFormula::Decision SelectorFormula::decide(const std::vector<std::string>& relaxed) {
  if (!represents(relaxed)) throw std::logic_error("selector formula: a trial it cannot represent");
  Decision out;
  const auto t0 = std::chrono::steady_clock::now();
  const model::Game g = relaxed_game(game_, relaxed);
  Answer& a = out.answer;
  a.engine = "sat (selectors)";
  std::vector<int> assumptions;
  for (const auto& d : order_) {
    const bool off = std::find(relaxed.begin(), relaxed.end(), d) != relaxed.end();
    assumptions.push_back(off ? -selector_[d] : selector_[d]);
  }
  std::set<std::string> used;
  auto done = [&]() -> Decision {
    a.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    return out;
  };
  try {
    const bool start_win = g.rules.reading.start_win != model::sw::StartWin::No;
    for (int k = start_win ? 0 : 1; k <= options_.turns; ++k) {
      while (enc_->turns() < k) enc_->add_turn();
      std::vector<int> assume = assumptions;
      assume.push_back(enc_->victory(k));
      while (true) {
        if (budget_.exhausted()) {
          a.reason = budget_.reason();
          return done();
        }
        ++out.solves;
        const auto status = backend_->solve(assume);
        if (status == encoder::SolveStatus::Unknown) {
          a.reason = budget_.exhausted() ? budget_.reason() : "CaDiCaL answered unknown";
          return done();
        }
        if (status == encoder::SolveStatus::Unsat) {
          for (const auto& d : order_)
            if (std::find(relaxed.begin(), relaxed.end(), d) == relaxed.end() && backend_->failed(selector_[d])) used.insert(d);
          break;
        }
        auto play = enc_->decode(k);
        std::string why;
        std::optional<model::Component> won;
        const auto check = encoder::check_play(g, relaxed_target(g, target_), *enc_, play, why, won, budget_);
        if (check == encoder::Check::Refined) continue;
        if (check == encoder::Check::Broken) throw std::logic_error("selector formula: a decoded play breaks the rules it selects: " + why);
        a.verdict = search::Verdict::Win;
        a.turns = k;
        a.witness = std::move(play);
        if (won) a.component = won->vertices;
        a.game = std::make_shared<const model::Game>(g);
        return done();
      }
    }
  } catch (const limits::LimitReached& e) {
    a.verdict = search::Verdict::Unknown;
    a.reason = e.what();
    return done();
  }
  if (!enc_->exact()) {
    a.reason = "the selector formula bounds collapse walks below the proved length";
    return done();
  }
  a.verdict = search::Verdict::NoWin;
  for (const auto& d : order_)
    if (std::find(relaxed.begin(), relaxed.end(), d) == relaxed.end() && !used.count(d)) out.unused.push_back(d);
  return done();
}

}  // namespace carve::explain
