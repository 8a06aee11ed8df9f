// The carve command: one subcommand per job. Exit codes: 0 answered, 1 mismatch or refuted,
// 2 bad input (with file:line:col where there is one) or a file carve cannot write, 3 internal
// error, 130/143 interrupted by SIGINT/SIGTERM (the command still prints what it knew).
#include <csignal>
#include <cstdio>
#include <cstring>
#include <iostream>

#include <fmt/format.h>

#include "front/cli/common.hpp"
#include "front/cli/diff_command.hpp"
#include "foundations/files/write_error.hpp"
#include "foundations/limits/interrupt.hpp"
#include "rules/model/deduction.hpp"
#include "text/parser/excerpt.hpp"
#include "text/parser/near_names.hpp"
#include "text/parser/parse.hpp"

namespace {

using namespace carve::cli;

// Error messages quote input (a source line, a name): never raw bytes on the terminal.
int report(const std::string& prefix, const char* what, int code) {
  std::cerr << prefix << carve::parser::printable(what) << "\n";
  return code;
}

// The subcommand being parsed when CLI11 stopped (the deepest one parsed), or the app itself.
CLI::App* parsed_command(CLI::App& app) {
  CLI::App* at = &app;
  for (auto subs = at->get_subcommands(); !subs.empty(); subs = at->get_subcommands()) at = subs.back();
  return at;
}

// "carve atlas run": the command as typed.
std::string command_path(const CLI::App* command) {
  std::string out;
  for (const CLI::App* a = command; a; a = a->get_parent()) out = (a->get_parent() ? a->get_name() : std::string("carve")) + (out.empty() ? "" : " " + out);
  return out;
}

// The names a word could have meant: the command's options (--timeout) and subcommands.
std::vector<std::string> names_of(CLI::App* command) {
  std::vector<std::string> out;
  for (const CLI::Option* o : command->get_options())
    for (const auto& name : o->get_lnames()) out.push_back("--" + name);
  for (const CLI::App* sub : command->get_subcommands([](CLI::App*) { return true; })) out.push_back(sub->get_name());
  return out;
}

// CLI11's message, said by the command it is about, with a suggestion for each word it did not
// expect ("carve replay: The following argument was not expected: --timout (did you mean
// '--timeout'?)").
int parse_error(CLI::App& app, const CLI::ParseError& e) {
  CLI::App* command = parsed_command(app);
  std::string message = e.what();
  std::vector<std::string> words = command->remaining();
  const bool has_subcommands = !command->get_subcommands([](CLI::App*) { return true; }).empty();
  if (has_subcommands && !words.empty() && words.front().rfind("-", 0) != 0) message = fmt::format("unknown subcommand '{}'", words.front());
  std::string hints;
  for (const auto& w : words) hints += carve::parser::did_you_mean(w.substr(0, w.find('=')), names_of(command));
  std::cerr << command_path(command) << ": " << carve::parser::printable(message) << hints << "\n"
            << fmt::format("Run `{} --help` for its options.\n", command_path(command));
  return kBadInput;
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
    return parse_error(app, e);
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
  add_play_command(app, exit_code);
  add_atlas_command(app, exit_code, argc, argv);
  add_diff_command(app, exit_code);
  add_explain_command(app, exit_code);
  add_docs_commands(app, exit_code);  // last: it documents the subcommands added before it
  int code = run(app, argc, argv, exit_code);
  if (const int signal = carve::limits::interrupt_signal(); signal && code != kInternal)
    code = carve::limits::interrupted_exit_code(signal);
  return flush_stdout(code);
}
