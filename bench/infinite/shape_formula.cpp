// Writes the shape engine's certified formula (encoder/shape_search.hpp, shape_no_win_formula) as
// DIMACS, so that its size and CaDiCaL's time on it can be measured outside carve's search (the
// same solver version as carve's: /usr/bin/cadical is CaDiCaL sc2021) and variants compared on
// the same formula. Stability lemmas are not included: for trail and simple kinds the file is the
// formula before any lemma, which a refutation still certifies (lemmas only add implied clauses).
// usage: carve_shape_formula PROFILE TARGET TURNS OUT.cnf [NODES [joint|frames|frames-sym]]
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <string>
#include <vector>

#include "checker/shape/compress.hpp"
#include "elaborate/case.hpp"
#include "elaborate/elaborate.hpp"
#include "encoder/dimacs_writer.hpp"
#include "encoder/shape_encoding.hpp"
#include "encoder/shape_search.hpp"

int main(int argc, char** argv) {
  using namespace carve;
  if (argc < 5) {
    std::fprintf(stderr, "usage: %s PROFILE TARGET TURNS OUT.cnf [NODES]\n", argv[0]);
    return 2;
  }
  const auto spec = elab::load_spec("spec/binary_tree.carve");
  elab::Settings s;
  s.profile = {argv[1], {}};
  s.depth = elab::Located<int>{4, {}};
  const auto game = elab::elaborate(spec, s);
  const auto target = model::parse_target_auto(argv[2]);
  const int turns = std::atoi(argv[3]);
  const std::size_t nodes = argc > 5 && std::atoi(argv[5]) > 0 ? static_cast<std::size_t>(std::atoi(argv[5]))
                                     : shape::shape_bound(static_cast<std::size_t>(turns), target.vertex_count(), game.rules.path());
  encoder::DimacsRecorder out;
  std::string gap;
  const std::string mode = argc > 6 ? argv[6] : "joint";
  if (mode == "joint") {
    encoder::shape_no_win_formula(game, target, turns, nodes, nullptr, out, &gap);
  } else {
    // frames[-sym]: one guarded block per frame j, j turns over m(j, n) nodes, won at j.
    encoder::Cnf cnf(out);
    std::vector<int> pick;
    const bool sym = mode == "frames-sym";
    const int first = game.rules.reading.start_win == model::sw::StartWin::No ? 1 : 0;
    for (int j = first; j <= turns; ++j) {
      const int a = cnf.var();
      pick.push_back(a);
      encoder::Cnf::Guard g(cnf, -a);
      const std::size_t mj = shape::shape_bound(static_cast<std::size_t>(j), target.vertex_count(), game.rules.path());
      encoder::ShapeEncoding enc(game, target, cnf, mj, sym);
      while (enc.turns() < j) enc.add_turn();
      cnf.clause({enc.victory(j)});
    }
    cnf.clause(pick);
  }
  std::ofstream f(argv[4]);
  out.write_dimacs(f);
  std::printf("nodes %zu variables %d clauses %zu%s%s\n", nodes, out.variables(), out.clauses(), gap.empty() ? "" : " gap: ",
              gap.c_str());
  return 0;
}
