// Reachability cases go to explicit search (then replay); play cases go to replay.
#include "checker/cases/run_case.hpp"

#include <chrono>

#include <fmt/format.h>

namespace carve::cases {

using K = parser::ast::ExpectKind;

std::string describe(const parser::ast::Expectation& e) {
  switch (e.kind) {
    case K::WinIn: return fmt::format("win in {}", e.turn);
    case K::NoWin: return "no-win";
    case K::Legal: return "legal";
    case K::IllegalAt: return fmt::format("illegal at {} rule \"{}\"", e.turn, e.rule);
    case K::WinAt: return fmt::format("win at {}", e.turn);
  }
  return "?";
}

std::string confirm_witness(const model::Game& game, const model::Target& target, const search::Result& r) {
  model::Budget b;
  auto rep = replay::replay(game, r.witness, &target, std::nullopt, b);
  if (!rep.legal) return fmt::format("witness turn {} breaks rule {}: {}", rep.failed_turn, rep.violation.rule, rep.violation.message);
  if (!rep.win_turn || *rep.win_turn != static_cast<int>(r.witness.size()))
    return "the witness does not end in a winning state";
  return {};
}

Outcome run_case(const elab::Case& c, const Limits& limits) {
  Outcome o;
  const auto t0 = std::chrono::steady_clock::now();
  if (!c.expect) {
    o.detail = "the case states no expectation";
    return o;
  }
  o.expected = describe(*c.expect);
  const auto k = c.expect->kind;
  if (k == K::WinIn || k == K::NoWin) {
    search::Options opt;
    opt.max_turns = c.turns->value;
    opt.budget = make_budget(limits);
    opt.progress = limits.progress;
    auto r = search::explicit_search(c.game, *c.target, opt);
    o.search = r;
    if (r.verdict == search::Verdict::Win) {
      o.actual = fmt::format("win in {}", *r.turns);
      if (auto bad = confirm_witness(c.game, *c.target, r); !bad.empty()) {
        o.actual = "internal error: " + bad;
      }
    } else if (r.verdict == search::Verdict::NoWin) {
      o.actual = "no-win";
    } else {
      o.actual = "unknown (" + r.reason + ")";
    }
  } else {
    model::Budget b = make_budget(limits);
    auto rep = replay::replay(c.game, *c.play, c.target ? &*c.target : nullptr, c.claim, b);
    o.replay = rep;
    if (!rep.legal) {
      o.actual = fmt::format("illegal at {} rule \"{}\"", rep.failed_turn, rep.violation.rule);
      o.detail = rep.violation.message;
    } else if (k == K::WinAt) {
      o.actual = rep.win_turn ? fmt::format("win at {}", *rep.win_turn) : "legal, no win";
      if (rep.claim_holds && !*rep.claim_holds) o.actual += " (the claimed component is not a winning component)";
    } else {
      o.actual = "legal";
    }
  }
  o.pass = o.actual == o.expected;
  o.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  return o;
}

}  // namespace carve::cases
