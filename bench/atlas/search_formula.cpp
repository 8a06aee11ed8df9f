// Writes an atlas question's certified formula of "a win within K turns" as DIMACS -- what the
// atlas's certificate of a no-win within K refutes (certificate_first: no_win_formula without
// lemmas, with the search's lex-leader chains; path=walk, where the formula alone decides) -- so
// that CaDiCaL's time on it can be set beside the incremental search's, frame by frame, on the same
// question (bench/atlas/README.md, "Searching from the certified formula"). A model is a play of at
// most K turns that wins; a refutation certifies the no-win within K.
// usage: carve_atlas_formula PROFILE DEPTH TARGET TURNS OUT.cnf   (run from the repository's top)
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <string>

#include "engines/sat/search/certificate_first.hpp"
#include "engines/sat/search/no_win_certificate.hpp"
#include "rules/elaborate/case.hpp"
#include "rules/elaborate/elaborate.hpp"

int main(int argc, char** argv) {
  using namespace carve;
  if (argc != 6) {
    std::fprintf(stderr, "usage: %s PROFILE DEPTH TARGET TURNS OUT.cnf\n", argv[0]);
    return 2;
  }
  const auto spec = elab::load_spec("spec/binary_tree.carve");
  elab::Settings s;
  s.profile = {argv[1], {}};
  s.depth = elab::Located<int>{std::atoi(argv[2]), {}};
  const auto game = elab::elaborate(spec, s);
  if (!encoder::certificate_needs_no_search(game)) {
    std::fprintf(stderr, "%s: the formula alone decides only under path=walk (profiles literal, lenient)\n", argv[1]);
    return 2;
  }
  const auto target = model::parse_target_auto(argv[3]);
  const int turns = std::atoi(argv[4]);
  encoder::DimacsRecorder out;
  const auto f = encoder::no_win_formula(game, target, turns, 0, nullptr, out, nullptr, {}, true);
  if (auto why = f.uncovered(); !why.empty()) {
    std::fprintf(stderr, "not exact: %s\n", why.c_str());
    return 2;
  }
  std::ofstream file(argv[5]);
  out.write_dimacs(file);
  std::printf("%s d%s %s k=%d: variables %d clauses %zu (%zu of the lex-leader chains)\n", argv[1], argv[2], argv[3], turns,
              out.variables(), out.clauses(), f.symmetry_clauses);
  return 0;
}
