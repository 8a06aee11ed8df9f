// carve DSL grammar for claims (documents 002-004): `bound`, `define` and `claim` declarations
// and the expression language they share (see docs/dsl.md, "Claims"). Included by
// grammar_def.hpp only, after the token parsers and directives it uses.
// Invariant: purely syntactic, like the rest of the grammar: names, arities and types are checked
// by rules/elaborate/claims_elaborate.cpp. Operators bind, loosest first: `->` (right-assoc), `<->`,
// `or`, `and`, `not`, comparisons (chains allowed), `..`, `xor`, `+ -`, `* / mod`, unary `-`,
// indexing; quantifiers, aggregates and `if` extend as far right as they can.
#pragma once

namespace carve::parser {
namespace grammar {

// An integer inside an expression: like INT, but `1..3` is a range (a '.' may follow when it is
// the first of two). Values up to 2^62.
inline constexpr bounded_integer_parser<long long, (1LL << 62), true> expr_integer{"2^62"};

CARVE_RULE(expr, ast::Expr)
CARVE_RULE(equiv_expr, ast::Expr)
CARVE_RULE(or_expr, ast::Expr)
CARVE_RULE(and_expr, ast::Expr)
CARVE_RULE(not_expr, ast::Expr)
CARVE_RULE(cmp_expr, ast::Expr)
CARVE_RULE(range_expr, ast::Expr)
CARVE_RULE(xor_expr, ast::Expr)
CARVE_RULE(add_expr, ast::Expr)
CARVE_RULE(mul_expr, ast::Expr)
CARVE_RULE(unary_expr, ast::Expr)
CARVE_RULE(postfix_expr, ast::Expr)
CARVE_RULE(primary_expr, ast::Expr)
CARVE_RULE(binder_list, ast::Expr)  // names + families (+ where) of a Quant / Agg
CARVE_RULE(bound_decl, ast::BoundDecl)
CARVE_RULE(define_decl, ast::DefineDecl)
CARVE_RULE(symbolic_clause, ast::SymbolicClause)
CARVE_RULE(claim_decl, ast::ClaimDecl)


inline auto const an_expr = "an expression";

// `lhs -> rhs`, located at lhs.
inline ast::Expr implication(ast::Expr lhs, ast::Expr rhs) {
  ast::Expr b;
  b.kind = ast::ExprKind::Binary;
  b.loc = lhs.loc;
  b.text = "->";
  b.args.push_back(std::move(lhs));
  b.args.push_back(std::move(rhs));
  grow_height(b);
  return b;
}

// Folds `first (op rhs)*` into left-nested Binary nodes.
inline auto const fold_left = [](ast::Expr& out, auto& a) {
  ast::Expr acc = std::move(at_c<0>(a));
  for (auto& tail : at_c<1>(a)) {
    ast::Expr b;
    b.kind = ast::ExprKind::Binary;
    b.loc = acc.loc;
    b.text = std::move(at_c<0>(tail));
    b.args.push_back(std::move(acc));
    b.args.push_back(std::move(at_c<1>(tail)));
    grow_height(b);
    acc = std::move(b);
  }
  out = std::move(acc);
};

template <typename P>
constexpr auto op(P const& p, const char* name) {
  return p >> x3::attr(std::string(name));
}

// node(p, f): like node(p, f), but with no attribute of its own, so that an alternative of
// several node(...) parsers leaves the rule's value exactly as the winning action built it (X3
// would otherwise move a default-constructed alternative attribute over it).
template <typename Subject, typename F>
struct node_directive : build_directive<Subject, F> {
  using build_directive<Subject, F>::build_directive;
  using attribute_type = x3::unused_type;
  static bool const has_attribute = false;
  static bool const is_pass_through_unary = false;
};
template <typename P, typename F>
constexpr auto node(P const& p, F f) {
  return node_directive<typename x3::extension::as_parser<P>::value_type, F>(x3::as_parser(p), f);
}
inline auto const pass = [](ast::Expr& out, ast::Expr& e) { out = std::move(e); };

// as<T>(p): p with its attribute forced to T (alternatives of equal types would otherwise
// synthesise a variant, and adjacent lists in a sequence would be merged).
template <typename T>
struct as_tag {};
template <typename T, typename P>
constexpr auto as(P const& p) {
  return x3::rule<as_tag<T>, T>{"as"} = p;
}

// `a -> b -> c` is a -> (b -> c): read as a list and folded from the right, so a long chain of
// implications is no deeper for the parser than one. Every other way in which an expression
// holds an expression (parentheses, bodies, arguments, `not`, unary `-`) is one level of
// nested_expr, bounded by kMaxNesting.
inline auto const fold_right = [](ast::Expr& out, auto& a) {
  auto& rest = at_c<1>(a);
  if (rest.empty()) {
    out = std::move(at_c<0>(a));
    return;
  }
  ast::Expr acc = std::move(rest.back());
  for (std::size_t i = rest.size() - 1; i-- > 0;) acc = implication(std::move(rest[i]), std::move(acc));
  ast::Expr head = implication(std::move(at_c<0>(a)), std::move(acc));
  out = std::move(head);
};
auto const expr_def = nested_expr[node(
    (equiv_expr >> *(x3::lit("->") >> expect_as("an expression after '->'", equiv_expr))), fold_right)];
auto const equiv_expr_def =
    node((or_expr >> *(op(x3::lit("<->"), "<->") >> expect_as("an expression after '<->'", or_expr))),
          fold_left);
auto const or_expr_def =
    node((and_expr >> *(op(kw("or"), "or") >> expect_as("an expression after 'or'", and_expr))),
          fold_left);
auto const and_expr_def =
    node((not_expr >> *(op(kw("and"), "and") >> expect_as("an expression after 'and'", not_expr))),
          fold_left);
auto const not_expr_def =
    node((kw("not") >> expect_as("an expression after 'not'", nested_expr[not_expr])),
          [](ast::Expr& out, ast::Expr& e) {
            out.kind = ast::ExprKind::Unary;
            out.text = "not";
            out.args.push_back(std::move(e));
          }) |
    node(cmp_expr, pass);
auto const cmp_op = as<std::string>(op(x3::lit("=="), "==") | op(x3::lit("!="), "!=") | op(x3::lit("<="), "<=") |
                    op(x3::lit(">="), ">=") | op(x3::lexeme[x3::lit('<') >> !x3::lit('-')], "<") |
                    op(x3::lit('>'), ">"));
auto const cmp_expr_def =
    node((range_expr >> *(cmp_op >> expect_as("an expression after the comparison", range_expr))),
          fold_left);
auto const range_expr_def =
    node((xor_expr >> *(op(x3::lit(".."), "..") >> expect_as("the end of the range", xor_expr))),
          fold_left);
auto const xor_expr_def =
    node((add_expr >> *(op(kw("xor"), "xor") >> expect_as("an expression after 'xor'", add_expr))),
          fold_left);
auto const add_op = as<std::string>(op(x3::lit('+'), "+") | op(x3::lexeme[x3::lit('-') >> !x3::lit('>')], "-"));
auto const add_expr_def =
    node((mul_expr >> *(add_op >> expect_as("an operand after '+' or '-'", mul_expr))), fold_left);
auto const mul_op = as<std::string>(op(x3::lit('*'), "*") | op(x3::lit('/'), "/") | op(kw("mod"), "mod"));
auto const mul_expr_def =
    node((unary_expr >> *(mul_op >> expect_as("an operand after '*', '/' or 'mod'", unary_expr))),
          fold_left);
auto const unary_expr_def =
    node((x3::lexeme[x3::lit('-') >> !x3::lit('>')] >> expect_as("an operand after '-'", nested_expr[unary_expr])),
          [](ast::Expr& out, ast::Expr& e) {
            out.kind = ast::ExprKind::Unary;
            out.text = "-";
            out.args.push_back(std::move(e));
          }) |
    node(postfix_expr, pass);
auto const postfix_expr_def = node(
    (primary_expr >> *(x3::lit('[') >> expect_as("an index", expr) >>
                       expect_as("']' to close the index", x3::lit(']')))),
    [](ast::Expr& out, auto& a) {
      ast::Expr acc = std::move(at_c<0>(a));
      for (auto& i : at_c<1>(a)) {
        ast::Expr b;
        b.kind = ast::ExprKind::Index;
        b.loc = acc.loc;
        b.args.push_back(std::move(acc));
        b.args.push_back(std::move(i));
        grow_height(b);
        acc = std::move(b);
      }
      out = std::move(acc);
    });

// binders: IDENT 'in' expr (',' IDENT 'in' expr)* ('where' expr)?  -- then ':' body (by the caller)
auto const binder = ident >> kw("in") >> expect_as("the family the variable ranges over", or_expr);
auto const binder_list_def = node(
    ((binder % ',') >> -(kw("where") >> expect_as("a condition after 'where'", expr))),
    [](ast::Expr& out, auto& a) {
      for (auto& b : at_c<0>(a)) {
        out.names.push_back(std::move(at_c<0>(b)));
        out.args.push_back(std::move(at_c<1>(b)));
      }
      if (at_c<1>(a)) {
        out.has_where = true;
        out.args.push_back(std::move(*at_c<1>(a)));
      }
    });

auto const quantifier = as<std::string>(op(kw("forall"), "forall") | op(kw("exists"), "exists"));
auto const binder_body = [](ast::Expr& out, auto& a, ast::ExprKind kind) {
  out.kind = kind;
  out.text = std::move(at_c<0>(a));
  ast::Expr& bl = at_c<1>(a);
  out.names = std::move(bl.names);
  out.args = std::move(bl.args);
  out.has_where = bl.has_where;
  out.args.push_back(std::move(at_c<2>(a)));
};
auto const expr_list = -(expr % ',');

auto const primary_expr_def =
    node((x3::lit('(') >> expect_as(an_expr, expr) >> expect_as("')' to close the parenthesis", x3::lit(')'))), pass) |
    node((quantifier >> expect_as("a variable 'x in FAMILY'", binder_list) >>
           expect_as("':' before the quantifier's body", x3::lit(':')) >> expect_as(an_expr, expr)),
          [](ast::Expr& out, auto& a) { binder_body(out, a, ast::ExprKind::Quant); }) |
    node((kw("if") >> expect_as("a condition", expr) >> expect_as("'then'", kw("then")) >>
           expect_as(an_expr, expr) >> expect_as("'else'", kw("else")) >> expect_as(an_expr, expr)),
          [](ast::Expr& out, auto& a) {
            out.kind = ast::ExprKind::If;
            out.args.push_back(std::move(at_c<0>(a)));
            out.args.push_back(std::move(at_c<1>(a)));
            out.args.push_back(std::move(at_c<2>(a)));
          }) |
    node((x3::lit('[') >> -(expr % ',') >> expect_as("',' or ']' in the list", x3::lit(']'))),
          [](ast::Expr& out, auto& a) {
            out.kind = ast::ExprKind::List;
            if (a) out.args = std::move(*a);
          }) |
    node((x3::lit('{') >> -(expr % ',') >> expect_as("'|' between Left's and Right's options", x3::lit('|')) >>
           -(expr % ',') >> expect_as("',' or '}' to close the {L | R} form", x3::lit('}'))),
          [](ast::Expr& out, auto& a) {
            out.kind = ast::ExprKind::Form;
            if (at_c<0>(a)) out.args = std::move(*at_c<0>(a));
            out.ival = static_cast<long long>(out.args.size());
            if (at_c<1>(a))
              for (auto& e : *at_c<1>(a)) out.args.push_back(std::move(e));
          }) |
    node(expr_integer,
          [](ast::Expr& out, long long v) {
            out.kind = ast::ExprKind::Int;
            out.ival = v;
          }) |
    node(string_lit,
          [](ast::Expr& out, std::string& s) {
            out.kind = ast::ExprKind::Str;
            out.text = std::move(s);
          }) |
    // aggregate: NAME '(' binders ':' body ')'
    node((ident >> x3::lit('(') >> &(ident >> kw("in")) >> binder_list >>
           expect_as("':' before the aggregate's body", x3::lit(':')) >> expect_as(an_expr, expr) >>
           expect_as("')' to close the aggregate", x3::lit(')'))),
          [](ast::Expr& out, auto& a) { binder_body(out, a, ast::ExprKind::Agg); }) |
    node((ident >> x3::lit('(') >> expr_list >>
           expect_as("',' or ')' in the argument list", x3::lit(')'))),
          [](ast::Expr& out, auto& a) {
            out.kind = ast::ExprKind::Call;
            out.text = std::move(at_c<0>(a));
            if (at_c<1>(a)) out.args = std::move(*at_c<1>(a));
          }) |
    node(ident, [](ast::Expr& out, std::string& s) {
      out.kind = ast::ExprKind::Name;
      out.text = std::move(s);
    });

// ------------------------------------------------------------------------------- declarations

auto const bound_decl_def = kw("bound") >> expect_as("the bound's name", ident) >>
                            expect_as("'='", x3::lit('=')) >>
                            expect_as("the bound's value (an integer)", integer) >>
                            -(kw("large") >> expect_as("the large value (an integer)", integer)) >>
                            expect_as("'large N' or ';' to end the bound", x3::lit(';'));

auto const define_decl_def = node(
    (kw("define") >> expect_as("the name being defined", ident) >>
     expect_as("'(' to open the parameter list", x3::lit('(')) >> -(ident % ',') >>
     expect_as("',' or ')' in the parameter list", x3::lit(')')) >> expect_as("'='", x3::lit('=')) >>
     expect_as(an_expr, expr) >> expect_as("';' to end the definition", x3::lit(';'))),
    [](ast::DefineDecl& d, auto& a) {
      d.name = std::move(at_c<0>(a));
      if (at_c<1>(a)) d.params = std::move(*at_c<1>(a));
      d.body = std::move(at_c<2>(a));
    });

auto const symbolic_clause_def = node(
    (kw("by") >> expect_as("'z3'", kw("z3")) >> expect_as("'heaps'", kw("heaps")) >>
     as<int>(expect_as("the number of heaps", integer)) >> expect_as("'bits'", kw("bits")) >>
     as<std::vector<int>>(expect_as("a bit width", integer) % ',') >>
     -(kw("large") >> as<std::vector<int>>(expect_as("a bit width", integer) % ','))),
    [](ast::SymbolicClause& s, auto& a) {
      s.heaps = at_c<0>(a);
      s.bits = std::move(at_c<1>(a));
      if (at_c<2>(a)) s.large_bits = std::move(*at_c<2>(a));
    });

auto const claim_expect = as<ast::ClaimExpect>((kw("holds") >> x3::attr(ast::ClaimExpect::Holds)) |
                                               (kw("refuted") >> x3::attr(ast::ClaimExpect::Refuted)));
auto const claim_decl_def = node(
    (kw("claim") >> expect_as("the claim's label as a string, such as \"002 Nim-k conclusion\"", string_lit) >>
     expect_as("'expect'", kw("expect")) >> expect_as("'holds' or 'refuted'", claim_expect) >>
     -symbolic_clause >> expect_as("'by z3 ...' or '{' to open the claim", x3::lit('{')) >>
     expect_as("the claim (an expression)", expr) >> -x3::lit(';') >>
     expect_as("'}' to close the claim", x3::lit('}'))),
    [](ast::ClaimDecl& c, auto& a) {
      c.label = std::move(at_c<0>(a));
      c.expect = at_c<1>(a);
      if (at_c<2>(a)) c.symbolic = std::move(*at_c<2>(a));
      c.body = std::move(at_c<3>(a));
    });

BOOST_SPIRIT_DEFINE(expr, equiv_expr, or_expr, and_expr, not_expr, cmp_expr, range_expr, xor_expr,
                    add_expr, mul_expr, unary_expr, postfix_expr, primary_expr, binder_list,
                    bound_decl, define_decl, symbolic_clause, claim_decl)

}  // namespace grammar
}  // namespace carve::parser
