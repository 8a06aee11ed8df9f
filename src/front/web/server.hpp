// carve play's local HTTP server (cpp-httplib): one session, one page, its JSON API and its board.
//   GET  /                 the page (front/web/page.html, embedded)
//   POST /api/<command>    a JSON object body -> the API's JSON response (questions/play/api.hpp)
//   GET  /api/board.svg    the board of the session's present (front/web/board_picture.hpp)
// It listens on 127.0.0.1 only (never another address), on the port asked for or one the system
// picks (port 0), and serves until SIGINT or SIGTERM (foundations/limits/interrupt.hpp).
// Invariant: requests are answered one at a time (one session, serialized); whatever a request
// holds -- a malformed or oversized body, an unknown command or path, a wrong method, another
// host -- it gets a JSON error response with a 4xx status and the session stays as it was; a file
// the page names for save or load is a plain name inside the save folder (front/web/file_name.hpp).
#pragma once
#include <cstddef>
#include <functional>
#include <stdexcept>
#include <string>

#include "questions/play/api.hpp"

namespace carve::play::web {

inline constexpr const char* kHost = "127.0.0.1";

struct ServerOptions {
  int port = 0;                           // 0: the system picks a free port
  std::size_t max_body = 256 * 1024;      // bytes: a larger request body is refused (413)
  std::string save_dir = ".";             // the folder save and load name files in (the session's too)
};

// The server could not listen (a port in use, a port not allowed): the system's reason.
struct ServeError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// Serves `api` until SIGINT or SIGTERM; `ready(url)` is called once, when the server listens
// ("http://127.0.0.1:PORT/"). Throws ServeError when it cannot listen.
void serve(Api& api, const ServerOptions& options, const std::function<void(const std::string&)>& ready);

}  // namespace carve::play::web
