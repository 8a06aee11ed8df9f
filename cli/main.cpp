// The carve command: one subcommand per job. Exit codes: 0 answered, 1 mismatch or refuted,
// 2 bad input (with file:line:col where there is one) or a file carve cannot write, 3 internal
// error, 130/143 interrupted by SIGINT/SIGTERM (the command still prints what it knew).
#include <csignal>
#include <cstdio>
#include <cstring>
#include <iostream>

#include "cli/common.hpp"
#include "cli/diff_command.hpp"
#include "files/write_error.hpp"
#include "limits/interrupt.hpp"
#include "model/deduction.hpp"
#include "parser/excerpt.hpp"
#include "parser/parse.hpp"

namespace {

using namespace carve::cli;

// Error messages quote input (a source line, a name): never raw bytes on the terminal.
int report(const std::string& prefix, const char* what, int code) {
  std::cerr << prefix << carve::parser::printable(what) << "\n";
  return code;
}

int run(CLI::App& app, int argc, char** argv, int& exit_code) {
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
    return report("", e.what(), kBadInput);
  } catch (const carve::elab::InputError& e) {
    return report("", e.what(), kBadInput);
  } catch (const carve::model::DeductionError& e) {
    return report("carve: ", e.what(), kBadInput);
  } catch (const carve::files::WriteError& e) {
    return report("carve: ", e.what(), kBadInput);
  } catch (const std::bad_alloc&) {
    std::cerr << "carve: out of memory outside the engines' limits (try --memory-limit to stop cleanly)\n";
    return kInternal;
  } catch (const std::exception& e) {
    return report("carve: internal error: ", e.what(), kInternal);
  }
  return exit_code;
}

// What was printed must have reached standard output (a full disk, a closed pipe).
int flush_stdout(int code) {
  std::cout.flush();
  if (std::fflush(stdout) == 0 && !std::ferror(stdout)) return code;
  const int e = errno;
  std::cerr << "carve: cannot write standard output: " << (e ? std::strerror(e) : "write error") << "\n";
  return code == kInternal ? code : kBadInput;
}

}  // namespace

int main(int argc, char** argv) {
  carve::limits::install_interrupt_handlers();
  // Past `ulimit -f` a write fails with EFBIG, reported with the file's name, instead of the
  // default SIGXFSZ ending the process with no word.
  std::signal(SIGXFSZ, SIG_IGN);
  CLI::App app{"carve: formal-rules verification for the carving games and classic game families"};
  app.set_version_flag("--version", [] { return version_text(); });
  app.require_subcommand(1);
  app.footer(kExitCodesHelp);
  int exit_code = kAnswered;
  add_elaborate_command(app, exit_code);
  add_solve_command(app, exit_code);
  add_replay_command(app, exit_code);
  add_check_command(app, exit_code);
  add_verify_proof_command(app, exit_code);
  add_verify_certificate_command(app, exit_code);
  add_claims_command(app, exit_code);
  add_render_command(app, exit_code);
  add_export_command(app, exit_code);
  add_atlas_command(app, exit_code, argc, argv);
  add_diff_command(app, exit_code);
  add_explain_command(app, exit_code);
  add_docs_commands(app, exit_code);  // last: it documents the subcommands added before it
  int code = run(app, argc, argv, exit_code);
  if (const int signal = carve::limits::interrupt_signal(); signal && code != kInternal)
    code = carve::limits::interrupted_exit_code(signal);
  return flush_stdout(code);
}
