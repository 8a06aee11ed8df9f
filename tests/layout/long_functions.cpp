// The scanner of function definitions and their lengths (long_functions.hpp).
#include "tests/layout/long_functions.hpp"

#include <algorithm>
#include <fstream>
#include <optional>
#include <regex>
#include <set>

namespace carve::layout {

namespace fs = std::filesystem;

namespace {

// A file's lines as code: string and character literals blanked to spaces (their quotes kept),
// comments removed; raw strings and block comments may span lines.
std::vector<std::string> code_lines(const std::vector<std::string>& lines) {
  std::vector<std::string> out;
  std::optional<std::string> raw_end;  // inside a raw string: the text that closes it, `)delim"`
  bool block = false;                  // inside a /* comment */
  for (const auto& line : lines) {
    std::string code;
    for (std::size_t i = 0; i < line.size();) {
      if (raw_end) {
        const auto at = line.find(*raw_end, i);
        if (at == std::string::npos) break;
        code += std::string(at - i, ' ') + *raw_end;
        i = at + raw_end->size();
        raw_end.reset();
      } else if (block) {
        const auto at = line.find("*/", i);
        if (at == std::string::npos) break;
        i = at + 2;
        block = false;
      } else if (line.compare(i, 2, "//") == 0) {
        break;
      } else if (line.compare(i, 2, "/*") == 0) {
        block = true;
        i += 2;
      } else if (line[i] == 'R' && i + 1 < line.size() && line[i + 1] == '"' &&
                 (i == 0 || !(std::isalnum(static_cast<unsigned char>(line[i - 1])) || line[i - 1] == '_'))) {
        const auto open = line.find('(', i + 2);
        if (open == std::string::npos) break;  // not a raw string carve writes
        raw_end = ")" + line.substr(i + 2, open - i - 2) + "\"";
        code += "R\"";
        i = open + 1;
      } else if (line[i] == '"' || (line[i] == '\'' && !(i > 0 && std::isdigit(static_cast<unsigned char>(line[i - 1]))))) {
        const char quote = line[i];
        code += quote;
        std::size_t j = i + 1;
        while (j < line.size() && line[j] != quote) j += line[j] == '\\' ? 2 : 1;
        code += std::string(std::min(j, line.size()) - i - 1, ' ');
        if (j < line.size()) code += quote;
        i = j + 1;
      } else {
        code += line[i++];
      }
    }
    code.erase(code.find_last_not_of(" \t\r") + 1);
    out.push_back(code);
  }
  return out;
}

std::size_t indentation(const std::string& line) {
  const auto b = line.find_first_not_of(' ');
  return b == std::string::npos ? line.size() : b;
}

bool is_comment_line(const std::string& line) { return line.compare(indentation(line), 2, "//") == 0; }

// The header's name if `text` (its lines joined, attributes and a leading `template <...>` gone)
// starts a function definition's header: a declarator before the first parenthesis.
std::optional<std::string> header_name(std::string text) {
  static const std::set<std::string> not_a_function = {
      "if",     "for",  "while",   "switch", "catch", "else",  "do",     "try",          "return", "namespace",
      "class",  "struct", "union", "enum",   "using", "typedef", "case", "default", "throw",  "new",
      "delete", "sizeof", "co_return", "static_assert", "decltype"};
  static const std::regex attribute(R"(\[\[[^\]]*\]\])");
  static const std::regex operator_name(R"((.*\boperator)\s*(\(\)|[^\s(]+)\s*$)");
  static const std::regex declarator(R"(^[A-Za-z_~][\w\s:<>,*&~]*$)");
  text = std::regex_replace(text, attribute, "");
  text.erase(0, text.find_first_not_of(' '));
  if (text.rfind("extern \"", 0) == 0) text.erase(0, text.find('"', 8) + 1);  // extern "C" (its text blanked)
  text.erase(0, text.find_first_not_of(' '));
  const auto paren = text.find('(');
  if (paren == std::string::npos) return std::nullopt;
  std::string prefix = text.substr(0, paren);
  std::string name_suffix;
  // operator()(...): the first parenthesis pair is the operator's name.
  if (text.compare(paren, 3, "()(") == 0 && std::regex_search(prefix, std::regex(R"(\boperator\s*$)"))) {
    name_suffix = "()";
  }
  std::smatch m;
  if (std::regex_match(prefix, m, operator_name)) {
    name_suffix = m[2].str() + name_suffix;
    prefix = m[1].str();
  }
  prefix.erase(prefix.find_last_not_of(' ') + 1);
  if (prefix.empty() || !std::regex_match(prefix, declarator)) return std::nullopt;
  // After the parameters, outside parentheses, a header holds no `=` and no `[` (a variable's
  // initialiser, a lambda).
  int depth = 0;
  for (std::size_t i = paren; i < text.size(); ++i) {
    depth += text[i] == '(' ? 1 : text[i] == ')' ? -1 : 0;
    if (depth == 0 && (text[i] == '=' || text[i] == '[')) return std::nullopt;
  }
  const std::string first = prefix.substr(0, prefix.find_first_of(" <:(*&"));
  if (not_a_function.count(first)) return std::nullopt;
  auto name = prefix.substr(prefix.find_last_of(" *&") == std::string::npos ? 0 : prefix.find_last_of(" *&") + 1);
  return name + name_suffix;
}

// Whether a comment line among `lines` holds the marker (in any case) and a word of reason after it.
bool gives_reason(const std::vector<std::string>& lines) {
  static const std::regex marker(R"(long because\W*\w)", std::regex::icase);
  return std::any_of(lines.begin(), lines.end(), [](const std::string& l) { return std::regex_search(l, marker); });
}

// Whether line n starts a statement or declaration: the code line before it (blank lines and
// comments skipped) ends one (`;`, `{`, `}`, an access label's `:`), is a preprocessor or a
// `template <...>` line, or there is none.
bool starts_declaration(const std::vector<std::string>& code, std::size_t n) {
  static const std::regex template_line(R"(^\s*template\s*<.*>$)");
  while (n > 0 && code[n - 1].find_first_not_of(' ') == std::string::npos) --n;
  if (n == 0) return true;
  const std::string& before = code[n - 1];
  const char last = before.back();
  return last == ';' || last == '{' || last == '}' || last == ':' || before[indentation(before)] == '#' ||
         std::regex_match(before, template_line);
}

void scan_file(const fs::path& file, const std::string& file_name, std::vector<FunctionDefinition>& out) {
  std::vector<std::string> raw;
  {
    std::ifstream in(file);
    for (std::string line; std::getline(in, line);) raw.push_back(line);
  }
  const auto code = code_lines(raw);
  static const std::regex template_head(R"(^template\s*<.*>\s*)");
  constexpr std::size_t kHeaderLines = 12;  // a header continued over more lines is not one
  for (std::size_t n = 0; n < code.size(); ++n) {
    const std::size_t indent = indentation(code[n]);
    std::string text = std::regex_replace(code[n].substr(std::min(indent, code[n].size())), template_head, "");
    if (text.empty() || text[0] == '#' || text[0] == '}' || text.find('(') == std::string::npos) continue;
    if (!starts_declaration(code, n)) continue;
    // The header runs until its parentheses close on a line ending with `{` (a definition), `;`
    // (a declaration) or `}` (a body on one line).
    int depth = 0;
    std::size_t end = n;
    std::string joined;
    for (; end < code.size() && end < n + kHeaderLines; ++end) {
      const std::string& l = end == n ? text : code[end];
      joined += (end == n ? "" : " ") + l.substr(end == n ? 0 : std::min(indentation(l), l.size()));
      for (char c : l) depth += c == '(' ? 1 : c == ')' ? -1 : 0;
      if (depth < 0) break;
      if (depth == 0 && !l.empty() && (l.back() == '{' || l.back() == ';' || l.back() == '}')) break;
    }
    if (end >= code.size() || end == n + kHeaderLines || depth != 0) continue;
    const bool empty_body = code[end].ends_with("{}");  // a constructor's initialisers do all its work
    if (code[end].back() != '{' && !empty_body) continue;
    const auto name = header_name(empty_body ? joined.substr(0, joined.size() - 1) : joined);
    if (!name) continue;
    const std::string close = std::string(indent, ' ') + "}";
    std::size_t last = empty_body ? end : end + 1;
    while (last < code.size() && code[last] != close && !empty_body) ++last;
    if (last == code.size()) continue;  // no closing brace at the header's indentation: not recognised
    // The opening comment: the comment block right above the header (past a template line), and
    // the comment lines that open the body.
    std::vector<std::string> opening;
    std::size_t above = n;
    while (above > 0 && std::regex_search(raw[above - 1], std::regex(R"(^\s*template\s*<)"))) --above;
    while (above > 0 && is_comment_line(raw[above - 1])) opening.push_back(raw[--above]);
    for (std::size_t b = end + 1; b < last && is_comment_line(raw[b]); ++b) opening.push_back(raw[b]);
    out.push_back({file_name, static_cast<int>(n) + 1, static_cast<int>(last - n) + 1, *name, gives_reason(opening)});
  }
}

}  // namespace

std::vector<FunctionDefinition> function_definitions(const fs::path& root) {
  const fs::path base = fs::exists(root / "src") ? root / "src" : root;
  std::vector<fs::path> files;
  for (const auto& entry : fs::recursive_directory_iterator(base)) {
    const auto ext = entry.path().extension().string();
    if (entry.is_regular_file() && (ext == ".cpp" || ext == ".hpp")) files.push_back(entry.path());
  }
  std::sort(files.begin(), files.end());
  std::vector<FunctionDefinition> out;
  for (const auto& file : files) scan_file(file, fs::relative(file, root).generic_string(), out);
  return out;
}

std::vector<std::string> unexplained_long_functions(const fs::path& root, int limit) {
  std::vector<std::string> problems;
  for (const auto& f : function_definitions(root))
    if (f.lines > limit && !f.reason)
      problems.push_back(f.file + ":" + std::to_string(f.line) + ": " + f.name + " is " + std::to_string(f.lines) +
                         " lines (over " + std::to_string(limit) +
                         ") and its opening comment says not why (a comment line \"Long because ...\")");
  return problems;
}

}  // namespace carve::layout
