// The variant generator and the spec text it writes (the statements of spec/binary_tree.carve and
// spec/triangle.carve with the changed words; one profile, `literal`, holding every switch).
#include "tests/variants/variant.hpp"

#include <fmt/format.h>

namespace carve::variants {

namespace {

template <class T>
const T& pick(std::mt19937_64& rng, const std::vector<T>& from) {
  return from[std::uniform_int_distribution<std::size_t>(0, from.size() - 1)(rng)];
}

bool coin(std::mt19937_64& rng, double p) { return std::bernoulli_distribution(p)(rng); }

const char* kSwitches000 = R"(switch path { walk; trail; simple; simple-or-cycle; }
switch density { subsequence; factor; }
switch loop { forbid; allow; }
switch duplicate { merge; forbid; }
switch readd { forbid; allow; }
switch start-win { yes; no; }
switch reroot { allow; forbid; }
switch iso { incidence; typed; }
)";

const char* kSwitches001 = R"(switch path { walk; trail; simple; simple-or-cycle; }
switch density { subsequence; factor; }
switch duplicate { merge; forbid; }
switch virtual-scope { universe; formulas; }
switch start-win { yes; no; }
switch reroot { allow; forbid; }
switch iso { incidence; typed; }
)";

const char* kSystem001 = R"(def "1.1" { types param; variables param; relation R_delta arity 3 param; relation R_nabla arity 3 param; }
def "1.2" { formula Delta(x, y, z) when (x, y, z) in R_delta; formula Nabla(x, y, z) when (x, y, z) in R_nabla; }
def "1.3" {
  operator Theta(n: Nabla, d1: Delta, d2: Delta, d3: Delta, d_base: Delta) conclusion d_base;
  operator Omega(d_b: Delta, d1: Delta, d2: Delta, d3: Delta, n_core: Nabla) conclusion n_core;
}
def "1.4" {
  axiom Delta(x, x, x);
  axiom Nabla(x, x, x);
  rule theta: Theta(Nabla(a, b, c), Delta(a, x, y), Delta(b, y, z), Delta(c, z, x), Delta(x, y, z))
      <- Nabla(a, b, c), Delta(a, x, y), Delta(b, y, z), Delta(c, z, x);
  rule omega: Omega(Delta(x, y, z), Delta(a, x, y), Delta(b, y, z), Delta(c, z, x), Nabla(a, b, c))
      <- Delta(x, y, z), Delta(a, x, y), Delta(b, y, z), Delta(c, z, x);
  rule rotate_delta: Delta(y, z, x) <- Delta(x, y, z);
  rule rotate_nabla: Nabla(y, z, x) <- Nabla(x, y, z);
  universe lfp;
}
)";

std::string edge_set_name(bool tree, bool by_conclusion) {
  if (!tree) return by_conclusion ? "Gen" : "Premises";
  return by_conclusion ? "ParentEdge" : "ChildEdges";
}

std::string succession_def(const Variant& v) {
  const std::string trig = edge_set_name(v.tree, v.trigger_by_conclusion), elig = edge_set_name(v.tree, v.eligible_by_conclusion);
  std::string out;
  for (bool side : {false, true}) {
    const std::string name = edge_set_name(v.tree, side);
    if (name == trig || name == elig) out += fmt::format("  edgeset {} = inherent {};\n", name, side ? "conclusion" : "premise");
  }
  return out + fmt::format("  succession when none {} root choose {} where none {};\n", trig, v.choose, elig);
}

}  // namespace

Variant documents(bool tree) {
  Variant v;
  v.tree = tree;
  if (!tree) v.trigger_by_conclusion = true;
  return v;
}

