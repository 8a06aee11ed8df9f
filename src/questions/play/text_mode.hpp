// `carve play --text`: the API (questions/play/api.hpp) on a terminal or a script's pipe. A command line
// (`add 0 01`, `collapse 2`, `collapse lambda 0 01`, `hint 3 certify`, ...) becomes an API
// request; the response is printed in words, or as one line of JSON with --json.
// Invariant: a line that does not parse is answered like any bad request (an error naming what
// is wrong and pointing at `help`), never sent half-read; the session changes only through Api.
#pragma once
#include <iosfwd>
#include <string>
#include <variant>

#include <nlohmann/json.hpp>

#include "questions/play/api.hpp"

namespace carve::play {

// The request a command line stands for, or the error response for a line that does not parse.
// An empty line or a comment (#...) is neither: nullopt-like `null` JSON.
nlohmann::json request_from_line(const std::string& line);

// A response in words (what the terminal prints).
std::string response_words(const nlohmann::json& response);

// Reads commands until EOF, `quit` or an interrupt (SIGINT, SIGTERM), printing each response
// (words, or JSON lines when `json`).
// Returns the number of lines answered by an error.
int run_text_mode(Api& api, std::istream& in, std::ostream& out, bool json);

}  // namespace carve::play
