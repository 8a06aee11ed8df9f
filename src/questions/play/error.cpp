// Errors of carve play, a rule named by its def in the spec.
#include "questions/play/error.hpp"

#include <array>

#include <fmt/format.h>

namespace carve::play {

namespace {
struct KindInfo {
  std::string_view name, help;
};
constexpr std::array kKinds{
#define CARVE_PLAY_ERROR(id, name, help) KindInfo{name, help},
#include "questions/play/error_kinds.def"
#undef CARVE_PLAY_ERROR
};
}  // namespace

std::string_view error_kind_name(ErrorKind k) { return kKinds[static_cast<std::size_t>(k)].name; }
std::string_view error_kind_help(ErrorKind k) { return kKinds[static_cast<std::size_t>(k)].help; }

std::string RuleRef::text() const {
  std::string out = "def " + number + (title.empty() ? "" : " " + title);
  if (location.empty()) return out;
  // The statements without their comments: the rule as the spec states it, in one line.
  std::string words_text;
  for (const auto& w : words) {
    std::string statement = w.substr(0, w.find("//"));
    statement.erase(statement.find_last_not_of(" \t") + 1);
    if (!statement.empty()) words_text += (words_text.empty() ? "" : " ") + statement;
  }
  return out + " (" + location + (words_text.empty() ? "" : " `" + words_text + "`") + ")";
}

RuleRef rule_ref(const model::Game& game, const std::string& number) {
  RuleRef r;
  r.number = number;
  if (const auto* d = game.definition(number)) {
    r.title = d->title;
    r.location = d->location();
    r.words = d->statements;
  }
  return r;
}

std::string Error::text() const {
  if (kind == ErrorKind::Refused && rule) return "refused by " + rule->text() + ": " + message;
  return message;
}

Error refused(const model::Game& game, const std::string& rule_number, const std::string& message) {
  return Error{ErrorKind::Refused, message, rule_ref(game, rule_number)};
}

Error bad_request(std::string message) { return Error{ErrorKind::BadRequest, std::move(message), std::nullopt}; }

}  // namespace carve::play
