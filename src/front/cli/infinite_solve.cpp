// The infinite-tree answer: refusals, the shape engine's adapter, the witness replayed on its shape,
// the files; the report is solve's (solve_report.hpp).
#include "front/cli/infinite_solve.hpp"
#include "front/cli/build_commit.hpp"

#include <iostream>
#include <optional>

#include <fmt/format.h>

#include "questions/check/certificate_files.hpp"
#include "questions/check/run_case.hpp"
#include "front/cli/certificate_manifest.hpp"
#include "front/cli/solve_report.hpp"
#include "rules/elaborate/witness_writer.hpp"
#include "engines/registry/registry.hpp"
#include "foundations/files/atomic_file.hpp"

namespace carve::cli {

int solve_infinite(const InfiniteQuestion& q) {
  const elab::Case& c = *q.question;
  if (q.engine != elab::Engine::Auto && q.engine != elab::Engine::Sat)
    elab::fail(cli_location("--engine"), fmt::format("engine {} decides questions within a depth bound; the infinite tree (--depth any) is "
                                                     "answered by the sat engine on the shape encoding: --engine sat or auto",
                                                     elab::name(q.engine)));
  if (auto no = engines::refusal(elab::Engine::Shape, c.game, *c.target)) elab::fail(cli_location("--depth any"), no->text());
  const auto limits = q.run.limits();
  if (q.min_turns > c.turns->value)
    elab::fail(cli_location("--min-turns"), fmt::format("--min-turns {} is more than --turns {}", q.min_turns, c.turns->value));
  if (q.min_turns > 0 && !q.proof_path.empty())
    elab::fail(cli_location("--min-turns"), "a proof certifies \"no play of at most k turns\", and --min-turns does not ask the "
                                            "shorter plays: drop one of --min-turns and --proof");
  engines::Question question{.game = c.game, .target = *c.target, .turns = c.turns->value, .progress = limits.progress};
  question.tuning = certified_tuning(q.certified);
  question.tuning.min_turns = q.min_turns;
  // The proof's files are written under temporary names and renamed into place only when
  // complete, as solve's (questions/check/certificate_files.hpp).
  std::optional<cases::StagedProof> staged;
  if (!q.proof_path.empty() && q.certified.by_parts) {
    question.proof = encoder::ProofRequest{q.proof_path, q.proof_binary, false, q.part_jobs};  // each part stages its own files (certify_parts)
    question.proof->ledger = {q.part_ledger, fmt::format("carve {} (commit {})", kVersion, kBuildCommit)};
    question.proof->proof_in_memory = q.proof_in_memory;
  } else if (!q.proof_path.empty()) {
    staged.emplace(q.proof_path, q.proof_binary);
    question.proof = staged->request();
  }
  auto a = engines::adapter(elab::Engine::Shape).answer(question, model::Budget(limits));
  if (staged && a.certificate) staged->settle(*a.certificate);
  const model::Game& shape = a.witness_game(c.game);  // on a win: the rules on the winning shape
  if (a.win()) {
    const std::string bad = a.reason.rfind("internal: ", 0) == 0 ? a.reason : cases::confirm_witness(shape, *c.target, a);
    if (!bad.empty()) {
      std::fprintf(stderr, "carve: internal error: the engine's witness does not replay: %s\n", bad.c_str());
      return 3;
    }
  }
  const encoder::NoWinCertificate* cert = a.certificate_or_null();
  if (cert && cert->status == encoder::NoWinCertificate::Status::CannotWrite) elab::fail(cli_location("--proof"), cert->message);
  const std::string manifest = cert && cert->accepted() ? write_certificate_manifest(q.certified, c, *cert) : "";
  const bool cert_broken = certificate_broken(cert);
  if (a.win() && !q.witness_path.empty()) {
    std::vector<model::VertexId> component = a.component ? a.component->vertices : std::vector<model::VertexId>{};
    // The witness is a play on its shape: it names the shape's depth (Lemma 0), never `depth any`.
    elab::Settings within_depth = c.settings;
    within_depth.depth_any = false;
    elab::WitnessInput w{fs_relative(q.witness_path, c.spec_path), &c.spec, &within_depth, &shape, &*c.target, a.witness,
                         component, "witness: " + (c.title.empty() ? c.target->text : c.title) + " (infinite tree)",
                         c.spec_path, elab::spec_sha256(c.spec_path)};
    files::write_file_atomically(q.witness_path, elab::witness_text(w));
  }
  if (a.win() && !q.render_dir.empty())
    if (int rc = render_play_folder(q.render_dir, shape, a.witness, &*c.target, c.title.empty() ? c.target->text : c.title)) return rc;
  const SolveReport report{c, a, c.path, true, q.witness_path, !q.proof_path.empty(), manifest};
  if (q.run.json)
    std::cout << solve_json(report).dump(2) << "\n";
  else
    print_solve(report);
  return cert_broken ? 3 : kAnswered;
}

}  // namespace carve::cli
