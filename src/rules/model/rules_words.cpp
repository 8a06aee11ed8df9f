// One describer per rule, dispatched by the aspect table; each reads only the rules record and
// the universe's kind (000's tree: nodes, tree edges, the root; 001's hypergraph: formulas,
// inherent edges, the base point).
#include "rules/model/rules_words.hpp"

#include <algorithm>
#include <array>

#include <fmt/format.h>

namespace carve::model {

namespace {

// The document's nouns for the game's universe.
struct Nouns {
  bool tree = true;
  std::string vertex() const { return tree ? "node" : "formula"; }
  std::string inherent() const { return tree ? "tree edge" : "inherent edge"; }
  std::string root() const { return tree ? "the root ρ_t" : "the base point ρ_t"; }
  std::string root_short() const { return tree ? "root" : "base point"; }
  std::string graph() const { return tree ? "G'" : "H'"; }
  std::string target() const { return tree ? "G*" : "H*"; }
};

Nouns nouns_of(const Game& game) { return Nouns{game.universe.kind == Universe::Kind::WordTree}; }

// The switch's value as the words state it, and the switch noted when the spec declares it.
struct SwitchNote {
  const Game& game;
  std::vector<Switch>& used;
  std::string operator()(Switch s) {
    if (std::find(game.declared.begin(), game.declared.end(), s) == game.declared.end()) return "";
    if (std::find(used.begin(), used.end(), s) == used.end()) used.push_back(s);
    return fmt::format(" ({}={})", info(s).name, game.rules.reading.text(s));
  }
};

std::string number_word(int n) {
  static constexpr std::array<const char*, 11> words = {"no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"};
  return n >= 0 && n < static_cast<int>(words.size()) ? words[static_cast<std::size_t>(n)] : std::to_string(n);
}

std::string type_noun(EdgeType t, bool plural, const Nouns& n) {
  const std::string noun = t == EdgeType::V ? "virtual edge" : n.inherent();
  return plural ? noun + "s" : noun;
}

// One item of a pattern: "a virtual edge", "two or more tree edges", "one to three ...".
std::string item_words(const PatternItem& it, const Nouns& n) {
  if (it.min == 1 && it.max == 1) return "a " + type_noun(it.type, false, n);
  if (it.max < 0) {
    if (it.min == 0) return "any number of " + type_noun(it.type, true, n) + " (none included)";
    return fmt::format("{} or more {}", number_word(it.min), type_noun(it.type, true, n));
  }
  if (it.min == it.max) return fmt::format("{} {}", number_word(it.min), type_noun(it.type, it.min != 1, n));
  if (it.min == 0) return fmt::format("at most {} {}", number_word(it.max), type_noun(it.type, it.max != 1, n));
  return fmt::format("{} to {} {}", number_word(it.min), number_word(it.max), type_noun(it.type, true, n));
}

// What avoiding the pattern forbids of a path's sequence of edge types.
std::string pattern_consequence(const std::vector<PatternItem>& items, bool scattered, const Nouns& n) {
  if (items.empty()) return "";
  const bool one_type = std::all_of(items.begin(), items.end(), [&](const PatternItem& it) { return it.type == items[0].type; });
  if (one_type) {
    // A run of one type: only how many it takes matters (a longer run contains a shorter one).
    int least = 0;
    for (const auto& it : items) least += it.min;
    if (least == 0) return "no path at all (the pattern matches the empty sequence)";
    if (least == 1) return "no " + type_noun(items[0].type, false, n) + " on a path";
    const std::string some = number_word(least) + " " + type_noun(items[0].type, true, n);
    return scattered ? fmt::format("no {} anywhere on a path", some) : fmt::format("no {} in a row on a path", some);
  }
  std::vector<std::string> parts;
  for (const auto& it : items) parts.push_back(item_words(it, n));
  if (scattered) {
    std::string list;
    for (std::size_t i = 0; i < parts.size(); ++i)
      list += (i == 0 ? "" : i + 1 == parts.size() ? " and " : ", ") + parts[i];
    return fmt::format("no path has {} in this order, with any edges between them", list);
  }
  return fmt::format("no path takes {}, one right after the other", fmt::join(parts, ", then "));
}

std::string construction(const Game& g, const Nouns& n, SwitchNote& note) {
  const auto& r = g.rules.reading;
  std::string out;
  if (g.rules.construct == Rules::Construct::Pair) {
    out = fmt::format("each turn adds one virtual edge e_new = {{u, v}}, u and v {}s of the tree; ", n.vertex());
    out += r.loop == sw::Loop::Forbid ? "u ≠ v" : "u = v is allowed (a loop {u})";
    out += note(Switch::Loop) + "; ";
    out += r.readd == sw::Readd::Forbid ? "never a tree pair, present or removed: E_V ∩ E_Ω = ∅"
                                        : "a tree pair only once its tree edge has been removed";
    out += note(Switch::Readd) + "; ";
  } else {
    std::vector<std::string> ops;
    for (const auto& op : g.rules.operators) ops.push_back(fmt::format("{}({})", op.name, fmt::join(op.slot_preds, ", ")));
    out = fmt::format("each turn adds one virtual edge e_new ∈ U, an operator tuple {} that is not an inherent edge (e_new ∉ E_Ω); ",
                      ops.empty() ? std::string("of U") : fmt::format("{}", fmt::join(ops, " or ")));
    out += r.virtual_scope == sw::VirtualScope::Universe ? "every formula of e_new lies in F*"
                                                         : "its formulas may lie outside F* and then join the hypergraph as vertices";
    out += note(Switch::VirtualScope) + "; ";
  }
  out += r.duplicate == sw::Duplicate::Merge ? "e_new may equal a virtual edge already present, and is then that edge"
                                             : "e_new must not be a virtual edge already present";
  out += note(Switch::Duplicate);
  return out;
}

std::string path(const Game& g, const Nouns& n, SwitchNote& note) {
  std::string kind;
  switch (g.rules.reading.path) {
    case sw::Path::Walk: kind = "a walk: consecutive vertices are joined by an edge, and vertices and edges may repeat"; break;
    case sw::Path::Trail: kind = "a trail: no edge is used twice (vertices may repeat)"; break;
    case sw::Path::Simple: kind = "a simple path: no vertex is visited twice"; break;
    case sw::Path::SimpleOrCycle:
      kind = fmt::format("a simple path, or a cycle through {}: no vertex is visited twice, except that the path may start and "
                         "end at {}",
                         n.root(), n.root_short());
      break;
  }
  return fmt::format("a path in {} = (V, E_t ∪ {{e_new}}) is {}{}", n.graph(), kind, note(Switch::Path));
}

std::string density(const Game& g, const Nouns& n, SwitchNote& note) { return avoided_pattern_words(g.rules, n.tree) + note(Switch::Density); }

std::string root(const Game&, const Nouns& n, SwitchNote&) {
  return fmt::format("the path starts or ends at {}", n.root());
}

std::string inclusion(const Game&, const Nouns&, SwitchNote&) { return "the path uses e_new"; }

std::string paths(const Game&, const Nouns& n, SwitchNote&) {
  return fmt::format("ℛ is the set of paths of {} that satisfy Φ_root, Φ_dense and Φ_inc together", n.graph());
}

std::string collapse(const Game&, const Nouns&, SwitchNote&) {
  return "when ℛ is not empty the player must collapse: choose one path P* ∈ ℛ and remove every edge of it, e_new "
         "included (E'' = E' \\ E(P*)); when ℛ is empty, e_new stays as a virtual edge";
}

// "the root has lost its parent edge" (000) or "Gen(ρ_t) = ∅" (001): the state of a vertex in which
// no present inherent edge concludes it (by_conclusion) or has it as a premise.
std::string bare_of(bool by_conclusion, bool root, const Nouns& n) {
  if (n.tree) {
    if (by_conclusion) return root ? "the root has lost its parent edge" : "orphans, whose parent edge is gone";
    return root ? "the root has lost all its child edges" : "nodes that have lost all their child edges";
  }
  if (by_conclusion)
    return root ? "no present inherent edge concludes the base point (Gen(ρ_t) = ∅)" : "formulas v of F* with Gen(v) = ∅ (no present inherent edge concludes v)";
  return root ? "the base point is the premise of no present inherent edge" : "formulas of F* that are the premise of no present inherent edge";
}

std::string succession(const Game& g, const Nouns& n, SwitchNote& note) {
  const auto& s = g.rules.succession;
  std::string choice;
  switch (s.choice) {
    case Succession::Choice::Any: choice = fmt::format("the old {} included (choose any)", n.root_short()); break;
    case Succession::Choice::Other: choice = fmt::format("never the old {} (choose other)", n.root_short()); break;
    case Succession::Choice::BySwitch:
      choice = (g.rules.reading.reroot == sw::Reroot::Allow ? fmt::format("the old {} included", n.root_short())
                                                            : fmt::format("never the old {}", n.root_short())) +
               note(Switch::Reroot);
      break;
  }
  return fmt::format("succession is due when {}; the player then names a new {} among the {}, {}; when it is not due the {} stays",
                     bare_of(s.trigger_by_conclusion, true, n), n.root_short(), bare_of(s.eligible_by_conclusion, false, n), choice,
                     n.root_short());
}

std::string isomorphism(const Game& g, const Nouns& n, SwitchNote& note) {
  const std::string kind = g.rules.typed_isomorphism()
                               ? fmt::format("keeping edge types too: a {} maps to a T edge of {}, a virtual edge to a V edge", n.inherent(), n.target())
                               : "by incidence: vertices and edges, edge types ignored";
  if (g.rules.victory.match == Victory::Match::BySwitch) return fmt::format("a component is compared with {} {}{}", n.target(), kind, note(Switch::Iso));
  return fmt::format("a component is compared with {} {} (fixed by the spec: isomorphism {})", n.target(), kind,
                     g.rules.typed_isomorphism() ? "typed" : "incidence");
}

std::string victory(const Game& g, const Nouns& n, SwitchNote& note) {
  const auto& v = g.rules.victory;
  const std::string which = v.scope == Victory::Scope::AnyComponent ? "some finite component of the state"
                                                                    : fmt::format("the component of {}, when finite,", n.root());
  const std::string how = v.relation == Victory::Relation::Iso ? fmt::format("is isomorphic to {}", n.target())
                                                               : fmt::format("contains a subgraph isomorphic to {}", n.target());
  const std::string when = g.rules.reading.start_win == sw::StartWin::Yes ? "at the end of every turn and at t = 0"
                                                                          : "at the end of every turn, not at t = 0";
  return fmt::format("the player wins when {} {}; checked {}{}", which, how, when, note(Switch::StartWin));
}

using Describer = std::string (*)(const Game&, const Nouns&, SwitchNote&);

struct AspectInfo {
  std::string_view name;
  std::string_view label;
  Describer describe;
};

#define ASPECT(id, name, label, doc) AspectInfo{name, label, nullptr},
constexpr std::array kAspectNames = {
#include "rules/model/rule_aspects.def"
};
#undef ASPECT

// The describers in the table's order (a name the table lists without a describer fails to compile).
constexpr Describer describer_of(RuleAspect a) {
  switch (a) {
    case RuleAspect::Construction: return construction;
    case RuleAspect::Path: return path;
    case RuleAspect::Density: return density;
    case RuleAspect::Root: return root;
    case RuleAspect::Inclusion: return inclusion;
    case RuleAspect::Paths: return paths;
    case RuleAspect::Collapse: return collapse;
    case RuleAspect::Succession: return succession;
    case RuleAspect::Isomorphism: return isomorphism;
    case RuleAspect::Victory: return victory;
  }
  return nullptr;
}

}  // namespace

std::string_view aspect_name(RuleAspect a) { return kAspectNames[static_cast<std::size_t>(a)].name; }

std::string avoided_pattern_words(const Rules& rules, bool tree) {
  const bool scattered = rules.reading.density == sw::Density::Subsequence;
  std::string out = fmt::format("avoid {} as a {}", rules.density_pattern, scattered ? "subsequence" : "factor");
  const std::string consequence = pattern_consequence(rules.density_items, scattered, Nouns{tree});
  return consequence.empty() ? out : out + ": " + consequence;
}

RuleWords rule_words(const Game& game, RuleAspect a) {
  RuleWords r;
  r.aspect = a;
  r.name = std::string(aspect_name(a));
  const Nouns n = nouns_of(game);
  SwitchNote note{game, r.switches};
  r.words = describer_of(a)(game, n, note);
  const auto label = game.rules.label.find(std::string(kAspectNames[static_cast<std::size_t>(a)].label));
  if (label != game.rules.label.end()) {
    r.def = label->second;
    if (const Definition* d = game.definition(r.def)) {
      r.heading = d->heading();
      r.location = d->location();
    } else {
      r.heading = "def " + r.def;
    }
  }
  return r;
}

std::vector<RuleWords> rules_in_words(const Game& game) {
  std::vector<RuleWords> out;
  for (std::size_t i = 0; i < kAspectNames.size(); ++i) out.push_back(rule_words(game, static_cast<RuleAspect>(i)));
  return out;
}

std::string rule_line(const RuleWords& r, bool located) {
  if (r.heading.empty()) return r.words;
  return !located || r.location.empty() ? fmt::format("{}: {}", r.heading, r.words) : fmt::format("{} ({}): {}", r.heading, r.location, r.words);
}

std::string rules_text(const Game& game, const std::string& indent) {
  std::string out;
  for (const auto& r : rules_in_words(game)) {
    // Pad by code points: the names mix ASCII and Greek letters.
    std::size_t width = 0;
    for (unsigned char c : r.name) width += (c & 0xC0) != 0x80;
    out += indent + r.name + std::string(width < 13 ? 13 - width : 1, ' ') + rule_line(r) + "\n";
  }
  return out;
}

}  // namespace carve::model
