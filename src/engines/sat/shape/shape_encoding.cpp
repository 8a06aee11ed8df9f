// The 000 encoding over a solver-chosen shape, rule by rule (see shape_encoding.hpp; the
// arguments that each rule's clauses are exact are those of tree_encoding.cpp, with the tree read
// through the shape's literals -- only what differs is said here).
//
// Tree edges. A shape numbers its nodes so that a parent precedes its children, so a tree pair
// {u, w}, u < w, is the edge of w: it is a tree pair iff par(w) = u and present iff moreover te[w].
// S_0 has every te true, no virtual edge, the root node 0 (λ).
//
// Construction. e_new is a slot (A <= B, A < B without loops); under readd=forbid it is never a
// tree pair, under readd=allow never a present tree edge; duplicates as in tree_encoding.cpp.
//
// Succession. A frontier root (fewer than two children in the shape) keeps its child edge into
// the untouched subtree and never triggers; any other root triggers iff none of its children's
// edges (nor, under readd=allow, a virtual edge on such a pair) is in E''. The new root's own edge
// to its parent is absent (node 0 has none); under reroot=forbid it differs from the old root.
//
// Victory. As in tree_encoding.cpp: the target maps injectively onto non-frontier nodes, its edges
// onto present pairs, its non-edges onto absent ones, and no present edge leaves the image; a
// component without a frontier node is finite (Lemma 0 of docs/infinite-tree.md).
#include "engines/sat/shape/shape_encoding.hpp"

#include <stdexcept>

#include <fmt/format.h>

#include "checkers/shape/compress.hpp"
#include "engines/sat/frames/symmetry_breaking.hpp"
#include "rules/model/victory.hpp"
#include "rules/model/shape_universe.hpp"

