// Semi-naive least fixed point of document 001's Γ over a finite variable set.
#include "rules/model/deduction.hpp"

#include <algorithm>
#include <functional>
#include <fmt/format.h>

namespace carve::model {

std::string formula_name(const std::string& pred, const std::vector<std::string>& args) {
  std::string s = pred + "(";
  for (std::size_t i = 0; i < args.size(); ++i) s += (i ? "," : "") + args[i];
  return s + ")";
}

namespace {

using Fact = std::vector<int>;  // [pred index, arg variable indices...]

struct Evaluator {
  const DeductionSystem& sys;
  const DeductionSettings& settings;
  std::vector<std::string> var_names;
  std::vector<int> var_type;
  std::map<std::string, int> pred_index;
  std::vector<std::set<std::vector<int>>> relation_of_pred;  // allowed type tuples per predicate

  Evaluator(const DeductionSystem& s, const DeductionSettings& st) : sys(s), settings(st) {
    std::map<std::string, int> type_index;
    for (std::size_t i = 0; i < st.types.size(); ++i) type_index[st.types[i]] = static_cast<int>(i);
    for (const auto& [v, t] : st.variables) {
      auto it = type_index.find(t);
      if (it == type_index.end()) throw DeductionError(fmt::format("variable {} has unknown type {}", v, t));
      var_names.push_back(v);
      var_type.push_back(it->second);
    }
    for (std::size_t p = 0; p < s.formulas.size(); ++p) {
      const auto& f = s.formulas[p];
      pred_index[f.pred] = static_cast<int>(p);
      std::set<std::vector<int>> allowed;
      auto rel = st.relations.find(f.relation);
      if (rel != st.relations.end())
        for (const auto& tuple : rel->second) {
          std::vector<int> ts;
          for (const auto& t : tuple) {
            auto it = type_index.find(t);
            if (it == type_index.end())
              throw DeductionError(fmt::format("relation {} mentions unknown type {}", f.relation, t));
            ts.push_back(it->second);
          }
          allowed.insert(ts);
        }
      relation_of_pred.push_back(std::move(allowed));
    }
  }

  int pred_of(const std::string& name) const {
    auto it = pred_index.find(name);
    if (it == pred_index.end()) throw DeductionError("unknown formula predicate " + name);
    return it->second;
  }

  // Def 1.2: (τ x, τ y, τ z) ∈ R for the formula's typed positions.
  bool well_formed(const Fact& f) const {
    const auto& decl = sys.formulas[static_cast<std::size_t>(f[0])];
    std::vector<int> types;
    for (const auto& t : decl.typed) {
      auto pos = std::find(decl.params.begin(), decl.params.end(), t) - decl.params.begin();
      types.push_back(var_type[static_cast<std::size_t>(f[1 + static_cast<std::size_t>(pos)])]);
    }
    return relation_of_pred[static_cast<std::size_t>(f[0])].count(types) > 0;
  }

  std::string name(const Fact& f) const {
    std::vector<std::string> args;
    for (std::size_t i = 1; i < f.size(); ++i) args.push_back(var_names[static_cast<std::size_t>(f[i])]);
    return formula_name(sys.formulas[static_cast<std::size_t>(f[0])].pred, args);
  }

  Fact instantiate(const FormulaPattern& p, const std::map<std::string, int>& b) const {
    Fact f{pred_of(p.pred)};
    for (const auto& v : p.vars) f.push_back(b.at(v));
    return f;
  }

