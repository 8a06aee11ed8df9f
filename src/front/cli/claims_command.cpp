// carve claims: check every claim of a spec (documents 002-004) against the game engines and print
// one row per claim — holds / proved / refuted with the smallest counterexample / unknown.
// --timeout and --memory-limit reach inside the engines: the claim running when one is hit, and
// every later one, answer unknown with the reason (within a second or so of the limit).
// Exit codes: 0 every verdict matches its `expect` (unknown counts as a match), 1 some claim marked
// `expect holds` is refuted or vice versa, 2 bad input (file:line:col, the line and a caret).
#include <iostream>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "questions/claims/run.hpp"
#include "front/cli/common.hpp"
#include "rules/elaborate/claims_ir.hpp"
#include "text/parser/parse.hpp"

namespace carve::cli {

namespace {

struct ClaimsOptions {
  std::string spec;
  bool large = false;
  std::vector<std::string> only;
  RunOptions run;
};

nlohmann::json outcome_json(const claims::ClaimOutcome& o) {
  nlohmann::json j;
  j["label"] = o.label;
  j["location"] = fmt::format("{}:{}:{}", o.loc.file, o.loc.line, o.loc.column);
  j["expect"] = o.expect_holds ? "holds" : "refuted";
  j["verdict"] = o.verdict;
  j["matches"] = o.matches();
  j["bounds"] = o.bounds;
  j["cases"] = o.cases;
  j["seconds"] = o.seconds;
  if (o.counterexample) {
    nlohmann::json b = nlohmann::json::object();
    for (const auto& [k, v] : o.counterexample->bindings) b[k] = v;
    j["counterexample"] = {{"bindings", b}, {"why", o.counterexample->why}};
  } else {
    j["counterexample"] = nullptr;
  }
  if (o.verdict != "refuted") j["counterexample"] = nullptr;
  if (!o.proof.empty()) j["proof"] = o.proof;
  if (!o.note.empty()) j["note"] = o.note;
  return j;
}

int run_claims_command(const ClaimsOptions& o) {
  auto spec = parser::parse_spec_file(o.spec);
  auto ir = elab::claims::elaborate_claims(spec, o.large);
  if (ir.claims.empty()) elab::fail(parser::Location{o.spec, 0, 0}, "this spec states no claims");
  for (const auto& l : o.only) {
    bool found = false;
    for (const auto& c : ir.claims) found = found || c.label == l;
    if (!found) elab::fail(cli_location("--only"), fmt::format("no claim is labelled \"{}\"", l));
  }
  claims::RunSettings settings;
  settings.large = o.large;
  settings.limits = o.run.limits();
  settings.only = o.only;
  auto rows = claims::run_claims(ir, settings);
  int mismatches = 0;
  std::map<std::string, int> count;
  double total = 0;
  for (const auto& r : rows) {
    mismatches += !r.matches();
    ++count[r.verdict];
    total += r.seconds;
  }
  if (o.run.json) {
    nlohmann::json arr = nlohmann::json::array();
    for (const auto& r : rows) arr.push_back(outcome_json(r));
    std::cout << nlohmann::json{{"command", "claims"},
                                {"spec", o.spec},
                                {"large", o.large},
                                {"claims", arr},
                                {"totals",
                                 {{"claims", rows.size()},
                                  {"holds", count["holds"]},
                                  {"proved", count["proved"]},
                                  {"refuted", count["refuted"]},
                                  {"unknown", count["unknown"]},
                                  {"mismatches", mismatches}}},
                                {"seconds", total},
                                {"versions", versions_json()}}
                     .dump(2)
              << "\n";
  } else {
    for (const auto& r : rows) {
      std::cout << fmt::format("{:<8} {}{} ({:.2f} s)\n", r.verdict == "holds" ? "HOLDS" : r.verdict == "proved" ? "PROVED"
                                                              : r.verdict == "refuted" ? "REFUTED" : "UNKNOWN",
                               r.label, r.matches() ? "" : fmt::format("  ** expected {} **", r.expect_holds ? "holds" : "refuted"),
                               r.seconds);
      std::cout << fmt::format("         bounds: {} ({} case{})\n", r.bounds, r.cases, r.cases == 1 ? "" : "s");
      for (const auto& p : r.proof) std::cout << "         Z3: " << p << "\n";
      if (r.verdict == "refuted" && r.counterexample) {
        std::vector<std::string> b;
        for (const auto& [k, v] : r.counterexample->bindings) b.push_back(k + " = " + v);
        std::cout << fmt::format("         smallest counterexample: {}\n", b.empty() ? "(no variables)" : fmt::format("{}", fmt::join(b, ", ")));
        for (const auto& w : r.counterexample->why) std::cout << "           " << w << "\n";
      }
      if (!r.note.empty()) std::cout << "         note: " << r.note << "\n";
    }
    std::cout << fmt::format("{} claims: {} holds, {} proved, {} refuted, {} unknown; {} mismatch{} ({:.2f} s)\n", rows.size(),
                             count["holds"], count["proved"], count["refuted"], count["unknown"], mismatches,
                             mismatches == 1 ? "" : "es", total);
  }
  return mismatches > 0 ? kMismatch : kAnswered;
}

}  // namespace

void add_claims_command(CLI::App& app, int& exit_code) {
  auto o = std::make_shared<ClaimsOptions>();
  auto* sub = app.add_subcommand("claims", "check the claims a spec states (documents 002-004); exit 1 when a verdict differs from its expect");
  sub->add_option("spec", o->spec, "a spec with claims, e.g. spec/kernels.carve")->required();
  sub->add_flag("--large", o->large, "use the bounds' large values and the large Z3 bit widths (bench/)");
  sub->add_option("--only", o->only, "check only the claim with this label (repeatable)");
  o->run.add_to(*sub);
  sub->callback([o, &exit_code]() { exit_code = run_claims_command(*o); });
}

}  // namespace carve::cli
