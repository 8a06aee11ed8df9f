// carve DSL grammar: definitions (see docs/dsl.md). Included by grammar.cpp only.
//
// Conventions
//  * Tokens (identifiers, keywords, words, integers, strings) are small hand-written X3 parsers:
//    they know the DSL's lexical rules exactly (dashed identifiers, distinct keywords, the
//    Unicode synonyms, escapes, overflow) and never look at bytes >= 0x80 through <cctype>.
//  * expect_as("thing", p) is X3's expect[] with a message in words: once a keyword has been
//    seen, anything missing throws "expected <thing>" located at the first character of the
//    token that is there instead (whitespace and comments skipped), or at end of file.
//  * Rules whose attribute is a Node fill `loc` in on_success (annotation_base); rules built by
//    semantic actions tag their node themselves (build).
//  * No semantics: names are not resolved, nothing is checked for duplicates or bounds.
#pragma once

#include <boost/spirit/home/x3.hpp>
#include <boost/throw_exception.hpp>
#include <algorithm>
#include <climits>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

#include "text/parser/ast.hpp"
#include "text/parser/ast_adapted.hpp"
#include "text/parser/error_handler.hpp"
#include "text/parser/grammar.hpp"
#include "text/parser/keywords.hpp"

namespace carve::parser {
namespace grammar {

// How deep input may nest atoms (Delta(Delta(...))) or expressions ((((...))), not not ...): the
// parser and every pass over the AST after it recurse once per level, so an unbounded depth
// would exhaust the stack (1,500 parentheses did, in release). The deepest spec nests 5.
inline constexpr int kMaxNesting = 64;
// How tall an expression's tree may grow: a chain of operators or indices (a + b + ... ,
// a -> b -> ..., x[i][j]...) is read as a list but folds into one level per operator, and the
// passes after the parser recurse once per level (5,000 '+' overflowed the elaborator's stack).
inline constexpr int kMaxExpressionHeight = 256;

// Thrown while a chain is folded past kMaxExpressionHeight; build_directive turns it into a
// syntax error located at the chain's start (the fold itself does not know where it is).
struct ExpressionTooTall {};
inline void grow_height(ast::Expr& node) {
  for (const auto& a : node.args) node.height = std::max(node.height, a.height + 1);
  if (node.height > kMaxExpressionHeight) throw ExpressionTooTall{};
}

// ------------------------------------------------------------------------------ lexical helpers

inline bool is_idstart(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
}
inline bool is_digit(char c) { return c >= '0' && c <= '9'; }
inline bool is_idchar(char c) { return is_idstart(c) || is_digit(c); }

// Would an identifier go on at p? (an identifier character, or '-' followed by one)
template <typename Iterator>
bool continues_ident(Iterator p, Iterator last) {
  if (p == last) return false;
  if (is_idchar(*p)) return true;
  return *p == '-' && last - p >= 2 && is_idchar(p[1]);
}

struct Synonym {
  std::string_view utf8;
  const char* ascii;
};
inline constexpr Synonym kSynonyms[] = {
    {"\xCE\xBB", "lambda"},     // λ
    {"\xCE\x94", "Delta"},      // Δ
    {"\xE2\x88\x87", "Nabla"},  // ∇
};

template <typename Iterator>
[[noreturn]] void fail_at(Iterator where, std::string message) {
  boost::throw_exception(x3::expectation_failure<Iterator>(where, std::move(message)));
}

// ---------------------------------------------------------------------------------- directives

// expect_as("a thing", p): like x3::expect[p], but the failure reads "expected a thing" and
// points at the next token rather than at the whitespace before it.
template <typename Subject>
struct expect_as_directive : x3::unary_parser<Subject, expect_as_directive<Subject>> {
  using base_type = x3::unary_parser<Subject, expect_as_directive<Subject>>;
  static bool const is_pass_through_unary = true;
  const char* what_;

  constexpr expect_as_directive(Subject const& s, const char* what) : base_type(s), what_(what) {}

  template <typename Iterator, typename Context, typename RContext, typename Attribute>
  bool parse(Iterator& first, Iterator const& last, Context const& context, RContext& rcontext,
             Attribute& attr) const {
    x3::skip_over(first, last, context);
    if (!this->subject.parse(first, last, context, rcontext, attr))
      fail_at(first, std::string("expected ") + what_);
    return true;
  }
};

template <typename P>
constexpr auto expect_as(const char* what, P const& p) {
  return expect_as_directive<typename x3::extension::as_parser<P>::value_type>(x3::as_parser(p),
                                                                               what);
}

// nested[p], nested_expr[p]: one more level of atom (expression) nesting around p; more than
// kMaxNesting levels is a syntax error located at the token that would go deeper.
template <typename Subject>
struct nested_directive : x3::unary_parser<Subject, nested_directive<Subject>> {
  using base_type = x3::unary_parser<Subject, nested_directive<Subject>>;
  static bool const is_pass_through_unary = true;
  const char* what_;
  constexpr nested_directive(Subject const& s, const char* what) : base_type(s), what_(what) {}

