// Z3 adapter. The solver is Z3's QF_FD solver (its SAT core with native cardinality and
// pseudo-Boolean constraints, incremental under assumptions), the logic the encoding lives in.
// The remaining time until the deadline becomes the "timeout" parameter before every check.
//
// Native at-most-one goes by the row's length (Z3Options::native_at_most_one_from, `solve
// --z3-native-from N`; `--z3-native-cardinality` is N = 2): rows of at least 512 literals become
// one Z3 atmost, shorter rows the sequential counter's clauses. Measurements set that default.
// - Short rows: native is slower. bench/carving/backends_table.py --engines sat,smt,smt-native
//   --depths 3 --profiles simple,trail,literal,lenient --targets P3,K3,C4 --repeats 3 (D = 3,
//   k = 3, medians of 3, interleaved on 2 loaded cores; every row at most 15 literals): native
//   atmost was slower on 8 of 11 instances, e.g. simple K3 5.66 s vs 1.02 s, trail K3 16.2 s vs
//   9.3 s, literal P3 1.34 s vs 0.55 s; faster only on trail P3 (1.08 vs 1.35) and lenient P3
//   (1.41 vs 1.99), level on lenient K3 (1.90 vs 1.91).
// - Very long rows: clauses stall Z3. The 001 path encoding picks one of all edge elements per
//   step. cases/triangle/triple_edge_6vars_k4.case has 48 such rows of 512..2047 literals: as
//   clauses (N = 0 or 2048) Z3 answered unknown after 1500 s (and after 120 s at N = 2048, 4096);
//   with them native it answers no-win over seeds 0..5 in 8-24 s (N = 128) and 9-30 s (N = 512).
// - Mid-length rows: native was slower again. 5 variables, target {a,b},{b,c}, k = 2 (rows of
//   128..511 literals), seeds 0..3: N = 0 gave 1.3, 39.6, 11.2, 21.4 s; N = 128 gave 63.6, 21.2,
//   27.8, 59.8 s. With N = 512 that formula is the clause-only one.
// The 000 encodings have no row that long at depths 5 and 6 (C4, k = 3, literal and simple:
// `--json` reports encoding.native_at_most_one = 0), so they are unchanged.
#include "engines/solvers/z3_backend.hpp"

#include <z3++.h>

#include <algorithm>
#include <condition_variable>
#include <mutex>
#include <optional>
#include <thread>

#include <fmt/format.h>

#include "foundations/limits/budget.hpp"
#include "foundations/limits/poll_watch.hpp"
#include "foundations/limits/resident_memory.hpp"

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

namespace {

// Z3's memory manager throws when an allocation would pass memory_max_size.
bool out_of_memory(const z3::exception& e) { return std::string(e.msg()).find("out of memory") != std::string::npos; }

}  // namespace

// The global parameter must be set before the context exists: a context reads it when made.
// Z3 gets what is left of the ceiling (its count is of its own allocations only).
std::unique_ptr<Z3Backend::State> Z3Backend::make_state(const Z3Options& options) {
  if (options.memory_mb > 0) {
    const std::size_t used = limits::resident_mb();
    const std::size_t left = options.memory_mb > used + 16 ? options.memory_mb - used : 16;
    Z3_global_param_set("memory_max_size", std::to_string(left).c_str());
  }
  return std::make_unique<State>();
}

template <class F>
auto Z3Backend::guarded(F&& f) -> decltype(f()) {
  try {
    return f();
  } catch (const z3::exception& e) {
    if (!out_of_memory(e)) throw;
    throw limits::LimitReached(fmt::format("memory limit {} MB reached (z3: out of memory)", options_.memory_mb));
  }
}

Z3Backend::Z3Backend(const Z3Options& options) : z_(make_state(options)), options_(options) {
  z3::params p(z_->ctx);
  p.set("random_seed", options.seed);
  // Z3 would catch SIGINT itself during a check and answer "canceled", hiding the interrupt
  // from carve (foundations/limits/interrupt.hpp); a PollWatch stops Z3 when the budget sees it instead.
  p.set("ctrl_c", false);
  if (options.memory_mb > 0) p.set("max_memory", static_cast<unsigned>(options.memory_mb));
  z_->solver.set(p);
}

Z3Backend::~Z3Backend() = default;

int Z3Backend::new_var() {
  return guarded([&] {
    const int v = static_cast<int>(z_->vars.size()) + 1;
    z_->vars.push_back(z_->ctx.bool_const(fmt::format("x{}", v).c_str()));
    return v;
  });
}

void Z3Backend::add_clause(const std::vector<int>& lits) {
  z_->model.reset();
  guarded([&] {
    if (lits.size() == 1) {
      z_->solver.add(z_->lit(lits[0]));
      return;
    }
    z3::expr_vector c(z_->ctx);
    for (int l : lits) c.push_back(z_->lit(l));
    z_->solver.add(z3::mk_or(c));
  });
}

bool Z3Backend::at_most_one(const std::vector<int>& lits) {
  const std::size_t from = options_.native_at_most_one_from;
  if (from == 0 || lits.size() < from) return false;
  z_->model.reset();
  guarded([&] {
    z3::expr_vector c(z_->ctx);
    for (int l : lits) c.push_back(z_->lit(l));
    z_->solver.add(z3::atmost(c, 1));
  });
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
    // One millisecond past the deadline, so that the budget, asked after Z3 stops, agrees that
    // the deadline passed and reports the limit in its own words.
    const auto ms = std::chrono::ceil<std::chrono::milliseconds>(deadline_ - now).count() + 1;
    z3::params p(z_->ctx);
    p.set("timeout", static_cast<unsigned>(std::clamp<long long>(ms, 1, 4'000'000'000LL)));
    z_->solver.set(p);
  }
  z3::expr_vector a(z_->ctx);
  for (int l : assumptions) a.push_back(z_->lit(l));
  z3::check_result result = z3::unknown;
  {
    // Z3 offers no callback during check(): this polls the interrupt every 5 ms (the budget's
    // memory ceiling, the progress line) and interrupts the context when it answers true.
    limits::PollWatch w(interrupt_, [this] { z_->ctx.interrupt(); }, std::chrono::milliseconds(5));
    result = guarded([&] { return z_->solver.check(a); });
  }
  switch (result) {
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

std::string Z3Backend::configuration() const {
  const std::size_t from = options_.native_at_most_one_from;
  if (from == 0) return "QF_FD, at-most-one as clauses";
  if (from <= 2) return "QF_FD, every at-most-one as native atmost";
  return fmt::format("QF_FD, native atmost from {} literals", from);
}

std::string Z3Backend::version() const {
  unsigned major = 0, minor = 0, build = 0, revision = 0;
  Z3_get_version(&major, &minor, &build, &revision);
  return fmt::format("{}.{}.{}", major, minor, build);
}

}  // namespace carve::encoder
