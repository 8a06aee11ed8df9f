// The commit carve was built from (generated at build time by cmake/build_commit.cmake): what a
// ledger record of a certificate's part names as the carve that accepted it.
// Invariant: "unknown" outside a git checkout; "-dirty" appended when tracked files differed from it.
#pragma once

namespace carve::cli {
extern const char* const kBuildCommit;
}  // namespace carve::cli
