// --engine as the one closed choice of rules/elaborate/engines.def: the names a subcommand accepts are
// the table's (a CLI11 check generated from it), and the checked name is parsed into
// elab::Engine once, here -- no command compares engine names as strings.
// Invariant: engine_named() only sees a name engine_check() accepted (else a bug in carve).
#pragma once
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "rules/elaborate/engine.hpp"

namespace carve::cli {

// A CLI11 check: the value is the name of one of `allowed`.
CLI::Validator engine_check(const std::vector<elab::Engine>& allowed);
// The engine a checked --engine value names.
elab::Engine engine_named(const std::string& checked);

}  // namespace carve::cli
