// Edit distance over bytes (optimal string alignment: a swap of neighbours costs 1); the threshold grows with the word so that
// a long name tolerates a transposition and a dropped letter.
#include "text/parser/near_names.hpp"

#include <algorithm>
#include <cctype>
#include <numeric>

namespace carve::parser {

namespace {
char lower(char c) { return static_cast<char>(std::tolower(static_cast<unsigned char>(c))); }
}  // namespace

std::size_t edit_distance(std::string_view a, std::string_view b) {
  // Three rows of the table: a transposition of neighbours ("sovle") looks two rows back.
  std::vector<std::size_t> before(b.size() + 1), previous(b.size() + 1), row(b.size() + 1);
  std::iota(previous.begin(), previous.end(), std::size_t{0});
  for (std::size_t i = 1; i <= a.size(); ++i) {
    row[0] = i;
    for (std::size_t j = 1; j <= b.size(); ++j) {
      const bool same = lower(a[i - 1]) == lower(b[j - 1]);
      row[j] = std::min({previous[j] + 1, row[j - 1] + 1, previous[j - 1] + (same ? 0 : 1)});
      if (i > 1 && j > 1 && lower(a[i - 1]) == lower(b[j - 2]) && lower(a[i - 2]) == lower(b[j - 1]))
        row[j] = std::min(row[j], before[j - 2] + 1);
    }
    std::swap(before, previous);
    std::swap(previous, row);
  }
  return previous[b.size()];
}

std::vector<std::string> near_names(std::string_view word, const std::vector<std::string>& candidates) {
  const std::size_t limit = std::clamp<std::size_t>(word.size() / 3, 1, 3);
  std::vector<std::pair<std::size_t, std::string>> scored;
  for (const auto& c : candidates) {
    const std::size_t d = edit_distance(word, c);
    if (d == 0) return {c};
    if (d <= limit && std::none_of(scored.begin(), scored.end(), [&](const auto& s) { return s.second == c; })) scored.emplace_back(d, c);
  }
  std::stable_sort(scored.begin(), scored.end(), [](const auto& x, const auto& y) { return x.first < y.first; });
  std::vector<std::string> out;
  for (const auto& [d, c] : scored)
    if (out.size() < 3) out.push_back(c);
  return out;
}

std::string did_you_mean(std::string_view word, const std::vector<std::string>& candidates) {
  const auto near = near_names(word, candidates);
  if (near.empty()) return "";
  std::string out = " (did you mean ";
  for (std::size_t i = 0; i < near.size(); ++i)
    out += (i == 0 ? "" : i + 1 == near.size() ? " or " : ", ") + ("'" + near[i] + "'");
  return out + "?)";
}

}  // namespace carve::parser
