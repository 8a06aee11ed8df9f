// Reachability cases go to explicit search (then replay); play cases go to replay.
#include "checker/cases/run_case.hpp"

#include <chrono>

#include <fmt/format.h>

#include "encoder/sat_search.hpp"

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

encoder::SatOptions sat_options(const std::string& engine, int turns, const Limits& limits) {
  encoder::SatOptions so;
  so.max_turns = turns;
  so.solver = engine == "smt" ? "z3" : "cadical";
  so.budget = model::Budget(limits);
  so.progress = limits.progress;
  return so;
}

namespace {

// One reachability answer from one engine, its win already replayed.
std::pair<std::string, search::Result> reach(const elab::Case& c, const Limits& limits, const std::string& engine) {
  search::Result r;
  if (engine == "sat" || engine == "smt") {
    r = encoder::sat_search(c.game, *c.target, sat_options(engine, c.turns->value, limits)).result;
  } else {
    search::Options opt;
    opt.max_turns = c.turns->value;
    opt.budget = model::Budget(limits);
    opt.progress = limits.progress;
    r = search::explicit_search(c.game, *c.target, opt);
  }
  std::string actual;
  if (r.verdict == search::Verdict::Win) {
    actual = fmt::format("win in {}", *r.turns);
    if (auto bad = confirm_witness(c.game, *c.target, r); !bad.empty()) actual = "internal error: " + bad;
  } else if (r.verdict == search::Verdict::NoWin) {
    actual = "no-win";
  } else {
    actual = "unknown (" + r.reason + ")";
  }
  return {actual, r};
}

}  // namespace

Outcome run_case(const elab::Case& c, const Limits& limits, const std::string& engine) {
  Outcome o;
  const auto t0 = std::chrono::steady_clock::now();
  if (!c.expect) {
    o.detail = "the case states no expectation";
    return o;
  }
  o.expected = describe(*c.expect);
  const auto k = c.expect->kind;
  if (k == K::WinIn || k == K::NoWin) {
    const std::string own = c.engine ? c.engine->value : "explicit";
    const std::string first = engine.empty() || engine == "all" ? own : engine;
    auto [actual, r] = reach(c, limits, first);
    o.actual = actual;
    o.search = r;
    o.limit_reached = r.limit_reached;
    if (engine == "all") {
      std::vector<std::string> others;
      for (const std::string e : {"explicit", "sat", "smt"})
        if (e != first) others.push_back(e);
      for (const auto& e : others) {
        auto [other, r2] = reach(c, limits, e);
        if (other.rfind("unknown", 0) == 0) {
          o.detail += (o.detail.empty() ? "" : "; ") + e + ": " + other;
        } else if (other != o.actual) {
          o.detail += (o.detail.empty() ? "" : "; ") + e + " disagrees: " + other;
          o.actual += " (" + e + ": " + other + ")";
        } else {
          o.detail += (o.detail.empty() ? "" : "; ") + e + " agrees";
        }
      }
    }
  } else {
    model::Budget b(limits);
    try {
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
    } catch (const model::SearchLimit& e) {
      o.actual = fmt::format("unknown ({})", e.what());
      o.limit_reached = true;
    }
  }
  o.pass = o.actual == o.expected;
  o.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  return o;
}

}  // namespace carve::cases
