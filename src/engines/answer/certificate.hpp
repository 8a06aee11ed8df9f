// The record of a certified no-win, as every engine that certifies one gives it and every
// question reports it: the CNF and DRAT files and their SHA-256, the checker's verdict, the
// figures of the formula and the proof. It sits below the engines (engines/sat/search writes it,
// engines/sat/search/no_win_certificate.hpp says how) so that an answer (answer.hpp) carries it
// and a question reads it without knowing which engine made it. The namespace is the one it was
// born in (encoder), kept so that its many readers did not change when it moved down.
// Invariant: `status == Accepted` only when checkers/drat accepted the proof file against the CNF
// file whose SHA-256 is `cnf_sha256`; a certificate by parts is accepted only when its cubes cover
// every assignment and every part in `parts` was accepted.
#pragma once
#include <cstddef>
#include <optional>
#include <string>
#include <vector>

namespace carve::encoder {

// 001: the certified formula's scope beside the search's reduced one, and how the formula covers
// the game's plays. By default the scope is the whole universe (no argument outside the proof);
// where the whole universe is too large to write (hyper_scope.hpp, kWholeUniverseTuples) it is the
// search's scope, reduced by symmetry, and the refutation certifies the no-win with the scope
// theorem of engines/sat/hypergraph/hyper_scope.cpp in its trust base (`by_symmetry`).
// `collapses_over_approximated`: each collapse is "any removal of edges of E'_t" (every legal play
// is still a model: hypergraph_encoding.hpp, Collapses::AnyRemoval), where the search's walks were
// bounded below the proved length and its no-win came from that over-approximation.
struct UniverseScope {
  std::size_t elements = 0, formulas = 0;                // edge elements; formulas a move may mention
  std::size_t search_elements = 0, search_formulas = 0;  // the same in the search's scope
  bool by_symmetry = false;
  bool collapses_over_approximated = false;
  // The universe is already within the saturation counts: the search's formula was this one.
  bool reduction_changes_nothing() const { return elements == search_elements && formulas == search_formulas; }
};

struct NoWinCertificate {
  enum class Status {
    Accepted,     // the checker accepted the proof: the no-win is certified
    Rejected,     // the checker rejected it (an internal error: never a certified no-win)
    Satisfiable,  // the fresh formula has a model (an internal error: it contradicts the no-win)
    LimitReached, // the run's budget (time, memory) ended the fresh solve or the check: no certificate
    CannotWrite,  // the files could not be written (bad --proof path)
    Inexact,      // the formula may miss a play: (001) the certified encoding bounds collapse walks below
                  // the proved length
    FormulaOnly,  // ProofRequest::formula_only: the formula built (in `formula`), nothing solved or checked
  };
  Status status = Status::LimitReached;
  std::string message;  // the checker's summary or rejection, or why there is no certificate
  std::string cnf_path, proof_path, cnf_sha256;
  std::string proof_sha256;  // the proof's: hashed as CaDiCaL wrote it, or taken from a part's record (empty: no proof)
  bool binary = true;
  std::size_t variables = 0, clauses = 0, stability_lemmas = 0, proof_bytes = 0;
  std::size_t symmetry_clauses = 0;  // lex-leader chain clauses in the formula (NoWinFormula::symmetry_clauses)
  int pinned_turns = 0;              // turns fixed to a play so far (NoWinFormula::pinned_turns)
  std::size_t proof_lemmas = 0, core_lemmas = 0, rat_lemmas = 0;
  double solve_seconds = 0;  // fresh CaDiCaL run with proof tracing (adding clauses included)
  double check_seconds = 0;  // reading both files back and checking
  std::optional<UniverseScope> universe;  // document 001 only
  std::string formula;                    // the DIMACS bytes, with ProofRequest::formula_only only
  std::vector<int> cube;                  // of a part (certify_parts): its cube (DIMACS literals); empty otherwise
  bool reused = false;                    // a part kept from an earlier run (engines/sat/search/part_record.hpp)
  bool refuted_earlier = false;           // a part whose files an earlier run's CaDiCaL wrote; this run checked them
  bool refutation_kept = false;           // a part refuted, its check cut: its files and record stay for a later run
  bool capacity_theorem = false;          // the capacity theorem's formula (engines/sat/search/capacity_certificate.hpp):
                                          // the no-win holds by its refutation and that theorem
  bool from_ledger = false;               // a part taken from its ledger record (engines/sat/search/part_ledger.hpp):
                                          // its files need not be here, its proof is not checked by this run
  std::string ledger_path;                // that record, or (a part accepted by this run) the record written
  // A certificate by parts: each part's certificate in cube order (the files are theirs; the
  // figures above are the parts' sums, `variables` and `clauses` the formula's without a cube).
  std::vector<NoWinCertificate> parts;
  bool accepted() const { return status == Status::Accepted; }
};
const char* status_name(NoWinCertificate::Status s);

}  // namespace carve::encoder
