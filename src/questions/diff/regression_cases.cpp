// Case files out of a difference (rules/elaborate/witness_writer.hpp's game_items for the header).
#include "questions/diff/regression_cases.hpp"

#include <cctype>
#include <filesystem>
#include <string_view>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "rules/elaborate/case.hpp"
#include "rules/elaborate/witness_writer.hpp"
#include "engines/registry/registry.hpp"
#include "foundations/files/atomic_file.hpp"

namespace carve::diff {

namespace {

namespace fs = std::filesystem;

std::string spec_ref(const std::string& dir, const std::string& spec_path) {
  std::error_code ec;
  auto rel = fs::relative(fs::absolute(spec_path, ec), fs::absolute(dir, ec), ec);
  return ec || rel.empty() ? fs::absolute(spec_path).string() : rel.string();
}

std::string side_name(int side) { return side == 0 ? "A" : "B"; }

// A file name's part: letters, digits and . , + = _ - kept, anything else '_'.
std::string file_word(const std::string& text) {
  std::string out;
  for (char c : text) out += std::isalnum(static_cast<unsigned char>(c)) || std::string_view(".,+=_-").find(c) != std::string_view::npos ? c : '_';
  return out;
}

// What sets this reading apart from the other: its spec's name when the specs differ, and each
// switch whose value differs ("reroot-forbid"); the side's letter when nothing else tells them
// apart (two profiles whose switches agree but whose rules differ cannot happen: rules are
// compiled from the switches and the spec).
std::string reading_name(const ReadingSource sides[2], int side, int scope) {
  std::vector<std::string> parts;
  if (sides[0].spec.name != sides[1].spec.name) parts.push_back(sides[side].spec.name);
  const model::Game games[2] = {sides[0].game_at(scope), sides[1].game_at(scope)};
  for (const auto& sw : model::kSwitches)
    if (games[0].rules.reading.index(sw.id) != games[1].rules.reading.index(sw.id))
      parts.push_back(fmt::format("{}-{}", sw.name, games[side].rules.reading.text(sw.id)));
  if (parts.empty()) parts.push_back(side_name(side));
  return file_word(fmt::format("{}", fmt::join(parts, "+")));
}

// Writes NAME.case in `dir`, or NAME-2.case, NAME-3.case ... when earlier runs left one: a case
// written once is never overwritten.
std::string write(const std::string& dir, const std::string& name, const std::string& text) {
  std::string path = (fs::path(dir) / (name + ".case")).string();
  std::error_code ec;
  for (int n = 2; fs::exists(path, ec); ++n) path = (fs::path(dir) / fmt::format("{}-{}.case", name, n)).string();
  files::write_file_atomically(path, text);  // a failure is exit 2 naming the file and the reason
  elab::Overrides as_check_reads_it;
  as_check_reads_it.depth_any_allowed = true;  // a question on the infinite tree: `depth any;`
  elab::load_case(path, as_check_reads_it);    // every file carve writes, carve reads back
  return path;
}

// A scope in a file name: the depth or variable count, or `any` for the infinite tree.
std::string scope_word(int scope) { return scope == kInfiniteTree ? std::string("any") : std::to_string(scope); }

// The no-win side's case says `certify drat;` when its question's certificate route takes the
// rules: the sat encoding's within a depth bound, the shape formula's on the infinite tree.
bool certifiable(const model::Game& game, const model::Target& target, int scope) {
  return scope == kInfiniteTree ? !engines::refusal(elab::Engine::Shape, game, target)
                                : !engines::refusal(engines::Route::Certificate, game, target);
}

std::string play_case(const std::string& dir, const ReadingSource& src, int side, const PlayDifference& d) {
  const model::Game game = src.game_at(d.scope);
  const bool accepts = side == d.accepting;
  std::string s = fmt::format("// Written by carve diff: the shortest play on which readings A and B part. Reading {} ({})\n",
                              side_name(side), src.label);
  s += fmt::format("// {} it; the other reading {} it.\n", accepts ? "accepts" : "rejects", accepts ? "rejects" : "accepts");
  s += fmt::format("case \"diff: the play under reading {}\" {{\n", side_name(side));
  s += elab::game_items(spec_ref(dir, src.spec_path), src.spec, src.settings_at(d.scope), game, elab::spec_sha256(src.spec_path));
  s += "  play {\n";
  for (const auto& m : d.play) s += "    " + model::move_text(game, m) + "\n";
  s += "  }\n";
  s += accepts ? "  expect legal;\n"
               : fmt::format("  expect illegal at {} rule \"{}\";\n", d.play.size(), d.violation.rule);
  return s + "}\n";
}

std::string reach_case(const std::string& dir, const ReadingSource& src, int side, const Family& family, const VerdictDiff& v) {
  const auto& q = v.questions.back();
  const model::Game game = src.game_at(q.scope);
  const auto& target = family.targets[q.target];
  const bool wins = side == v.winner;
  std::string s = fmt::format("// Written by carve diff: the first question on which readings A and B answer differently. Reading {} ({})\n",
                              side_name(side), src.label);
  const std::string turns = fmt::format("{} turn{}", v.k, v.k == 1 ? "" : "s");
  s += fmt::format("// {} it within {}; the other reading {}.\n", wins ? "wins" : "cannot win", turns,
                   wins ? "cannot" : "wins within " + turns);
  if (q.scope == kInfiniteTree)
    s += "// On the infinite tree (`depth any`): carve check answers it with the shape engine, at every depth at once.\n";
  s += fmt::format("case \"diff: {} under reading {} within {}\" {{\n", target.text, side_name(side), turns);
  s += elab::game_items(spec_ref(dir, src.spec_path), src.spec, src.settings_at(q.scope), game, elab::spec_sha256(src.spec_path));
  s += fmt::format("  target {};\n  turns {};\n", elab::target_text(target), v.k);
  if (wins) return s + fmt::format("  expect win in {};\n}}\n", v.k);
  if (certifiable(game, target, q.scope)) s += "  certify drat;\n";
  return s + "  expect no-win;\n}\n";
}

}  // namespace

std::vector<std::string> write_regression_cases(const std::string& dir, const ReadingSource sides[2], const Family& family,
                                                const VerdictDiff* verdicts, const PlayDiff* plays) {
  std::error_code ec;
  fs::create_directories(dir, ec);
  if (ec) elab::fail(parser::Location{"<command line --write-case>", 0, 0}, fmt::format("cannot create {}: {}", dir, ec.message()));
  std::vector<std::string> written;
  // Each name says what the file pins: the reading, the scope, and the play's or the question's answer.
  for (int side = 0; side < 2; ++side) {
    if (plays && plays->difference) {
      const auto& d = *plays->difference;
      const std::string what = side == d.accepting ? "legal" : fmt::format("illegal-at-{}-rule-{}", d.play.size(), d.violation.rule);
      written.push_back(write(dir, fmt::format("{}.play-{}-turns-scope-{}.{}", reading_name(sides, side, d.scope), d.play.size(),
                                               scope_word(d.scope), file_word(what)),
                              play_case(dir, sides[side], side, d)));
    }
    if (verdicts && verdicts->status == VerdictDiff::Status::Found) {
      const auto& q = verdicts->questions.back();
      const auto& t = family.targets[q.target];
      const std::string what = side == verdicts->winner ? fmt::format("win-in-{}", verdicts->k) : fmt::format("no-win-in-{}", verdicts->k);
      written.push_back(write(dir, fmt::format("{}.{}-scope-{}.{}", reading_name(sides, side, q.scope), file_word(t.name.empty() ? t.text : t.name),
                                               scope_word(q.scope), what),
                              reach_case(dir, sides[side], side, family, *verdicts)));
    }
  }
  return written;
}

}  // namespace carve::diff
