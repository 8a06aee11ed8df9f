// Why carve play did not carry out a request: a rule of the game refused the step (named in the
// spec's own words: its def's number, title, place and statements), the request itself was wrong
// (an unknown vertex, an index out of range, a step out of phase), or a file could not be read or
// written. The kinds are a closed table (questions/play/error_kinds.def) generating their names and help.
// Invariant: a request answered by an Error changed nothing in the session but, for a rule's
// refusal of a move, the remembered last refused attempt (Session::last_refusal).
#pragma once
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "rules/model/game.hpp"

namespace carve::play {

enum class ErrorKind {
#define CARVE_PLAY_ERROR(id, name, help) id,
#include "questions/play/error_kinds.def"
#undef CARVE_PLAY_ERROR
};
std::string_view error_kind_name(ErrorKind k);  // "refused", "bad_request", ...
std::string_view error_kind_help(ErrorKind k);

// A rule as the spec states it (model::Game::definitions). `location` and `words` are empty when
// the spec has no def of that number (a rule the spec names otherwise).
struct RuleRef {
  std::string number;              // "3.2"
  std::string title;               // "崩塌"
  std::string location;            // "spec/binary_tree.carve:98:3"
  std::vector<std::string> words;  // the def's statements, each its source line trimmed
  // "def 3.2 崩塌 (spec/binary_tree.carve:98:3 `collapse R;`)"
  std::string text() const;
};
RuleRef rule_ref(const model::Game& game, const std::string& number);

struct Error {
  ErrorKind kind = ErrorKind::BadRequest;
  std::string message;
  std::optional<RuleRef> rule;  // set for ErrorKind::Refused
  // "refused by def 3.2 崩塌 (...): ℛ ≠ ∅ (...), so the player must collapse", or the message.
  std::string text() const;
};

Error refused(const model::Game& game, const std::string& rule_number, const std::string& message);
Error bad_request(std::string message);

}  // namespace carve::play
