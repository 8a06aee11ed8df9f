// rules/elaborate/claims_elaborate.cpp — claims AST -> typed IR (see claims_ir.hpp).
// Invariant: every error is an InputError at the construct it blames; nothing is evaluated here
// except bounds (constants) and the ranges a symbolic form quantifies k over.
#include <fmt/format.h>

#include <map>
#include <set>

#include "rules/elaborate/claims_ir.hpp"
#include "rules/elaborate/diagnostics.hpp"
#include "rules/elaborate/overloaded.hpp"

namespace carve::elab::claims {

namespace ast = parser::ast;

namespace {

bool is_list(const Type& t) { return t.rfind("list<", 0) == 0; }
Type elem_of(const Type& t) { return is_list(t) ? t.substr(5, t.size() - 6) : "any"; }
bool numeric(const Type& t) { return t == "int" || t == "num"; }

// Can a value of type `actual` be passed where `want` is expected?
bool accepts(const Type& want, const Type& actual) {
  if (want == actual || want == "any") return true;
  if (want == "num") return actual == "int";
  if (want == "list") return is_list(actual);
  if (want == "imp")
    return actual == "game" || actual == "digraph" || actual == "list<digraph>" || actual == "tree" || actual == "graph";
  if (is_list(want) && is_list(actual)) return elem_of(actual) == "any" || accepts(elem_of(want), elem_of(actual));
  return false;
}

// The common type of two branches / list elements, or "" if none.
Type unify(const Type& a, const Type& b) {
  if (a == b) return a;
  if (numeric(a) && numeric(b)) return "num";
  if (a == "list<any>" && is_list(b)) return b;
  if (b == "list<any>" && is_list(a)) return a;
  if (is_list(a) && is_list(b)) {
    Type e = unify(elem_of(a), elem_of(b));
    return e.empty() ? "" : "list<" + e + ">";
  }
  return "";
}

int precedence(const std::string& op) {
  static const std::map<std::string, int> p = {{"->", 1}, {"<->", 2}, {"or", 3}, {"and", 4}, {"==", 6}, {"!=", 6},
                                               {"<", 6}, {"<=", 6}, {">", 6}, {">=", 6}, {"..", 7}, {"xor", 8},
                                               {"+", 9}, {"-", 9}, {"*", 10}, {"/", 10}, {"mod", 10}};
  auto it = p.find(op);
  return it == p.end() ? 11 : it->second;
}

// The expression as written (normalised spacing, parentheses only where needed).
std::string show(const ast::Expr& e, const std::map<std::string, long long>& bounds) {
  auto list = [&bounds](const std::vector<ast::Expr>& v, std::size_t from, std::size_t to) {
    std::string s;
    for (std::size_t i = from; i < to; ++i) s += (i > from ? ", " : "") + show(v[i], bounds);
    return s;
  };
  auto binders = [&](const ast::Expr& q) {
    std::string s;
    for (std::size_t i = 0; i < q.names.size(); ++i) s += (i ? ", " : "") + q.names[i] + " in " + show(q.args[i], bounds);
    if (q.has_where) s += " where " + show(q.args[q.names.size()], bounds);
    return s + ": " + show(q.args.back(), bounds);
  };
  switch (e.kind) {
    case ast::ExprKind::Int: return std::to_string(e.ival);
    case ast::ExprKind::Str: return "\"" + e.text + "\"";
    case ast::ExprKind::Name: {
      auto b = bounds.find(e.text);
      return b == bounds.end() ? e.text : std::to_string(b->second);
    }
    case ast::ExprKind::Call: return e.text + "(" + list(e.args, 0, e.args.size()) + ")";
    case ast::ExprKind::Unary: {
      std::string a = show(e.args[0], bounds);
      if (e.args[0].kind == ast::ExprKind::Binary) a = "(" + a + ")";
      return e.text == "not" ? "not " + a : "-" + a;
    }
    case ast::ExprKind::Binary: {
      int p = precedence(e.text);
      auto side = [&](const ast::Expr& c, bool right) {
        std::string s = show(c, bounds);
        bool paren = (c.kind == ast::ExprKind::Binary &&
                      (precedence(c.text) < p || (precedence(c.text) == p && right))) ||
                     c.kind == ast::ExprKind::Quant || c.kind == ast::ExprKind::If;
        return paren ? "(" + s + ")" : s;
      };
      return side(e.args[0], false) + (e.text == ".." ? ".." : " " + e.text + " ") + side(e.args[1], true);
    }
    case ast::ExprKind::Index: return show(e.args[0], bounds) + "[" + show(e.args[1], bounds) + "]";
    case ast::ExprKind::List: return "[" + list(e.args, 0, e.args.size()) + "]";
    case ast::ExprKind::Form: {
      auto n = static_cast<std::size_t>(e.ival);
      return "{" + list(e.args, 0, n) + " | " + list(e.args, n, e.args.size()) + "}";
    }
    case ast::ExprKind::If:
      return "if " + show(e.args[0], bounds) + " then " + show(e.args[1], bounds) + " else " + show(e.args[2], bounds);
    case ast::ExprKind::Quant: return e.text + " " + binders(e);
    case ast::ExprKind::Agg: return e.text + "(" + binders(e) + ")";
  }
  return "?";
}

class Elaborator {
 public:
  Elaborator(const ast::Spec& spec, bool large) : large_(large) {
    for (const auto& d : spec.decls) {
      if (auto* b = std::get_if<ast::BoundDecl>(&d)) {
        if (bounds_.count(b->name)) fail(b->loc, fmt::format("bound {} is declared twice", b->name));
        static const std::set<std::string> reserved = {"P", "N", "L", "R", "D", "true", "false"};
        if (reserved.count(b->name) || !builtins_named(b->name).empty())
          fail(b->loc, fmt::format("{} is a constant or a builtin; a bound needs another name", b->name));
        if (b->large && *b->large < b->value)
          fail(b->loc, fmt::format("bound {}: the large value {} is smaller than the default {}", b->name, *b->large, b->value));
        bounds_[b->name] = large_ && b->large ? *b->large : b->value;
        order_.push_back(b->name);
      } else if (auto* def = std::get_if<ast::DefineDecl>(&d)) {
        if (defines_.count(def->name)) fail(def->loc, fmt::format("{} is defined twice", def->name));
        if (!builtins_named(def->name).empty())
          fail(def->loc, fmt::format("{} is a builtin function; choose another name", def->name));
        std::set<std::string> ps;
        for (const auto& p : def->params)
          if (!ps.insert(p).second) fail(def->loc, fmt::format("parameter {} is listed twice", p));
        defines_[def->name] = def;
      }
    }
  }

