// The carve command: one subcommand per job. Exit codes: 0 answered, 1 mismatch or refuted,
// 2 bad input (with file:line:col where there is one), 3 internal error.
#include <iostream>

#include "cli/common.hpp"
#include "cli/diff_command.hpp"
#include "model/deduction.hpp"
#include "parser/parse.hpp"

int main(int argc, char** argv) {
  using namespace carve::cli;
  CLI::App app{"carve: formal-rules verification for the carving games and classic game families"};
  app.set_version_flag("--version", std::string("carve ") + kVersion);
  app.require_subcommand(1);
  int exit_code = kAnswered;
  add_elaborate_command(app, exit_code);
  add_solve_command(app, exit_code);
  add_replay_command(app, exit_code);
  add_check_command(app, exit_code);
  add_verify_proof_command(app, exit_code);
  add_claims_command(app, exit_code);
  add_render_command(app, exit_code);
  add_export_command(app, exit_code);
  add_atlas_command(app, exit_code, argc, argv);
  add_diff_command(app, exit_code);
  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForAllHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForVersion& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    app.exit(e);
    return kBadInput;
  } catch (const carve::parser::ParseError& e) {
    std::cerr << e.what() << "\n";
    return kBadInput;
  } catch (const carve::elab::InputError& e) {
    std::cerr << e.what() << "\n";
    return kBadInput;
  } catch (const carve::model::DeductionError& e) {
    std::cerr << "carve: " << e.what() << "\n";
    return kBadInput;
  } catch (const std::bad_alloc&) {
    std::cerr << "carve: out of memory (try --memory-limit to stop cleanly)\n";
    return 3;
  } catch (const std::exception& e) {
    std::cerr << "carve: internal error: " << e.what() << "\n";
    return 3;
  }
  return exit_code;
}
