// Names, help and lists of the engines, generated from rules/elaborate/engines.def.
#include "rules/elaborate/engine.hpp"

#include <stdexcept>

namespace carve::elab {

namespace {

struct Row {
  Engine engine;
  const char* name;
  const char* help;
  bool automatic, bounded;
  Solver solver;
};

constexpr Row kRows[] = {
#define ENGINE(Enum, name, help, automatic, bounded, solver, adapter) {Engine::Enum, name, help, automatic, bounded, Solver::solver},
#include "rules/elaborate/engines.def"
#undef ENGINE
};

const Row& row(Engine e) {
  for (const auto& r : kRows)
    if (r.engine == e) return r;
  throw std::logic_error("elab: an engine without its row in engines.def");
}

}  // namespace

const char* name(Engine e) { return row(e).name; }
const char* help(Engine e) { return row(e).help; }

std::optional<Engine> parse(std::string_view n) {
  for (const auto& r : kRows)
    if (n == r.name) return r.engine;
  return std::nullopt;
}

std::vector<Engine> bounded() {
  std::vector<Engine> out;
  for (const auto& r : kRows)
    if (r.bounded) out.push_back(r.engine);
  return out;
}

std::string names_text(const std::vector<Engine>& all) {
  std::string out;
  for (std::size_t i = 0; i < all.size(); ++i)
    out += (i == 0 ? "" : i + 1 == all.size() ? " or " : ", ") + std::string(name(all[i]));
  return out;
}

std::vector<Engine> automatic() {
  std::vector<Engine> out;
  for (const auto& r : kRows)
    if (r.automatic) out.push_back(r.engine);
  return out;
}

const char* name(Solver s) {
  switch (s) {
#define SOLVER(Enum, name) \
  case Solver::Enum: return name;
#include "rules/elaborate/solvers.def"
#undef SOLVER
  }
  throw std::logic_error("elab: a solver without its row in solvers.def");
}

bool symbolic(Engine e) { return row(e).solver != Solver::None; }

Solver solver(Engine e) {
  if (!symbolic(e)) throw std::logic_error(std::string("elab::solver: ") + name(e) + " runs no SAT solver");
  return row(e).solver;
}

std::optional<Engine> by_solver(Solver s) {
  for (const auto& r : kRows)
    if (r.solver != Solver::None && s == r.solver) return r.engine;
  return std::nullopt;
}

}  // namespace carve::elab