  ClaimSpec run(const ast::Spec& spec) {
    ClaimSpec out;
    out.name = spec.name;
    out.document = spec.document.value_or("");
    out.title = spec.title.value_or("");
    out.file = spec.loc.file;
    for (const auto& n : order_) out.bounds.emplace_back(n, bounds_[n]);
    std::set<std::string> labels;
    for (const auto& d : spec.decls) {
      const auto* c = std::get_if<ast::ClaimDecl>(&d);
      if (!c) continue;
      if (!labels.insert(c->label).second) fail(c->loc, fmt::format("claim \"{}\" is stated twice", c->label));
      Claim claim;
      claim.label = c->label;
      claim.expect_holds = c->expect == ast::ClaimExpect::Holds;
      claim.loc = c->loc;
      slots_ = 0;
      scope_.clear();
      claim.body = expr(c->body);
      if (claim.body.type != "bool")
        fail(c->body.loc, fmt::format("a claim must be a condition (bool), this is {}", claim.body.type));
      claim.slots = slots_;
      if (c->symbolic) claim.symbolic = symbolic_form(*c->symbolic, claim.body, c->body.loc);
      out.claims.push_back(std::move(claim));
    }
    return out;
  }

 private:
  using Scope = std::vector<std::pair<std::string, std::pair<int, Type>>>;

  Node make(Op op, const ast::Expr& e, Type t) {
    Node n;
    n.op = op;
    n.type = std::move(t);
    n.loc = e.loc;
    n.src = show(e, bounds_);
    return n;
  }

  int bind(const std::string& name, const Type& t) {
    scope_.push_back({name, {slots_, t}});
    return slots_++;
  }

