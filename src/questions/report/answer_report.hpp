// The one writer of an engine's answer (answer::Answer, as engines/registry's adapters give it),
// text and JSON, for every report that prints one: solve (within a depth bound and on the
// infinite tree), check (each case's `result`), diff (each question's `answers`), explain (each
// trial), the atlas's records and split's parts (`answer`), and through them atlas and solve
// --split. What a report adds around it -- the question as loaded, the comparison with an
// expectation, the other reading, the relaxed rules, the record's lower bound -- is its own; the
// answer's part is written here and nowhere else (its play by play_report.hpp, its certificate by
// certificate_report.hpp).
// Invariant: two commands that print the same Answer of the same question print the same JSON
// object (tests/cli: AnswerWriter.*); what it writes comes from the Answer and the question's
// game alone, and a field the engine did not give (an encoding after an allocation failed) is
// left out, never made up.
#pragma once
#include <string>

#include <nlohmann/json.hpp>

#include "engines/answer/answer.hpp"
#include "questions/report/certificate_report.hpp"
#include "rules/model/target.hpp"

namespace carve::report {

inline constexpr const char* kInfiniteScope = "infinite tree (theorem: docs/infinite-tree.md)";

struct AnswerReport {
  const model::Game& game;      // the question's (the witness may be on the Answer's own game: the winning shape)
  const model::Target& target;
  int turns = 0;                // the question's bound
  const answer::Answer& answer;
  bool infinite = false;        // --depth any: the shape engine's answer on the infinite tree
  bool proof_asked = false;     // a no-win certificate was asked for (solve --proof; explain: the answer carries one)
  CertificateWhere certificate = {};  // where its files are, its manifest (FILE.certificate.json) when one was written
  std::string witness_path = {};  // a witness file written on a win (text only: solve --witness)
};

// The answer's object: verdict, turns, witness, component, seconds, reason, engine,
// completed_turns, the engine's statistics (states and successors, or the encoding and solver),
// the infinite tree's shape, and with a proof request the certificate (`proof`, or
// `proof_not_written`). solve --json is this object and the question's fields.
nlohmann::json answer_json(const AnswerReport& r);

// The answer in text from its verdict line on: "verdict   win in 2 turns (...)", the witness's
// turns and component, or the certificate; one line a field, as solve prints them.
std::string answer_text(const AnswerReport& r);

// The verdict in words, as a report's line opens with it: "win in 2 turns", "no-win", "unknown:
// REASON" (solve's verdict line, explain's trials).
std::string verdict_words(const answer::Answer& a);

// "every play of at most K turns was covered", or that no number of turns was.
std::string covered_text(int completed_turns);

// The shapes of an infinite-tree answer; zeros when the engine gave none (an allocation failed).
answer::ShapeScope shape_of(const answer::Answer& a);

// The encoding's lines of the text header ("encoding  ...", "variables ..."): empty when the
// engine gave none.
std::string encoding_text(const AnswerReport& r);

}  // namespace carve::report
