// One positional step: along a slot, and the automaton's move (see positional_step.hpp).
#include "engines/sat/paths/positional_step.hpp"

#include "engines/sat/frames/virtual_slots.hpp"

namespace carve::encoder {

std::vector<std::vector<int>> automaton_rows(Cnf& cnf, const model::DensityAutomaton& dfa, int steps) {
  std::vector<std::vector<int>> dq(static_cast<std::size_t>(steps) + 1, std::vector<int>(static_cast<std::size_t>(dfa.states())));
  for (auto& row : dq)
    for (auto& x : row) x = cnf.var();
  cnf.clause({dq[0][static_cast<std::size_t>(dfa.start())]});
  return dq;
}

void automaton_step(Cnf& cnf, const model::DensityAutomaton& dfa, const std::vector<int>& now, const std::vector<int>& next,
                    int active, int isv) {
  for (int q = 0; q < dfa.states(); ++q) {
    const int from = now[static_cast<std::size_t>(q)];
    for (int typ = 0; typ < 2; ++typ) {
      const int q2 = dfa.step(q, typ ? model::EdgeType::V : model::EdgeType::T);
      const int tlit = typ ? isv : -isv;
      if (q2 == model::DensityAutomaton::kDead)
        cnf.clause({-from, -active, -tlit});
      else
        cnf.clause({-from, -active, -tlit, next[static_cast<std::size_t>(q2)]});
    }
  }
}

int slot_step(Cnf& cnf, const SlotInTurn& slot, int active, int isv, const std::vector<int>& here, const std::vector<int>& there) {
  const auto& sl = slot.slot;
  const int st = cnf.var(), from_a = cnf.var(), from_b = cnf.var();
  cnf.clause({-st, active});
  cnf.clause({-st, slot.present});
  cnf.clause({-st, isv});
  cnf.clause({-from_a, st});
  cnf.clause({-from_b, st});
  for (std::size_t v = 0; v < here.size(); ++v) {
    cnf.clause({-st, -here[v], sl.a[v], sl.b[v]});
    cnf.clause({-st, -here[v], -sl.a[v], from_a});
    cnf.clause({-st, -here[v], -sl.b[v], from_b});
  }
  implies_at_end(cnf, {from_a}, sl.b, there);
  implies_at_end(cnf, {from_b}, sl.a, there);
  return st;
}

}  // namespace carve::encoder
