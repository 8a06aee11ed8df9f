// questions/claims/run.cpp — verdicts for every claim of a spec (see run.hpp).
#include "questions/claims/run.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <chrono>

#include "questions/claims/symbolic.hpp"
#include "questions/games/interrupt.hpp"
#include "foundations/limits/progress.hpp"
#include "foundations/limits/resident_memory.hpp"

namespace carve::claims {

using elab::claims::BinOp;
using elab::claims::Node;
using elab::claims::Op;

bool ClaimOutcome::matches() const {
  if (verdict == "unknown") return true;
  return expect_holds == (verdict == "holds" || verdict == "proved");
}

namespace {
// The quantifier chain of a claim: "g in digraphs(4), K in kernels(g), ...".
void collect_bounds(const Node& n, std::vector<std::string>& out) {
  if (n.op == Op::Quant) {
    for (std::size_t i = 0; i < n.slots.size(); ++i) out.push_back(n.names[i] + " in " + n.args[i].src);
    if (n.has_where) out.back() += " where " + n.args[n.slots.size()].src;
    collect_bounds(n.args.back(), out);
  } else if (n.op == Op::Binary && (n.bop == BinOp::Implies || n.bop == BinOp::And || n.bop == BinOp::Iff)) {
    collect_bounds(n.args[0], out);
    collect_bounds(n.args[1], out);
  }
}

// A claim that holds within its bounds and has a symbolic form: Z3 proves it for every heap size
// below 2^bits (proved), finds a counterexample (refuted) or runs out of time (unknown).
void prove_for_all_sizes(const elab::claims::Claim& c, bool large, std::optional<std::chrono::steady_clock::time_point> deadline,
                         ClaimOutcome& o) {
  const auto& bits = large ? c.symbolic->large_bits : c.symbolic->bits;
  try {
    auto r = prove_symbolic(c, *c.symbolic, bits, deadline);
    o.proof = r.runs;
    if (r.proved) {
      o.verdict = "proved";
      std::vector<std::string> widths;
      for (int w : bits) widths.push_back(fmt::format("2^{}", w));
      o.bounds += fmt::format("; Z3: {} heaps below {}", c.symbolic->heaps, fmt::join(widths, ", "));
    } else if (r.timed_out) {
      o.verdict = "unknown";
      o.note = r.detail;
    } else {
      o.verdict = "refuted";
      o.counterexample = Counterexample{{}, {"Z3: " + r.detail}};
    }
  } catch (const SymbolicUnsupported& e) {
    o.note = e.what();
  }
}
}  // namespace

std::vector<ClaimOutcome> run_claims(const elab::claims::ClaimSpec& spec, const RunSettings& settings) {
  using Clock = std::chrono::steady_clock;
  limits::Budget budget(settings.limits);
  std::optional<Clock::time_point> deadline;  // the evaluator's and Z3's own clock checks
  if (settings.limits.timeout_seconds > 0) deadline = budget.deadline();
  std::vector<const elab::claims::Claim*> todo;
  for (const auto& c : spec.claims)
    if (settings.only.empty() || std::find(settings.only.begin(), settings.only.end(), c.label) != settings.only.end())
      todo.push_back(&c);

  limits::Progress progress(settings.limits.progress, "claims");
  std::string status;
  games::InterruptScope scope(budget, [&] {
    if (progress.due()) progress.show(status);
  });

  Engines engines;
  std::vector<ClaimOutcome> out;
  std::string stopped;  // the limit reached; every claim from then on is unknown with it
  for (std::size_t i = 0; i < todo.size(); ++i) {
    const auto& c = *todo[i];
    ClaimOutcome o;
    o.label = c.label;
    o.loc = c.loc;
    o.expect_holds = c.expect_holds;
    std::vector<std::string> b;
    collect_bounds(c.body, b);
    o.bounds = b.empty() ? "a single instance" : fmt::format("{}", fmt::join(b, "; "));
    status = fmt::format("[{}/{}] {}", i + 1, todo.size(), c.label);
    progress.show(status);
    auto t0 = Clock::now();
    try {
      if (stopped.empty() && budget.exhausted()) stopped = budget.reason();
      if (!stopped.empty()) throw limits::LimitReached(stopped);
      Evaluator ev(engines, deadline);
      std::optional<Counterexample> cex;
      bool ok = ev.check(c, cex, o.cases);
      o.verdict = ok ? "holds" : "refuted";
      o.counterexample = cex;
      if (ok && c.symbolic) prove_for_all_sizes(c, settings.large, deadline, o);
    } catch (const TimeLimit&) {  // the evaluator's own deadline check: the budget names it
      budget.exhausted();
      stopped = budget.reason().empty() ? "timeout" : budget.reason();
      o.verdict = "unknown";
      o.note = stopped;
    } catch (const limits::LimitReached& e) {
      stopped = e.what();
      o.verdict = "unknown";
      o.note = stopped;
    } catch (const std::bad_alloc&) {  // a claim too large for the machine: unknown, not a crash
      stopped = limits::allocation_failure_reason(settings.limits.memory_mb);
      o.verdict = "unknown";
      o.note = stopped;
    }
    o.seconds = std::chrono::duration<double>(Clock::now() - t0).count();
    out.push_back(std::move(o));
  }
  return out;
}

}  // namespace carve::claims
