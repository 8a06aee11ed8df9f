// The infinite-tree answer: refusals, the shape engine, the witness replayed, the report.
#include "front/cli/infinite_solve.hpp"

#include <iostream>
#include <optional>

#include <fmt/format.h>

#include "questions/check/certificate_files.hpp"
#include "questions/check/run_case.hpp"
#include "front/cli/certificate_manifest.hpp"
#include "rules/elaborate/witness_writer.hpp"
#include "engines/registry/registry.hpp"
#include "foundations/files/atomic_file.hpp"
#include "engines/sat/shape/shape_encoding.hpp"
#include "engines/sat/search/shape_search.hpp"
#include "foundations/limits/resident_memory.hpp"
#include "rules/model/rules_words.hpp"
#include "rules/model/target_echo.hpp"

namespace carve::cli {

namespace {

std::string scope_line(const encoder::ShapeResult& s, int turns) {
  return fmt::format("{}; at most {} turns; every play is equivalent to one on a shape of at most {} nodes (Lemma 4: 13k + n - 1, 14k + 2n for walks, 4 fewer when the target is not a tree), "
                     "and the solver chose the shape with the play ({} nodes encoded)",
                     kInfiniteScope, turns, s.bound, s.nodes);
}

nlohmann::json report_json(const InfiniteQuestion& q, const encoder::ShapeResult& s, const encoder::NoWinCertificate* cert, const std::string& manifest) {
  const elab::Case& c = *q.question;
  const auto& r = s.result;
  const model::Game& shown = s.game ? *s.game : c.game;
  nlohmann::json j;
  j["command"] = "solve";
  j["input"] = c.path;
  j["spec"] = c.spec_path;
  j["document"] = c.game.document;
  j["target"] = target_json(*c.target);
  j["verdict"] = answer::verdict_name(r.verdict);
  j["turns"] = r.turns ? nlohmann::json(*r.turns) : nlohmann::json(nullptr);
  j["scope"] = {{"turns", c.turns->value}, {"min_turns", s.frames_skipped() ? nlohmann::json(s.first_frame) : nlohmann::json(nullptr)},
                {"depth", "any"}, {"tree", "infinite"}, {"shape_nodes_bound", s.bound},
                {"shape_nodes_encoded", s.nodes}, {"variables", nullptr}, {"path_length", nullptr},
                {"statement", kInfiniteScope}};
  j["profile"] = c.game.profile;
  j["interpretation"] = interpretation_json(c.game);
  j["rules"] = rules_json(c.game);
  j["engine"] = "sat";
  nlohmann::json wit = nlohmann::json::array(), comp = nlohmann::json::array(), shape = nlohmann::json::array();
  for (std::size_t i = 0; i < r.witness.size(); ++i) wit.push_back(move_json(shown, r.witness[i], static_cast<int>(i) + 1));
  if (r.component)
    for (auto v : r.component->vertices) comp.push_back(model::vertex_name(shown, v));
  for (const auto& w : s.words) shape.push_back(model::word_name(w));
  const bool win = r.verdict == answer::Verdict::Win;
  j["witness"] = win ? wit : nlohmann::json(nullptr);
  j["component"] = win ? comp : nlohmann::json(nullptr);
  j["shape"] = win ? shape : nlohmann::json(nullptr);
  j["witness_file"] = q.witness_path.empty() || !win ? nlohmann::json(nullptr) : nlohmann::json(q.witness_path);
  j["seconds"] = r.seconds;
  j["completed_turns"] = r.completed_depth;
  j["reason"] = r.reason.empty() ? nlohmann::json(nullptr) : nlohmann::json(r.reason);
  j["peak_memory_mb"] = carve::limits::peak_resident_mb();
  j["encoding"] = {{"kind", "shape"}, {"variables", s.variables}, {"clauses", s.clauses}, {"lemmas", s.lemmas},
                   {"solver_calls", s.solver_calls}, {"learned_clauses", s.learned_clauses}, {"shape_nodes", s.nodes},
                   {"collapse_encoding", c.game.rules.path() == model::PathKind::Walk ? "edge-sets" : "split"},
                   {"exact", true}, {"shortest", s.shortest()}};
  j["solver"] = {{"name", s.solver}, {"version", s.solver_version}, {"seed", q.seed}, {"configuration", s.solver_configuration}};
  if (!q.proof_path.empty()) j["proof"] = cert ? certificate_json(*cert, manifest) : nlohmann::json(nullptr);
  if (const auto no = no_certificate_reason(!q.proof_path.empty(), cert != nullptr, r.verdict == answer::Verdict::Win,
                                            r.verdict == answer::Verdict::Unknown);
      !no.empty())
    j["proof_not_written"] = no;
  j["versions"] = versions_json();
  return j;
}

void report_text(const InfiniteQuestion& q, const encoder::ShapeResult& s, const encoder::NoWinCertificate* cert, const std::string& manifest) {
  const elab::Case& c = *q.question;
  const auto& r = s.result;
  std::cout << fmt::format("game      {} {} ({}), profile {}\n", c.game.document, c.game.title, c.game.spec_name, c.game.profile);
  std::cout << fmt::format("reading   {}\n", c.game.reading());
  std::cout << "rules\n" << model::rules_text(c.game, "  ");
  if (s.frames_skipped())
    std::cout << fmt::format("question  target {} won at some turn {}..{} (--min-turns {}: shorter plays not asked)\n", c.target->text,
                             s.first_frame, c.turns->value, s.first_frame);
  else
    std::cout << fmt::format("question  target {} within {} turns\n", c.target->text, c.turns->value);
  std::cout << fmt::format("target    {}\n", model::target_summary(*c.target));
  std::cout << fmt::format("scope     {}\n", scope_line(s, c.turns->value));
  std::cout << fmt::format("encoding  {} variables, {} clauses, {} stability lemmas; shapes of at most {} nodes chosen by the solver\n",
                           s.variables, s.clauses, s.lemmas, s.nodes);
  switch (r.verdict) {
    case answer::Verdict::Win: {
      std::cout << fmt::format("verdict   win in {} turn{} ({}; sat engine, shape encoding, {} {} seed {}, "
                               "{} solver calls, {:.3f} s)\n",
                               *r.turns, *r.turns == 1 ? "" : "s",
                               !s.shortest()
                                   ? fmt::format("not proved shortest: plays under {} turns were not asked", s.first_frame)
                                   : std::string("shortest on the infinite tree"),
                               s.solver, s.solver_version, q.seed, s.solver_calls, r.seconds);
      std::vector<std::string> shape;
      for (const auto& w : s.words) shape.push_back(model::word_name(w));
      std::cout << fmt::format("shape     {{{}}}\n", fmt::join(shape, ", "));
      std::cout << "witness   (replayed through the reference semantics on the shape)\n";
      for (std::size_t i = 0; i < r.witness.size(); ++i) std::cout << fmt::format("  {:>2}. {}\n", i + 1, model::move_text(*s.game, r.witness[i]));
      std::vector<std::string> names;
      for (auto v : r.component->vertices) names.push_back(model::vertex_name(*s.game, v));
      std::cout << fmt::format("component {{{}}} ≅ {}\n", fmt::join(names, ", "), model::target_label(*c.target));
      if (!q.witness_path.empty()) std::cout << fmt::format("written   {}\n", q.witness_path);
      if (const auto no = no_certificate_reason(!q.proof_path.empty(), cert != nullptr, true, false); !no.empty())
        std::cout << fmt::format("proof     {}\n", no);
      break;
    }
    case answer::Verdict::NoWin:
      std::cout << fmt::format("verdict   no-win: no play of at most {} turns reaches the target, at any depth ({:.3f} s)\n",
                               c.turns->value, r.seconds);
      if (cert) std::cout << certificate_text(*cert, manifest);
      break;
    case answer::Verdict::Unknown:
      // A limit in the certificate of the rules alone comes before any frame was asked.
      if (s.frames_skipped() || r.completed_depth < 0)
        std::cout << fmt::format("verdict   unknown: {} ({:.3f} s)\n", r.reason, r.seconds);
      else
        std::cout << fmt::format("verdict   unknown: {} (every play of at most {} turns was covered; {:.3f} s)\n", r.reason,
                                 r.completed_depth, r.seconds);
      // By parts, the parts accepted before the limit are kept for the next run: say which.
      if (cert && !cert->parts.empty()) std::cout << certificate_text(*cert, manifest);
      break;
  }
}

}  // namespace

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
  auto so = certified_shape_options(q.certified, c.turns->value, model::Budget(limits), limits);
  so.min_turns = q.min_turns;
  // The proof's files are written under temporary names and renamed into place only when
  // complete, as solve's (questions/check/certificate_files.hpp).
  std::optional<cases::StagedProof> staged;
  if (!q.proof_path.empty() && q.certified.by_parts) {
    so.proof = encoder::ProofRequest{q.proof_path, q.proof_binary, false, q.part_jobs};  // each part stages its own files (certify_parts)
  } else if (!q.proof_path.empty()) {
    staged.emplace(q.proof_path, q.proof_binary);
    so.proof = staged->request();
  }
  auto s = encoder::shape_search(c.game, *c.target, so);
  if (staged && s.certificate) staged->settle(*s.certificate);
  const auto& r = s.result;
  if (r.verdict == answer::Verdict::Win) {
    const std::string bad = r.reason.rfind("internal: ", 0) == 0 ? r.reason : cases::confirm_witness(*s.game, *c.target, r);
    if (!bad.empty()) {
      std::fprintf(stderr, "carve: internal error: the engine's witness does not replay: %s\n", bad.c_str());
      return 3;
    }
  }
  const encoder::NoWinCertificate* cert = s.certificate ? &*s.certificate : nullptr;
  if (cert && cert->status == encoder::NoWinCertificate::Status::CannotWrite) elab::fail(cli_location("--proof"), cert->message);
  const std::string manifest = cert && cert->accepted() ? write_certificate_manifest(q.certified, c, *cert) : "";
  const bool cert_broken = cert && (cert->status == encoder::NoWinCertificate::Status::Rejected ||
                                    cert->status == encoder::NoWinCertificate::Status::Satisfiable);
  if (cert_broken)
    std::fprintf(stderr, "carve: internal error: the no-win certificate failed (%s): %s\n", encoder::status_name(cert->status),
                 cert->message.c_str());
  if (r.verdict == answer::Verdict::Win && !q.witness_path.empty()) {
    std::vector<model::VertexId> component = r.component ? r.component->vertices : std::vector<model::VertexId>{};
    elab::WitnessInput w{fs_relative(q.witness_path, c.spec_path), &c.spec, &c.settings, &*s.game, &*c.target, r.witness,
                         component, "witness: " + (c.title.empty() ? c.target->text : c.title) + " (infinite tree)",
                         c.spec_path, elab::spec_sha256(c.spec_path)};
    files::write_file_atomically(q.witness_path, elab::witness_text(w));
  }
  if (r.verdict == answer::Verdict::Win && !q.render_dir.empty())
    if (int rc = render_play_folder(q.render_dir, *s.game, r.witness, &*c.target, c.title.empty() ? c.target->text : c.title)) return rc;
  if (q.run.json)
    std::cout << report_json(q, s, cert, manifest).dump(2) << "\n";
  else
    report_text(q, s, cert, manifest);
  return cert_broken ? 3 : kAnswered;
}

}  // namespace carve::cli
