// claims/run.cpp — verdicts for every claim of a spec (see run.hpp).
#include "claims/run.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "claims/symbolic.hpp"

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
}  // namespace

std::vector<ClaimOutcome> run_claims(const elab::claims::ClaimSpec& spec, const RunSettings& settings) {
  using Clock = std::chrono::steady_clock;
  std::optional<Clock::time_point> deadline;
  if (settings.timeout > 0)
    deadline = Clock::now() + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(settings.timeout));
  Engines engines;
  std::vector<ClaimOutcome> out;
  for (const auto& c : spec.claims) {
    if (!settings.only.empty() && std::find(settings.only.begin(), settings.only.end(), c.label) == settings.only.end()) continue;
    ClaimOutcome o;
    o.label = c.label;
    o.loc = c.loc;
    o.expect_holds = c.expect_holds;
    std::vector<std::string> b;
    collect_bounds(c.body, b);
    o.bounds = b.empty() ? "a single instance" : fmt::format("{}", fmt::join(b, "; "));
    auto t0 = Clock::now();
    try {
      if (deadline && Clock::now() > *deadline) throw TimeLimit();
      Evaluator ev(engines, deadline);
      std::optional<Counterexample> cex;
      bool ok = ev.check(c, cex, o.cases);
      o.verdict = ok ? "holds" : "refuted";
      o.counterexample = cex;
      if (ok && c.symbolic) {
        const auto& bits = settings.large ? c.symbolic->large_bits : c.symbolic->bits;
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
    } catch (const TimeLimit&) {
      o.verdict = "unknown";
      o.note = "time limit (--timeout)";
    }
    o.seconds = std::chrono::duration<double>(Clock::now() - t0).count();
    out.push_back(std::move(o));
  }
  return out;
}

}  // namespace carve::claims
