// carve completion bash / carve manpage: the bash completion script and the man page, both
// generated from the CLI11 definition of every subcommand (the same objects that parse the
// command line), so neither can drift from the options carve really takes. `make install`
// installs what the build generated with them (front/cli/CMakeLists.txt).
#include <iostream>
#include <set>

#include <fmt/format.h>

#include "front/cli/common.hpp"

namespace carve::cli {

namespace {

// The visible subcommands of the root app, in the order they were added.
std::vector<CLI::App*> commands(CLI::App& root) {
  std::vector<CLI::App*> out;
  for (auto* sub : root.get_subcommands({}))
    if (!sub->get_group().empty()) out.push_back(sub);
  return out;
}

// The values an option accepts when a CLI::IsMember check lists them ("{a,b,c}" in its type).
std::vector<std::string> choices(const CLI::Option* opt) {
  const std::string type = opt->get_type_name();
  const auto open = type.find('{'), close = type.find('}');
  std::vector<std::string> out;
  if (open == std::string::npos || close == std::string::npos || close < open) return out;
  std::string item;
  for (std::size_t i = open + 1; i <= close; ++i) {
    if (type[i] == ',' || i == close) {
      if (!item.empty()) out.push_back(item);
      item.clear();
    } else {
      item += type[i];
    }
  }
  return out;
}

std::string option_names(const CLI::Option* opt) {
  std::vector<std::string> names;
  for (const auto& s : opt->get_snames()) names.push_back("-" + s);
  for (const auto& l : opt->get_lnames()) names.push_back("--" + l);
  return fmt::format("{}", fmt::join(names, " "));
}

std::string bash_completion(CLI::App& root) {
  std::vector<std::string> names;
  for (auto* sub : commands(root)) names.push_back(sub->get_name());
  std::string s =
      "# bash completion for carve, generated from its command-line definition by `carve completion bash`.\n"
      "_carve() {\n"
      "  local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD-1]} sub='' i\n"
      "  for ((i = 1; i < COMP_CWORD; i++)); do\n"
      "    case ${COMP_WORDS[i]} in " +
      fmt::format("{}", fmt::join(names, "|")) +
      ") sub=${COMP_WORDS[i]}; break ;; esac\n"
      "  done\n"
      "  case $sub in\n" +
      fmt::format("    '') COMPREPLY=($(compgen -W '{} --help --version' -- \"$cur\")); return ;;\n", fmt::join(names, " "));
  for (auto* sub : commands(root)) {
    std::vector<std::string> flags{"--help"};
    std::string values;   // case arms: an option and the words it takes
    std::string files;    // options whose value is free (a path, a number): complete file names
    for (const auto* opt : sub->get_options()) {
      if (!opt->nonpositional() || opt->get_lnames().empty() || opt->get_lnames().front() == "help") continue;
      for (const auto& l : opt->get_lnames()) flags.push_back("--" + l);
      for (const auto& n : opt->get_snames()) flags.push_back("-" + n);
      if (opt->get_items_expected_max() == 0) continue;  // a flag takes no value
      const auto words = choices(opt);
      const std::string pattern = fmt::format("{}", fmt::join(opt->get_lnames(), "|--"));
      if (!words.empty())
        values += fmt::format("        --{}) COMPREPLY=($(compgen -W '{}' -- \"$cur\")); return ;;\n", pattern, fmt::join(words, " "));
      else
        files += (files.empty() ? "--" : "|--") + pattern;
    }
    s += fmt::format("    {})\n      case $prev in\n{}", sub->get_name(), values);
    if (!files.empty()) s += fmt::format("        {}) COMPREPLY=($(compgen -f -- \"$cur\")); return ;;\n", files);
    s += "      esac\n";
    s += fmt::format("      if [[ $cur == -* ]]; then COMPREPLY=($(compgen -W '{}' -- \"$cur\")); "
                     "else COMPREPLY=($(compgen -f -- \"$cur\")); fi ;;\n",
                     fmt::join(flags, " "));
  }
  s += "  esac\n}\ncomplete -o filenames -F _carve carve\n";
  return s;
}

// roff: a line starting with '.' or '\'' would be a request; backslashes and hyphens escaped.
std::string roff(const std::string& text) {
  std::string out;
  for (char c : text) {
    if (c == '\\') out += "\\e";
    else if (c == '-') out += "\\-";
    else out += c;
  }
  if (!out.empty() && (out[0] == '.' || out[0] == '\'')) out = "\\&" + out;
  return out;
}

std::string man_page(CLI::App& root) {
  std::string s = fmt::format(".TH CARVE 1 \"\" \"carve {}\" \"User Commands\"\n", kVersion);
  s += ".\\\" Generated from carve's command-line definition by `carve manpage`; do not edit.\n";
  s += ".SH NAME\ncarve \\- " + roff(root.get_description().substr(root.get_description().find(':') + 2)) + "\n";
  s += ".SH SYNOPSIS\n";
  for (auto* sub : commands(root)) {
    std::string positionals;
    for (const auto* opt : sub->get_options())
      if (opt->get_positional()) positionals += " " + opt->get_name(true);
    s += fmt::format(".B carve {}\n[OPTIONS]{}\n.br\n", sub->get_name(), roff(positionals));
  }
  s += ".SH DESCRIPTION\n" + roff("carve reads the carving games' rules (spec/*.carve) and cases (*.case), decides bounded "
                                  "questions with explicit search, SAT (CaDiCaL) or SMT (Z3), replays wins through the "
                                  "reference semantics and certifies no-wins with DRAT proofs it checks itself.") +
       "\n";
  s += ".SH COMMANDS\n";
  for (auto* sub : commands(root)) {
    s += fmt::format(".SS {}\n{}\n", sub->get_name(), roff(sub->get_description()));
    for (const auto* opt : sub->get_options()) {
      if (opt->get_lnames().size() == 1 && opt->get_lnames().front() == "help") continue;
      const std::string name = opt->get_positional() ? opt->get_name(true) : option_names(opt);
      const std::string value = opt->nonpositional() && opt->get_items_expected_max() != 0 ? " " + opt->get_type_name() : "";
      s += fmt::format(".TP\n.B {}{}\n{}\n", roff(name), roff(value), roff(opt->get_description()));
    }
  }
  if (!root.get_footer().empty()) s += ".SH EXIT STATUS\n" + roff(root.get_footer()) + "\n";
  s += ".SH FILES\n" + roff("README.md and docs/*.md in carve's source tree describe the DSL, the engines, the proofs "
                            "and the pictures.") +
       "\n";
  return s;
}

}  // namespace

void add_docs_commands(CLI::App& app, int& exit_code) {
  auto shell = std::make_shared<std::string>();
  auto* completion = app.add_subcommand("completion", "print a shell completion script, generated from carve's own options: "
                                                      "source <(carve completion bash)");
  completion->add_option("shell", *shell, "the shell")->required()->check(CLI::IsMember({"bash"}));
  // The callback owns the option's string: CLI11 writes to it after add_docs_commands returns.
  completion->callback([&app, &exit_code, shell]() {
    std::cout << bash_completion(app);
    exit_code = kAnswered;
  });
  auto* man = app.add_subcommand("manpage", "print carve's man page (roff), generated from its options");
  man->group("");  // for the build (make install), not for users: hidden from --help
  man->callback([&app, &exit_code]() {
    std::cout << man_page(app);
    exit_code = kAnswered;
  });
}

}  // namespace carve::cli
