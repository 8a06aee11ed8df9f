// The engines as one closed choice (rules/elaborate/engines.def): the enum, each engine's name and help,
// the SAT solver of the symbolic ones (rules/elaborate/solvers.def), and the one place a name becomes an engine. No code compares engine names as strings: a name
// read from a case file, an atlas plan or the command line is parsed here once.
// Invariant: parse(name(e)) == e for every engine e.
#pragma once
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace carve::elab {

enum class Engine {
#define ENGINE(Enum, name, help, automatic, bounded, solver, adapter) Enum,
#include "rules/elaborate/engines.def"
#undef ENGINE
};

const char* name(Engine e);
const char* help(Engine e);
// The engine `name` names (its letter case as written in the table), if any.
std::optional<Engine> parse(std::string_view name);
// The engines that answer within a depth bound -- auto, sat, explicit, smt -- for a question's
// `engine` item and --engine, as "auto, sat, explicit or smt".
std::vector<Engine> bounded();
// The engines `auto` may choose, in its order of preference: the engines a case's `engine` item
// may name (sat, explicit, smt).
std::vector<Engine> automatic();
// "a, b or c" of the engines' names.
std::string names_text(const std::vector<Engine>& engines);
// The SAT solvers (rules/elaborate/solvers.def): a closed choice, never a string compared.
enum class Solver {
#define SOLVER(Enum, name) Enum,
#include "rules/elaborate/solvers.def"
#undef SOLVER
};
const char* name(Solver s);  // "cadical", "z3" (as the back end names itself)

// The engines that run the SAT encoding (sat, smt), and the solver each uses (the table's column).
bool symbolic(Engine e);
Solver solver(Engine e);  // Cadical for sat, Z3 for smt
// The symbolic engine whose solver `solver` is (Z3: smt), if any.
std::optional<Engine> by_solver(Solver solver);

}  // namespace carve::elab
