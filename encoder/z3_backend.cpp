// Z3 adapter. The solver is Z3's QF_FD solver (its SAT core with native cardinality and
// pseudo-Boolean constraints, incremental under assumptions), the logic the encoding lives in.
// The remaining time until the deadline becomes the "timeout" parameter before every check.
#include "encoder/z3_backend.hpp"

#include <z3++.h>

#include <algorithm>
#include <optional>

#include <fmt/format.h>

namespace carve::encoder {

struct Z3Backend::State {
  z3::context ctx;
  z3::solver solver{ctx, "QF_FD"};
  z3::expr_vector vars{ctx};
  std::optional<z3::model> model;
  z3::expr lit(int l) {
    z3::expr v = vars[static_cast<unsigned>((l > 0 ? l : -l) - 1)];
    return l > 0 ? v : !v;
  }
};

Z3Backend::Z3Backend(const Z3Options& options) : z_(std::make_unique<State>()), options_(options) {
  z3::params p(z_->ctx);
  p.set("random_seed", options.seed);
  if (options.memory_mb > 0) p.set("max_memory", static_cast<unsigned>(options.memory_mb));
  z_->solver.set(p);
}

Z3Backend::~Z3Backend() = default;

int Z3Backend::new_var() {
  const int v = static_cast<int>(z_->vars.size()) + 1;
  z_->vars.push_back(z_->ctx.bool_const(fmt::format("x{}", v).c_str()));
  return v;
}

void Z3Backend::add_clause(const std::vector<int>& lits) {
  z_->model.reset();
  if (lits.size() == 1) {
    z_->solver.add(z_->lit(lits[0]));
    return;
  }
  z3::expr_vector c(z_->ctx);
  for (int l : lits) c.push_back(z_->lit(l));
  z_->solver.add(z3::mk_or(c));
}

bool Z3Backend::at_most_one(const std::vector<int>& lits) {
  if (!options_.native_at_most_one) return false;
  z_->model.reset();
  z3::expr_vector c(z_->ctx);
  for (int l : lits) c.push_back(z_->lit(l));
  z_->solver.add(z3::atmost(c, 1));
  return true;
}

SolveStatus Z3Backend::solve(const std::vector<int>& assumptions) {
  z_->model.reset();
  const auto now = std::chrono::steady_clock::now();
  if (now >= deadline_) {
    reason_ = "time limit reached";
    return SolveStatus::Unknown;
  }
  if (deadline_ != std::chrono::steady_clock::time_point::max()) {
    const auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(deadline_ - now).count();
    z3::params p(z_->ctx);
    p.set("timeout", static_cast<unsigned>(std::clamp<long long>(ms, 1, 4'000'000'000LL)));
    z_->solver.set(p);
  }
  z3::expr_vector a(z_->ctx);
  for (int l : assumptions) a.push_back(z_->lit(l));
  switch (z_->solver.check(a)) {
    case z3::sat:
      z_->model = z_->solver.get_model();
      return SolveStatus::Sat;
    case z3::unsat: return SolveStatus::Unsat;
    default: break;
  }
  reason_ = z_->solver.reason_unknown();
  // Z3 names its own limits "timeout", "canceled" or "max. memory exceeded"; carve's reports
  // say which limit in the same words as the other engines.
  if (reason_ == "timeout" || reason_ == "canceled") reason_ = "time limit reached (z3: " + reason_ + ")";
  return SolveStatus::Unknown;
}

bool Z3Backend::value(int lit) {
  // model_completion: a variable Z3 never needed is false, as it would be for CaDiCaL.
  const bool v = z_->model->eval(z_->vars[static_cast<unsigned>((lit > 0 ? lit : -lit) - 1)], true).is_true();
  return lit > 0 ? v : !v;
}

void Z3Backend::set_deadline(std::chrono::steady_clock::time_point deadline) { deadline_ = deadline; }

std::string Z3Backend::version() const {
  unsigned major = 0, minor = 0, build = 0, revision = 0;
  Z3_get_version(&major, &minor, &build, &revision);
  return fmt::format("{}.{}.{}", major, minor, build);
}

}  // namespace carve::encoder
