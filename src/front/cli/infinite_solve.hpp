// carve solve --depth any: the question about the infinite tree of document 000, answered by the
// shape engine (engines/sat/search/shape_search.hpp; the theorem is docs/infinite-tree.md). A win is printed
// on the shape the solver chose, after replaying it there; a no-win holds at every depth, and with
// --proof it is certified by a DRAT proof of the shape formula.
// Invariant: the output has the fields and exit codes of `carve solve` (verdict, witness,
// component, encoding, proof), with scope.statement "infinite tree (theorem: docs/infinite-tree.md)";
// an engine other than sat (or auto) is refused by name with exit code 2 before any work.
#pragma once
#include <string>

#include "front/cli/certified_question.hpp"
#include "front/cli/common.hpp"
#include "front/cli/solve_report.hpp"

namespace carve::cli {

struct InfiniteQuestion {
  const elab::Case* question = nullptr;
  elab::Engine engine = elab::Engine::Auto;  // as asked: auto, sat, explicit, smt
  std::string witness_path;
  std::string render_dir;
  std::string proof_path;
  bool proof_binary = true;
  unsigned seed = 0;
  int min_turns = 0;         // --min-turns: frames below are not asked (no proof, no no-win)
  RunOptions run;
  CertifiedQuestion certified;  // what a certificate manifest records
  int part_jobs = 1;            // --proof-parts --jobs N: parts refuted and checked at once (threads)
  std::string part_ledger;      // --part-ledger DIR: the parts' ledger (engines/sat/search/part_ledger.hpp)
  bool proof_in_memory = false;  // --proof-in-memory: each part's proof held compressed, checked there, no file
};

int solve_infinite(const InfiniteQuestion& q);

}  // namespace carve::cli
