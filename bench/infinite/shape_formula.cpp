// Writes a shape formula as DIMACS, so that its size and CaDiCaL's time on it can be measured
// outside carve (/usr/bin/cadical is CaDiCaL sc2021, carve's own version) and the forms compared
// on the same question:
//   certified  the certified formula (engines/sat/search/shape_search.hpp, shape_no_win_formula: one block
//              per frame j over m(j, n) slots, the target's lex-leader chains; Lemma 6);
//   frames     the same blocks without the chains;
//   joint      the certified formula before Lemma 6: one K-turn play over m(K, n) slots and
//              "some frame is won", no chains.
// No stability lemmas: for trail and simple kinds a refutation of the file still certifies (the
// lemmas only add implied clauses). NODES (0: the theorem's bound) overrides every block's slots.
// For the certified form it also prints each block's selector and its turns' collapse and trigger
// literals (the cubes of shape_bound.md's split measurements are made of them).
// usage: carve_shape_formula PROFILE TARGET TURNS OUT.cnf [NODES [certified|frames|joint]]
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <optional>
#include <string>
#include <vector>

#include "checkers/shape/compress.hpp"
#include "rules/elaborate/case.hpp"
#include "rules/elaborate/elaborate.hpp"
#include "engines/solvers/dimacs_writer.hpp"
#include "engines/sat/search/no_win_certificate.hpp"
#include "engines/sat/shape/shape_encoding.hpp"
#include "engines/sat/search/shape_search.hpp"

namespace {

using namespace carve;

std::size_t slots(const model::Game& game, const model::Target& target, int j, std::optional<std::size_t> nodes) {
  return nodes.value_or(shape::shape_bound(static_cast<std::size_t>(j), target, game.rules.path()));
}

void joint(const model::Game& game, const model::Target& target, int turns, std::optional<std::size_t> nodes,
           encoder::DimacsRecorder& out) {
  encoder::Cnf cnf(out);
  encoder::ShapeEncoding enc(game, target, cnf, slots(game, target, turns, nodes));
  while (enc.turns() < turns) enc.add_turn();
  encoder::require_some_frame_won(cnf, game, enc, turns);
}

void frames(const model::Game& game, const model::Target& target, int turns, std::optional<std::size_t> nodes,
            encoder::DimacsRecorder& out) {
  encoder::Cnf cnf(out);
  std::vector<int> some_frame;
  for (int j = game.rules.reading.start_win == model::sw::StartWin::No ? 1 : 0; j <= turns; ++j) {
    some_frame.push_back(cnf.var());
    encoder::Cnf::Guard only_if_chosen(cnf, -some_frame.back());
    encoder::ShapeEncoding enc(game, target, cnf, slots(game, target, j, nodes));
    while (enc.turns() < j) enc.add_turn();
    cnf.clause({enc.victory(j)});
  }
  cnf.clause(some_frame);
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 5) {
    std::fprintf(stderr, "usage: %s PROFILE TARGET TURNS OUT.cnf [NODES [certified|frames|joint]]\n", argv[0]);
    return 2;
  }
  const auto spec = elab::load_spec("spec/binary_tree.carve");
  elab::Settings s;
  s.profile = {argv[1], {}};
  s.depth = elab::Located<int>{4, {}};
  const auto game = elab::elaborate(spec, s);
  const auto target = model::parse_target_auto(argv[2]);
  const int turns = std::atoi(argv[3]);
  std::optional<std::size_t> nodes;
  if (argc > 5 && std::atoi(argv[5]) > 0) nodes = static_cast<std::size_t>(std::atoi(argv[5]));
  const std::string form = argc > 6 ? argv[6] : "certified";
  encoder::DimacsRecorder out;
  std::vector<encoder::CertifiedBlock> blocks;
  if (form == "joint")
    joint(game, target, turns, nodes, out);
  else if (form == "frames")
    frames(game, target, turns, nodes, out);
  else
    encoder::shape_no_win_formula(game, target, turns, nodes, nullptr, out, &blocks);
  std::ofstream f(argv[4]);
  out.write_dimacs(f);
  std::printf("%s %s %s k=%d: %s, %zu slots for k, variables %d clauses %zu\n", argv[1], argv[2], form.c_str(), turns,
              form.c_str(), slots(game, target, turns, nodes), out.variables(), out.clauses());
  // The certified formula's blocks (Lemma 6), for splitting it into cubes by hand: a block is its
  // selector's unit clause; a turn collapses or is stable by its collapse literal's sign, and its
// succession falls due by its trigger literal's.
  for (const auto& b : blocks) {
    std::printf("block %d selector %d collapse", b.frame, b.selector);
    for (int c : b.collapse) std::printf(" %d", c);
    std::printf(" trigger");
    for (int c : b.trigger) std::printf(" %d", c);
    std::printf("\n");
  }
  return 0;
}