  Node expr(const ast::Expr& e) {
    switch (e.kind) {
      case ast::ExprKind::Int: {
        Node n = make(Op::Int, e, "int");
        n.ival = e.ival;
        return n;
      }
      case ast::ExprKind::Str: {
        Node n = make(Op::Str, e, "str");
        n.text = e.text;
        return n;
      }
      case ast::ExprKind::Name: return name(e);
      case ast::ExprKind::Call: return call(e);
      case ast::ExprKind::Unary: {
        Node a = expr(e.args[0]);
        if (e.text == "not") {
          if (a.type != "bool") fail(e.args[0].loc, fmt::format("'not' needs a condition (bool), got {}", a.type));
          Node n = make(Op::Not, e, "bool");
          n.args.push_back(std::move(a));
          return n;
        }
        if (!numeric(a.type)) fail(e.args[0].loc, fmt::format("'-' needs a number, got {}", a.type));
        Node n = make(Op::Neg, e, a.type);
        n.args.push_back(std::move(a));
        return n;
      }
      case ast::ExprKind::Binary: return binary(e);
      case ast::ExprKind::Index: {
        Node l = expr(e.args[0]), i = expr(e.args[1]);
        if (!is_list(l.type)) fail(e.args[0].loc, fmt::format("only a list can be indexed, this is {}", l.type));
        if (i.type != "int") fail(e.args[1].loc, fmt::format("an index must be an int, got {}", i.type));
        Node n = make(Op::Index, e, elem_of(l.type));
        n.args.push_back(std::move(l));
        n.args.push_back(std::move(i));
        return n;
      }
      case ast::ExprKind::List: {
        Node n = make(Op::List, e, "list<any>");
        Type t = "any";
        for (const auto& a : e.args) {
          Node x = expr(a);
          Type u = t == "any" ? x.type : unify(t, x.type);
          if (u.empty()) fail(a.loc, fmt::format("list elements must have one type: {} after {}", x.type, t));
          t = u;
          n.args.push_back(std::move(x));
        }
        n.type = "list<" + t + ">";
        return n;
      }
      case ast::ExprKind::Form: {
        Node n = make(Op::Form, e, "num");
        n.ival = e.ival;
        for (const auto& a : e.args) {
          Node x = expr(a);
          if (!numeric(x.type) && !accepts("list<num>", x.type))
            fail(a.loc, fmt::format("an option in {{L | R}} must be a number or a list of numbers, got {}", x.type));
          n.args.push_back(std::move(x));
        }
        return n;
      }
      case ast::ExprKind::If: {
        Node c = expr(e.args[0]), a = expr(e.args[1]), b = expr(e.args[2]);
        if (c.type != "bool") fail(e.args[0].loc, fmt::format("'if' needs a condition (bool), got {}", c.type));
        Type t = unify(a.type, b.type);
        if (t.empty()) fail(e.args[2].loc, fmt::format("'then' gives {} but 'else' gives {}", a.type, b.type));
        Node n = make(Op::If, e, t);
        n.args = {std::move(c), std::move(a), std::move(b)};
        return n;
      }
      case ast::ExprKind::Quant:
      case ast::ExprKind::Agg: return binder_expr(e);
    }
    fail(e.loc, "unsupported expression");
  }

  Node name(const ast::Expr& e) {
    for (auto it = scope_.rbegin(); it != scope_.rend(); ++it)
      if (it->first == e.text) {
        Node n = make(Op::Var, e, it->second.second);
        n.slot = it->second.first;
        n.text = e.text;
        return n;
      }
    if (auto b = bounds_.find(e.text); b != bounds_.end()) {
      Node n = make(Op::Int, e, "int");
      n.ival = b->second;
      return n;
    }
    if (e.text == "true" || e.text == "false") {
      Node n = make(Op::Bool, e, "bool");
      n.ival = e.text == "true";
      return n;
    }
    if (e.text == "P" || e.text == "N" || e.text == "L" || e.text == "R" || e.text == "D") {
      Node n = make(Op::Outcome, e, "outcome");
      n.text = e.text;
      return n;
    }
    if (!builtins_named(e.text).empty() || defines_.count(e.text)) {
      ast::Expr c = e;
      c.kind = ast::ExprKind::Call;
      return call(c);
    }
    fail(e.loc, fmt::format("unknown name '{}' (not a variable, bound, constant P/N/L/R/D/true/false, or function)", e.text));
  }

