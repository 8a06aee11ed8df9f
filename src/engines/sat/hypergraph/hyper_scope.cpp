// Why the scope is exact. A permutation π of the vertices that keeps sorts, membership of F*
// and E_Ω (as a set of tuples) and fixes ρ_0 is an automorphism of the game: the construction
// rule (rules/model/semantics.cpp) reads only slot sorts, membership of F* and E_Ω; paths,
// components and isomorphism read only V(e) and the edge types; Gen reads only E_Ω. So π maps
// legal plays to legal plays and winning states to winning states. Likewise a bijection
// between the tuples of U \ E_Ω that keeps V(e) (tuples with one vertex set are interchangeable:
// only V(e) enters paths, components and isomorphism, only inherent edges enter Gen).
//
// Blocks. The E_Ω-components of F* with the same shape (the signature below: sorts and edges
// in a fixed local order, so equal signatures give an explicit isomorphism) are interchangeable
// as wholes, and so are the formulas outside F* of one sort (no inherent edge, never a root).
// A play of k turns touches at most 1 + k (s + 1) components of F* (s = the most slots of an
// operator): ρ_0's, those of the at most s vertices of each e_new, and each new root's -- a
// collapse path runs along present edges from the root, so it stays inside touched components.
// Without Φ_root (carve explain) a collapse path may start anywhere: it runs inside one component
// of E_t, which is a touched one or a single untouched block, so each turn touches one more.
// It mentions at most k·s_p formulas outside F* of sort p (s_p = the most slots of sort p). By
// the automorphisms above every play can be renamed so that the touched blocks are the first
// ones of their class (ρ_0's component first): keeping that many per class loses no answer. An
// untouched component is still in the frame (its inherent edges, a possible winning component).
//
// Tuples. A play of k turns adds at most k distinct tuples with one vertex set, so keeping the
// first min(m_S, k) of the m_S tuples the construction rule allows with vertex set S loses no
// play either. The construction rule itself is the reference semantics' (construction_allowed on
// S_0, which has no virtual edge: sorts, F*, e ∉ E_Ω; duplicate=forbid is per frame).
//
// Saturation. Two universes whose classes have the same counts, or both at least
// 1 + touched (components; one more so that an untouched one exists in both) resp. k·s_p
// (outside formulas), answer every question of at most k turns alike.
//
// ScopeCut::WholeUniverse keeps every block, every outside formula and every allowed tuple: the
// scope is then U itself (up to tuples with fewer than two vertices, which U has none of), and
// exactness needs none of the arguments above. A certificate is over it while U is small enough
// (certificate_cut); past that, over the reduced scope, and then this argument is the one step of
// the certificate outside its DRAT proof: its trust base (the CNF's head and the manifest say so).
#include "engines/sat/hypergraph/hyper_scope.hpp"

#include <algorithm>
#include <limits>
#include <set>
#include <stdexcept>

#include <absl/container/flat_hash_map.h>
#include <fmt/format.h>

#include "rules/model/semantics.hpp"
#include "rules/model/union_find.hpp"

