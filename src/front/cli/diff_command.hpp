// carve diff: the smallest instance on which two readings of the rules disagree (docs/diff.md).
#pragma once
#include <CLI/CLI.hpp>

namespace carve::cli {

void add_diff_command(CLI::App& app, int& exit_code);

}  // namespace carve::cli
