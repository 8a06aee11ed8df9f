// One step of a collapse path encoded by positions (a one-hot row of vertex literals per
// position), shared by PositionalPath (a bounded scope) and ShapeSplit (a solver-chosen shape):
// the step along a virtual slot, and the density automaton's move over the step's type.
// Invariant: a step literal implies the step is active and ends where the rows say; the
// automaton rows admit exactly the runs of the automaton, and none through its dead state.
#pragma once
#include <vector>

#include "engines/solvers/cnf.hpp"
#include "engines/sat/frames/turn_collapse.hpp"
#include "rules/model/density_automaton.hpp"

namespace carve::encoder {

// Per position 0..steps, a literal per automaton state; position 0 holds the start state.
std::vector<std::vector<int>> automaton_rows(Cnf& cnf, const model::DensityAutomaton& dfa, int steps);

// The active step from row `now` to row `next` reads one letter: V when isv holds, else T.
void automaton_step(Cnf& cnf, const model::DensityAutomaton& dfa, const std::vector<int>& now, const std::vector<int>& next,
                    int active, int isv);

// A fresh literal for "this active step runs along `slot`" (present, type V): it leaves the
// position `here` at one end of the slot and arrives in `there` at the other.
int slot_step(Cnf& cnf, const SlotInTurn& slot, int active, int isv, const std::vector<int>& here, const std::vector<int>& there);

}  // namespace carve::encoder
