// questions/claims/value.cpp — printing, sizes and comparisons of runtime values (see value.hpp).
#include "questions/claims/value.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "rules/elaborate/overloaded.hpp"

namespace carve::claims {

games::Dyadic Value::as_num() const {
  if (auto* i = std::get_if<long long>(&v)) return games::Dyadic(*i);
  return std::get<games::Dyadic>(v);
}

Value make_list(List l) { return Value{std::make_shared<const List>(std::move(l))}; }
Value make_digraph(games::Digraph g) { return Value{std::make_shared<const games::Digraph>(std::move(g))}; }
Value make_tree(games::RootedTree t) { return Value{std::make_shared<const games::RootedTree>(std::move(t))}; }
Value make_graph(games::GroundedGraph g) { return Value{std::make_shared<const games::GroundedGraph>(std::move(g))}; }
Value make_rule(games::TakeRule r) { return Value{std::make_shared<const games::TakeRule>(std::move(r))}; }
Value make_multidag(games::MultiDag g) { return Value{std::make_shared<const games::MultiDag>(std::move(g))}; }

const char* cls_name(Cls c) {
  switch (c) {
    case Cls::P: return "P";
    case Cls::N: return "N";
    case Cls::L: return "L";
    case Cls::R: return "R";
    case Cls::D: return "D";
  }
  return "?";
}

namespace {
const char* family_name(GamePos::Family f) {
  switch (f) {
    case GamePos::Family::Nim: return "nim";
    case GamePos::Family::Staircase: return "staircase";
    case GamePos::Family::NimK: return "nimk";
    case GamePos::Family::Lasker: return "lasker";
    case GamePos::Family::Coins: return "coins";
    case GamePos::Family::TakeAway: return "takeaway";
    case GamePos::Family::RuleStairs: return "stairs";
    case GamePos::Family::MultiSum: return "multisum";
  }
  return "?";
}
}  // namespace

std::string show(const Value& x) {
  return std::visit(
      elab::overloaded{
          [](long long i) { return std::to_string(i); },
          [](const games::Dyadic& d) { return d.str(); },
          [](bool b) { return std::string(b ? "true" : "false"); },
          [](Cls c) { return std::string(cls_name(c)); },
          [](const std::string& s) { return "\"" + s + "\""; },
          [](const std::shared_ptr<const List>& l) {
            std::string s = "[";
            for (std::size_t i = 0; i < l->size(); ++i) s += (i ? ", " : "") + show((*l)[i]);
            return s + "]";
          },
          [](const std::shared_ptr<const games::Digraph>& g) {
            std::string s = fmt::format("digraph n={} [", g->size());
            bool first = true;
            for (int u = 0; u < g->size(); ++u)
              for (int w : g->succ[static_cast<std::size_t>(u)]) {
                s += fmt::format("{}{}->{}", first ? "" : " ", u, w);
                first = false;
              }
            return s + "]";
          },
          [](const std::shared_ptr<const games::RootedTree>& t) { return fmt::format("tree parents {}", t->parent); },
          [](const std::shared_ptr<const games::GroundedGraph>& g) { return "graph " + games::to_string(*g); },
          [](const GamePos& p) {
            if (p.family == GamePos::Family::Coins) {  // the row left to right (coin 0 = bit 0 first): H heads, T tails
              std::string row;
              for (int i = 0; i < p.n; ++i) row += (p.h.at(0) >> i & 1u) ? 'H' : 'T';
              return fmt::format("coins(rule {}, row {} = mask {})", p.k, row, p.h.at(0));
            }
            if (p.family == GamePos::Family::NimK) return fmt::format("nimk({}, {})", p.k, p.h);
            if (p.family == GamePos::Family::TakeAway || p.family == GamePos::Family::RuleStairs ||
                p.family == GamePos::Family::MultiSum)
              return fmt::format("{}(#{}, {})", family_name(p.family), p.k, p.h);
            return fmt::format("{}({})", family_name(p.family), p.h);
          },
          [](const CoinRuleRef& r) { return fmt::format("coin rule {}", r.index); },
          [](const CycleRef& c) { return fmt::format("cycle through vertices {}", c.vertices); },
          [](const std::shared_ptr<const games::TakeRule>& r) {  // "take {1:1 2:- 3:1,3}": the amounts per heap
            std::string s = "take {";
            for (unsigned m = 1; m <= r->max_heap(); ++m)
              s += fmt::format("{}{}:{}", m > 1 ? " " : "", m, r->takes[m].empty() ? "-" : fmt::format("{}", fmt::join(r->takes[m], ",")));
            return s + "}";
          },
          [](const std::shared_ptr<const games::MultiDag>& g) {  // "multidag n=3 [1->{} 2->{0,1}]": one arc per option
            std::string s = fmt::format("multidag n={} [", g->size());
            bool first = true;
            for (int v = 0; v < g->size(); ++v)
              for (const auto& o : g->options[static_cast<std::size_t>(v)]) {
                s += fmt::format("{}{}->{{{}}}", first ? "" : " ", v, fmt::join(o, ","));
                first = false;
              }
            return s + "]";
          },
      },
      x.v);
}

long long size_of(const Value& x) {
  return std::visit(elab::overloaded{
                        [](long long i) { return i < 0 ? -i : i; },
                        [](const games::Dyadic& d) { return static_cast<long long>(games::sign_expansion(d).size()); },
                        [](const std::shared_ptr<const List>& l) {
                          long long s = 0;
                          for (const auto& e : *l) s += size_of(e);
                          return s;
                        },
                        [](const std::shared_ptr<const games::Digraph>& g) { return static_cast<long long>(g->size()); },
                        [](const std::shared_ptr<const games::RootedTree>& t) { return static_cast<long long>(t->edges()); },
                        [](const std::shared_ptr<const games::GroundedGraph>& g) {
                          return static_cast<long long>(g->edges.size());
                        },
                        [](const GamePos& p) {
                          long long s = 0;
                          for (unsigned v : p.h) s += v;
                          return s;
                        },
                        [](const std::shared_ptr<const games::TakeRule>& r) { return static_cast<long long>(r->moves()); },
                        [](const std::shared_ptr<const games::MultiDag>& g) {
                          return static_cast<long long>(static_cast<std::size_t>(g->size()) + g->option_count());
                        },
                        [](const auto&) { return 0LL; },
                    },
                    x.v);
}

namespace {
bool is_number(const Value& x) {
  return std::holds_alternative<long long>(x.v) || std::holds_alternative<games::Dyadic>(x.v);
}
}  // namespace

bool equal(const Value& a, const Value& b) {
  if (is_number(a) && is_number(b)) return a.as_num() == b.as_num();
  if (a.v.index() != b.v.index()) return false;
  if (a.is_list()) {
    const List &x = a.as_list(), &y = b.as_list();
    if (x.size() != y.size()) return false;
    for (std::size_t i = 0; i < x.size(); ++i)
      if (!equal(x[i], y[i])) return false;
    return true;
  }
  if (auto* g = std::get_if<std::shared_ptr<const games::Digraph>>(&a.v)) return (*g)->succ == b.as_digraph().succ;
  if (auto* t = std::get_if<std::shared_ptr<const games::RootedTree>>(&a.v)) return (*t)->parent == b.as_tree().parent;
  if (std::holds_alternative<std::shared_ptr<const games::TakeRule>>(a.v)) return a.as_rule() == b.as_rule();
  if (std::holds_alternative<std::shared_ptr<const games::MultiDag>>(a.v)) return a.as_multidag() == b.as_multidag();
  if (std::holds_alternative<std::shared_ptr<const games::GroundedGraph>>(a.v))
    return games::to_string(a.as_graph()) == games::to_string(b.as_graph());
  return a.v == b.v;
}

bool less(const Value& a, const Value& b) {
  if (is_number(a) && is_number(b)) return a.as_num() < b.as_num();
  if (a.v.index() != b.v.index()) return a.v.index() < b.v.index();
  if (a.is_list()) {
    const List &x = a.as_list(), &y = b.as_list();
    for (std::size_t i = 0; i < x.size() && i < y.size(); ++i) {
      if (less(x[i], y[i])) return true;
      if (less(y[i], x[i])) return false;
    }
    return x.size() < y.size();
  }
  return show(a) < show(b);
}

}  // namespace carve::claims