Variant random_variant(std::mt19937_64& rng, bool tree, const std::vector<std::string>& alphabets,
                       const std::vector<std::string>& patterns) {
  Variant v = documents(tree);
  if (tree) v.alphabet = pick(rng, alphabets);
  if (coin(rng, 0.5)) v.pattern = pick(rng, patterns);
  v.density = pick(rng, std::vector<std::string>{"subsequence", "factor"});
  v.path = pick(rng, std::vector<std::string>{"walk", "trail", "simple", "simple-or-cycle"});
  v.duplicate = pick(rng, std::vector<std::string>{"merge", "forbid"});
  v.start_win = coin(rng, 0.8) ? "yes" : "no";
  if (tree) {
    v.loop = pick(rng, std::vector<std::string>{"forbid", "allow"});
    v.readd = pick(rng, std::vector<std::string>{"forbid", "allow"});
  } else {
    v.virtual_scope = pick(rng, std::vector<std::string>{"universe", "formulas"});
  }
  if (coin(rng, 0.4)) {
    v.trigger_by_conclusion = coin(rng, 0.5);
    v.eligible_by_conclusion = coin(rng, 0.5);
  }
  v.choose = pick(rng, std::vector<std::string>{"new by reroot", "new by reroot", "any", "other"});
  v.reroot = pick(rng, std::vector<std::string>{"allow", "forbid"});
  v.root_component = coin(rng, 0.25);
  v.contains = coin(rng, 0.25);
  return v;
}

std::string spec_text(const Variant& v) {
  std::string s = fmt::format("spec variant document \"{}\" title \"a generated variant\";\n", v.tree ? "000" : "001");
  s += v.tree ? kSwitches000 : kSwitches001;
  if (v.tree)
    s += fmt::format("profile literal {{ path = {}; density = {}; loop = {}; duplicate = {}; readd = {}; start-win = {}; "
                     "reroot = {}; iso = {}; }}\n",
                     v.path, v.density, v.loop, v.duplicate, v.readd, v.start_win, v.reroot, v.iso);
  else
    s += fmt::format("profile literal {{ path = {}; density = {}; duplicate = {}; virtual-scope = {}; start-win = {}; "
                     "reroot = {}; iso = {}; }}\n",
                     v.path, v.density, v.duplicate, v.virtual_scope, v.start_win, v.reroot, v.iso);
  if (v.tree) {
    s += fmt::format("def \"1.1\" {{ vertices words \"{0}\" root lambda; inherent T tree \"{0}\"; }}\n", v.alphabet);
    s += "def \"1.2\" { edges T + V; virtual disjoint inherent; initial all inherent root lambda; }\n";
    s += "def \"1.3\" { target graph finite simple connected; }\n";
  } else {
    s += kSystem001;
    s += "def \"2.1\" { edges T + V; virtual disjoint inherent; initial all inherent root param; }\n";
    s += "def \"2.3\" { target hypergraph finite connected; }\n";
  }
  s += "def \"2.1.0\" { path vertices adjacent kind path; }\n";
  s += fmt::format("def \"2.1.1\" {{ predicate dense = avoid ({}) by density; }}\n", v.pattern);
  s += "def \"2.1.2\" { predicate root = endpoint root; }\ndef \"2.1.3\" { predicate inc = contains new; }\n";
  s += "def \"2.2\" { paths R = root and dense and inc; }\n";
  s += fmt::format("def \"3.1\" {{ construct new {}; }}\ndef \"3.2\" {{ collapse R; }}\n", v.tree ? "pair" : "operator");
  s += "def \"3.3\" {\n" + succession_def(v) + "}\n";
  s += fmt::format("def \"4\" {{ components paths; isomorphism by iso; victory {}component {} target; }}\n",
                   v.root_component ? "root " : "", v.contains ? "contains" : "iso");
  return s;
}

std::string describe(const Variant& v) {
  return fmt::format("{} alphabet={} pattern=({}) density={} path={} loop={} duplicate={} readd={} virtual-scope={} "
                     "start-win={} trigger={} eligible={} choose='{}' reroot={} victory={}{} iso={}",
                     v.tree ? "000" : "001", v.alphabet, v.pattern, v.density, v.path, v.loop, v.duplicate, v.readd,
                     v.virtual_scope, v.start_win, v.trigger_by_conclusion ? "conclusion" : "premise",
                     v.eligible_by_conclusion ? "conclusion" : "premise", v.choose, v.reroot,
                     v.root_component ? "root-component-" : "component-", v.contains ? "contains" : "iso", v.iso);
}

}  // namespace carve::variants