namespace carve::encoder {

namespace {

// The rules' victory where it is not the documents' own (any finite component, ≅ G* by incidence).
std::string victory_words(const model::Rules& r) {
  const bool root = r.victory.scope == model::Victory::Scope::RootComponent;
  const bool contains = r.victory.relation == model::Victory::Relation::Contains;
  return fmt::format("victory by {} {} G*{} (the shape theorem covers any finite component isomorphic to G* by incidence)",
                     root ? "the root's component" : "a component", contains ? "containing a copy of" : "isomorphic to",
                     r.typed_isomorphism() ? ", edge types kept" : "");
}

}  // namespace

std::optional<model::Refusal> ShapeEncoding::refusal(const model::Game& game, const model::Target&) {
  const auto& r = game.rules;
  auto no = [&](const char* rule, std::string what) {
    return model::Refusal{"", game.rule_label(rule) + " " + rule, std::move(what), ""};
  };
  if (game.universe.kind != model::Universe::Kind::WordTree || r.construct != model::Rules::Construct::Pair)
    return no("construct", "a universe other than document 000's word tree");
  if (game.universe.alphabet != "01")  // Def 1.1 builds Ω; no statement of the spec is labelled for it
    return model::Refusal{"", "1.1 universe",
                          fmt::format("the tree over the alphabet \"{}\" (the shape theorem is proved for the binary tree "
                                      "over \"01\")",
                                      game.universe.alphabet),
                          ""};
  if (!model::documents_victory(game)) return no("victory", victory_words(r));
  if (r.succession.trigger_by_conclusion || !r.succession.eligible_by_conclusion)
    return no("succession", fmt::format("the trigger on the root's {} edges and eligibility on the candidate's {} edges",
                                        r.succession.trigger_by_conclusion ? "parent" : "child",
                                        r.succession.eligible_by_conclusion ? "parent" : "child"));
  if (!WalkCollapse::reading_of(r.density))
    return no("paths", fmt::format("the density pattern {} (the shape theorem needs V T{{2,}} V)", r.density_words()));
  // The rules carve explain switches off (model::Relaxed): the shape theorem is proved for the
  // documents' collapse and succession.
  if (r.relaxed.root_endpoint) return no("Φ_root", "Φ_root off (a collapse path starting anywhere)");
  if (r.relaxed.contains_new) return no("Φ_inc", "Φ_inc off (a collapse path without e_new)");
  if (r.relaxed.obligation) return no("collapse", "the obligation to collapse off (stable although ℛ ≠ ∅)");
  if (r.relaxed.eligibility) return no("succession", "eligibility off (any vertex as the new root)");
  return std::nullopt;
}

ShapeEncoding::ShapeEncoding(const model::Game& game, const model::Target& target, Cnf& cnf, std::size_t nodes,
                             bool target_symmetry)
    : game_(game), target_(target), cnf_(cnf), shape_(cnf, nodes), target_symmetry_(target_symmetry) {
  const auto density = *WalkCollapse::reading_of(game.rules.density);
  if (game.rules.path() == model::PathKind::Walk)
    walk_ = std::make_unique<ShapeWalk>(shape_, density, cnf_);
  else
    split_ = std::make_unique<ShapeSplit>(shape_, game, density, cnf_);
  // T^m V is dense for every m under V T{2,} V (no V before the T's), so the eager clauses apply.
  tree_then_new_is_legal_ = true;
  new_frame();
  Frame& f = frames_[0];
  for (std::size_t j = 1; j < nodes; ++j) cnf_.clause({f.te[j], -shape_.active(j)});
  for (std::size_t v = 0; v < nodes; ++v) cnf_.clause({v == 0 ? f.root[v] : -f.root[v]});
}

void ShapeEncoding::new_frame() {
  const std::size_t m = shape_.nodes();
  Frame f;
  f.te.assign(m, 0);
  for (std::size_t j = 1; j < m; ++j) {
    f.te[j] = cnf_.var();
    cnf_.clause({-f.te[j], shape_.active(j)});
  }
  for (std::size_t i = 0; i < frames_.size(); ++i) f.alive.push_back(cnf_.var());
  for (std::size_t v = 0; v < m; ++v) {
    f.root.push_back(cnf_.var());
    cnf_.clause({-f.root[v], shape_.active(v)});
  }
  cnf_.exactly_one(f.root);
  frames_.push_back(std::move(f));
  victory_.push_back(0);
}

int ShapeEncoding::tree_on(int frame, std::size_t u, std::size_t w) {
  if (u > w) std::swap(u, w);
  if (u == w) return cnf_.false_lit();
  auto& lit = tree_on_[{frame, u, w}];
  if (!lit) {
    const int p = shape_.parent(w, u), te = frames_[static_cast<std::size_t>(frame)].te[w];
    lit = cnf_.var();
    cnf_.clause({-lit, p});
    cnf_.clause({-lit, te});
    cnf_.clause({lit, -p, -te});
  }
  return lit;
}

int ShapeEncoding::virtual_on(int frame, std::size_t u, std::size_t w, bool lower_only) {
  if (u > w) std::swap(u, w);
  auto& lit = virtual_on_[{frame, u, w, lower_only}];
  if (lit) return lit;
  const Frame& f = frames_[static_cast<std::size_t>(frame)];
  if (f.alive.empty()) return lit = cnf_.false_lit();
  lit = cnf_.var();
  std::vector<int> why{-lit};
  for (std::size_t i = 0; i < f.alive.size(); ++i) {
    const std::vector<int> off = not_on_pair(turns_[i].slot, static_cast<model::VertexId>(u), static_cast<model::VertexId>(w));
    cnf_.clause({off[0], off[1], -f.alive[i], lit});
    if (lower_only) continue;
    const int z = cnf_.var();
    cnf_.clause({-z, f.alive[i]});
    cnf_.clause({-z, -off[0]});
    cnf_.clause({-z, -off[1]});
    why.push_back(z);
  }
  if (!lower_only) cnf_.clause(why);
  return lit;
}

VirtualSlot ShapeEncoding::make_shape_slot() {
  const std::size_t m = shape_.nodes();
  const bool loops = game_.rules.reading.loop == model::sw::Loop::Allow;
  VirtualSlot s;
  for (std::size_t v = 0; v < m; ++v) {
    s.a.push_back(cnf_.var());
    s.b.push_back(cnf_.var());
  }
  cnf_.exactly_one(s.a);
  cnf_.exactly_one(s.b);
  for (std::size_t v = 0; v < m; ++v) {
    cnf_.clause({-s.a[v], shape_.active(v)});
    cnf_.clause({-s.b[v], shape_.active(v)});
  }
  for (std::size_t x = 0; x < m; ++x)
    for (std::size_t y = 0; y <= x; ++y)
      if (y < x || !loops) cnf_.clause({-s.a[x], -s.b[y]});
  return s;
}

void ShapeEncoding::encode_construction(int t, Turn& tu) {
  const std::size_t m = shape_.nodes();
  const Frame& s = frames_[static_cast<std::size_t>(t)];
  tu.slot = make_shape_slot();
  const bool readd = game_.rules.reading.readd == model::sw::Readd::Allow;
  for (std::size_t w = 1; w < m; ++w)
    for (std::size_t u = 0; u < w; ++u) {
      std::vector<int> c{-tu.slot.a[u], -tu.slot.b[w], -shape_.parent(w, u)};
      if (readd) c.push_back(-s.te[w]);
      cnf_.clause(c);
    }
  const bool dup_forbid = game_.rules.reading.duplicate == model::sw::Duplicate::Forbid;
  std::vector<int> dups;
  for (std::size_t i = 0; i < s.alive.size(); ++i) {
    const int same = same_pair(cnf_, turns_[i].slot, tu.slot);
    const int is_new = cnf_.var();
    cnf_.clause({-is_new, s.alive[i]});
    cnf_.clause({-is_new, same});
    cnf_.clause({is_new, -s.alive[i], -same});
    if (dup_forbid) cnf_.clause({-is_new});
    dups.push_back(is_new);
    tu.g1.push_back({turns_[i].slot, s.alive[i], is_new});
  }
  const int dup = dups.empty() ? cnf_.false_lit() : cnf_.define_or(dups);
  tu.g1.push_back({tu.slot, -dup, -dup});
}

void ShapeEncoding::encode_removal(int t, const ShapeRemoval& rem) {
  const Turn& tu = turns_[static_cast<std::size_t>(t)];
  const Frame& s = frames_[static_cast<std::size_t>(t)];
  const Frame& nx = frames_[static_cast<std::size_t>(t) + 1];
  for (std::size_t j = 1; j < shape_.nodes(); ++j) {
    cnf_.clause({-nx.te[j], s.te[j]});
    cnf_.clause({-nx.te[j], -rem.tree[j]});
    cnf_.clause({nx.te[j], -s.te[j], rem.tree[j]});
  }
  for (std::size_t i = 0; i < tu.g1.size(); ++i) {
    cnf_.clause({-nx.alive[i], tu.g1[i].present});
    cnf_.clause({-nx.alive[i], -rem.slot[i]});
    cnf_.clause({nx.alive[i], -tu.g1[i].present, rem.slot[i]});
  }
}

// Walks: the closed set of product states (node, automaton state, e_new used) of tree_encoding.cpp.
void ShapeEncoding::encode_closure(int t) {
  const std::size_t m = shape_.nodes();
  const Turn& tu = turns_[static_cast<std::size_t>(t)];
  const Frame& s = frames_[static_cast<std::size_t>(t)];
  const auto& dfa = game_.rules.density;
  const auto Q = static_cast<std::size_t>(dfa.states());
  std::vector<int> c(m * Q * 2);
  for (auto& x : c) x = cnf_.var();
  auto at = [&](std::size_t v, std::size_t q, int f) { return c[(v * Q + q) * 2 + static_cast<std::size_t>(f)]; };
  for (std::size_t v = 0; v < m; ++v) cnf_.clause({-s.root[v], at(v, static_cast<std::size_t>(dfa.start()), 0)});
  for (std::size_t w = 1; w < m; ++w)
    for (std::size_t u = 0; u < w; ++u)
      for (std::size_t q = 0; q < Q; ++q) {
        const int q2 = dfa.step(static_cast<int>(q), model::EdgeType::T);
        if (q2 == model::DensityAutomaton::kDead) continue;
        for (int f = 0; f < 2; ++f) {
          const int p = shape_.parent(w, u);
          cnf_.clause({-at(u, q, f), -p, -s.te[w], at(w, static_cast<std::size_t>(q2), f)});
          cnf_.clause({-at(w, q, f), -p, -s.te[w], at(u, static_cast<std::size_t>(q2), f)});
        }
      }
  for (const auto& g : tu.g1)
    for (std::size_t q = 0; q < Q; ++q) {
      const int q2 = dfa.step(static_cast<int>(q), model::EdgeType::V);
      if (q2 == model::DensityAutomaton::kDead) continue;
      const auto uq = static_cast<std::size_t>(q2);
      for (int f = 0; f < 2; ++f) {
        std::vector<int> here(m), next_same(m), next_used(m);
        for (std::size_t v = 0; v < m; ++v) {
          here[v] = at(v, q, f);
          next_same[v] = at(v, uq, f);
          next_used[v] = at(v, uq, 1);
        }
        for (int dir = 0; dir < 2; ++dir) {
          const auto& from = dir ? g.slot.b : g.slot.a;
          const auto& to = dir ? g.slot.a : g.slot.b;
          const int r = cnf_.var();
          for (std::size_t v = 0; v < m; ++v) cnf_.clause({-here[v], -from[v], r});
          implies_at_end(cnf_, {r, g.present, g.is_new}, to, next_used);
          implies_at_end(cnf_, {r, g.present, -g.is_new}, to, next_same);
        }
      }
    }
  for (std::size_t v = 0; v < m; ++v)
    for (std::size_t q = 0; q < Q; ++q) cnf_.clause({tu.collapse, -at(v, q, 1)});
}

// Trail and simple kinds: an end of e_new joined to ρ by present tree edges forces a collapse
// (tree_encoding.cpp, "Eager stability lemmas").
void ShapeEncoding::encode_tree_reach(int t) {
  const std::size_t m = shape_.nodes();
  const Turn& tu = turns_[static_cast<std::size_t>(t)];
  const Frame& s = frames_[static_cast<std::size_t>(t)];
  std::vector<int> r(m);
  for (std::size_t v = 0; v < m; ++v) {
    r[v] = cnf_.var();
    cnf_.clause({-s.root[v], r[v]});
  }
  for (std::size_t w = 1; w < m; ++w)
    for (std::size_t u = 0; u < w; ++u) {
      const int p = shape_.parent(w, u);
      cnf_.clause({-r[u], -p, -s.te[w], r[w]});
      cnf_.clause({-r[w], -p, -s.te[w], r[u]});
    }
  for (std::size_t x = 0; x < m; ++x) {
    cnf_.clause({tu.collapse, -r[x], -tu.slot.a[x], tu.slot.b[x]});
    cnf_.clause({tu.collapse, -r[x], -tu.slot.b[x], tu.slot.a[x]});
  }
}

void ShapeEncoding::encode_succession(int t, Turn& tu) {
  const std::size_t m = shape_.nodes();
  const Frame& s = frames_[static_cast<std::size_t>(t)];
  const Frame& nx = frames_[static_cast<std::size_t>(t) + 1];
  const bool readd = game_.rules.reading.readd == model::sw::Readd::Allow;
  tu.trigger = cnf_.var();
  for (std::size_t v = 0; v < m; ++v) {
    // Some edge of v to a child is in E''.
    std::vector<int> kept;
    for (std::size_t c = v + 1; c < m; ++c) {
      std::vector<int> on{nx.te[c]};
      if (readd) on.push_back(virtual_on(t + 1, v, c, false));
      for (int e : on) {
        const int y = cnf_.var();
        cnf_.clause({-y, shape_.parent(c, v)});
        cnf_.clause({-y, e});
        cnf_.clause({y, -shape_.parent(c, v), -e});
        kept.push_back(y);
      }
    }
    const int has_child = kept.empty() ? cnf_.false_lit() : cnf_.define_or(kept);
    cnf_.clause({-s.root[v], -tu.trigger, -shape_.frontier(v)});
    cnf_.clause({-s.root[v], -tu.trigger, -has_child});
    cnf_.clause({-s.root[v], tu.trigger, shape_.frontier(v), has_child});
    cnf_.clause({tu.trigger, -s.root[v], nx.root[v]});
    if (v > 0) {
      cnf_.clause({-tu.trigger, -nx.root[v], -nx.te[v]});
      if (readd)
        for (std::size_t p = 0; p < v; ++p)
          cnf_.clause({-tu.trigger, -nx.root[v], -shape_.parent(v, p), -virtual_on(t + 1, p, v, true)});
    }
    if (!game_.rules.old_root_may_return()) cnf_.clause({-tu.trigger, -s.root[v], -nx.root[v]});
  }
}

void ShapeEncoding::add_turn() {
  const int t = turns();
  new_frame();
  turns_.emplace_back();
  encode_construction(t, turns_.back());
  Turn& tu = turns_.back();
  tu.collapse = cnf_.var();
  const Frame& s = frames_[static_cast<std::size_t>(t)];
  ShapeTurnLiterals in;
  in.root = s.root;
  in.te = s.te;
  in.slots = tu.g1;
  in.collapse = tu.collapse;
  in.virtual_bound = t + 1;
  encode_removal(t, walk_ ? walk_->encode(in) : split_->encode(in, t));
  if (walk_)
    encode_closure(t);
  else if (tree_then_new_is_legal_)
    encode_tree_reach(t);
  for (const auto& l : lemmas_) apply_lemma(l, t);
  encode_succession(t, turns_.back());
}

// Victory, read per node rather than per pair: a present tree edge is the edge of its lower end
// v, joining v to par(v); "the image of a target vertex i is par(v)" is px[i][v].
int ShapeEncoding::victory(int frame) {
  auto& w = victory_[static_cast<std::size_t>(frame)];
  if (w) return w;
  w = cnf_.var();
  const int won = w;
  const Frame& f = frames_[static_cast<std::size_t>(frame)];
  const std::size_t n = target_.vertex_count();
  ShapeVictoryMap map{std::vector<std::vector<std::size_t>>(n), std::vector<bool>(n * n, false), {}, {}, {}};
  for (const auto& e : target_.shape.edges)
    if (e.size() == 2) {
      const auto i = static_cast<std::size_t>(e[0]), j = static_cast<std::size_t>(e[1]);
      map.adj[i * n + j] = map.adj[j * n + i] = true;
      map.nbr[i].push_back(j);
      map.nbr[j].push_back(i);
    }
  map_target_nodes(won, map);
  if (target_symmetry_) {
    const std::size_t before = cnf_.clauses();
    break_target_symmetry(cnf_, target_, map.x, false);  // victory is by incidence (refusal)
    symmetry_clauses_ += cnf_.clauses() - before;
  }
  image_tree_edges(f, map);
  const auto slot_ends = image_slots(f, map);
  cover_target_edges(f, won, map, slot_ends);
  encode_minimal_shape(frame, won, map.img);
  encode_shape_bound(won);
  return won;
}

// x[i][v]: target vertex i is node v, under `won` exactly one v per i and at most one i per v;
// img[v]: v is an image, never a frontier node.
void ShapeEncoding::map_target_nodes(int won, ShapeVictoryMap& map) {
  const std::size_t m = shape_.nodes(), n = target_.vertex_count();
  map.x.assign(n, std::vector<int>(m));
  map.img.assign(m, 0);
  for (std::size_t i = 0; i < n; ++i) {
    std::vector<int> alo{-won};
    for (std::size_t v = 0; v < m; ++v) alo.push_back(map.x[i][v] = cnf_.var());
    cnf_.clause(alo);
    cnf_.at_most_one(map.x[i]);
  }
  for (std::size_t v = 0; v < m; ++v) {
    std::vector<int> col;
    for (std::size_t i = 0; i < n; ++i) col.push_back(map.x[i][v]);
    cnf_.at_most_one(col);
    map.img[v] = cnf_.define_or(col);
    cnf_.clause({-map.img[v], -shape_.frontier(v)});
  }
}

// px[i][v] (par(v) is the image of i, an upper bound: what the clauses need); no present tree
// edge leaves the image; every one inside it is the image of a target edge.
void ShapeEncoding::image_tree_edges(const Frame& f, ShapeVictoryMap& map) {
  const std::size_t m = shape_.nodes(), n = target_.vertex_count();
  map.px.assign(n, std::vector<int>(m, 0));
  for (std::size_t i = 0; i < n; ++i)
    for (std::size_t v = 1; v < m; ++v) {
      map.px[i][v] = cnf_.var();
      for (std::size_t p = 0; p < v; ++p) cnf_.clause({-map.px[i][v], -shape_.parent(v, p), map.x[i][p]});
    }
  for (std::size_t v = 1; v < m; ++v) {
    for (std::size_t p = 0; p < v; ++p) cnf_.clause({-map.img[p], -shape_.parent(v, p), -f.te[v], map.img[v]});
    for (std::size_t i = 0; i < n; ++i) {
      std::vector<int> c{-map.x[i][v], -f.te[v]};
      for (auto j : map.nbr[i]) c.push_back(map.px[j][v]);
      cnf_.clause(c);
    }
  }
}

// An alive slot has both ends in the image or neither and is no loop on it, and joins the images
// of two adjacent target vertices. Returns per slot, per target vertex, "the slot's a (first) and
// b (second) end is its image".
std::vector<std::pair<std::vector<int>, std::vector<int>>> ShapeEncoding::image_slots(const Frame& f,
                                                                                      const ShapeVictoryMap& map) {
  const std::size_t m = shape_.nodes(), n = target_.vertex_count();
  std::vector<std::pair<std::vector<int>, std::vector<int>>> ends(f.alive.size());
  for (std::size_t s = 0; s < f.alive.size(); ++s) {
    const auto& slot = turns_[s].slot;
    auto& [pre_a, pre_b] = ends[s];
    const int ia = at_end(cnf_, slot.a, map.img), ib = at_end(cnf_, slot.b, map.img);
    cnf_.clause({-f.alive[s], -ia, ib});
    cnf_.clause({-f.alive[s], ia, -ib});
    for (std::size_t v = 0; v < m; ++v) cnf_.clause({-f.alive[s], -slot.a[v], -slot.b[v], -map.img[v]});
    for (std::size_t i = 0; i < n; ++i) {
      pre_a.push_back(at_end(cnf_, slot.a, map.x[i]));
      pre_b.push_back(at_end(cnf_, slot.b, map.x[i]));
    }
    for (std::size_t i = 0; i < n; ++i)
      for (std::size_t j = 0; j < n; ++j)
        if (i != j && !map.adj[i * n + j]) cnf_.clause({-f.alive[s], -pre_a[i], -pre_b[j]});
  }
  return ends;
}

// Every target edge has a present edge between its images: a tree edge (of either end's node)
// or a virtual edge.
void ShapeEncoding::cover_target_edges(const Frame& f, int won, const ShapeVictoryMap& map,
                                       const std::vector<std::pair<std::vector<int>, std::vector<int>>>& slot_ends) {
  const std::size_t m = shape_.nodes(), n = target_.vertex_count();
  for (std::size_t i = 0; i < n; ++i)
    for (auto j : map.nbr[i]) {
      if (j < i) continue;
      std::vector<int> cover{-won};
      for (std::size_t v = 1; v < m; ++v)
        for (int dir = 0; dir < 2; ++dir) {
          const std::size_t lo = dir ? j : i, hi = dir ? i : j;  // lo's image is v, hi's is par(v)
          const int y = cnf_.var();
          cnf_.clause({-y, f.te[v]});
          cnf_.clause({-y, map.x[lo][v]});
          cnf_.clause({-y, map.px[hi][v]});
          cover.push_back(y);
        }
      for (std::size_t s = 0; s < f.alive.size(); ++s)
        for (int dir = 0; dir < 2; ++dir) {
          const auto& [pre_a, pre_b] = slot_ends[s];
          const int y = cnf_.var();
          cnf_.clause({-y, f.alive[s]});
          cnf_.clause({-y, dir ? pre_b[i] : pre_a[i]});
          cnf_.clause({-y, dir ? pre_a[j] : pre_b[j]});
          cover.push_back(y);
        }
      cnf_.clause(cover);
    }
}

// Lemma 4 by the play's own counts (docs/infinite-tree.md): the minimal shape of a win needs at
// most m(k, n; nu, last, kappa) nodes, nu the turns before the last whose succession falls due
// (trigger: every turn whose root moves is one, and m grows with nu), last the last turn's
// trigger, kappa the collapses; so the slots from that bound on are inactive (the active slots
// are a prefix). Asked under `won` over every turn built so far, as encode_minimal_shape is; a
// slot count already within a bound adds nothing.
void ShapeEncoding::encode_shape_bound(int won) {
  const auto k = static_cast<std::size_t>(turns());
  // The least count (no succession, no collapse) bounds nothing when the slots are already fewer.
  if (k == 0 || shape::shape_bound(k, 0, false, 0, target_, game_.rules.path()) >= shape_.nodes()) return;
  std::vector<int> triggers, collapses;
  for (const auto& tu : turns_) {
    triggers.push_back(tu.trigger);
    collapses.push_back(tu.collapse);
  }
  const int last_trigger = triggers.back();
  triggers.pop_back();
  const auto more_successions = cnf_.at_least(triggers), more_collapses = cnf_.at_least(collapses);
  for (std::size_t nu = 0; nu < k; ++nu)
    for (const bool last : {false, true})
      for (std::size_t kappa = 0; kappa <= k; ++kappa) {
        const std::size_t bound = shape::shape_bound(k, nu, last, kappa, target_, game_.rules.path());
        if (bound >= shape_.nodes()) continue;
        std::vector<int> c{-won, -shape_.active(bound)};
        if (nu + 1 < k) c.push_back(more_successions[nu + 1]);
        if (!last) c.push_back(last_trigger);
        if (kappa < k) c.push_back(more_collapses[kappa + 1]);
        cnf_.clause(c);
      }
}

// The compressed support's structure (docs/infinite-tree.md, theorem part 4 and Lemma 5 (c)):
// every leaf of the shape is special -- λ, a root of some frame, an end of some e_new, a node of
// the winning component -- or a pendant (a child, whose edge is gone, of a root or of a component
// node), and no two adjacent nodes are interior (neither, with one child). Asked under `won` over
// every turn built so far: a play that wins at an earlier frame and goes on keeps the property.
void ShapeEncoding::encode_minimal_shape(int frame, int won, const std::vector<int>& img) {
  (void)frame;
  const std::size_t m = shape_.nodes();
  const Frame& f = frames_.back();
  std::vector<int> special(m), pendant(m, cnf_.false_lit());
  for (std::size_t v = 0; v < m; ++v) {
    std::vector<int> roots{img[v]};
    for (const auto& g : frames_) roots.push_back(g.root[v]);
    const int root_or_kept = cnf_.define_or(roots);
    std::vector<int> why{root_or_kept};
    for (int t = 0; t < turns(); ++t) {
      why.push_back(turns_[static_cast<std::size_t>(t)].slot.a[v]);
      why.push_back(turns_[static_cast<std::size_t>(t)].slot.b[v]);
    }
    special[v] = v == 0 ? -cnf_.false_lit() : cnf_.define_or(why);
    for (std::size_t c = v + 1; c < m; ++c) {  // c's parent is v, a root or kept node
      const int y = cnf_.var();
      cnf_.clause({-y, shape_.parent(c, v)});
      cnf_.clause({-y, root_or_kept});
      cnf_.clause({y, -shape_.parent(c, v), -root_or_kept});
      pending_parent_[c].push_back(y);
    }
  }
  for (std::size_t c = 1; c < m; ++c) {
    const int pw = cnf_.define_or(pending_parent_[c]);
    pending_parent_[c].clear();
    pendant[c] = cnf_.var();
    cnf_.clause({-pendant[c], pw});
    cnf_.clause({-pendant[c], -f.te[c]});
    cnf_.clause({pendant[c], -pw, f.te[c]});
  }
  for (std::size_t v = 0; v < m; ++v) {
    cnf_.clause({-won, -shape_.active(v), shape_.has_child(v), special[v], pendant[v]});
    for (std::size_t u = 0; u < v; ++u)
      cnf_.clause({-won, -shape_.active(v), -shape_.parent(v, u), special[v], pendant[v], -shape_.frontier(v), special[u],
                   pendant[u], -shape_.frontier(u)});
  }
}

// Every state has a legal move: two nodes that are no tree pair can always take e_new (a shape of
// m >= 4 nodes has (m-1)(m-2)/2 such pairs, more than the k - 1 virtual edges that may be present
// under duplicate=forbid), and succession never blocks: a root that triggers has two children in
// the shape whose edges to it are gone, so both are eligible (and differ from it).
std::string ShapeEncoding::extension_gap(int turns) const {
  const std::size_t m = shape_.nodes();
  const std::size_t free_pairs = m >= 2 ? (m - 1) * (m - 2) / 2 : 0;
  if (turns > 0 && free_pairs < static_cast<std::size_t>(turns))
    return fmt::format("only {} pairs of a {}-node shape are no tree pair, too few to extend every shorter play to {} turns",
                       free_pairs, m, turns);
  return {};
}

ShapePlay ShapeEncoding::decode_play(int turns) {
  auto& b = cnf_.backend();
  ShapePlay out;
  out.words = shape_.words(b);
  out.game = game_;
  out.game.universe = model::shape_universe(out.words);
  out.game.initial_root = out.game.universe.by_name.at("lambda");
  const std::size_t m = shape_.nodes(), r = out.words.size();
  std::vector<model::VertexId> vertex(m, 0);
  node_of_vertex_.assign(r, -1);
  for (std::size_t v = 0; v < r; ++v) {
    vertex[v] = out.game.universe.by_name.at(model::word_name(out.words[v]));
    node_of_vertex_[vertex[v]] = static_cast<int>(v);
  }
  const auto parent = shape_.parents(b);
  auto node = [&](const std::vector<int>& row) {
    for (std::size_t v = 0; v < m; ++v)
      if (b.value(row[v])) return v;
    throw std::logic_error("shape encoding: the model names no node");
  };
  for (int t = 0; t < turns; ++t) {
    const Turn& tu = turns_[static_cast<std::size_t>(t)];
    model::Move mv;
    mv.added = model::EdgeElement::make("V", {vertex[node(tu.slot.a)], vertex[node(tu.slot.b)]});
    if (b.value(tu.collapse)) {
      const auto path = walk_ ? walk_->decode(static_cast<std::size_t>(t), b, parent)
                              : split_->decode(static_cast<std::size_t>(t), b, parent);
      model::CollapsePath cp;
      for (int v : path) cp.vertices.push_back(vertex[static_cast<std::size_t>(v)]);
      mv.collapse = cp;
    }
    if (b.value(tu.trigger)) mv.new_root = vertex[node(frames_[static_cast<std::size_t>(t) + 1].root)];
    out.play.push_back(std::move(mv));
  }
  return out;
}

void ShapeEncoding::add_stability_lemma(const model::Game&, const model::GraphView& view, const model::ViewPath& path,
                                        model::VertexId) {
  auto node = [&](model::VertexId v) { return static_cast<std::size_t>(node_of_vertex_.at(v)); };
  Lemma l;
  l.root = node(path.vertices.front());
  bool fresh = false;
  for (std::size_t i = 0; i < path.edges.size(); ++i) {
    const auto& e = view.edges()[path.edges[i]];
    const auto& vs = *e.vertices;
    const std::size_t u = node(vs.front()), w = node(vs.back());
    if (e.is_new) {
      l.fresh = {std::min(u, w), std::max(u, w)};
      fresh = true;
    } else {
      l.others.emplace_back(u, w, e.type == model::EdgeType::V);
    }
  }
  if (!fresh) throw std::logic_error("a legal path without e_new");
  lemmas_.push_back(l);
  for (int t = 0; t < turns(); ++t) apply_lemma(l, t);
}

// A lemma names nodes of `other`'s shape; one naming a node this shape has not is left out (fewer
// implied clauses: the formula's models are the same plays).
void ShapeEncoding::adopt_lemmas(const ShapeEncoding& other) {
  const std::size_t m = shape_.nodes();
  for (const auto& l : other.lemmas_) {
    bool fits = l.root < m && l.fresh.second < m;
    for (auto [u, w, is_virtual] : l.others) fits = fits && u < m && w < m;
    if (!fits) continue;
    lemmas_.push_back(l);
    for (int t = 0; t < turns(); ++t) apply_lemma(l, t);
  }
}

// "Root at l.root, e_new on l.fresh, every other step of the path present with its type ->
// collapse": under the premise the path is a legal path of G' in any shape (tree_encoding.cpp).
void ShapeEncoding::apply_lemma(const Lemma& l, int t) {
  const Turn& tu = turns_[static_cast<std::size_t>(t)];
  const Frame& s = frames_[static_cast<std::size_t>(t)];
  std::vector<int> c{tu.collapse, -s.root[l.root]};
  for (int x : not_on_pair(tu.slot, static_cast<model::VertexId>(l.fresh.first), static_cast<model::VertexId>(l.fresh.second)))
    c.push_back(x);
  for (auto [u, w, is_virtual] : l.others) {
    if (std::min(u, w) == l.fresh.first && std::max(u, w) == l.fresh.second) continue;
    const int lit = is_virtual ? virtual_on(t, u, w, true) : tree_on(t, u, w);
    if (lit == cnf_.false_lit()) return;
    c.push_back(-lit);
  }
  cnf_.clause(c);
}

}  // namespace carve::encoder
