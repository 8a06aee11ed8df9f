// The infinite-tree engine for document 000 (docs/infinite-tree.md): frame by frame, CaDiCaL on
// the shape encoding with m = 13K + n + 2 nodes (14K + 2n + 5 for walks) for a question of at most K turns and a target of
// n vertices; a model is decoded into a shape and a play on it and replayed through the reference
// semantics in the game on that shape (which is the game on the infinite tree, Lemma 0); a stable
// move that does not replay becomes a stability lemma (trail and simple kinds).
// Invariant: `win` only with a witness that replayed turn by turn in `game` (the shape's game) and
// wins first at its last turn; `no-win` only when every frame j up to K was refuted with at least
// shape_bound(j, n) nodes -- then it holds on the infinite tree at every depth -- or, with a
// proof request, when the certified formula was refuted and the refutation checked (before the
// search, or after it with its lemmas: ShapeOptions::certify); `unknown` otherwise (always
// instead of no-win when ShapeOptions::min_turns skipped frames).
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "engines/answer/answer.hpp"
#include "rules/model/collapse_paths.hpp"
#include "engines/sat/search/no_win_certificate.hpp"

namespace carve::encoder {

struct ShapeOptions {
  int max_turns = 3;
  model::Budget budget;
  bool progress = false;
  std::optional<ProofRequest> proof;
  unsigned seed = 0;
  // Fewer nodes than the theorem's bound (tests, benchmarks): a no-win then says only "no play on
  // a shape of this many nodes" and is reported as unknown for the infinite tree.
  std::optional<std::size_t> nodes;
  // Lex-leader chains for the target's automorphisms in the search (never in the certified formula).
  bool symmetry_breaking = true;
  // Ask only frames min_turns..max_turns (solve --min-turns): a win found there is a real win but
  // not proved shortest, and refuting them is no no-win (frames below were not asked), so the
  // answer is then `unknown`; never with a proof request (logic_error).
  int min_turns = 0;
  // How a proof request is answered (docs/infinite-tree.md, "Certificate"). `RulesFirst`: the
  // certified formula of the rules alone -- no stability lemma -- is refuted before any search,
  // which runs only when that formula has a model (under walks a win; under trail, simple and
  // simple-or-cycle perhaps only a stable move the rules forbid, which the search's lemmas then
  // exclude). `AfterSearch`: the search runs first and the formula carries the lemmas it learnt
  // (how verify-certificate re-derives a certificate that records lemmas). With
  // ProofRequest::formula_only, `RulesFirst` answers with the rules-alone formula, searching nothing.
  enum class Certify { RulesFirst, AfterSearch };
  Certify certify = Certify::RulesFirst;
  // A proof request is answered by parts (engines/sat/search/certified_cubes.hpp): the certified formula cut
  // by its last frame's collapse cubes, each part refuted and checked on its own.
  bool by_parts = false;
};

struct ShapeResult {
  answer::Result result;                 // the witness in `game`'s vertex ids
  std::optional<model::Game> game;       // on a win: the rules on the winning shape
  std::vector<std::string> words;        // on a win: the shape
  std::size_t nodes = 0;                 // m, the nodes of the encoded shapes
  std::size_t bound = 0;                 // shape_bound(K, n): what the theorem needs
  std::size_t variables = 0, clauses = 0, lemmas = 0;
  int lowest_frame = 1;                  // 0 when S_0 may already win (start-win)
  int first_frame = 1;                   // the first frame asked (ShapeOptions::min_turns may skip some)
  bool frames_skipped() const { return first_frame > lowest_frame; }
  // A win is shortest: every frame below it was refuted, or it is as short as a win can be (a
  // win cut at its first winning turn from a later frame may be).
  bool shortest() const { return result.verdict == answer::Verdict::Win && (!frames_skipped() || *result.turns <= lowest_frame); }
  int solver_calls = 0;
  std::uint64_t learned_clauses = 0;
  std::string solver, solver_version, solver_configuration;
  std::optional<NoWinCertificate> certificate;
};

ShapeResult shape_search(const model::Game& game, const model::Target& target, const ShapeOptions& options);

// The certified formula (docs/infinite-tree.md, Lemma 6): for each frame j the search asks about
// (1 or 0 .. K), a block "a j-turn play on a shape of m(j, n) nodes (or `nodes`) won at frame j"
// with the lex-leader chains of Aut(G*) over its victory map and the lemmas of `lemmas_from` that
// fit its nodes, every clause guarded by the block's selector; and "some selector holds".
// `blocks` (may be null) receives each block's selector and its turns' collapse literals: the
// literals a split of the formula into cubes would branch on (bench/infinite/shape_formula.cpp).
struct CertifiedBlock {
  int frame = 0, selector = 0;
  std::vector<int> collapse;  // per turn: the turn collapses (else it is stable)
  std::vector<int> trigger;   // per turn: succession falls due
};
NoWinFormula shape_no_win_formula(const model::Game& game, const model::Target& target, int turns,
                                  std::optional<std::size_t> nodes, const class ShapeEncoding* lemmas_from,
                                  DimacsRecorder& out, std::vector<CertifiedBlock>* blocks = nullptr);

}  // namespace carve::encoder
