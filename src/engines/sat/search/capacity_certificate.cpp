// The capacity certificate's formula (capacity_certificate.hpp), and its refutation checked.
#include "engines/sat/search/capacity_certificate.hpp"

#include <algorithm>
#include <set>

#include <fmt/format.h>

namespace carve::encoder {

void capacity_formula(const model::Game& game, const model::CapacityGap& gap, DimacsRecorder& out, std::vector<std::string>& head) {
  const auto& ops = game.rules.operators;
  std::set<std::string> named;
  std::size_t slots = 0;
  for (const auto& op : ops) {
    named.insert(op.slot_preds.begin(), op.slot_preds.end());
    slots = std::max(slots, op.slot_preds.size());
  }
  const std::vector<std::string> sorts(named.begin(), named.end());
  const std::size_t k = gap.set_size, m = gap.needed;
  const auto exactly_one = [&out](const std::vector<int>& lits) {
    out.add_clause(lits);
    for (std::size_t a = 0; a < lits.size(); ++a)
      for (std::size_t b = a + 1; b < lits.size(); ++b) out.add_clause({-lits[a], -lits[b]});
  };
  std::vector<std::vector<int>> sort_of(k);  // sort_of[i][s]: vertex i has sort s
  for (auto& row : sort_of) {
    for (std::size_t s = 0; s < sorts.size(); ++s) row.push_back(out.new_var());
    exactly_one(row);
  }
  std::vector<std::vector<int>> op_of(m);                  // op_of[c][o]: element c is of operator o
  std::vector<std::vector<std::vector<int>>> slot_to(m);   // slot_to[c][j][i]: element c's slot j is vertex i
  for (std::size_t c = 0; c < m; ++c) {
    for (std::size_t o = 0; o < ops.size(); ++o) op_of[c].push_back(out.new_var());
    exactly_one(op_of[c]);
    slot_to[c].assign(slots, {});
    for (auto& j : slot_to[c])
      for (std::size_t i = 0; i < k; ++i) j.push_back(out.new_var());
    for (std::size_t o = 0; o < ops.size(); ++o)
      for (std::size_t j = 0; j < slots; ++j) {
        if (j >= ops[o].slot_preds.size()) {  // no such slot: mapped nowhere
          for (int x : slot_to[c][j]) out.add_clause({-op_of[c][o], -x});
          continue;
        }
        std::vector<int> some{-op_of[c][o]};
        for (int x : slot_to[c][j]) some.push_back(x);
        out.add_clause(some);
        for (std::size_t a = 0; a < k; ++a)
          for (std::size_t b = a + 1; b < k; ++b) out.add_clause({-slot_to[c][j][a], -slot_to[c][j][b]});
        const std::size_t s = static_cast<std::size_t>(std::find(sorts.begin(), sorts.end(), ops[o].slot_preds[j]) - sorts.begin());
        for (std::size_t i = 0; i < k; ++i) out.add_clause({-op_of[c][o], -slot_to[c][j][i], sort_of[i][s]});
      }
    for (std::size_t i = 0; i < k; ++i) {  // onto: every vertex is some slot's
      std::vector<int> hit;
      for (std::size_t j = 0; j < slots; ++j) hit.push_back(slot_to[c][j][i]);
      out.add_clause(hit);
    }
  }
  // Elements c < d differ: some operator or slot literal true for c and false for d.
  for (std::size_t c = 0; c < m; ++c)
    for (std::size_t d = c + 1; d < m; ++d) {
      std::vector<int> differs;
      const auto apart = [&](int a, int b) {
        const int y = out.new_var();
        out.add_clause({-y, a});
        out.add_clause({-y, -b});
        differs.push_back(y);
      };
      for (std::size_t o = 0; o < ops.size(); ++o) apart(op_of[c][o], op_of[d][o]);
      for (std::size_t j = 0; j < slots; ++j)
        for (std::size_t i = 0; i < k; ++i) apart(slot_to[c][j][i], slot_to[d][j][i]);
      out.add_clause(differs);
    }
  head = {"carve: the capacity theorem's formula (rules/model/target_capacity.hpp; docs/explain.md, \"The capacity theorem\")",
          fmt::format("carve: satisfiable iff {} distinct operator tuples can sit on one set of {} formulas", m, k),
          "carve: its refutation, with the theorem (every element a distinct operator tuple whose slots map onto its vertices by",
          "carve: their sorts; the target's parallel edges on one vertex set need as many elements on one set of formulas),",
          "carve: says that no state holds the target: no play of any length wins"};
}

NoWinCertificate certify_capacity(const model::Game& game, const model::CapacityGap& gap, const ProofRequest& request,
                                  limits::Budget& budget) {
  DimacsRecorder formula;
  std::vector<std::string> head;
  capacity_formula(game, gap, formula, head);
  NoWinCertificate c = certify_refutation(head, formula, 0, request, budget);
  c.capacity_theorem = true;
  return c;
}

}  // namespace carve::encoder