  Node call(const ast::Expr& e) {
    if (auto d = defines_.find(e.text); d != defines_.end()) return invoke(e, *d->second);
    auto sigs = builtins_named(e.text);
    if (sigs.empty()) fail(e.loc, fmt::format("unknown function '{}'", e.text));
    std::vector<Node> args;
    for (const auto& a : e.args) args.push_back(expr(a));
    std::vector<const Signature*> by_arity;
    for (const auto* s : sigs)
      if (s->params.size() == args.size()) by_arity.push_back(s);
    if (by_arity.empty()) {
      std::string want;
      for (const auto* s : sigs) want += (want.empty() ? "" : " or ") + std::to_string(s->params.size());
      fail(e.loc, fmt::format("{} takes {} argument{}, got {}", e.text, want, want == "1" ? "" : "s", args.size()));
    }
    for (const auto* s : by_arity) {
      bool ok = true;
      for (std::size_t i = 0; i < args.size() && ok; ++i) ok = accepts(s->params[i], args[i].type);
      if (!ok) continue;
      Type r = s->result;
      if (r == "same") r = args[0].type;
      if (r == "list<same>") r = "list<" + args[0].type + ">";
      Node n = make(Op::Call, e, r);
      n.fn = s->id;
      n.args = std::move(args);
      return n;
    }
    // Blame the first argument that no overload of this arity accepts.
    for (std::size_t i = 0; i < args.size(); ++i) {
      bool any = false;
      std::string want;
      for (const auto* s : by_arity) {
        any = any || accepts(s->params[i], args[i].type);
        want += (want.empty() ? "" : " or ") + s->params[i];
      }
      if (!any)
        fail(e.args[i].loc, fmt::format("argument {} of {} must be {}, got {}", i + 1, e.text, want, args[i].type));
    }
    fail(e.loc, fmt::format("no overload of {} takes these argument types", e.text));
  }

  Node invoke(const ast::Expr& e, const ast::DefineDecl& def) {
    if (e.args.size() != def.params.size())
      fail(e.loc, fmt::format("{} takes {} argument{}, got {}", def.name, def.params.size(), def.params.size() == 1 ? "" : "s",
                              e.args.size()));
    if (active_.count(def.name)) fail(e.loc, fmt::format("{} calls itself (definitions cannot be recursive)", def.name));
    Node n = make(Op::Invoke, e, "");
    for (const auto& a : e.args) n.args.push_back(expr(a));
    Scope saved = std::move(scope_);
    scope_.clear();
    for (std::size_t i = 0; i < def.params.size(); ++i) n.slots.push_back(bind(def.params[i], n.args[i].type));
    active_.insert(def.name);
    Node body = expr(def.body);
    active_.erase(def.name);
    scope_ = std::move(saved);
    n.type = body.type;
    n.text = def.name;
    n.args.push_back(std::move(body));
    return n;
  }

  Node binary(const ast::Expr& e) {
    Node l = expr(e.args[0]), r = expr(e.args[1]);
    static const std::map<std::string, BinOp> ops = {
        {"->", BinOp::Implies}, {"<->", BinOp::Iff}, {"or", BinOp::Or},    {"and", BinOp::And}, {"==", BinOp::Eq},
        {"!=", BinOp::Ne},      {"<", BinOp::Lt},    {"<=", BinOp::Le},    {">", BinOp::Gt},    {">=", BinOp::Ge},
        {"..", BinOp::Range},   {"xor", BinOp::Xor}, {"+", BinOp::Add},    {"-", BinOp::Sub},   {"*", BinOp::Mul},
        {"/", BinOp::Div},      {"mod", BinOp::Mod}};
    BinOp op = ops.at(e.text);
    auto need = [&](bool ok, const Node& side, const ast::Expr& where, const char* what) {
      if (!ok) fail(where.loc, fmt::format("'{}' needs {}, got {}", e.text, what, side.type));
    };
    Type t;
    switch (op) {
      case BinOp::Implies:
      case BinOp::Iff:
      case BinOp::Or:
      case BinOp::And:
        need(l.type == "bool", l, e.args[0], "conditions (bool)");
        need(r.type == "bool", r, e.args[1], "conditions (bool)");
        t = "bool";
        break;
      case BinOp::Eq:
      case BinOp::Ne:
        if (unify(l.type, r.type).empty())
          fail(e.args[1].loc, fmt::format("'{}' compares {} with {}", e.text, l.type, r.type));
        t = "bool";
        break;
      case BinOp::Lt:
      case BinOp::Le:
      case BinOp::Gt:
      case BinOp::Ge:
        need(numeric(l.type), l, e.args[0], "numbers");
        need(numeric(r.type), r, e.args[1], "numbers");
        t = "bool";
        break;
      case BinOp::Range:
      case BinOp::Xor:
      case BinOp::Mod:
        need(l.type == "int", l, e.args[0], "integers");
        need(r.type == "int", r, e.args[1], "integers");
        t = op == BinOp::Range ? "list<int>" : "int";
        break;
      case BinOp::Add:
      case BinOp::Sub:
      case BinOp::Mul:
        need(numeric(l.type), l, e.args[0], "numbers");
        need(numeric(r.type), r, e.args[1], "numbers");
        t = l.type == "int" && r.type == "int" ? "int" : "num";
        break;
      case BinOp::Div:
        need(numeric(l.type), l, e.args[0], "numbers");
        need(numeric(r.type), r, e.args[1], "numbers");
        t = "num";
        break;
    }
    Node n = make(Op::Binary, e, t);
    n.bop = op;
    n.args.push_back(std::move(l));
    n.args.push_back(std::move(r));
    return n;
  }