  template <typename Iterator, typename Context, typename RContext, typename Attribute>
  bool parse(Iterator& first, Iterator const& last, Context const& context, RContext& rcontext,
             Attribute& attr) const {
    ErrorHandler& handler = get_error_handler(context);
    if (handler.depth >= kMaxNesting) {
      x3::skip_over(first, last, context);
      fail_at(first, std::string(what_) + " nested too deeply (at most " + std::to_string(kMaxNesting) +
                         " levels)");
    }
    struct Guard {
      int& d;
      explicit Guard(int& depth) : d(depth) { ++d; }
      ~Guard() { --d; }
      Guard(const Guard&) = delete;
      Guard& operator=(const Guard&) = delete;
    } guard(handler.depth);
    return this->subject.parse(first, last, context, rcontext, attr);
  }
};

struct nested_gen {
  const char* what;
  template <typename Subject>
  constexpr nested_directive<typename x3::extension::as_parser<Subject>::value_type> operator[](
      Subject const& subject) const {
    return {x3::as_parser(subject), what};
  }
};
inline constexpr nested_gen nested{"atoms"};
inline constexpr nested_gen nested_expr{"expressions"};

// -------------------------------------------------------------------------------------- tokens

// A keyword: the exact text, not followed by anything that would continue an identifier
// (so `path` does not match the start of `paths` or `path-x`).
struct keyword_parser : x3::parser<keyword_parser> {
  using attribute_type = x3::unused_type;
  static bool const has_attribute = false;
  std::string_view text;
  constexpr explicit keyword_parser(std::string_view t) : text(t) {}

  template <typename Iterator, typename Context, typename RContext, typename Attribute>
  bool parse(Iterator& first, Iterator const& last, Context const& context, RContext&,
             Attribute&) const {
    x3::skip_over(first, last, context);
    if (static_cast<std::size_t>(last - first) < text.size()) return false;
    if (std::string_view(&*first, text.size()) != text) return false;
    Iterator p = first + static_cast<std::ptrdiff_t>(text.size());
    if (is_idchar(text.back()) && continues_ident(p, last)) return false;
    first = p;
    return true;
  }
};
constexpr keyword_parser kw(std::string_view text) { return keyword_parser(text); }

// IDENT := [A-Za-z_][A-Za-z0-9_]*(-[A-Za-z0-9_]+)*  |  λ | Δ | ∇ (stored as lambda, Delta, Nabla)
struct ident_parser : x3::parser<ident_parser> {
  using attribute_type = std::string;
  static bool const has_attribute = true;

  template <typename Iterator, typename Context, typename RContext, typename Attribute>
  bool parse(Iterator& first, Iterator const& last, Context const& context, RContext&,
             Attribute& attr) const {
    x3::skip_over(first, last, context);
    for (const Synonym& s : kSynonyms) {
      if (static_cast<std::size_t>(last - first) >= s.utf8.size() &&
          std::string_view(&*first, s.utf8.size()) == s.utf8) {
        first += static_cast<std::ptrdiff_t>(s.utf8.size());
        x3::traits::move_to(std::string(s.ascii), attr);
        return true;
      }
    }
    if (first == last || !is_idstart(*first)) return false;
    Iterator p = first + 1;
    while (continues_ident(p, last)) ++p;  // idchars, and '-' only when an idchar follows
    x3::traits::move_to(std::string(first, p), attr);
    first = p;
    return true;
  }
};
inline constexpr ident_parser ident{};

// A named target: IDENT, optionally followed (without spaces) by ',' digits: K1,3
struct named_target_parser : x3::parser<named_target_parser> {
  using attribute_type = std::string;
  static bool const has_attribute = true;

  template <typename Iterator, typename Context, typename RContext, typename Attribute>
  bool parse(Iterator& first, Iterator const& last, Context const& context, RContext& rcontext,
             Attribute& attr) const {
    std::string name;
    if (!ident.parse(first, last, context, rcontext, name)) return false;
    if (first != last && *first == ',' && last - first >= 2 && is_digit(first[1])) {
      Iterator p = first + 1;
      while (p != last && is_digit(*p)) ++p;
      if (p == last || !is_idchar(*p)) {
        name.append(first, p);
        first = p;
      }
    }
    x3::traits::move_to(std::move(name), attr);
    return true;
  }
};
inline constexpr named_target_parser named_target{};

// WORD := [0-9]+ not followed by an identifier character ("0120"; leading zeros are kept): a
// word over the tree's alphabet of digits (rules/model/word_tree.hpp); which digits it may use is the
// spec's, checked where the case is elaborated
struct word_parser : x3::parser<word_parser> {
  using attribute_type = std::string;
  static bool const has_attribute = true;

  template <typename Iterator, typename Context, typename RContext, typename Attribute>
  bool parse(Iterator& first, Iterator const& last, Context const& context, RContext&,
             Attribute& attr) const {
    x3::skip_over(first, last, context);
    Iterator p = first;
    while (p != last && is_digit(*p)) ++p;
    if (p == first || (p != last && is_idchar(*p))) return false;
    x3::traits::move_to(std::string(first, p), attr);
    first = p;
    return true;
  }
};
inline constexpr word_parser word{};

// Reads the digits [0-9]* at p into value (overflow is set once value passes limit); returns
// the end of the digits. Shared by INT and the claims' expression integers.
template <typename Iterator>
Iterator scan_digits(Iterator p, Iterator last, long long limit, long long& value, bool& overflow) {
  value = 0;
  overflow = false;
  while (p != last && is_digit(*p)) {
    if (!overflow) {
      const int digit = *p - '0';
      // Compared before multiplying, so that no value past `limit` is ever formed.
      if (value > (limit - digit) / 10) overflow = true;
      else value = value * 10 + digit;
    }
    ++p;
  }
  return p;
}

// Digits not followed by an identifier character; a '.' may follow only as the first of a range
// `..` when Range is set. Past Limit is an error naming `limit_text`. INT and the claims'
// expression integers are its two instances.
template <typename T, long long Limit, bool Range>
struct bounded_integer_parser : x3::parser<bounded_integer_parser<T, Limit, Range>> {
  using attribute_type = T;
  static bool const has_attribute = true;
  const char* limit_text;
  constexpr explicit bounded_integer_parser(const char* text) : limit_text(text) {}

