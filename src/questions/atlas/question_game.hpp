// The pieces of answering an atlas question that a split part shares (questions/atlas/question_run.cpp
// defines them): the question's game elaborated from the plan, the record's common fields, the
// witness written and described, a certificate described.
// Invariant: every record carve writes for a plan's question starts from question_record(), so
// the fields docs/atlas.md lists are there for whole questions and parts alike.
#pragma once
#include <string>

#include <nlohmann/json.hpp>

#include "questions/atlas/plan.hpp"
#include "questions/atlas/question_run.hpp"
#include "engines/explicit/explicit_search.hpp"
#include "rules/elaborate/case.hpp"
#include "engines/sat/search/no_win_certificate.hpp"

namespace carve::atlas {

struct QuestionGame {
  std::string spec_path;
  parser::ast::Spec spec;
  elab::Settings settings;
  model::Game game;
  model::Target target;
};

// Throws elab::InputError on a spec or target that does not elaborate.
QuestionGame elaborate_question(const Plan& plan, const Question& q, const std::string& dir);

// The record's fields before any answer: key, question, reading, rules hash, versions, command,
// host, start time; turns, bounds, witness, certificate and reason empty.
nlohmann::json question_record(const Plan& plan, const Question& q, const RunContext& ctx, const QuestionGame& g);

// Writes the winning play as DIR/witnesses/KEY.case and returns its record entry.
nlohmann::json write_witness(const QuestionGame& g, const answer::Result& r, const std::string& dir, const Question& q);

// A certificate's record entry (files relative to `dir`); deletes its files unless `keep`.
nlohmann::json certificate_record(const encoder::NoWinCertificate& c, int turns, const std::string& dir, bool keep);

// The plan's limits for one phase of a question (the search and each certificate get them whole).
limits::Limits question_limits(const Plan& plan, const RunContext& ctx);

// Closes a record: its seconds (search, certify, total) and its finish time.
void close_record(nlohmann::json& rec, double search_seconds, double certify_seconds, double total_seconds);

}  // namespace carve::atlas