  // Extends binding b so that pattern p matches fact f; false if inconsistent.
  static bool unify(const FormulaPattern& p, const Fact& f, std::map<std::string, int>& b,
                    std::vector<std::string>& bound_here) {
    for (std::size_t i = 0; i < p.vars.size(); ++i) {
      auto it = b.find(p.vars[i]);
      if (it == b.end()) {
        b.emplace(p.vars[i], f[i + 1]);
        bound_here.push_back(p.vars[i]);
      } else if (it->second != f[i + 1]) {
        return false;
      }
    }
    return true;
  }
};

// Every assignment of `length` positions to the nv variables (indices 0..nv-1), first position
// fastest; one (empty) assignment when length is 0. nv > 0.
template <class Visit>
void for_each_assignment(std::size_t length, int nv, Visit&& visit) {
  std::vector<int> idx(length, 0);
  while (true) {
    visit(idx);
    std::size_t i = 0;
    while (i < idx.size() && ++idx[i] == nv) idx[i++] = 0;
    if (i == idx.size()) break;
  }
}

// The least fixed point F* of Γ, semi-naively: each round joins the rules' bodies over the facts
// known so far, at least one from the last round's new facts (delta), and records the operator
// edges the rules conclude (each once, by its slots' names).
struct LeastFixedPoint {
  const DeductionSystem& sys;
  const Evaluator& ev;
  limits::Budget* budget;
  int rounds = 0;
  std::size_t known = 0;  // facts so far, for the reason of a limit
  std::set<Fact> facts;
  std::vector<std::vector<Fact>> by_pred;
  std::map<std::vector<std::string>, std::pair<std::string, std::size_t>> edges;  // slots by name
  std::vector<std::pair<std::string, std::vector<Fact>>> edge_list;
  std::set<Fact> delta, fresh;
  bool new_edge = false;
  std::size_t axioms = 0;

  LeastFixedPoint(const DeductionSystem& s, const Evaluator& e, limits::Budget* b)
      : sys(s), ev(e), budget(b), by_pred(s.formulas.size()) {}

  // A tick per join step (the budget reads its clock every 1024), a poll at every round.
  void tick(bool now = false) {
    if (!budget) return;
    try {
      if (now) budget->poll();
      else budget->tick();
    } catch (const limits::LimitReached& e) {
      throw limits::LimitReached(fmt::format("{} while computing the universe (round {} of the least fixed point, {} formulas so far)",
                                             e.what(), rounds + 1, known));
    }
  }

  // A fact not known yet, into this round's new facts (or the axioms' delta).
  void add_fact(const Fact& f, std::set<Fact>& into) {
    if (!facts.count(f)) into.insert(f);
  }

  // 𝒜: every instantiation of an axiom pattern over the variables that is well formed.
  void add_axioms() {
    const auto nv = static_cast<int>(ev.var_names.size());
    if (nv == 0) return;
    for (const auto& ax : sys.axioms) {
      std::vector<std::string> distinct;
      for (const auto& v : ax.vars)
        if (std::find(distinct.begin(), distinct.end(), v) == distinct.end()) distinct.push_back(v);
      for_each_assignment(distinct.size(), nv, [&](const std::vector<int>& idx) {
        tick();
        std::map<std::string, int> b;
        for (std::size_t i = 0; i < distinct.size(); ++i) b[distinct[i]] = idx[i];
        Fact f = ev.instantiate(ax, b);
        if (ev.well_formed(f)) add_fact(f, delta);
      });
    }
    axioms = delta.size();
  }

  // Rounds until one adds no fact and no edge.
  void run() {
    while (!delta.empty()) {
      tick(true);
      for (const auto& f : delta) {
        facts.insert(f);
        by_pred[static_cast<std::size_t>(f[0])].push_back(f);
      }
      fresh.clear();
      new_edge = false;
      for (const auto& rule : sys.rules) {
        std::map<std::string, int> b;
        known = facts.size();
        join(rule, b, 0, false);
      }
      if (fresh.empty() && !new_edge) break;
      ++rounds;
      delta = std::move(fresh);
    }
  }

  // Backtracking join over the rule's body from position i; at least one body fact must be from
  // delta (semi-naive).
  void join(const DeductionRule& rule, std::map<std::string, int>& b, std::size_t i, bool used_delta) {
    tick();
    if (i == rule.body.size()) {
      if (used_delta) conclude(rule, b);
      return;
    }
    const auto& pat = rule.body[i];
    for (const auto& f : by_pred[static_cast<std::size_t>(ev.pred_of(pat.pred))]) {
      std::vector<std::string> bound;
      if (Evaluator::unify(pat, f, b, bound)) join(rule, b, i + 1, used_delta || delta.count(f));
      for (const auto& v : bound) b.erase(v);
    }
  }