  template <typename Iterator, typename Context, typename RContext, typename Attribute>
  bool parse(Iterator& first, Iterator const& last, Context const& context, RContext&,
             Attribute& attr) const {
    x3::skip_over(first, last, context);
    long long value = 0;
    bool overflow = false;
    Iterator p = scan_digits(first, last, Limit, value, overflow);
    if (p == first || (p != last && is_idchar(*p))) return false;
    if (p != last && *p == '.' && !(Range && last - p >= 2 && p[1] == '.')) return false;
    if (overflow) fail_at(first, std::string("number too large (at most ") + limit_text + ")");
    x3::traits::move_to(static_cast<T>(value), attr);
    first = p;
    return true;
  }
};
// INT := [0-9]+ (not followed by an identifier character or '.'); above INT_MAX is an error.
inline constexpr bounded_integer_parser<int, INT_MAX, false> integer{"2147483647"};

// STRING := '"' ( [^"\\\n] | '\"' | '\\' )* '"' -- UTF-8 inside, must end on the line it starts.
struct string_parser : x3::parser<string_parser> {
  using attribute_type = std::string;
  static bool const has_attribute = true;

  template <typename Iterator, typename Context, typename RContext, typename Attribute>
  bool parse(Iterator& first, Iterator const& last, Context const& context, RContext&,
             Attribute& attr) const {
    x3::skip_over(first, last, context);
    if (first == last || *first != '"') return false;
    std::string value;
    Iterator p = first + 1;
    for (;;) {
      if (p == last || *p == '\n' || (*p == '\r' && last - p >= 2 && p[1] == '\n'))
        fail_at(first, "unterminated string (a string must end on the line where it starts)");
      char c = *p;
      if (c == '"') break;
      if (c == '\\') {
        if (last - p >= 2 && (p[1] == '"' || p[1] == '\\')) {
          value.push_back(p[1]);
          p += 2;
          continue;
        }
        fail_at(p, "unknown escape sequence in string (only \\\" and \\\\ are allowed)");
      }
      value.push_back(c);
      ++p;
    }
    x3::traits::move_to(std::move(value), attr);
    first = p + 1;
    return true;
  }
};
inline constexpr string_parser string_lit{};

// ----------------------------------------------------------------------------- action helpers

// build(p, f): a semantic action that builds the rule's node: f(node, attribute of p), then tags
// the node with the range p matched. (X3 1.74's _where does not give the matched range, so this
// is a small directive of its own.) The rule's value is X3's "rcontext", what _val returns.
template <typename Subject, typename F>
struct build_directive : x3::unary_parser<Subject, build_directive<Subject, F>> {
  using base_type = x3::unary_parser<Subject, build_directive<Subject, F>>;
  static bool const is_pass_through_unary = true;
  static bool const has_action = true;
  F f;
  constexpr build_directive(Subject const& s, F fn) : base_type(s), f(fn) {}

