// The session's readings and files: the spec's profiles and a switch between them (the play
// re-judged), `load` (a case or witness of the same document), `save` (the play as a case file,
// verified by carve check's own judge before it takes its name).
#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <cerrno>
#include <cstring>
#include <filesystem>

#include <fmt/format.h>

#include "questions/check/run_case.hpp"
#include "checkers/replay/replay.hpp"
#include "rules/elaborate/witness_writer.hpp"
#include "foundations/files/atomic_file.hpp"
#include "foundations/files/write_error.hpp"
#include "text/parser/parse.hpp"
#include "questions/play/session_impl.hpp"

namespace carve::play {

namespace fs = std::filesystem;

namespace {

Error file_error(std::string message) { return Error{ErrorKind::File, std::move(message), std::nullopt}; }

// A vertex of `from` as the vertex of the same name in `to` (the same scope under another reading).
std::optional<model::VertexId> same_vertex(const model::Game& from, const model::Game& to, model::VertexId v) {
  auto it = to.universe.by_name.find(model::vertex_name(from, v));
  if (it == to.universe.by_name.end()) return std::nullopt;
  return it->second;
}

std::optional<model::EdgeElement> same_edge(const model::Game& from, const model::Game& to, const model::EdgeElement& e) {
  model::EdgeElement out{e.op, {}, {}};
  for (auto v : e.slots) {
    auto w = same_vertex(from, to, v);
    if (!w) return std::nullopt;
    out.slots.push_back(*w);
  }
  for (auto v : e.vertices) {
    auto w = same_vertex(from, to, v);
    if (!w) return std::nullopt;
    out.vertices.push_back(*w);
  }
  std::sort(out.vertices.begin(), out.vertices.end());
  return out;
}

// A move of `from` in `to`'s vertex ids (nullopt: a vertex the other game lacks).
std::optional<model::Move> same_move(const model::Game& from, const model::Game& to, const model::Move& m) {
  model::Move out;
  auto added = same_edge(from, to, m.added);
  if (!added) return std::nullopt;
  out.added = *added;
  if (m.collapse) {
    model::CollapsePath p;
    for (auto v : m.collapse->vertices) {
      auto w = same_vertex(from, to, v);
      if (!w) return std::nullopt;
      p.vertices.push_back(*w);
    }
    for (const auto& e : m.collapse->edges) {
      auto f = same_edge(from, to, e);
      if (!f) return std::nullopt;
      p.edges.push_back(*f);
    }
    out.collapse = std::move(p);
  }
  if (m.new_root) {
    out.new_root = same_vertex(from, to, *m.new_root);
    if (!out.new_root) return std::nullopt;
  }
  return out;
}

bool playing_spec(const std::string& path) { return path.size() > 6 && path.compare(path.size() - 6, 6, ".carve") == 0; }

// `to` relative to the folder of `from_file`: how a case names its spec.
std::string relative_to_file(const std::string& from_file, const std::string& to) {
  std::error_code ec;
  auto base = fs::absolute(fs::path(from_file), ec).parent_path();
  auto rel = fs::relative(fs::absolute(fs::path(to), ec), base, ec);
  return ec || rel.empty() ? to : rel.string();
}

}  // namespace

std::vector<ProfileInfo> Session::profiles() const {
  std::vector<ProfileInfo> out;
  for (const auto& [name, doc] : elab::profiles_of(opened().spec)) out.push_back({name, doc, name == game().profile});
  return out;
}

std::variant<ProfileSwitch, Error> Session::switch_profile(const std::string& name) {
  auto& s = *impl_;
  if (s.pending) return bad_request("a turn is being built: finish it or `undo` it before switching the reading");
  bool known = false;
  std::string names;
  for (const auto& p : profiles()) {
    known |= p.name == name;
    names += (names.empty() ? "" : ", ") + p.name;
  }
  if (!known) return bad_request(fmt::format("the spec declares no profile '{}' (its profiles: {})", name, names));
  elab::Case next = s.opened;
  next.settings.profile = elab::Located<std::string>{name, parser::Location{"<carve play: profile>", 0, 0}};
  try {
    next.game = elab::elaborate(next.spec, next.settings);
    if (next.target) elab::check_target_fits(next.game, *next.target, parser::Location{"<carve play: target>", 0, 0});
  } catch (const elab::InputError& e) {
    return bad_request(fmt::format("the profile {} cannot be used here: {}", name, e.message));
  } catch (const limits::LimitReached& e) {
    return Error{ErrorKind::Limit, fmt::format("elaborating the profile {} stopped: {}", name, e.what()), std::nullopt};
  }
  // The play re-judged turn by turn under the new reading; from the first turn it breaks, its
  // moves (then the old redo stack) wait on the redo stack.
  std::vector<model::Move> moves = s.play;
  for (auto it = s.redo.rbegin(); it != s.redo.rend(); ++it) moves.push_back(*it);
  const auto old_game = s.game();
  ProfileSwitch out{s.game().profile, name, 0, std::nullopt, std::nullopt, std::nullopt};
  std::vector<model::Move> translated;
  std::optional<std::size_t> first_untranslated;
  for (std::size_t i = 0; i < moves.size(); ++i) {
    auto m = same_move(old_game, next.game, moves[i]);
    if (!m) {
      first_untranslated = i;
      break;
    }
    translated.push_back(*m);
  }
  const std::size_t played = s.play.size();
  s.opened = std::move(next);
  s.restart({});
  for (std::size_t i = 0; i < translated.size() && i < played; ++i) {
    if (auto e = play_move(translated[i])) {
      out.broken_turn = static_cast<int>(i) + 1;
      out.broken_by = *e;
      break;
    }
  }
  out.kept = turn();
  out.won_turn = s.won ? std::optional<int>(s.won->turn) : std::nullopt;
  if (first_untranslated && !out.broken_turn && *first_untranslated < played) {
    out.broken_turn = static_cast<int>(*first_untranslated) + 1;
    out.broken_by = bad_request("a vertex of this turn is not in the new reading's scope");
  }
  for (std::size_t i = translated.size(); i-- > static_cast<std::size_t>(turn());) s.redo.push_back(translated[i]);
  s.last_refusal.reset();
  s.refused_prefix.clear();
  return out;
}

std::variant<std::string, Error> Session::Impl::resolve_file(const std::string& name, bool writing) const {
  if (name.empty()) return file_error("no file named");
  if (!options.file_folder) return name;
  const fs::path given(name);
  if (given.is_absolute()) return file_error(fmt::format("'{}': give a name inside the session's folder, not an absolute path", name));
  for (const auto& part : given)
    if (part == "..") return file_error(fmt::format("'{}': a name inside the session's folder may not climb out of it (..)", name));
  std::error_code ec;
  const fs::path root = fs::weakly_canonical(*options.file_folder, ec);
  const fs::path full = fs::weakly_canonical(root / given, ec);
  if (ec) return file_error(fmt::format("'{}': {}", name, ec.message()));
  // Symbolic links are followed: where the name really leads must stay inside the folder.
  const fs::path checked = writing ? full.parent_path() : full;
  auto rel = checked.lexically_relative(root);
  if (rel.empty() || *rel.begin() == "..")
    return file_error(fmt::format("'{}' leads outside the session's folder {}", name, root.string()));
  return (root / given).string();
}

std::optional<Error> Session::load(const std::string& file) {
  auto& s = *impl_;
  auto where = s.resolve_file(file, false);
  if (auto* e = std::get_if<Error>(&where)) return *e;
  const auto& path = std::get<std::string>(where);
  if (playing_spec(path)) return file_error(fmt::format("'{}' is a spec: load takes a case or a witness", file));
  elab::Case c;
  try {
    c = elab::load_case(path);
  } catch (const elab::InputError& e) {
    return file_error(e.what());
  } catch (const parser::ParseError& e) {
    return file_error(e.what());
  } catch (const limits::LimitReached& e) {
    return Error{ErrorKind::Limit, fmt::format("loading {} stopped: {}", file, e.what()), std::nullopt};
  }
  if (c.game.document != s.game().document)
    return bad_request(fmt::format("{} is a game of document {}, this session's is {}", file, c.game.document, s.game().document));
  if (!c.target && s.opened.target) {
    try {
      elab::check_target_fits(c.game, *s.opened.target, parser::Location{"<carve play: target>", 0, 0});
      c.target = s.opened.target;
    } catch (const elab::InputError&) {
      // The session's target does not fit the loaded reading: the game is played without one.
    }
  }
  const auto to_redo = c.play.value_or(std::vector<model::Move>{});
  s.opened = std::move(c);
  s.restart(to_redo);
  return std::nullopt;
}

}  // namespace carve::play