  // The rule's head under binding b: a formula, or an operator edge whose slots are all in U
  // (then its conclusion is a fact: F' ∋ concl(e)).
  void conclude(const DeductionRule& rule, const std::map<std::string, int>& b) {
    if (rule.head_op.empty()) {
      Fact h = ev.instantiate(rule.head.front(), b);
      if (ev.well_formed(h)) add_fact(h, fresh);
      return;
    }
    const OperatorDecl* op = nullptr;
    for (const auto& o : sys.operators)
      if (o.name == rule.head_op) op = &o;
    if (!op) throw DeductionError("unknown operator " + rule.head_op);
    std::vector<Fact> slots;
    for (std::size_t s = 0; s < rule.head.size(); ++s) {
      Fact f = ev.instantiate(rule.head[s], b);
      // ∈ U: every slot is a well-formed formula of the operator's declared predicate.
      if (rule.head[s].pred != op->slot_preds[s] || !ev.well_formed(f)) return;
      slots.push_back(f);
    }
    std::vector<std::string> key{op->name};
    for (const auto& f : slots) key.push_back(ev.name(f));
    if (edges.emplace(key, std::make_pair(op->name, edge_list.size())).second) {
      edge_list.emplace_back(op->name, slots);
      new_edge = true;
    }
    add_fact(slots[op->conclusion], fresh);
  }
};

// F*'s formulas as the universe's vertices, in a fixed order: sorted by name.
void add_fixed_point_vertices(Universe& u, const Evaluator& ev, const std::set<Fact>& facts) {
  std::vector<std::string> inside;
  std::map<std::string, Fact> fact_of;
  for (const auto& f : facts) {
    inside.push_back(ev.name(f));
    fact_of[ev.name(f)] = f;
  }
  std::sort(inside.begin(), inside.end());
  for (const auto& n : inside) u.add_vertex(n, static_cast<Sort>(fact_of[n][0] + 1), true, false);
}

// Every well-formed formula over the variables (|F_Δ| + |F_∇|) counted; those outside F* added
// after F*'s (sorted by name) when asked.
void add_outside_formulas(Universe& u, LeastFixedPoint& lfp, bool include_outside) {
  const DeductionSystem& sys = lfp.sys;
  const auto nv = static_cast<int>(lfp.ev.var_names.size());
  std::size_t total = 0;
  std::vector<std::pair<std::string, Sort>> outside;
  for (std::size_t p = 0; p < sys.formulas.size() && nv > 0; ++p) {
    for_each_assignment(sys.formulas[p].params.size(), nv, [&](const std::vector<int>& idx) {
      lfp.tick();
      Fact f{static_cast<int>(p)};
      f.insert(f.end(), idx.begin(), idx.end());
      if (lfp.ev.well_formed(f)) {
        ++total;
        if (!lfp.facts.count(f)) outside.emplace_back(lfp.ev.name(f), static_cast<Sort>(p + 1));
      }
    });
  }
  u.formulas_total = total;
  if (include_outside) {
    std::sort(outside.begin(), outside.end());
    for (const auto& [n, s] : outside) u.add_vertex(n, s, false, false);
  }
}

// The operator edges the rules concluded, in the order they were found: E_Ω.
void add_inherent_edges(Universe& u, const LeastFixedPoint& lfp) {
  for (const auto& [op, slots] : lfp.edge_list) {
    const OperatorDecl* decl = nullptr;
    for (const auto& o : lfp.sys.operators)
      if (o.name == op) decl = &o;
    std::vector<VertexId> ids;
    for (const auto& f : slots) ids.push_back(u.by_name.at(lfp.ev.name(f)));
    u.add_inherent(op, ids, ids[decl->conclusion]);
  }
}

}  // namespace

Universe build_deduction_universe(const DeductionSystem& sys, const DeductionSettings& settings,
                                  bool include_outside, limits::Budget* budget) {
  Evaluator ev(sys, settings);
  LeastFixedPoint lfp(sys, ev, budget);
  lfp.add_axioms();
  lfp.run();
  Universe u;
  u.kind = Universe::Kind::Deduction;
  u.rounds = lfp.rounds;
  u.axioms = lfp.axioms;
  u.variables = ev.var_names.size();
  u.sort_names = {"node"};
  for (const auto& f : sys.formulas) u.sort_names.push_back(f.pred);
  add_fixed_point_vertices(u, ev, lfp.facts);
  add_outside_formulas(u, lfp, include_outside);
  add_inherent_edges(u, lfp);
  return u;
}

}  // namespace carve::model