  template <typename Iterator, typename Context, typename RContext, typename Attribute>
  bool parse(Iterator& first, Iterator const& last, Context const& context, RContext& rcontext,
             Attribute&) const {
    x3::skip_over(first, last, context);
    Iterator start = first;
    typename x3::traits::attribute_of<Subject, Context>::type attr{};
    if (!this->subject.parse(first, last, context, rcontext, attr)) return false;
    try {
      f(rcontext, attr);
      if constexpr (std::is_same_v<std::decay_t<RContext>, ast::Expr>) grow_height(rcontext);
    } catch (const ExpressionTooTall&) {
      fail_at(start, "expression too deep (at most " + std::to_string(kMaxExpressionHeight) +
                         " levels of operators, indices and nesting): split it with a def");
    }
    get_error_handler(context).tag(rcontext, start, first);
    return true;
  }
};

template <typename P, typename F>
constexpr auto build(P const& p, F f) {
  return build_directive<typename x3::extension::as_parser<P>::value_type, F>(x3::as_parser(p), f);
}

// Store the alternative's attribute into a std::variant rule value (Statement, Decl, CaseItem).
inline auto const assign = [](auto& ctx) { x3::_val(ctx) = std::move(x3::_attr(ctx)); };

using boost::fusion::at_c;

// ----------------------------------------------------------------------------------- rule IDs

#define CARVE_RULE(name, attr)              \
  struct name##_class : annotation_base {}; \
  x3::rule<name##_class, attr> const name = #name;

CARVE_RULE(term, ast::Term)
CARVE_RULE(atom, ast::Atom)
CARVE_RULE(switch_value, ast::SwitchValue)
CARVE_RULE(switch_decl, ast::Switch)
CARVE_RULE(assignment, ast::ProfileAssignment)
CARVE_RULE(profile_decl, ast::Profile)
CARVE_RULE(vertices_stmt, ast::VerticesStmt)
CARVE_RULE(inherent_stmt, ast::InherentStmt)
CARVE_RULE(types_stmt, ast::TypesStmt)
CARVE_RULE(variables_stmt, ast::VariablesStmt)
CARVE_RULE(relation_stmt, ast::RelationStmt)
CARVE_RULE(formula_stmt, ast::FormulaStmt)
CARVE_RULE(slot, ast::Slot)
CARVE_RULE(operator_stmt, ast::OperatorStmt)
CARVE_RULE(axiom_stmt, ast::AxiomStmt)
CARVE_RULE(rule_stmt, ast::RuleStmt)
CARVE_RULE(universe_stmt, ast::UniverseStmt)
CARVE_RULE(edges_stmt, ast::EdgesStmt)
CARVE_RULE(virtual_stmt, ast::VirtualStmt)
CARVE_RULE(initial_stmt, ast::InitialStmt)
CARVE_RULE(edgeset_stmt, ast::EdgesetStmt)
CARVE_RULE(target_stmt, ast::TargetStmt)
CARVE_RULE(path_stmt, ast::PathStmt)
CARVE_RULE(repeat, ast::Repeat)
CARVE_RULE(pattern_item, ast::PatternItem)
CARVE_RULE(predicate_body, ast::PredicateBody)
CARVE_RULE(predicate_stmt, ast::PredicateStmt)
CARVE_RULE(paths_stmt, ast::PathsStmt)
CARVE_RULE(construct_stmt, ast::ConstructStmt)
CARVE_RULE(collapse_stmt, ast::CollapseStmt)
CARVE_RULE(succession_stmt, ast::SuccessionStmt)
CARVE_RULE(components_stmt, ast::ComponentsStmt)
CARVE_RULE(isomorphism_stmt, ast::IsomorphismStmt)
CARVE_RULE(victory_stmt, ast::VictoryStmt)
CARVE_RULE(stmt, ast::Statement)
CARVE_RULE(def_decl, ast::Def)
CARVE_RULE(decl, ast::Decl)

CARVE_RULE(vertex, ast::Vertex)
CARVE_RULE(edge, ast::Edge)
CARVE_RULE(collapse_clause, std::optional<std::vector<ast::Step>>)
CARVE_RULE(root_choice, ast::RootChoice)
CARVE_RULE(turn, ast::Turn)
CARVE_RULE(case_target, ast::CaseTarget)
CARVE_RULE(var_decl, ast::VarDecl)
CARVE_RULE(tuple, ast::Tuple)
CARVE_RULE(expectation, ast::Expectation)
CARVE_RULE(spec_item, ast::SpecItem)
CARVE_RULE(profile_item, ast::ProfileItem)
CARVE_RULE(set_item, ast::SetItem)
CARVE_RULE(target_item, ast::TargetItem)
CARVE_RULE(depth_item, ast::DepthItem)
CARVE_RULE(turns_item, ast::TurnsItem)
CARVE_RULE(engine_item, ast::EngineItem)
CARVE_RULE(certify_item, ast::CertifyItem)
CARVE_RULE(types_item, ast::TypesItem)
CARVE_RULE(variables_item, ast::VariablesItem)
CARVE_RULE(relation_item, ast::RelationItem)
CARVE_RULE(root_item, ast::RootItem)
CARVE_RULE(play_item, ast::PlayItem)
CARVE_RULE(claim_item, ast::ClaimItem)
CARVE_RULE(expect_item, ast::ExpectItem)
CARVE_RULE(case_item, ast::CaseItem)

struct spec_file_class : error_handler_base, annotation_base {};
struct case_file_class : error_handler_base, annotation_base {};
spec_file_type const spec_file = "spec_file";
case_file_type const case_file = "case_file";

// ----------------------------------------------------------------------------- atoms and terms

auto const semi = expect_as("';' to end the statement", x3::lit(';'));

auto const term_def = ident >> -(x3::lit('(') >>
                                 nested[expect_as("a term (a name or an atom)", term) % ','] >>
                                 expect_as("',' or ')' in the argument list", x3::lit(')')));
auto const atom_def = ident >>
                      x3::lit('(') >> nested[expect_as("a term (a name or an atom)", term) % ','] >>
                      expect_as("',' or ')' in the argument list", x3::lit(')'));
auto const an_atom = "an atom such as Delta(x, y, z)";

// ----------------------------------------------------------------------------------- spec file

auto const switch_value_def = ident >> -string_lit >>
                              expect_as("';' after the switch value", x3::lit(';'));
auto const switch_decl_def = kw("switch") >> expect_as("a switch name", ident) >> -string_lit >>
                             expect_as("'{' to open the switch's values", x3::lit('{')) >>
                             expect_as("a switch value", +switch_value) >>
                             expect_as("a switch value or '}' to close the switch", x3::lit('}'));

auto const assignment_def = ident >> expect_as("'=' in the profile assignment", x3::lit('=')) >>
                            expect_as("a switch value", ident) >>
                            expect_as("';' after the profile assignment", x3::lit(';'));
auto const profile_decl_def =
    kw("profile") >> expect_as("a profile name", ident) >> -string_lit >>
    -(kw("extends") >> expect_as("the name of the profile it extends", ident)) >>
    expect_as("'{' to open the profile", x3::lit('{')) >> *assignment >>
    expect_as("an assignment 'switch = value;' or '}' to close the profile", x3::lit('}'));

auto const vertices_stmt_def = kw("vertices") >> expect_as("'words'", kw("words")) >>
                               expect_as("the alphabet as a string", string_lit) >>
                               expect_as("'root'", kw("root")) >>
                               expect_as("the root vertex", ident) >> semi;
auto const inherent_stmt_def = kw("inherent") >> expect_as("an edge type", ident) >>
                               expect_as("'tree'", kw("tree")) >>
                               expect_as("the alphabet as a string", string_lit) >> semi;
auto const types_stmt_def = kw("types") >> expect_as("'param'", kw("param")) >> semi;
auto const variables_stmt_def = kw("variables") >> expect_as("'param'", kw("param")) >> semi;
auto const relation_stmt_def = kw("relation") >> expect_as("a relation name", ident) >>
                               expect_as("'arity'", kw("arity")) >>
                               expect_as("the arity (an integer)", integer) >>
                               expect_as("'param'", kw("param")) >> semi;
auto const formula_stmt_def = kw("formula") >> expect_as("a formula name", ident) >>
                              expect_as("'('", x3::lit('(')) >>
                              expect_as("a parameter name", ident) % ',' >>
                              expect_as("',' or ')' in the parameter list", x3::lit(')')) >>
                              expect_as("'when'", kw("when")) >> expect_as("'('", x3::lit('(')) >>
                              expect_as("a parameter name", ident) % ',' >>
                              expect_as("',' or ')' in the 'when' list", x3::lit(')')) >>
                              expect_as("'in'", kw("in")) >>
                              expect_as("a relation name", ident) >> semi;
auto const slot_def = ident >> expect_as("':' after the slot name", x3::lit(':')) >>
                      expect_as("the slot's formula kind", ident);
auto const operator_stmt_def = kw("operator") >> expect_as("an operator name", ident) >>
                               expect_as("'('", x3::lit('(')) >>
                               expect_as("a slot 'name: Kind'", slot) % ',' >>
                               expect_as("',' or ')' in the slot list", x3::lit(')')) >>
                               expect_as("'conclusion'", kw("conclusion")) >>
                               expect_as("the conclusion slot", ident) >> semi;
auto const axiom_stmt_def = build((kw("axiom") >> expect_as(an_atom, atom) >> semi),
                                  [](ast::AxiomStmt& s, ast::Atom& a) { s.atom = std::move(a); });
auto const rule_stmt_def = kw("rule") >> expect_as("a rule name", ident) >>
                           expect_as("':' after the rule name", x3::lit(':')) >>
                           expect_as(an_atom, atom) >>
                           expect_as("'<-' between the rule's head and body", x3::lit("<-")) >>
                           expect_as(an_atom, atom) % ',' >> semi;
auto const universe_stmt_def = kw("universe") >> expect_as("'lfp'", kw("lfp")) >> semi;
auto const edges_stmt_def =
    build((kw("edges") >> expect_as("an edge type", ident) % '+' >> semi),
          [](ast::EdgesStmt& s, std::vector<std::string>& v) { s.types = std::move(v); });
auto const virtual_stmt_def = kw("virtual") >> expect_as("'disjoint'", kw("disjoint")) >>
                              expect_as("'inherent'", kw("inherent")) >> semi;
auto const initial_stmt_def = kw("initial") >> expect_as("'all'", kw("all")) >>
                              expect_as("'inherent'", kw("inherent")) >>
                              expect_as("'root'", kw("root")) >>
                              expect_as("the root (a vertex name or 'param')", ident) >> semi;
auto const edge_side = (kw("conclusion") >> x3::attr(ast::EdgeSide::Conclusion)) |
                       (kw("premise") >> x3::attr(ast::EdgeSide::Premise));
auto const edgeset_stmt_def = kw("edgeset") >> expect_as("an edge set name", ident) >>
                              expect_as("'='", x3::lit('=')) >>
                              expect_as("'inherent'", kw("inherent")) >>
                              expect_as("'conclusion' or 'premise'", edge_side) >> semi;
auto const target_kind = (kw("graph") >> x3::attr(ast::TargetKind::Graph)) |
                         (kw("hypergraph") >> x3::attr(ast::TargetKind::Hypergraph));
auto const target_stmt_def = kw("target") >> expect_as("'graph' or 'hypergraph'", target_kind) >>
                             *ident >>
                             expect_as("a property name or ';' to end the statement", x3::lit(';'));
auto const path_stmt_def = kw("path") >> expect_as("'vertices'", kw("vertices")) >>
                           expect_as("'adjacent'", kw("adjacent")) >>
                           expect_as("'kind'", kw("kind")) >>
                           expect_as("the switch giving the path kind", ident) >> semi;
auto const repeat_def = x3::lit('{') >> expect_as("the minimum repeat count", integer) >>
                        expect_as("',' after the minimum repeat count", x3::lit(',')) >> -integer >>
                        expect_as("the maximum repeat count or '}'", x3::lit('}'));
auto const pattern_item_def = ident >> -repeat;
auto const predicate_body_def =
    build((kw("avoid") >> expect_as("'(' to open the pattern", x3::lit('(')) >>
           expect_as("an edge type in the pattern", +pattern_item) >>
           expect_as("an edge type or ')' to close the pattern", x3::lit(')')) >>
           expect_as("'by'", kw("by")) >>
           expect_as("the switch naming the reading (factor or subsequence)", ident)),
          [](ast::PredicateBody& b, auto& a) {
            b.kind = ast::PredicateKind::Avoid;
            b.pattern = std::move(at_c<0>(a));
            b.by_switch = std::move(at_c<1>(a));
          }) |
    build(
        (kw("endpoint") >> expect_as("'root'", kw("root"))),
        [](ast::PredicateBody& b, x3::unused_type) { b.kind = ast::PredicateKind::EndpointRoot; }) |
    build((kw("contains") >> expect_as("'new'", kw("new"))),
          [](ast::PredicateBody& b, x3::unused_type) { b.kind = ast::PredicateKind::ContainsNew; });
auto const predicate_stmt_def =
    kw("predicate") >> expect_as("a predicate name", ident) >> expect_as("'='", x3::lit('=')) >>
    expect_as("a predicate body ('avoid (...) by S', 'endpoint root' or 'contains new')",
              predicate_body) >>
    semi;
auto const paths_stmt_def = kw("paths") >> expect_as("a name for the path set", ident) >>
                            expect_as("'='", x3::lit('=')) >>
                            expect_as("a predicate name", ident) % kw("and") >>
                            expect_as("'and' or ';' to end the statement", x3::lit(';'));
auto const construct_kind = (kw("pair") >> x3::attr(ast::ConstructKind::Pair)) |
                            (kw("operator") >> x3::attr(ast::ConstructKind::Operator));
auto const construct_stmt_def = kw("construct") >> expect_as("a name for the new edge", ident) >>
                                expect_as("'pair' or 'operator'", construct_kind) >> semi;
auto const collapse_stmt_def = kw("collapse") >> expect_as("a path set name", ident) >> semi;
auto const succession_stmt_def = kw("succession") >> expect_as("'when'", kw("when")) >>
                                 expect_as("'none'", kw("none")) >>
                                 expect_as("an edge set name", ident) >>
                                 expect_as("'root'", kw("root")) >>
                                 expect_as("'choose'", kw("choose")) >>
                                 expect_as("what the player chooses ('any', 'other', or 'new by SWITCH')", ident) >>
                                 -(kw("by") >> expect_as("the switch deciding whether the old root may be chosen", ident)) >>
                                 expect_as("'by' or 'where'", kw("where")) >>
                                 expect_as("'none'", kw("none")) >>
                                 expect_as("an edge set name", ident) >> semi;
auto const components_stmt_def = kw("components") >> expect_as("'paths'", kw("paths")) >> semi;
auto const isomorphism_stmt_def = kw("isomorphism") >> ((kw("by") >> x3::attr(true)) | x3::attr(false)) >>
                                  expect_as("the isomorphism kind ('incidence' or 'typed') or 'by SWITCH'", ident) >> semi;
auto const victory_scope = (kw("root") >> expect_as("'component' after 'root'", kw("component")) >>
                            x3::attr(ast::VictoryScope::RootComponent)) |
                           (kw("component") >> x3::attr(ast::VictoryScope::AnyComponent));
auto const victory_relation = (kw("iso") >> x3::attr(ast::VictoryRelation::Iso)) |
                              (kw("contains") >> x3::attr(ast::VictoryRelation::Contains));
auto const victory_stmt_def = kw("victory") >> expect_as("'component' or 'root component'", victory_scope) >>
                              expect_as("'iso' or 'contains'", victory_relation) >>
                              expect_as("'target'", kw("target")) >> semi;

auto const stmt_def = vertices_stmt[assign] | inherent_stmt[assign] | types_stmt[assign] |
                      variables_stmt[assign] | relation_stmt[assign] | formula_stmt[assign] |
                      operator_stmt[assign] | axiom_stmt[assign] | rule_stmt[assign] |
                      universe_stmt[assign] | edges_stmt[assign] | virtual_stmt[assign] |
                      initial_stmt[assign] | edgeset_stmt[assign] | target_stmt[assign] |
                      path_stmt[assign] | predicate_stmt[assign] | paths_stmt[assign] |
                      construct_stmt[assign] | collapse_stmt[assign] | succession_stmt[assign] |
                      components_stmt[assign] | isomorphism_stmt[assign] | victory_stmt[assign];

auto const def_decl_def = kw("def") >>
                          expect_as("the definition's number as a string, such as \"1.1\"",
                                    string_lit) >>
                          -string_lit >> expect_as("'{' to open the definition", x3::lit('{')) >>
                          *stmt >>
                          expect_as(kDefStatements.expected.data(), x3::lit('}'));

}  // namespace grammar
}  // namespace carve::parser
#include "text/parser/claims_grammar.hpp"  // its rules are declared with CARVE_RULE too