  static void slots_used(const Node& n, std::set<int>& out) {
    if (n.op == Op::Var) out.insert(n.slot);
    for (const auto& a : n.args) slots_used(a, out);
  }

  Node binder_expr(const ast::Expr& e) {
    bool quant = e.kind == ast::ExprKind::Quant;
    Node n = make(quant ? Op::Quant : Op::Agg, e, "");
    n.ival = e.text == "forall";
    if (!quant) {
      static const std::map<std::string, AggKind> aggs = {{"xor", AggKind::Xor},   {"sum", AggKind::Sum}, {"count", AggKind::Count},
                                                          {"all", AggKind::All},   {"any", AggKind::Any}, {"max", AggKind::Max},
                                                          {"min", AggKind::Min},   {"list", AggKind::List}, {"set", AggKind::Set}};
      auto it = aggs.find(e.text);
      if (it == aggs.end())
        fail(e.loc, fmt::format("unknown aggregate '{}' (known: xor sum count all any max min list set)", e.text));
      n.agg = it->second;
    }
    std::size_t saved = scope_.size();
    std::set<int> own;
    for (std::size_t i = 0; i < e.names.size(); ++i) {
      Node f = expr(e.args[i]);
      if (!is_list(f.type)) fail(e.args[i].loc, fmt::format("{} must range over a list (a family), this is {}", e.names[i], f.type));
      std::set<int> used;
      slots_used(f, used);
      for (int s : used)
        if (own.count(s)) n.independent = false;
      n.names.push_back(e.names[i]);
      int s = bind(e.names[i], elem_of(f.type));
      own.insert(s);
      n.slots.push_back(s);
      n.args.push_back(std::move(f));
    }
    if (e.has_where) {
      Node w = expr(e.args[e.names.size()]);
      if (w.type != "bool") fail(e.args[e.names.size()].loc, fmt::format("'where' needs a condition (bool), got {}", w.type));
      n.has_where = true;
      n.args.push_back(std::move(w));
    }
    const ast::Expr& be = e.args.back();
    Node body = expr(be);
    scope_.resize(saved);
    auto body_must = [&](bool ok, const char* what) {
      if (!ok) fail(be.loc, fmt::format("the body of {} must be {}, got {}", e.text, what, body.type));
    };
    if (quant) {
      body_must(body.type == "bool", "a condition (bool)");
      n.type = "bool";
    } else {
      switch (n.agg) {
        case AggKind::Xor: body_must(body.type == "int", "an int"); n.type = "int"; break;
        case AggKind::Sum:
        case AggKind::Max:
        case AggKind::Min: body_must(numeric(body.type), "a number"); n.type = body.type; break;
        case AggKind::Count: body_must(body.type == "bool", "a condition (bool)"); n.type = "int"; break;
        case AggKind::All:
        case AggKind::Any: body_must(body.type == "bool", "a condition (bool)"); n.type = "bool"; break;
        case AggKind::List:
        case AggKind::Set: n.type = "list<" + body.type + ">"; break;
      }
    }
    n.args.push_back(std::move(body));
    return n;
  }

