// Case files out of a difference (elaborate/witness_writer.hpp's game_items for the header).
#include "diff/regression_cases.hpp"

#include <filesystem>

#include <fmt/format.h>

#include "elaborate/case.hpp"
#include "elaborate/witness_writer.hpp"
#include "engines/registry.hpp"
#include "files/atomic_file.hpp"

namespace carve::diff {

namespace {

namespace fs = std::filesystem;

std::string spec_ref(const std::string& dir, const std::string& spec_path) {
  std::error_code ec;
  auto rel = fs::relative(fs::absolute(spec_path, ec), fs::absolute(dir, ec), ec);
  return ec || rel.empty() ? fs::absolute(spec_path).string() : rel.string();
}

std::string side_name(int side) { return side == 0 ? "A" : "B"; }

std::string write(const std::string& dir, const std::string& name, const std::string& text) {
  const std::string path = (fs::path(dir) / name).string();
  files::write_file_atomically(path, text);  // a failure is exit 2 naming the file and the reason
  elab::load_case(path);  // every file carve writes, carve reads back
  return path;
}

std::string play_case(const std::string& dir, const ReadingSource& src, int side, const PlayDifference& d) {
  const model::Game game = src.game_at(d.scope);
  const bool accepts = side == d.accepting;
  std::string s = fmt::format("// Written by carve diff: the shortest play on which readings A and B part. Reading {} ({})\n",
                              side_name(side), src.label);
  s += fmt::format("// {} it; the other reading {} it.\n", accepts ? "accepts" : "rejects", accepts ? "rejects" : "accepts");
  s += fmt::format("case \"diff: the play under reading {}\" {{\n", side_name(side));
  s += elab::game_items(spec_ref(dir, src.spec_path), src.spec, src.settings_at(d.scope), game);
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
  s += fmt::format("case \"diff: {} under reading {} within {}\" {{\n", target.text, side_name(side), turns);
  s += elab::game_items(spec_ref(dir, src.spec_path), src.spec, src.settings_at(q.scope), game);
  s += fmt::format("  target {};\n  turns {};\n", elab::target_text(target), v.k);
  if (wins) return s + fmt::format("  expect win in {};\n}}\n", v.k);
  if (!engines::refusal("certificate", game, target)) s += "  certify drat;\n";
  return s + "  expect no-win;\n}\n";
}

}  // namespace

std::vector<std::string> write_regression_cases(const std::string& dir, const ReadingSource sides[2], const Family& family,
                                                const VerdictDiff* verdicts, const PlayDiff* plays) {
  std::error_code ec;
  fs::create_directories(dir, ec);
  if (ec) elab::fail(parser::Location{"<command line --write-case>", 0, 0}, fmt::format("cannot create {}: {}", dir, ec.message()));
  std::vector<std::string> written;
  for (int side = 0; side < 2; ++side) {
    if (plays && plays->difference)
      written.push_back(write(dir, fmt::format("play_{}.case", side_name(side)), play_case(dir, sides[side], side, *plays->difference)));
    if (verdicts && verdicts->status == VerdictDiff::Status::Found)
      written.push_back(write(dir, fmt::format("reach_{}.case", side_name(side)), reach_case(dir, sides[side], side, family, *verdicts)));
  }
  return written;
}

}  // namespace carve::diff
