// rules/elaborate/claims_ir.hpp — the claims IR: every name resolved (a variable slot, a bound's value, a
// constant or a builtin of rules/elaborate/claims_builtins.hpp), every node typed, `define`s inlined.
// Invariant: an IR tree produced by elaborate_claims() is well typed — each builtin gets arguments
// of the types its signature lists — so the evaluator (claims/) never meets a type error, only
// runtime conditions of the engines (a division by a non-power of two, an index out of range).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "rules/elaborate/claims_builtins.hpp"
#include "text/parser/ast.hpp"

namespace carve::elab::claims {

enum class Op {
  Int,     // ival
  Str,     // text
  Bool,    // ival 0/1
  Outcome, // text: P N L R D
  Var,     // slot
  Call,    // fn(args)
  Neg, Not,
  Binary,  // bop(args[0], args[1])
  Index,   // args[0][args[1]]
  List,    // [args]
  Form,    // {args[0..nleft) | args[nleft..)}: the simplest number between the best options
  If,      // args = cond, then, else
  Quant,   // forall (ival 1) / exists (ival 0): slots[i] ranges over args[i]; where?; body last
  Agg,     // agg over the same shape
  Invoke   // a define: args evaluated into slots, then body (args.back())
};

enum class BinOp { Implies, Iff, Or, And, Eq, Ne, Lt, Le, Gt, Ge, Range, Xor, Add, Sub, Mul, Div, Mod };
enum class AggKind { Xor, Sum, Count, All, Any, Max, Min, List, Set };

struct Node {
  Op op = Op::Int;
  Type type;              // "int", "num", "bool", "list<int>", ...
  std::string src;        // the expression as written (normalised), for explanations
  parser::Location loc;
  long long ival = 0;
  std::string text;
  int slot = -1;
  Builtin fn = Builtin::Abs;
  BinOp bop = BinOp::Add;
  AggKind agg = AggKind::Xor;
  std::vector<int> slots;      // Quant / Agg binders, Invoke parameters
  std::vector<std::string> names;  // binder names (for counterexamples)
  bool has_where = false;
  bool independent = true;     // Quant: no family mentions an earlier binder of the same list
  std::vector<Node> args;
};

// The symbolic (Z3) form of a claim, recognised at elaboration: optional outer `forall k in a..b`,
// then `forall h in heaps(...)`: outcome(FAMILY(h[, k])) == P <-> PRED(h) (either side order).
struct SymbolicForm {
  std::string family;        // "nim", "staircase", "nimk"
  int heaps = 0;
  std::vector<int> bits;     // widths proved by default
  std::vector<int> large_bits;
  std::optional<std::pair<long long, long long>> k_range;  // the outer k, nimk only
  int k_slot = -1, h_slot = -1;
  std::vector<int> pred_path;  // child indices from Claim::body down to PRED
};

struct Claim {
  std::string label;
  bool expect_holds = true;
  parser::Location loc;
  int slots = 0;   // frame size
  Node body;
  std::optional<SymbolicForm> symbolic;
};

struct ClaimSpec {
  std::string name, document, title, file;
  std::vector<std::pair<std::string, long long>> bounds;  // as used (default or large)
  std::vector<Claim> claims;
};

// AST -> IR. `large` picks each bound's large value. Throws InputError (file:line:col) on unknown
// names, wrong arity, type errors, bad bounds, duplicate labels or an unrecognised symbolic form.
ClaimSpec elaborate_claims(const parser::ast::Spec& spec, bool large);

}  // namespace carve::elab::claims
