#include <gtest/gtest.h>
#include <iostream>
#include "checker/replay/replay.hpp"
#include "encoder/cadical_backend.hpp"
#include "encoder/hypergraph_encoding.hpp"
#include "elaborate/case.hpp"
#include "explain/relaxations.hpp"
#include "model/semantics.hpp"
namespace carve::testing {
TEST(Debug, Path3Whole) {
  auto c = elab::load_case("cases/triangle/path3_simple.case");
  auto g = explain::relaxed_game(c.game, {"3.2.2", "IV.1", "V"});
  auto t = explain::relaxed_target(g, *c.target);
  for (auto cut : {encoder::ScopeCut::Reduced, encoder::ScopeCut::WholeUniverse}) {
    encoder::CadicalBackend be;
    encoder::Cnf cnf(be);
    encoder::HypergraphEncoding enc(g, t, cnf, 2, 0, cut);
    for (int k = 0; k <= 2; ++k) {
      while (enc.turns() < k) enc.add_turn();
      int w = enc.victory(k);
      for (int round = 0; round < 50; ++round) {
        auto st = be.solve({w});
        std::cout << "cut " << (int)cut << " k=" << k << " status " << (int)st << "\n";
        if (st != encoder::SolveStatus::Sat) break;
        auto play = enc.decode(k);
        model::Budget b;
        auto r = replay::replay(g, play, &t, std::nullopt, b);
        for (auto& m : play) std::cout << "   " << model::move_text(g, m) << "\n";
        std::cout << "  legal " << r.legal << " failed " << r.failed_turn << " " << r.violation.rule << ": " << r.violation.message
                  << " win " << (r.win_turn ? *r.win_turn : -1) << "\n";
        if (!r.legal && !play[r.failed_turn - 1].collapse && r.violation.rule == g.rule_label("collapse")) {
          model::GraphView view(g, r.states[r.failed_turn - 1]);
          view.set_candidate(play[r.failed_turn - 1].added);
          model::CollapsePaths paths(g, view, r.states[r.failed_turn - 1].root);
          auto p = paths.find_any(b);
          if (p->vertices.front() != r.states[r.failed_turn - 1].root && p->vertices.back() == r.states[r.failed_turn - 1].root) {
            std::reverse(p->vertices.begin(), p->vertices.end());
            std::reverse(p->edges.begin(), p->edges.end());
          }
          enc.add_stability_lemma(g, view, *p, r.states[r.failed_turn - 1].root);
          continue;
        }
        break;
      }
    }
  }
}
}
