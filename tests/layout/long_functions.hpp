// The length rule of carve's functions, as a check a test runs: a function a person reads at once
// is at most kLongFunction lines; a longer one says why in its opening comment -- a comment line
// holding the marker "Long because" (in any case) and the reason, in the comment block right above
// its header or among the comment lines that open its body (docs/architecture.md, "Style notes").
//
// What the scanner recognises, and only that (carve's code is consistently formatted): a
// definition's header starts a line (after its indentation; a `template <...>` line above it is
// skipped) with a declarator -- words, `::`, `<...>`, `*`, `&`, `~`, ending in the function's name
// or an `operator` -- and a `(`; the header, on that line or continued on more indented lines, ends
// with `{` once its parentheses are closed (or with `{}`: a body-less constructor); the body ends
// at the first later line that is a `}` at the header's own indentation; the line before the header
// ends a statement (`;`, `{`, `}`, `:`), or is a preprocessor or template line -- a header never
// continues another line. Such a definition is found at any indentation (member functions defined
// in a class, functions of a local class). A lambda is not a definition of its own: its lines count
// in the function that holds it. Control statements (if, for, while, switch, catch, else, do, try),
// declarations ending in `;`, type and namespace definitions, and variables (a `=` or `[` outside
// the parentheses: an initialiser, a lambda) are not headers. String literals (raw ones over
// several lines too) and comments are blanked before a line is read, so code shown in them is never
// taken for a definition.
// Invariant: the check reads files only; its length is the ctags one (the header's first line to
// the closing brace, both counted). On carve's src/ it finds exactly the function definitions ctags
// finds, lambdas aside (checked when it was written: the same 1,203 of more than 5 lines; ctags'
// other 113 are lambdas).
#pragma once
#include <filesystem>
#include <string>
#include <vector>

namespace carve::layout {

inline constexpr int kLongFunction = 80;

struct FunctionDefinition {
  std::string file;  // from the scanned root, '/'-separated
  int line = 0;      // the header's first line
  int lines = 0;     // header to closing brace
  std::string name;  // as the header spells it, qualifiers kept (Checker::run)
  bool reason = false;  // its opening comment holds "Long because" and a reason
};

// Every definition the scanner recognises in the C++ files (.cpp, .hpp) under root/src (under root
// when there is no src/), in path and line order.
std::vector<FunctionDefinition> function_definitions(const std::filesystem::path& root);

// One line per definition longer than `limit` lines without a reason: "file:line: name is N lines ...".
std::vector<std::string> unexplained_long_functions(const std::filesystem::path& root, int limit = kLongFunction);

}  // namespace carve::layout