  // Recognises the symbolic form described in claims_ir.hpp, or fails at the claim.
  SymbolicForm symbolic_form(const ast::SymbolicClause& c, const Node& body, const parser::Location& loc) {
    auto bad = [&](const std::string& why) -> SymbolicForm {
      fail(loc, "'by z3' needs the claim in the form [forall k in A..B:] forall h in heaps(...): "
                "outcome(nim(h) | staircase(h) | nimk(k, h)) == P <-> PRED(h); " + why);
    };
    if (c.heaps < 1 || c.heaps > 8) fail(c.loc, fmt::format("'by z3 heaps {}': between 1 and 8 heaps", c.heaps));
    for (int b : c.bits)
      if (b < 1 || b > 24) fail(c.loc, fmt::format("'bits {}': a bit width between 1 and 24", b));
    for (int b : c.large_bits)
      if (b < 1 || b > 24) fail(c.loc, fmt::format("'large {}': a bit width between 1 and 24", b));
    SymbolicForm f;
    f.heaps = c.heaps;
    f.bits = c.bits;
    f.large_bits = c.large_bits.empty() ? c.bits : c.large_bits;
    const Node* q = &body;
    auto single_forall = [](const Node& n) { return n.op == Op::Quant && n.ival == 1 && n.slots.size() == 1 && !n.has_where; };
    if (!single_forall(*q)) return bad("the claim does not start with 'forall'");
    if (q->args[0].op == Op::Binary && q->args[0].bop == BinOp::Range) {
      const Node& r = q->args[0];
      if (r.args[0].op != Op::Int || r.args[1].op != Op::Int) return bad("k must range over constants A..B");
      f.k_range = std::make_pair(r.args[0].ival, r.args[1].ival);
      f.k_slot = q->slots[0];
      f.pred_path.push_back(static_cast<int>(q->args.size()) - 1);
      q = &q->args.back();
      if (!single_forall(*q)) return bad("expected 'forall h in heaps(...)' inside 'forall k'");
    }
    if (q->args[0].op != Op::Call || q->args[0].fn != Builtin::Heaps) return bad("h must range over heaps(...)");
    f.h_slot = q->slots[0];
    f.pred_path.push_back(static_cast<int>(q->args.size()) - 1);
    const Node& iff = q->args.back();
    if (iff.op != Op::Binary || iff.bop != BinOp::Iff) return bad("the body must be '... <-> ...'");
    auto is_p_test = [&](const Node& n) {
      if (n.op != Op::Binary || n.bop != BinOp::Eq) return false;
      const Node& o = n.args[0];
      if (o.op != Op::Call || o.fn != Builtin::Outcome || n.args[1].op != Op::Outcome || n.args[1].text != "P") return false;
      const Node& g = o.args[0];
      if (g.op != Op::Call) return false;
      auto is_var = [](const Node& v, int s) { return v.op == Op::Var && v.slot == s; };
      if (g.fn == Builtin::Nim && is_var(g.args[0], f.h_slot)) return f.family = "nim", true;
      if (g.fn == Builtin::Staircase && is_var(g.args[0], f.h_slot)) return f.family = "staircase", true;
      if (g.fn == Builtin::NimK && f.k_slot >= 0 && is_var(g.args[0], f.k_slot) && is_var(g.args[1], f.h_slot))
        return f.family = "nimk", true;
      return false;
    };
    if (is_p_test(iff.args[0])) {
      f.pred_path.push_back(1);
    } else if (is_p_test(iff.args[1])) {
      f.pred_path.push_back(0);
    } else {
      return bad("neither side is outcome(GAME(h)) == P");
    }
    if (f.family != "nimk" && f.k_range) return bad("only nimk takes k");
    return f;
  }

  bool large_;
  std::map<std::string, long long> bounds_;
  std::vector<std::string> order_;
  std::map<std::string, const ast::DefineDecl*> defines_;
  std::set<std::string> active_;
  Scope scope_;
  int slots_ = 0;
};

}  // namespace

ClaimSpec elaborate_claims(const ast::Spec& spec, bool large) {
  Elaborator el(spec, large);
  return el.run(spec);
}

}  // namespace carve::elab::claims
