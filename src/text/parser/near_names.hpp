// "Did you mean ...?": the names of a closed set nearest to a word the user mistyped (a target
// name, a profile, a switch or its value, a statement keyword, a subcommand or an option).
// Invariant: a suggestion is always one of the candidates, within a small edit distance of the
// word (letter case ignored; at most a third of the word's length, at least 1, at most 3), the
// nearest first; an exact match (ignoring case) is the only suggestion when there is one.
#pragma once
#include <string>
#include <string_view>
#include <vector>

namespace carve::parser {

// Edit distance (insertions, deletions, substitutions, swaps of neighbours), letter case ignored, by bytes.
std::size_t edit_distance(std::string_view a, std::string_view b);
// The candidates near `word`, nearest first (at most three).
std::vector<std::string> near_names(std::string_view word, const std::vector<std::string>& candidates);
// " (did you mean 'solve'?)", " (did you mean 'K4' or 'P4'?)", or "" when no candidate is near.
std::string did_you_mean(std::string_view word, const std::vector<std::string>& candidates);

}  // namespace carve::parser