namespace carve::encoder {

using model::VertexId;

namespace {

// The shape of an E_Ω-component: its vertices ordered by (sort, id), then its edges in that
// local numbering, sorted. Equal strings: the order-preserving map is an isomorphism.
std::string signature(const model::Universe& u, const std::vector<VertexId>& vs, const std::vector<std::uint32_t>& es) {
  std::vector<VertexId> order = vs;
  std::stable_sort(order.begin(), order.end(), [&](VertexId a, VertexId b) { return u.sorts[a] < u.sorts[b]; });
  auto local = [&](VertexId v) { return std::find(order.begin(), order.end(), v) - order.begin(); };
  std::string s;
  for (auto v : order) s += u.sort_names[u.sorts[v]] + " ";
  std::vector<std::string> edges;
  for (auto id : es) {
    const auto& ie = u.inherent[id];
    std::string e = ie.op + "(";
    for (auto v : ie.slots) e += fmt::format("{},", local(v));
    edges.push_back(e + fmt::format(")->{}", local(ie.conclusion)));
  }
  std::sort(edges.begin(), edges.end());
  for (const auto& e : edges) s += e + " ";
  return s;
}

// The most slots of an operator (s), and per predicate the most slots of it in one operator (s_p).
struct SlotCounts {
  std::size_t most = 0;
  std::map<std::string, std::size_t> of_pred;
};

SlotCounts slot_counts(const model::Game& game) {
  SlotCounts counts;
  for (const auto& op : game.rules.operators) {
    counts.most = std::max(counts.most, op.slot_preds.size());
    std::map<std::string, std::size_t> here;
    for (const auto& p : op.slot_preds) ++here[p];
    for (const auto& [p, c] : here) counts.of_pred[p] = std::max(counts.of_pred[p], c);
  }
  return counts;
}

// Blocks of F*: E_Ω-components, grouped by signature, ρ_0's component first in its class; the
// first touched_blocks of each class (all of them for the whole universe) are candidates.
void keep_component_blocks(HyperScope& sc, const model::Game& game, bool whole) {
  const auto& u = game.universe;
  model::UnionFind uf(u.size());
  for (const auto& ie : u.inherent) uf.unite_all(ie.vertices);
  std::map<VertexId, std::pair<std::vector<VertexId>, std::vector<std::uint32_t>>> comp;
  for (VertexId v = 0; v < u.size(); ++v)
    if (u.in_universe[v]) comp[uf.find(v)].first.push_back(v);
  for (std::uint32_t i = 0; i < u.inherent.size(); ++i) comp[uf.find(u.inherent[i].vertices[0])].second.push_back(i);
  std::map<std::string, std::vector<VertexId>> classes;  // signature -> component representatives
  std::map<std::string, std::string> shape_of;
  const VertexId root_rep = uf.find(game.initial_root);
  for (const auto& [rep, c] : comp) {
    const auto sig = signature(u, c.first, c.second);
    auto& list = classes[sig];
    if (rep == root_rep) list.insert(list.begin(), rep);
    else list.push_back(rep);
    if (!shape_of.count(sig)) {
      std::set<std::string> sorts, ops;
      for (auto v : c.first) sorts.insert(u.sort_names[u.sorts[v]]);
      for (auto id : c.second) ops.insert(u.inherent[id].op);
      shape_of[sig] = fmt::format("{}", fmt::join(sorts, "+")) +
                      (ops.empty() ? "" : fmt::format(" ({} edges: {})", c.second.size(), fmt::join(ops, ", ")));
    }
  }
  for (const auto& [sig, reps] : classes) {
    BlockClass bc{shape_of[sig], reps.size(),
                  whole ? reps.size() : std::min(reps.size(), static_cast<std::size_t>(sc.touched_blocks)),
                  static_cast<std::size_t>(sc.touched_blocks) + 1};
    for (std::size_t i = 0; i < bc.kept; ++i)
      for (auto v : comp[reps[i]].first) sc.candidate[v] = true;
    sc.classes.push_back(bc);
  }
}

// Formulas outside F* (virtual-scope = formulas): per sort, k times the most slots of that sort.
// Under virtual-scope = universe the construction rule refuses them: no class, no candidate.
void keep_outside_formulas(HyperScope& sc, const model::Game& game, std::size_t k, const SlotCounts& slots, bool whole) {
  const auto& u = game.universe;
  std::map<std::string, std::vector<VertexId>> outside;
  const bool formulas = game.rules.reading.virtual_scope == model::sw::VirtualScope::Formulas;
  for (VertexId v = 0; v < u.size(); ++v)
    if (!u.in_universe[v] && formulas) outside[u.sort_names[u.sorts[v]]].push_back(v);
  for (const auto& [sort, vs] : outside) {
    const auto need = k * (slots.of_pred.count(sort) ? slots.of_pred.at(sort) : 0);
    BlockClass bc{"outside " + sort, vs.size(), whole ? vs.size() : std::min(vs.size(), need), need};
    for (std::size_t i = 0; i < bc.kept; ++i) sc.candidate[vs[i]] = true;
    sc.classes.push_back(bc);
  }
}

void add_hyper_element(HyperScope& sc, model::EdgeElement e, int inherent) {
  if (e.vertices.size() < 2) throw std::logic_error("hyper_scope: an edge with fewer than two vertices");
  sc.by_slots.emplace(e.slots, static_cast<int>(sc.elements.size()));
  sc.elements.push_back(HyperElement{std::move(e), inherent});
}

// Per slot of the operator, the candidate vertices of its predicate; fewer rows than slots when
// a slot has none.
std::vector<std::vector<VertexId>> slot_choices(const HyperScope& sc, const model::Universe& u, const model::OperatorDecl& op) {
  std::vector<std::vector<VertexId>> choices;
  for (const auto& pred : op.slot_preds) {
    choices.emplace_back();
    for (VertexId v = 0; v < u.size(); ++v)
      if (sc.candidate[v] && u.sort_names[u.sorts[v]] == pred) choices.back().push_back(v);
    if (choices.back().empty()) break;
  }
  return choices;
}

// The virtual tuples: over candidate vertices, those the construction rule allows in S_0, the
// first min(m_S, k) per vertex set S (every one for the whole universe).
void add_allowed_tuples(HyperScope& sc, const model::Game& game, std::size_t k, bool whole, limits::Budget* budget,
                        std::size_t element_bytes) {
  const model::State s0 = model::initial_state(game);
  absl::flat_hash_map<std::vector<VertexId>, std::size_t> per_set;
  for (const auto& op : game.rules.operators) {
    const auto choices = slot_choices(sc, game.universe, op);
    if (choices.size() != op.slot_preds.size() || choices.empty() || k == 0) continue;
    std::vector<std::size_t> idx(choices.size(), 0);
    std::vector<VertexId> set;  // the tuple's vertex set, reused: most tuples are skipped by it alone
    while (true) {
      if (budget) budget->tick();
      set.clear();
      for (std::size_t i = 0; i < idx.size(); ++i) set.push_back(choices[i][idx[i]]);
      std::sort(set.begin(), set.end());
      set.erase(std::unique(set.begin(), set.end()), set.end());
      const auto seen = per_set.find(set);
      if (whole || seen == per_set.end() || seen->second < k) {
        std::vector<VertexId> slots;
        for (std::size_t i = 0; i < idx.size(); ++i) slots.push_back(choices[i][idx[i]]);
        auto e = model::EdgeElement::make(op.name, std::move(slots));
        if (model::construction_allowed(game, s0, e)) {
          ++per_set[set];
          add_hyper_element(sc, std::move(e), -1);
          if (budget && element_bytes && (sc.elements.size() & 1023) == 0)
            budget->expect_allocation(sc.elements.size() * element_bytes,
                                      fmt::format("the encoding of one turn over more than {} edge elements", sc.elements.size()));
        }
      }
      std::size_t i = 0;
      while (i < idx.size() && ++idx[i] == choices[i].size()) idx[i++] = 0;
      if (i == idx.size()) break;
    }
  }
}

// The vertices a path may visit: those of some element, ρ_0, and every candidate of F*.
void list_path_vertices(HyperScope& sc, const model::Game& game) {
  const auto& u = game.universe;
  std::vector<bool> on_path(u.size(), false);
  for (const auto& el : sc.elements)
    for (auto v : el.edge.vertices) on_path[v] = true;
  on_path[game.initial_root] = true;
  for (VertexId v = 0; v < u.size(); ++v)
    if (sc.candidate[v] && u.in_universe[v]) on_path[v] = true;
  for (VertexId v = 0; v < u.size(); ++v)
    if (on_path[v]) sc.path_vertices.push_back(v);
}

}  // namespace

std::size_t whole_universe_tuples(const model::Game& game) {
  const auto& u = game.universe;
  const bool formulas = game.rules.reading.virtual_scope == model::sw::VirtualScope::Formulas;
  std::map<std::string, std::size_t> of_sort;
  for (VertexId v = 0; v < u.size(); ++v)
    if (u.in_universe[v] || formulas) ++of_sort[u.sort_names[u.sorts[v]]];
  constexpr std::size_t kMax = std::numeric_limits<std::size_t>::max();
  std::size_t total = 0;
  for (const auto& op : game.rules.operators) {
    std::size_t product = 1;
    for (const auto& pred : op.slot_preds) {
      const auto it = of_sort.find(pred);
      const std::size_t n = it == of_sort.end() ? 0 : it->second;
      product = n != 0 && product > kMax / n ? kMax : product * n;
    }
    total = total > kMax - product ? kMax : total + product;
  }
  return total;
}

ScopeCut certificate_cut(const model::Game& game) {
  return whole_universe_tuples(game) <= kWholeUniverseTuples ? ScopeCut::WholeUniverse : ScopeCut::Reduced;
}

HyperScope hyper_scope(const model::Game& game, int turns, ScopeCut cut, limits::Budget* budget, std::size_t element_bytes,
                       bool root_may_be_off) {
  const bool whole = cut == ScopeCut::WholeUniverse;
  const auto& u = game.universe;
  if (u.kind != model::Universe::Kind::Deduction) throw std::logic_error("hyper_scope: not a deduction universe");
  HyperScope sc;
  sc.cut = cut;
  const auto k = static_cast<std::size_t>(std::max(0, turns));
  const SlotCounts slots = slot_counts(game);
  sc.touched_blocks = static_cast<int>(1 + k * (slots.most + 1 + (root_may_be_off ? 1 : 0)));
  sc.candidate.assign(u.size(), false);
  keep_component_blocks(sc, game, whole);
  keep_outside_formulas(sc, game, k, slots, whole);
  // Elements: E_Ω, then the allowed tuples over candidate vertices.
  for (std::size_t i = 0; i < u.inherent.size(); ++i)
    add_hyper_element(sc, model::EdgeElement{u.inherent[i].op, u.inherent[i].slots, u.inherent[i].vertices}, static_cast<int>(i));
  sc.inherent_count = sc.elements.size();
  add_allowed_tuples(sc, game, k, whole, budget, element_bytes);
  list_path_vertices(sc, game);
  return sc;
}

}  // namespace carve::encoder
