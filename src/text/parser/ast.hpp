// carve DSL abstract syntax tree (see docs/dsl.md).
//
// Plain data: every node derives from ast::Node, which is an x3::position_tagged (iterator range,
// used by the error handler) and carries `loc`, the file/line/column where the node starts (filled
// in by the parser's on_success annotation). Lines and columns are 1-based; a column counts UTF-8
// code points from the start of the line, a tab counts as one column.
//
// The parser is purely syntactic: names are not resolved, duplicates and bounds are not checked.
// Identifiers are kept as written, except that the Unicode synonyms λ, Δ, ∇ are stored as
// "lambda", "Delta", "Nabla".
#pragma once

#include <boost/spirit/home/x3/support/ast/position_tagged.hpp>

#include <optional>
#include <string>
#include <variant>
#include <vector>

namespace carve::parser {

struct Location {
  std::string file;
  int line = 0;
  int column = 0;
};

namespace ast {

namespace x3 = boost::spirit::x3;

struct Node : x3::position_tagged {
  Location loc;
};

// ------------------------------------------------------------------------------- atoms and terms

struct Term;

// IDENT '(' term (',' term)* ')' -- e.g. Delta(x, y, z), Theta(Nabla(a,b,c), ...). args is never empty.
struct Atom : Node {
  std::string name;
  std::vector<Term> args;
};

// atom | IDENT: a plain identifier when args is empty, an atom name(args...) otherwise.
struct Term : Node {
  std::string name;
  std::vector<Term> args;
  bool is_atom() const { return !args.empty(); }
};

// ----------------------------------------------------------------------------------- spec files

// IDENT STRING? ';' inside a switch block.
struct SwitchValue : Node {
  std::string name;
  std::optional<std::string> doc;
};

// 'switch' IDENT STRING? '{' value+ '}' -- values in source order (the first is listed first).
struct Switch : Node {
  std::string name;
  std::optional<std::string> doc;
  std::vector<SwitchValue> values;
};

// IDENT '=' IDENT ';' inside a profile block.
struct ProfileAssignment : Node {
  std::string switch_name;
  std::string value;
};

// 'profile' IDENT STRING? ('extends' IDENT)? '{' assignment* '}'
struct Profile : Node {
  std::string name;
  std::optional<std::string> doc;
  std::optional<std::string> extends;
  std::vector<ProfileAssignment> assignments;
};

// ---- statements inside `def`, one struct per statement kind

// 'vertices' 'words' STRING 'root' IDENT ';'
struct VerticesStmt : Node {
  std::string alphabet;  // e.g. "01", "012": 2..4 distinct digits (rules/model/word_tree.hpp)
  std::string root;      // e.g. "lambda" (λ is stored as "lambda")
};
// 'inherent' IDENT 'tree' STRING ';'
struct InherentStmt : Node {
  std::string edge_type;  // e.g. "T"
  std::string alphabet;   // e.g. "01"
};
// 'types' 'param' ';'
struct TypesStmt : Node {};
// 'variables' 'param' ';'
struct VariablesStmt : Node {};
// 'relation' IDENT 'arity' INT 'param' ';'
struct RelationStmt : Node {
  std::string name;
  int arity = 0;
};
// 'formula' IDENT '(' IDENT (',' IDENT)* ')' 'when' '(' IDENT (',' IDENT)* ')' 'in' IDENT ';'
struct FormulaStmt : Node {
  std::string name;
  std::vector<std::string> params;  // Delta(x, y, z) -> x y z
  std::vector<std::string> when;    // when (x, y, z)  -> x y z
  std::string relation;             // in R_delta
};
// slot := IDENT ':' IDENT
struct Slot : Node {
  std::string name;
  std::string formula;  // the formula kind, e.g. Delta
};
// 'operator' IDENT '(' slot (',' slot)* ')' 'conclusion' IDENT ';'
struct OperatorStmt : Node {
  std::string name;
  std::vector<Slot> slots;
  std::string conclusion;  // a slot name
};
// 'axiom' atom ';'
struct AxiomStmt : Node {
  Atom atom;
};
// 'rule' IDENT ':' atom '<-' atom (',' atom)* ';'
struct RuleStmt : Node {
  std::string name;
  Atom head;
  std::vector<Atom> body;
};
// 'universe' 'lfp' ';'
struct UniverseStmt : Node {};
// 'edges' IDENT ('+' IDENT)* ';'
struct EdgesStmt : Node {
  std::vector<std::string> types;  // e.g. T V
};
// 'virtual' 'disjoint' 'inherent' ';'
struct VirtualStmt : Node {};
// 'initial' 'all' 'inherent' 'root' IDENT ';'
struct InitialStmt : Node {
  std::string root;  // a vertex name ("lambda") or "param"
};
enum class EdgeSide { Conclusion, Premise };
// 'edgeset' IDENT '=' 'inherent' ('conclusion' | 'premise') ';'
struct EdgesetStmt : Node {
  std::string name;
  EdgeSide side = EdgeSide::Conclusion;
};
enum class TargetKind { Graph, Hypergraph };
// 'target' ('graph' | 'hypergraph') IDENT* ';'
struct TargetStmt : Node {
  TargetKind kind = TargetKind::Graph;
  std::vector<std::string> properties;  // e.g. finite simple connected
};
// 'path' 'vertices' 'adjacent' 'kind' IDENT ';'
struct PathStmt : Node {
  std::string kind_switch;  // the switch giving the path kind
};
// pattern_item := IDENT ('{' INT ',' INT? '}')?
struct Repeat : Node {
  int min = 0;
  std::optional<int> max;  // absent: unbounded
};
struct PatternItem : Node {
  std::string edge_type;
  std::optional<Repeat> repeat;  // absent: exactly once
};
enum class PredicateKind { Avoid, EndpointRoot, ContainsNew };
// predicate_body := 'avoid' '(' pattern_item+ ')' 'by' IDENT | 'endpoint' 'root' | 'contains' 'new'
struct PredicateBody : Node {
  PredicateKind kind = PredicateKind::Avoid;
  std::vector<PatternItem> pattern;  // Avoid only
  std::string by_switch;             // Avoid only
};
// 'predicate' IDENT '=' predicate_body ';'
struct PredicateStmt : Node {
  std::string name;
  PredicateBody body;
};
// 'paths' IDENT '=' IDENT ('and' IDENT)* ';'
struct PathsStmt : Node {
  std::string name;
  std::vector<std::string> predicates;
};
enum class ConstructKind { Pair, Operator };
// 'construct' IDENT ('pair' | 'operator') ';'
struct ConstructStmt : Node {
  std::string name;  // e.g. "new"
  ConstructKind kind = ConstructKind::Pair;
};
// 'collapse' IDENT ';'
struct CollapseStmt : Node {
  std::string paths;
};
// 'succession' 'when' 'none' IDENT 'root' 'choose' IDENT ('by' IDENT)? 'where' 'none' IDENT ';'
struct SuccessionStmt : Node {
  std::string when_none;                    // edgeset that must be empty at the root
  std::string choose;                       // any, other, or new (with `by` the switch deciding)
  std::optional<std::string> choose_switch; // `by reroot`
  std::string where_none;                   // edgeset that must be empty at the chosen vertex
};
// 'components' 'paths' ';'
struct ComponentsStmt : Node {};
// 'isomorphism' ('by')? IDENT ';'
struct IsomorphismStmt : Node {
  bool by_switch = false;  // `isomorphism by iso`: the switch decides
  std::string kind;        // incidence, typed, or the switch's name
};
enum class VictoryScope { AnyComponent, RootComponent };
enum class VictoryRelation { Iso, Contains };
// 'victory' ('root')? 'component' ('iso' | 'contains') 'target' ';'
struct VictoryStmt : Node {
  VictoryScope scope = VictoryScope::AnyComponent;
  VictoryRelation relation = VictoryRelation::Iso;
};

using Statement = std::variant<VerticesStmt, InherentStmt, TypesStmt, VariablesStmt, RelationStmt,
                               FormulaStmt, OperatorStmt, AxiomStmt, RuleStmt, UniverseStmt,
                               EdgesStmt, VirtualStmt, InitialStmt, EdgesetStmt, TargetStmt,
                               PathStmt, PredicateStmt, PathsStmt, ConstructStmt, CollapseStmt,
                               SuccessionStmt, ComponentsStmt, IsomorphismStmt, VictoryStmt>;

// 'def' STRING STRING? '{' stmt* '}'
struct Def : Node {
  std::string number;                // "1.1", "IV.2", "V"
  std::optional<std::string> title;
  std::vector<Statement> body;
};

// ---- claims (documents 002-004): bounds, definitions and claims over the game engines

enum class ExprKind {
  Int,     // ival
  Str,     // text
  Name,    // text: a variable, a bound, a constant (P, N, L, R, D, true, false) or a 0-ary builtin
  Call,    // text(args...)
  Unary,   // text in {"-", "not"}; args = [operand]
  Binary,  // text in {"->", "<->", "or", "and", "==", "!=", "<", "<=", ">", ">=", "xor", "+", "-",
           //          "*", "/", "mod"}; args = [lhs, rhs]. Comparison chains are nested as written.
  Index,   // args = [list, index]
  List,    // '[' args ']'
  Form,    // '{' L '|' R '}': args = left options then right options, ival = number of left ones
  If,      // 'if' c 'then' a 'else' b: args = [c, a, b]
  Quant,   // text in {"forall", "exists"}; names = binders; args = families, where?, body
  Agg      // text = aggregate (xor sum count all any max min list set); like Quant
};

// One expression node (a single struct keeps the recursive grammar simple). For Quant and Agg,
// names[i] ranges over args[i] (i < names.size()); has_where says whether the next arg is the
// `where` filter; the last arg is the body.
struct Expr : Node {
  ExprKind kind = ExprKind::Int;
  std::string text;
  long long ival = 0;
  std::vector<std::string> names;
  std::vector<Expr> args;
  bool has_where = false;
  int height = 1;  // levels of the tree below and including this node (the parser bounds it)
};

// 'bound' IDENT '=' INT ('large' INT)? ';' -- a named size; `carve claims --large` uses the second.
struct BoundDecl : Node {
  std::string name;
  int value = 0;
  std::optional<int> large;
};

// 'define' IDENT '(' IDENT (',' IDENT)* ')' '=' expr ';' -- a named predicate or function (no recursion).
struct DefineDecl : Node {
  std::string name;
  std::vector<std::string> params;
  Expr body;
};

// 'by' 'z3' 'heaps' INT 'bits' INT (',' INT)* ('large' INT (',' INT)*)?
struct SymbolicClause : Node {
  int heaps = 0;
  std::vector<int> bits;
  std::vector<int> large_bits;
};

enum class ClaimExpect { Holds, Refuted };
// 'claim' STRING 'expect' ('holds' | 'refuted') symbolic? '{' expr ';'? '}'
struct ClaimDecl : Node {
  std::string label;  // "002 Nim-k conclusion"
  ClaimExpect expect = ClaimExpect::Holds;
  std::optional<SymbolicClause> symbolic;
  Expr body;
};

using Decl = std::variant<Switch, Profile, Def, BoundDecl, DefineDecl, ClaimDecl>;

// 'spec' IDENT ('document' STRING)? ('title' STRING)? ';' decl*
struct Spec : Node {
  std::string name;
  std::optional<std::string> document;
  std::optional<std::string> title;
  std::vector<Decl> decls;  // in source order
};

// ------------------------------------------------------------------------------------ case files

enum class VertexKind { Word, Lambda, Atom };
// vertex := WORD | 'lambda' | 'λ' | atom
struct Vertex : Node {
  VertexKind kind = VertexKind::Word;
  std::string word;  // Word: the word as written ("0", "012", leading zeros kept), digits only
  Atom atom;         // Atom only
};
// A collapse step (step := vertex | atom) is a vertex; an atom step is a Vertex of kind Atom.
using Step = Vertex;

enum class EdgeKind { Pair, Atom };
// edge := '{' vertex ',' vertex '}' | atom
struct Edge : Node {
  EdgeKind kind = EdgeKind::Pair;
  Vertex u, v;  // Pair only
  Atom atom;    // Atom only
};

enum class RootChoiceKind { None, Keep, Vertex };
// move_root := ('root' ('keep' | vertex))?
struct RootChoice : Node {
  RootChoiceKind kind = RootChoiceKind::None;  // None: the clause is absent (loc = the turn's ';')
  Vertex vertex;                               // Vertex only
};

// 'turn' 'add' edge move_collapse move_root ';'
// move_collapse := 'stable' | 'collapse' '(' step (',' step)* ')'
struct Turn : Node {
  Edge edge;
  bool stable = true;           // true: 'stable'; false: 'collapse' (steps non-empty)
  std::vector<Step> steps;      // the collapse path
  RootChoice root;
};

enum class CaseTargetKind { Named, Edges, Graph6, Hyperedges };
// target := IDENT | 'edges' STRING | 'graph6' STRING | 'hyperedges' STRING
struct CaseTarget : Node {
  CaseTargetKind kind = CaseTargetKind::Named;
  std::string text;  // Named: the name as written, "K1,3" keeps its comma; otherwise the string
};

// variables item: IDENT ':' IDENT
struct VarDecl : Node {
  std::string name;
  std::string type;
};
// tuple := '(' IDENT (',' IDENT)* ')'
struct Tuple : Node {
  std::vector<std::string> elems;
};

enum class ExpectKind { WinIn, NoWin, Legal, IllegalAt, WinAt };
// expectation := 'win' 'in' INT | 'no-win' | 'legal' | 'illegal' 'at' INT 'rule' STRING | 'win' 'at' INT
struct Expectation : Node {
  ExpectKind kind = ExpectKind::NoWin;
  int turn = 0;      // WinIn, IllegalAt, WinAt
  std::string rule;  // IllegalAt only
};

// ---- case items
struct SpecItem : Node {                                      // 'spec' STRING ('sha256' STRING)? ';'
  std::string path;
  std::string sha256;  // empty when not given; a witness gives it
};
struct ProfileItem : Node { std::string name; };              // 'profile' IDENT ';'
struct SetItem : Node {                                       // 'set' IDENT '=' IDENT ';'
  std::string switch_name;
  std::string value;
};
struct TargetItem : Node { CaseTarget target; };              // 'target' target ';'
struct DepthItem : Node {                                     // 'depth' (INT | 'any') ';'
  int depth = 0;
  bool any = false;  // `depth any;`: the infinite tree of 000 (docs/infinite-tree.md)
};
struct TurnsItem : Node { int turns = 0; };                   // 'turns' INT ';'
struct EngineItem : Node { std::string engine; };             // 'engine' IDENT ';'
struct CertifyItem : Node { std::string method; };            // 'certify' IDENT ';'
struct TypesItem : Node { std::vector<std::string> types; };  // 'types' IDENT (',' IDENT)* ';'
struct VariablesItem : Node { std::vector<VarDecl> vars; };   // 'variables' v (',' v)* ';'
struct RelationItem : Node {                                  // 'relation' IDENT '=' tuple (',' tuple)* ';'
  std::string name;
  std::vector<Tuple> tuples;
};
struct RootItem : Node { Vertex vertex; };                    // 'root' vertex ';'
struct PlayItem : Node { std::vector<Turn> turns; };          // 'play' '{' turn* '}'
struct ClaimItem : Node { std::vector<Vertex> component; };   // 'claim' 'component' '{' vertex (',' vertex)* '}' ';'
struct ExpectItem : Node { Expectation expectation; };        // 'expect' expectation ';'

using CaseItem = std::variant<SpecItem, ProfileItem, SetItem, TargetItem, DepthItem, TurnsItem,
                              TypesItem, VariablesItem, RelationItem, RootItem, PlayItem, ClaimItem,
                              ExpectItem, EngineItem, CertifyItem>;

// 'case' STRING '{' item* '}' -- a case (or witness) file holds exactly one case block.
struct CaseFile : Node {
  std::string title;
  std::vector<CaseItem> items;  // in source order
};

}  // namespace ast
}  // namespace carve::parser
