// Verdict differences: the first question of a family (scope, target; in Family's order) on which
// two readings' shortest-carving answers within k turns differ, with every answer certified.
// Invariant: a question counts as answered alike only when both sides' answers are certified
// (a win by its witness replayed through the reference semantics at the shortest k, plus an
// accepted DRAT proof of no-win at k - 1 when k > 0; a no-win by an accepted DRAT proof at the
// bound) or, where the certificate route refuses the rules, by the named engine with the refusal
// recorded as uncertified; the difference is reported at k* (the winner's shortest turns) with
// the winner's replayed witness and the loser's no-win proof at some k >= k*. A limit reached
// anywhere makes the whole answer `unknown` with the question it stopped at, never a partial
// "no difference". On the infinite tree (the family's one scope kInfiniteTree) every answer is the
// shape engine's: a win's witness replayed on its shape (the game on Ω by Lemma 0 of
// docs/infinite-tree.md), each no-win a DRAT refutation of the shape formula (Lemma 6: no play of
// at most k turns wins at any depth); rules the shape engine does not encode are never compared
// (infinite_tree_refusal, asked by the caller before any work).
#pragma once
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "engines/explicit/explicit_search.hpp"
#include "engines/sat/search/no_win_certificate.hpp"
#include "questions/diff/family.hpp"
#include "rules/elaborate/engine.hpp"
#include "foundations/limits/budget.hpp"
#include "rules/model/game.hpp"
#include "rules/model/refusal.hpp"

namespace carve::diff {

// A reading's game at one scope (000: depth; 001: number of variables).
using GameAt = std::function<model::Game(int scope)>;

// One reading's answer: the engine's answer::Answer as its adapter gave it (the certificate it
// carried moved to the run's certificates).
struct SideAnswer : answer::Answer {
  bool same_as(const SideAnswer& o) const { return verdict == o.verdict && turns == o.turns; }
  std::string text() const;  // "win in 2", "no-win within 5"
};

struct Certificate {
  enum class Kind { Witness, NoWin } kind = Kind::Witness;
  int side = 0;              // 0: reading A, 1: reading B
  int scope = 0;
  std::size_t target = 0;    // index into the family's targets
  int turns = 0;             // the witness's length, or the k of "no play of at most k turns wins"
  bool certified = false;
  std::string detail;        // the checker's summary, the replay's result, or why there is none
  std::string cnf, proof, cnf_sha256;
  double seconds = 0;
  std::optional<encoder::NoWinCertificate> no_win;  // a no-win's certificate as the sat engine gave it (reports write it whole)
};

struct Question {
  int scope = 0;
  std::size_t target = 0;
  SideAnswer side[2];
  bool differs() const { return !side[0].same_as(side[1]); }
};

struct VerdictDiffOptions {
  elab::Engine engine = elab::Engine::Auto;  // the search engine (auto, explicit, sat, smt)
  std::string proof_dir;        // where each certificate's CNF and DRAT files go (must exist)
  limits::Limits limits;        // for the whole run
  std::function<void(const std::string&)> progress;  // one line per question, when set
};

struct VerdictDiff {
  enum class Status { Found, NoneWithinBounds, Unknown } status = Status::Unknown;
  std::string reason;                  // unknown: the limit and where it stopped
  std::vector<Question> questions;     // in the family's order, up to the difference (or all)
  std::vector<Certificate> certificates;
  // The difference: the last question; `winner` wins in `k` turns, the other side cannot.
  int winner = 0;
  int k = 0;
  double search_seconds = 0, certification_seconds = 0;
  std::size_t certified() const;      // certificates accepted
  std::size_t uncertified() const;    // certificates that could not be had (refused route)
  // The certificates of the questions before the difference: the minimality certificates.
  std::size_t minimality_certificates() const;
  // Index of the certificate for the difference on `side`: the witness (winner) or a no-win
  // at some k >= the winner's k (loser).
  std::optional<std::size_t> difference_certificate(int side) const;
};

// On the infinite tree, `options.engine` must be auto or sat (the shape encoding answers on the
// sat engine) and no reading may be refused by the shape engine (a logic_error otherwise).
VerdictDiff verdict_diff(const GameAt& a, const GameAt& b, const Family& family, const VerdictDiffOptions& options);

// Why the shape engine does not answer some question of the family on the infinite tree: the
// first reading (0: A, 1: B) and target it refuses, with the rule by name; nothing when it answers
// them all.
struct InfiniteTreeRefusal {
  int side = 0;
  model::Refusal refusal;
};
std::optional<InfiniteTreeRefusal> infinite_tree_refusal(const GameAt& a, const GameAt& b, const Family& family);

// "depth 3", "variables 2", or "the infinite tree" for kInfiniteTree: a scope in a report's words.
std::string scope_words(int scope, const char* scope_name);

}  // namespace carve::diff