namespace carve::play {

namespace {
struct ExpectInfo {
  Expect id;
  std::string_view name;
};
constexpr std::array<ExpectInfo, 3> kExpects{{{Expect::Win, "win"}, {Expect::Legal, "legal"}, {Expect::Illegal, "illegal"}}};
}  // namespace

std::optional<Expect> expect_from_name(std::string_view name) {
  for (const auto& e : kExpects)
    if (e.name == name) return e.id;
  return std::nullopt;
}
std::string_view expect_name(Expect e) { return kExpects[static_cast<std::size_t>(e)].name; }

std::variant<Saved, Error> Session::save(const std::string& file, std::optional<Expect> expect, bool overwrite) {
  auto& s = *impl_;
  auto where = s.resolve_file(file, true);
  if (auto* e = std::get_if<Error>(&where)) return *e;
  const std::string path = std::get<std::string>(where);
  const Expect kind = expect.value_or(s.won ? Expect::Win : Expect::Legal);
  std::vector<model::Move> moves = s.play;
  std::string expectation;
  switch (kind) {
    case Expect::Win:
      if (!s.won) return bad_request("the play has not won: save it as `legal`, or `illegal` for the last refused move");
      expectation = fmt::format("win at {}", s.won->turn);
      break;
    case Expect::Legal: expectation = "legal"; break;
    case Expect::Illegal:
      if (!s.last_refusal) return bad_request("no move has been refused yet: `illegal` saves the last refused move");
      moves = s.refused_prefix;
      moves.push_back(s.last_refusal->move);
      expectation = fmt::format("illegal at {} rule {}", s.last_refusal->turn, elab::quoted(s.last_refusal->error.rule->number));
      break;
  }
  if (kind != Expect::Illegal && moves.empty()) return bad_request("no turn has been played: there is no play to save");
  std::error_code ec;
  if (!overwrite && fs::exists(fs::symlink_status(path, ec)))
    return file_error(fmt::format("{} exists: save it under another name, or ask to overwrite it", file));
  const auto& g = s.game();
  const auto& c = s.opened;
  std::string text = "// Saved by carve play: `carve check FILE` judges it, `carve play FILE` steps through it.\n";
  text += fmt::format("case {} {{\n", elab::quoted(fmt::format("a play of {} turn{}: {}", moves.size(), moves.size() == 1 ? "" : "s", expectation)));
  try {
    text += elab::game_items(relative_to_file(path, c.spec_path), c.spec, c.settings, g, elab::spec_sha256(c.spec_path));
  } catch (const elab::InputError& e) {
    return file_error(e.what());
  }
  if (c.target) text += fmt::format("  target {};\n", elab::target_text(*c.target));
  text += "  play {\n";
  for (const auto& m : moves) text += "    " + model::move_text(g, m) + "\n";
  text += "  }\n";
  text += fmt::format("  expect {};\n}}\n", expectation);
  return s.write_verified(path, text, expectation, overwrite);
}

// Written beside its name, judged there as `carve check` judges it, and only then given its name
// (rename; without `overwrite`, link(2), which fails when the name was taken meanwhile).
std::variant<Saved, Error> Session::Impl::write_verified(const std::string& path, const std::string& text, const std::string& expectation,
                                                         bool overwrite) const {
  const std::string temporary = files::temporary_name(path);
  try {
    files::write_file_atomically(temporary, text);
  } catch (const files::WriteError& e) {
    return file_error(e.what());
  }
  struct Remove {
    std::string path;
    ~Remove() {
      std::error_code ec;
      fs::remove(path, ec);
    }
  } remove{temporary};
  cases::Outcome judged;
  try {
    judged = cases::run_case(elab::load_case(temporary), limits::Limits{options.hint_timeout_seconds, options.memory_mb, false});
  } catch (const std::exception& e) {
    throw std::logic_error(fmt::format("the case carve play wrote does not load back: {}", e.what()));
  }
  if (!judged.pass)
    throw std::logic_error(fmt::format("the case carve play wrote is judged `{}`, not `{}`: {}", judged.actual, judged.expected, judged.detail));
  if (overwrite) {
    try {
      files::rename_into_place(temporary, path);
    } catch (const files::WriteError& e) {
      return file_error(e.what());
    }
  } else if (::link(temporary.c_str(), path.c_str()) != 0) {
    const int err = errno;
    return file_error(err == EEXIST ? fmt::format("{} exists: save it under another name, or ask to overwrite it", path)
                                    : fmt::format("cannot write {}: {}", path, std::strerror(err)));
  }
  return Saved{path, expectation, text};
}

}  // namespace carve::play
