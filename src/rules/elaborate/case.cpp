// Case files: items gathered (each at most once), the spec loaded, names resolved.
#include "rules/elaborate/case.hpp"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

#include <fmt/format.h>

#include "rules/elaborate/overloaded.hpp"

#include "rules/model/deduction.hpp"
#include "rules/model/target_echo.hpp"
#include "text/parser/parse.hpp"
#include "foundations/files/sha256.hpp"

namespace carve::elab {

namespace ast = parser::ast;
namespace fs = std::filesystem;

namespace {

std::string atom_name(const ast::Atom& a) {
  std::vector<std::string> args;
  for (const auto& t : a.args) {
    if (t.is_atom()) fail(t.loc, "a formula's arguments are variables");
    args.push_back(t.name);
  }
  return model::formula_name(a.name, args);
}

bool is_operator(const model::Game& game, const std::string& name) {
  for (const auto& o : game.rules.operators)
    if (o.name == name) return true;
  return false;
}

model::VertexId lookup(const model::Game& game, const std::string& name, const parser::Location& loc) {
  auto it = game.universe.by_name.find(name);
  if (it == game.universe.by_name.end()) {
    if (game.universe.kind == model::Universe::Kind::WordTree)
      fail(loc, fmt::format("vertex {} lies outside the scope (depth <= {})", name, game.universe.depth));
    fail(loc, fmt::format("{} is not a formula over the case's variables and types", name));
  }
  return it->second;
}
}  // namespace

ast::Spec load_spec(const std::string& path) { return parser::parse_spec_file(path); }

std::string spec_sha256(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream bytes;
  bytes << in.rdbuf();
  if (!in && !in.eof()) fail(parser::Location{path, 1, 1}, "cannot read the spec to hash it");
  return parser::sha256_hex(bytes.str());
}

namespace {
// The one reading of a target's text, a case file's or the command line's: the syntax the case's
// keyword names (none for a bare name, and on the command line: parse_target_auto decides, so
// `target Bg;` and `--target Bg` are the same graph6, `target k4;` and `--target k4` the same
// K4). An error names the text and the character, at `loc` moved to that character (`before`:
// the characters between `loc` and the text, in a file).
model::Target parse_located(std::optional<model::TargetSyntax> syntax, const std::string& text, parser::Location loc,
                            std::size_t before) {
  try {
    return syntax ? model::parse_target(*syntax, text) : model::parse_target_auto(text);
  } catch (const model::TargetError& e) {
    if (loc.line > 0) loc.column += static_cast<int>(before + e.offset);
    fail(loc, fmt::format("bad target '{}' at character {}: {}", text, e.offset + 1, e.what()));
  }
}
}  // namespace

model::Target resolve_target(const ast::CaseTarget& t) {
  // A string starts after its keyword, one blank and the opening quote.
  switch (t.kind) {
    case ast::CaseTargetKind::Named: return parse_located(std::nullopt, t.text, t.loc, 0);
    case ast::CaseTargetKind::Edges: return parse_located(model::TargetSyntax::Edges, t.text, t.loc, 5 + 2);
    case ast::CaseTargetKind::Graph6: return parse_located(model::TargetSyntax::Graph6, t.text, t.loc, 6 + 2);
    case ast::CaseTargetKind::Hyperedges: return parse_located(model::TargetSyntax::Hyperedges, t.text, t.loc, 10 + 2);
  }
  return parse_located(std::nullopt, t.text, t.loc, 0);
}

model::Target resolve_target_text(const Located<std::string>& text) { return parse_located(std::nullopt, text.value, text.loc, 0); }

namespace {
// Why a target is no simple graph: its first edge that is not a pair, or one listed twice.
std::string not_simple_because(const model::Target& t) {
  const auto texts = model::edge_texts(t);
  for (std::size_t e = 0; e < t.shape.edges.size(); ++e)
    if (t.shape.edges[e].size() != 2)
      return fmt::format("{} has {} vert{}", texts[e], t.shape.edges[e].size(), t.shape.edges[e].size() == 1 ? "ex" : "ices");
  for (std::size_t e = 0; e < t.shape.edges.size(); ++e)
    for (std::size_t f = 0; f < e; ++f)
      if (t.shape.edges[e] == t.shape.edges[f]) return fmt::format("{} is listed twice", texts[e]);
  return "it is not";
}

// The rule that says which isomorphism victory uses: the switch's value, or the spec's statement.
std::string iso_rule(const model::Game& game) {
  if (game.rules.victory.match == model::Victory::Match::BySwitch)
    return fmt::format("iso={}", model::name_of(game.rules.reading.iso));
  return fmt::format("the spec's `isomorphism {}`", game.rules.typed_isomorphism() ? "typed" : "incidence");
}
}  // namespace

void check_target_fits(const model::Game& game, const model::Target& t, const parser::Location& loc) {
  if (game.rules.construct == model::Rules::Construct::Pair && !t.is_graph)
    fail(loc, fmt::format("Def 1.3: the target of {} is a simple graph, and {} is not: {}", game.document, t.text,
                          not_simple_because(t)));
  const bool by_switch = game.rules.victory.match == model::Victory::Match::BySwitch;
  if (t.typed && !game.rules.typed_isomorphism())
    fail(loc, fmt::format("the target gives edge types, but the rules' isomorphism ignores them ({}): drop the :T/:V "
                          "types{}",
                          iso_rule(game), by_switch ? ", or set iso=typed" : ""));
  if (!t.typed && t.edge_count() > 0 && game.rules.typed_isomorphism())
    fail(loc, fmt::format("the rules' isomorphism keeps edge types ({}), so the target must give every edge its type, as "
                          "in a-b:T,b-c:V or {{a,b}}:T (T inherent, V virtual; named graphs and graph6 have none){}",
                          iso_rule(game), by_switch ? ", or set iso=incidence" : ""));
}

model::VertexId resolve_vertex(const model::Game& game, const ast::Vertex& v) {
  switch (v.kind) {
    case ast::VertexKind::Lambda: return lookup(game, "lambda", v.loc);
    case ast::VertexKind::Word: {
      if (game.universe.kind != model::Universe::Kind::WordTree) fail(v.loc, "this game's vertices are formulas, not words");
      if (auto at = model::foreign_letter(v.word, game.universe.alphabet)) {
        auto loc = v.loc;
        loc.column += static_cast<int>(*at);  // a word is ASCII digits: one column per letter
        fail(loc, fmt::format("'{}' is not a letter of the tree's alphabet \"{}\": a vertex is a word over it, or lambda",
                              v.word[*at], game.universe.alphabet));
      }
      return lookup(game, model::normalise_word(v.word), v.loc);
    }
    case ast::VertexKind::Atom: {
      if (game.universe.kind == model::Universe::Kind::WordTree)
        fail(v.loc, fmt::format("this game's vertices are words over \"{}\" (or lambda), not formulas", game.universe.alphabet));
      return lookup(game, atom_name(v.atom), v.loc);
    }
  }
  fail(v.loc, "bad vertex");
}

model::EdgeElement resolve_edge(const model::Game& game, const ast::Edge& e) {
  if (e.kind == ast::EdgeKind::Pair) {
    if (game.rules.construct != model::Rules::Construct::Pair) fail(e.loc, "this game's edges are operator tuples, e.g. Theta(...)");
    return model::EdgeElement::make("V", {resolve_vertex(game, e.u), resolve_vertex(game, e.v)});
  }
  if (game.rules.construct != model::Rules::Construct::Operator) fail(e.loc, "this game's edges are pairs {u, v}");
  if (!is_operator(game, e.atom.name)) fail(e.atom.loc, fmt::format("{} is not an operator of this spec", e.atom.name));
  std::vector<model::VertexId> slots;
  for (const auto& t : e.atom.args) {
    if (!t.is_atom()) fail(t.loc, "an operator's arguments are formulas");
    ast::Vertex v;
    v.kind = ast::VertexKind::Atom;
    v.atom.name = t.name;
    v.atom.args = t.args;
    v.atom.loc = t.loc;
    v.loc = t.loc;
    slots.push_back(resolve_vertex(game, v));
  }
  return model::EdgeElement::make(e.atom.name, slots);
}

model::Move resolve_turn(const model::Game& game, const ast::Turn& t) {
  model::Move m;
  m.added = resolve_edge(game, t.edge);
  if (!t.stable) {
    model::CollapsePath p;
    const bool pairs = game.rules.construct == model::Rules::Construct::Pair;
    for (std::size_t i = 0; i < t.steps.size(); ++i) {
      const auto& s = t.steps[i];
      if (!pairs && i % 2 == 1) {
        if (s.kind != ast::VertexKind::Atom || !is_operator(game, s.atom.name))
          fail(s.loc, "a hypergraph path alternates vertices and edges: an edge (Theta(...) or Omega(...)) is expected here");
        ast::Edge e;
        e.kind = ast::EdgeKind::Atom;
        e.atom = s.atom;
        e.loc = s.loc;
        p.edges.push_back(resolve_edge(game, e));
      } else {
        if (!pairs && s.kind == ast::VertexKind::Atom && is_operator(game, s.atom.name))
          fail(s.loc, "a vertex (a formula) is expected here: paths alternate vertices and edges");
        p.vertices.push_back(resolve_vertex(game, s));
      }
    }
    if (!pairs && t.steps.size() % 2 == 0) fail(t.loc, "a hypergraph path starts and ends with a vertex");
    m.collapse = std::move(p);
  }
  if (t.root.kind == ast::RootChoiceKind::Vertex) m.new_root = resolve_vertex(game, t.root.vertex);
  return m;
}

namespace {
// The spec path is relative to the case file's folder; a repository-relative path also works.
// error_code overloads: a path the system rejects (e.g. a name over NAME_MAX) is bad input.
std::string resolve_spec_path(const std::string& case_path, const std::string& ref, const parser::Location& loc) {
  std::error_code near_ec, ec;
  const fs::path near = fs::path(case_path).parent_path() / ref;
  if (fs::exists(near, near_ec)) return near.lexically_normal().string();
  if (!fs::exists(ref, ec))
    fail(loc, ec ? fmt::format("spec file '{}' cannot be read: {}", ref, ec.message())
                 : fmt::format("spec file '{}' not found next to {} nor from the current folder", ref, case_path));
  return ref;
}

// A witness is about the exact spec it was written from: another content is a different game.
void check_spec_hash(Case& c, const parser::Location& loc, bool accept) {
  const std::string now = spec_sha256(c.spec_path);
  if (now == c.spec_sha256) return;
  const std::string what = fmt::format("the spec {} is not the one the case was written from: its SHA-256 is {}, the case "
                                       "states {}",
                                       c.spec_path, now, c.spec_sha256);
  if (!accept) fail(loc, what + " (replay --force replays it against the spec as it is now)");
  c.warnings.push_back(what + "; replayed against the spec as it is now (--force)");
}
}  // namespace

namespace {
// The items of a case file that name vertices, resolved once the game is known, and where the
// spec item stands (the file's start when there is none).
struct PendingItems {
  const ast::PlayItem* play = nullptr;
  const ast::ClaimItem* claim = nullptr;
  const ast::TargetItem* target = nullptr;
  const ast::RootItem* root = nullptr;
  parser::Location spec_loc;
};

// Each item of the file into the case (spec, settings, turns, expectation, engine, certificate),
// each at most once but `set` and `relation`; the items that name vertices wait in the result.
PendingItems gather_case_items(const ast::CaseFile& file, Case& c) {
  PendingItems p;
  p.spec_loc = file.loc;
  std::set<std::size_t> seen_kinds;
  for (const auto& item : file.items) {
    const auto kind = item.index();
    const bool repeatable = std::holds_alternative<ast::SetItem>(item) || std::holds_alternative<ast::RelationItem>(item);
    if (!repeatable && !seen_kinds.insert(kind).second)
      fail(std::visit([](const auto& x) { return x.loc; }, item), "this item is given twice in the case");
    std::visit(overloaded{
                   [&](const ast::SpecItem& s) {
                     c.spec_ref = s.path;
                     c.spec_sha256 = s.sha256;
                     p.spec_loc = s.loc;
                   },
                   [&](const ast::ProfileItem& pr) { c.settings.profile = {pr.name, pr.loc}; },
                   [&](const ast::SetItem& s) {
                     c.settings.sets.emplace_back(Located<std::string>{s.switch_name, s.loc},
                                                  Located<std::string>{s.value, s.loc});
                   },
                   [&](const ast::TargetItem& t) { p.target = &t; },
                   [&](const ast::DepthItem& d) {
                     c.settings.depth = Located<int>{d.any ? 1 : d.depth, d.loc};
                     c.settings.depth_any = d.any;
                   },
                   [&](const ast::TurnsItem& t) { c.turns = Located<int>{t.turns, t.loc}; },
                   [&](const ast::TypesItem& t) { c.settings.types = Located<std::vector<std::string>>{t.types, t.loc}; },
                   [&](const ast::VariablesItem& v) {
                     std::vector<std::pair<std::string, std::string>> vars;
                     for (const auto& d : v.vars) vars.emplace_back(d.name, d.type);
                     c.settings.variables = Located<std::vector<std::pair<std::string, std::string>>>{vars, v.loc};
                   },
                   [&](const ast::RelationItem& r) {
                     std::vector<std::vector<std::string>> tuples;
                     for (const auto& t : r.tuples) tuples.push_back(t.elems);
                     c.settings.relations.push_back({{r.name, tuples}, r.loc});
                   },
                   [&](const ast::RootItem& r) { p.root = &r; },
                   [&](const ast::PlayItem& pl) { p.play = &pl; },
                   [&](const ast::ClaimItem& cl) { p.claim = &cl; },
                   [&](const ast::ExpectItem& e) { c.expect = e.expectation; },
                   [&](const ast::EngineItem& e) {
                     const auto engine = parse(e.engine);
                     const auto pinning = automatic();
                     if (!engine || std::find(pinning.begin(), pinning.end(), *engine) == pinning.end())
                       fail(e.loc, fmt::format("unknown engine '{}' ({})", e.engine, names_text(pinning)));
                     c.engine = Located<Engine>{*engine, e.loc};
                   },
                   [&](const ast::CertifyItem& e) {
                     if (e.method != "drat") fail(e.loc, fmt::format("unknown certificate '{}' (drat)", e.method));
                     c.certify = Located<std::string>{e.method, e.loc};
                   },
               },
               item);
  }
  return p;
}

// The spec the case names (or the command line's), its hash checked against the case's, parsed.
void load_case_spec(Case& c, const std::string& case_path, const ast::CaseFile& file, const parser::Location& spec_loc,
                    const Overrides& ov) {
  if (c.spec_ref.empty() && !ov.spec) fail(file.loc, "the case names no spec (item `spec \"path\";`)");
  c.spec_path = ov.spec ? ov.spec->value : resolve_spec_path(case_path, c.spec_ref, spec_loc);
  if (!c.spec_sha256.empty()) check_spec_hash(c, ov.spec ? ov.spec->loc : spec_loc, ov.accept_changed_spec);
  c.spec = load_spec(c.spec_path);
}

// The settings the game is elaborated with: the case's ρ_0, then the command line's overrides.
void apply_case_overrides(Case& c, const ast::RootItem* root, const Overrides& ov) {
  if (root) {
    if (root->vertex.kind != ast::VertexKind::Atom) fail(root->loc, "ρ_0 is a formula such as Delta(x,x,x)");
    c.settings.root = Located<std::string>{atom_name(root->vertex.atom), root->loc};
  }
  if (ov.profile) c.settings.profile = *ov.profile;
  for (const auto& s : ov.sets) c.settings.sets.push_back(s);
  if (ov.depth) {
    c.settings.depth = ov.depth;
    c.settings.depth_any = ov.depth_any;
  }
  if (ov.turns) c.turns = ov.turns;
  if (c.turns && (c.turns->value < 0 || c.turns->value > 64))
    fail(c.turns->loc, fmt::format("{} turns is out of range (0..64)", c.turns->value));
}

// The target, the play and the claimed component, resolved in the elaborated game. A target
// given on the command line replaces the case's, which is then not judged at all.
void resolve_case_items(Case& c, const PendingItems& p, const Overrides& ov) {
  if (ov.target) {
    c.target = resolve_target_text(*ov.target);
    check_target_fits(c.game, *c.target, ov.target->loc);
  } else if (p.target) {
    c.target = resolve_target(p.target->target);
    check_target_fits(c.game, *c.target, p.target->target.loc);
  }
  if (p.play) {
    c.play = std::vector<model::Move>{};
    for (const auto& t : p.play->turns) {
      c.play->push_back(resolve_turn(c.game, t));
      c.turn_locs.push_back(t.loc);
    }
  }
  if (p.claim) {
    c.claim = std::vector<model::VertexId>{};
    for (const auto& v : p.claim->component) c.claim->push_back(resolve_vertex(c.game, v));
    c.claim_loc = p.claim->loc;
  }
}

// `depth any` asks one thing: whether the target is carved within k turns on the infinite tree,
// by the shape engine (docs/infinite-tree.md) -- asked only by the commands that answer it, of a
// case without a play (a play names nodes within a depth bound), and never of an engine that
// decides within a depth bound.
void check_infinite_tree(const Case& c, const PendingItems& p, const Overrides& ov) {
  if (!c.settings.depth_any) return;
  const parser::Location& at = c.settings.depth->loc;
  if (!ov.depth_any_allowed)
    fail(at, "`depth any` (the infinite tree, docs/infinite-tree.md) is a question for carve solve, check, explain and diff; "
             "this command works within a depth bound: give `depth D` (or --depth D where the command takes it)");
  if (p.play && !ov.depth_any)  // the case's own item (--depth any on a case keeps what it did: its target and turns asked)
    fail(at, "`depth any` asks whether the target is carved within k turns on the infinite tree; a play names nodes within a "
             "depth bound: give `depth D` with a play");
  if (c.engine && c.engine->value != Engine::Sat)
    fail(c.engine->loc, fmt::format("engine {} decides questions within a depth bound; the infinite tree (`depth any`) is answered "
                                    "by the sat engine on the shape encoding: `engine sat;` or no engine item",
                                    name(c.engine->value)));
}

// An expectation has what it asks about: a target and a bound, or a play, and turns within them.
void check_case_expectation(const Case& c) {
  if (!c.expect) return;
  using K = ast::ExpectKind;
  const auto k = c.expect->kind;
  if ((k == K::WinIn || k == K::NoWin) && !c.target) fail(c.expect->loc, "a reachability expectation needs a target");
  if ((k == K::Legal || k == K::IllegalAt || k == K::WinAt) && !c.play) fail(c.expect->loc, "this expectation needs a play");
  if ((k == K::WinIn || k == K::NoWin) && !c.turns) fail(c.expect->loc, "a reachability expectation needs `turns K`");
  if (k == K::WinAt && !c.target) fail(c.expect->loc, "`win at` needs a target");
  if ((k == K::IllegalAt || k == K::WinAt) && c.play &&
      (c.expect->turn < (k == K::WinAt ? 0 : 1) || c.expect->turn > static_cast<int>(c.play->size())))
    fail(c.expect->loc, fmt::format("turn {} is outside the play (1..{})", c.expect->turn, c.play->size()));
  if (k == K::WinIn && c.turns && c.expect->turn > c.turns->value)
    fail(c.expect->loc, fmt::format("win in {} exceeds the case's bound of {} turns", c.expect->turn, c.turns->value));
}
}  // namespace

Case load_case(const std::string& path, const Overrides& ov, limits::Budget* budget) {
  Case c;
  c.path = path;
  ast::CaseFile file = parser::parse_case_file(path);
  c.title = file.title;
  const PendingItems pending = gather_case_items(file, c);
  load_case_spec(c, path, file, pending.spec_loc, ov);
  apply_case_overrides(c, pending.root, ov);
  try {
    c.game = elaborate(c.spec, c.settings, budget);
  } catch (const model::DeductionError& e) {
    fail(file.loc, e.what());
  }
  if (c.certify && (!c.expect || c.expect->kind != ast::ExpectKind::NoWin))
    fail(c.certify->loc, "only a no-win expectation is certified by a proof (a win is certified by its witness)");
  check_infinite_tree(c, pending, ov);
  resolve_case_items(c, pending, ov);
  check_case_expectation(c);
  return c;
}

}  // namespace carve::elab