#undef CARVE_RULE
namespace carve::parser {
namespace grammar {

auto const decl_def = switch_decl[assign] | profile_decl[assign] | def_decl[assign] |
                      bound_decl[assign] | define_decl[assign] | claim_decl[assign];

auto const spec_file_def = expect_as("'spec'", kw("spec")) >> expect_as("the spec's name", ident) >>
                           -(kw("document") >>
                             expect_as("the document number as a string", string_lit)) >>
                           -(kw("title") >> expect_as("the title as a string", string_lit)) >>
                           expect_as("';' to end the spec header", x3::lit(';')) >> *decl >>
                           expect_as(kDeclarations.expected.data(), x3::eoi);

// ----------------------------------------------------------------------------------- case file

auto const case_semi = expect_as("';' to end the case item", x3::lit(';'));
auto const a_vertex = "a vertex (a word, lambda or an atom)";

auto const vertex_def = build(word,
                              [](ast::Vertex& v, std::string& w) {
                                v.kind = ast::VertexKind::Word;
                                v.word = std::move(w);
                              }) |
                        build(atom,
                              [](ast::Vertex& v, ast::Atom& a) {
                                v.kind = ast::VertexKind::Atom;
                                v.atom = std::move(a);
                              }) |
                        build((kw("lambda") | kw("\xCE\xBB")), [](ast::Vertex& v, x3::unused_type) {
                          v.kind = ast::VertexKind::Lambda;
                        });

auto const edge_def =
    build((x3::lit('{') >> expect_as(a_vertex, vertex) >>
           expect_as("',' between the two vertices", x3::lit(',')) >> expect_as(a_vertex, vertex) >>
           expect_as("'}' to close the edge", x3::lit('}'))),
          [](ast::Edge& e, auto& a) {
            e.kind = ast::EdgeKind::Pair;
            e.u = std::move(at_c<0>(a));
            e.v = std::move(at_c<1>(a));
          }) |
    build(atom, [](ast::Edge& e, ast::Atom& a) {
      e.kind = ast::EdgeKind::Atom;
      e.atom = std::move(a);
    });

auto const collapse_clause_def =
    kw("stable")[([](auto& ctx) { x3::_val(ctx) = std::nullopt; })] |
    (kw("collapse") >> expect_as("'(' to open the collapse path", x3::lit('(')) >>
     expect_as("a step of the collapse path (a vertex or an atom)", vertex) % ',' >>
     expect_as("',' or ')' in the collapse path",
               x3::lit(')')))[([](auto& ctx) { x3::_val(ctx) = std::move(x3::_attr(ctx)); })];

auto const root_choice_def =
    build((kw("root") >> kw("keep")),
          [](ast::RootChoice& r, x3::unused_type) { r.kind = ast::RootChoiceKind::Keep; }) |
    build((kw("root") >> expect_as("'keep' or a vertex after 'root'", vertex)),
          [](ast::RootChoice& r, ast::Vertex& v) {
            r.kind = ast::RootChoiceKind::Vertex;
            r.vertex = std::move(v);
          }) |
    build(x3::eps, [](ast::RootChoice& r, x3::unused_type) { r.kind = ast::RootChoiceKind::None; });

auto const turn_def =
    build((kw("turn") >> expect_as("'add'", kw("add")) >>
           expect_as("the added edge: '{u, v}' or an atom", edge) >>
           expect_as("'stable' or 'collapse (...)'", collapse_clause) >> root_choice >>
           expect_as("'root ...' or ';' to end the turn", x3::lit(';'))),
          [](ast::Turn& t, auto& a) {
            t.edge = std::move(at_c<0>(a));
            auto& steps = at_c<1>(a);
            t.stable = !steps.has_value();
            if (steps) t.steps = std::move(*steps);
            t.root = std::move(at_c<2>(a));
          });

auto const case_target_def =
    build((kw("edges") >> expect_as("the edges as a string such as \"a-b,b-c\"", string_lit)),
          [](ast::CaseTarget& t, std::string& s) {
            t.kind = ast::CaseTargetKind::Edges;
            t.text = std::move(s);
          }) |
    build((kw("graph6") >> expect_as("the graph6 code as a string", string_lit)),
          [](ast::CaseTarget& t, std::string& s) {
            t.kind = ast::CaseTargetKind::Graph6;
            t.text = std::move(s);
          }) |
    build((kw("hyperedges") >>
           expect_as("the hyperedges as a string such as \"{a,b,c},{c,d}\"", string_lit)),
          [](ast::CaseTarget& t, std::string& s) {
            t.kind = ast::CaseTargetKind::Hyperedges;
            t.text = std::move(s);
          }) |
    build(named_target, [](ast::CaseTarget& t, std::string& s) {
      t.kind = ast::CaseTargetKind::Named;
      t.text = std::move(s);
    });

auto const var_decl_def = ident >> expect_as("':' after the variable name", x3::lit(':')) >>
                          expect_as("the variable's type", ident);
auto const tuple_def =
    build((x3::lit('(') >> expect_as("a type name", ident) % ',' >>
           expect_as("',' or ')' in the tuple", x3::lit(')'))),
          [](ast::Tuple& t, std::vector<std::string>& v) { t.elems = std::move(v); });

auto const expectation_def =
    build((kw("win") >> kw("in") >> expect_as("the number of turns", integer)),
          [](ast::Expectation& e, int n) {
            e.kind = ast::ExpectKind::WinIn;
            e.turn = n;
          }) |
    build((kw("win") >> kw("at") >> expect_as("the turn number", integer)),
          [](ast::Expectation& e, int n) {
            e.kind = ast::ExpectKind::WinAt;
            e.turn = n;
          }) |
    // 'win' followed by neither: always fails, with the message
    build((kw("win") >> expect_as("'in' or 'at' after 'win'", kw("in") | kw("at"))),
          [](ast::Expectation&, x3::unused_type) {}) |
    build(kw("no-win"),
          [](ast::Expectation& e, x3::unused_type) { e.kind = ast::ExpectKind::NoWin; }) |
    build(kw("legal"),
          [](ast::Expectation& e, x3::unused_type) { e.kind = ast::ExpectKind::Legal; }) |
    build((kw("illegal") >> expect_as("'at'", kw("at")) >> expect_as("the turn number", integer) >>
           expect_as("'rule'", kw("rule")) >> expect_as("the rule as a string", string_lit)),
          [](ast::Expectation& e, auto& a) {
            e.kind = ast::ExpectKind::IllegalAt;
            e.turn = at_c<0>(a);
            e.rule = std::move(at_c<1>(a));
          });

// A witness also binds the spec's content: `spec "path" sha256 "64 hex digits";`.
auto const spec_item_def = build(
    (kw("spec") >> expect_as("the spec's path as a string", string_lit) >>
     -(kw("sha256") >> expect_as("the spec's SHA-256 as a string of 64 hex digits", string_lit)) >> case_semi),
    [](ast::SpecItem& i, auto& a) {
      i.path = std::move(at_c<0>(a));
      if (at_c<1>(a)) i.sha256 = std::move(*at_c<1>(a));
    });
auto const profile_item_def = kw("profile") >> expect_as("a profile name", ident) >> case_semi;
auto const set_item_def = kw("set") >> expect_as("a switch name", ident) >>
                          expect_as("'='", x3::lit('=')) >>
                          expect_as("a switch value", ident) >> case_semi;
auto const target_item_def = build(
    (kw("target") >>
     expect_as("a target: a graph name, 'edges \"...\"', 'graph6 \"...\"' or 'hyperedges \"...\"'",
               case_target) >>
     case_semi),
    [](ast::TargetItem& i, ast::CaseTarget& t) { i.target = std::move(t); });
// `depth any;`: the infinite tree of 000 (docs/infinite-tree.md), else a depth bound.
auto const depth_item_def =
    build((kw("depth") >> kw("any") >> case_semi), [](ast::DepthItem& d, x3::unused_type) { d.any = true; }) |
    build((kw("depth") >> expect_as("the depth (a non-negative integer) or 'any' (the infinite tree)", integer) >> case_semi),
          [](ast::DepthItem& d, int n) { d.depth = n; });
auto const turns_item_def =
    kw("turns") >> expect_as("the number of turns (a non-negative integer)", integer) >> case_semi;
auto const engine_item_def =
    kw("engine") >> expect_as("an engine name (explicit or sat)", ident) >> case_semi;
auto const certify_item_def =
    kw("certify") >> expect_as("a certificate kind (drat)", ident) >> case_semi;
auto const types_item_def =
    build((kw("types") >> expect_as("a type name", ident) % ',' >> case_semi),
          [](ast::TypesItem& i, std::vector<std::string>& v) { i.types = std::move(v); });
auto const variables_item_def =
    build((kw("variables") >> expect_as("a variable 'name: type'", var_decl) % ',' >> case_semi),
          [](ast::VariablesItem& i, std::vector<ast::VarDecl>& v) { i.vars = std::move(v); });
auto const relation_item_def = kw("relation") >> expect_as("a relation name", ident) >>
                               expect_as("'='", x3::lit('=')) >>
                               expect_as("a tuple such as (t, t, t)", tuple) % ',' >> case_semi;
auto const root_item_def = build((kw("root") >> expect_as(a_vertex, vertex) >> case_semi),
                                 [](ast::RootItem& i, ast::Vertex& v) { i.vertex = std::move(v); });
auto const play_item_def =
    build((kw("play") >> expect_as("'{' to open the play", x3::lit('{')) >> *turn >>
           expect_as("a turn or '}' to close the play", x3::lit('}'))),
          [](ast::PlayItem& i, std::vector<ast::Turn>& v) { i.turns = std::move(v); });
auto const claim_item_def = build(
    (kw("claim") >> expect_as("'component'", kw("component")) >>
     expect_as("'{' to open the component", x3::lit('{')) >> expect_as(a_vertex, vertex) % ',' >>
     expect_as("',' or '}' in the component", x3::lit('}')) >> case_semi),
    [](ast::ClaimItem& i, std::vector<ast::Vertex>& v) { i.component = std::move(v); });
auto const expect_item_def =
    build((kw("expect") >> expect_as("an expectation ('win in N', 'win at N', 'no-win', 'legal' or "
                                     "'illegal at N rule \"...\"')",
                                     expectation) >>
           case_semi),
          [](ast::ExpectItem& i, ast::Expectation& e) { i.expectation = std::move(e); });

auto const case_item_def = spec_item[assign] | profile_item[assign] | set_item[assign] |
                           target_item[assign] | depth_item[assign] | turns_item[assign] |
                           types_item[assign] | variables_item[assign] | relation_item[assign] |
                           root_item[assign] | play_item[assign] | claim_item[assign] |
                           expect_item[assign] | engine_item[assign] | certify_item[assign];

auto const case_file_def =
    expect_as("'case'", kw("case")) >> expect_as("the case's title as a string", string_lit) >>
    expect_as("'{' to open the case", x3::lit('{')) >> *case_item >>
    expect_as(kCaseItems.expected.data(), x3::lit('}')) >>
    expect_as("end of file after the case block (a file holds exactly one case)", x3::eoi);

BOOST_SPIRIT_DEFINE(term, atom, switch_value, switch_decl, assignment, profile_decl, vertices_stmt,
                    inherent_stmt, types_stmt, variables_stmt, relation_stmt, formula_stmt, slot,
                    operator_stmt, axiom_stmt, rule_stmt, universe_stmt, edges_stmt, virtual_stmt,
                    initial_stmt, edgeset_stmt, target_stmt, path_stmt, repeat, pattern_item,
                    predicate_body, predicate_stmt, paths_stmt, construct_stmt, collapse_stmt,
                    succession_stmt, components_stmt, isomorphism_stmt, victory_stmt, stmt,
                    def_decl, decl, spec_file)
BOOST_SPIRIT_DEFINE(vertex, edge, collapse_clause, root_choice, turn, case_target, var_decl, tuple,
                    expectation, spec_item, profile_item, set_item, target_item, depth_item, engine_item, certify_item,
                    turns_item, types_item, variables_item, relation_item, root_item, play_item,
                    claim_item, expect_item, case_item, case_file)

}  // namespace grammar

}  // namespace carve::parser
