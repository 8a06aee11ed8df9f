// carve play's API: one table of commands (questions/play/commands.def: name, arguments, help, handler),
// each taking a JSON request and answering a JSON response. The terminal mode (`carve play
// --text`) and the page's HTTP server both speak it; docs/play.md ("The API") documents it.
//
// Request:  {"command": "add", "u": "0", "v": 3}   -- arguments flat beside "command"
//   A vertex is its universe id (a number) or its name as the DSL writes it (a string: "lambda",
//   "λ", "01", "Delta(x,x,x)"). An edge (001's e_new, a step of a 001 path) is its DSL text
//   ("Theta(Nabla(x,x,x), ...)") or its key ("Theta:4,1,1,1,2", questions/play/describe.hpp).
// Response: {"ok": true, "command": "add", "state": VIEW, ...the command's own result}
//           {"ok": false, "command": "add", "error": "refused"|"bad_request"|"file"|"limit"|"internal",
//            "rule": null | {"number", "title", "location", "words", "text"}, "message": "...", "text": "...",
//            "state": VIEW}
//
// VIEW (view()): {"spec", "document", "title", "reading": {"profile", "switches": {name: value}},
//   "target": null | {...}, "turn": t, "phase": "construct"|"collapse"|"succession"|"over",
//   "state": {"root", "components", "won"} (questions/play/describe.hpp), "won": null | {...},
//   "play": [move], "redo": [move] (next first),
//   "pending": null | {"add": edge, "collapsed": bool, "collapse": null | "stable" | [vertex],
//                      "paths": PAGE (phase collapse: the first page), "eligible_roots": [vertex],
//                      "keep_allowed": bool, "after_collapse": state (phase succession)},
//   "last_refusal": null | {"turn", "move", "error", "rule", "message"},
//   "universe": {"kind": "word_tree"|"deduction", "vertices": n, "depth", "alphabet"}}
// PAGE: {"offset", "limit", "listed", "complete", "why", "paths": [{"index", "vertices": [vertex],
//        "edges": [edge], "types": "V T V", "length"}]}
//
// Invariant: handle() never throws and never exits; an error response leaves the session as it
// was (but for the remembered last refused attempt). Every judgement comes from the Session,
// which asks the reference semantics.
//
// Stable API (the web page's server builds on it). A change is committed at once and noted here.
// Changes since it was first committed (162e533), all additions: the error kinds "limit" and
// "internal" (questions/play/error_kinds.def; an internal error's response has no "state"); errors and
// rules also carry "text", the sentence the terminal prints.
#pragma once
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "questions/play/session.hpp"

namespace carve::play {

enum class Command {
#define CARVE_PLAY_COMMAND(id, name, arguments, help) id,
#include "questions/play/commands.def"
#undef CARVE_PLAY_COMMAND
};

struct CommandInfo {
  Command id;
  std::string_view name;
  std::string_view arguments;
  std::string_view help;
};
std::span<const CommandInfo> commands();
std::optional<Command> command_from_name(std::string_view name);

// The first page of ℛ that a view shows, and the largest page a request may ask for.
inline constexpr std::size_t kViewPathsLimit = 20;
inline constexpr std::size_t kMaxPathsLimit = 1000;

class Api {
 public:
  explicit Api(Session& session);

  // One request, one response (never throws).
  nlohmann::json handle(const nlohmann::json& request);
  // The session as the views above describe it.
  nlohmann::json view();
  Session& session() { return session_; }

 private:
#define CARVE_PLAY_COMMAND(id, name, arguments, help) nlohmann::json on_##id(const nlohmann::json& request);
#include "questions/play/commands.def"
#undef CARVE_PLAY_COMMAND
  Session& session_;
};

}  // namespace carve::play
