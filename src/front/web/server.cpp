// serve: the routes, the checks every request passes first (the host it was sent to, its size),
// one lock around the session, and the loop that stops the server at SIGINT or SIGTERM.
#include "front/web/server.hpp"

#include <sys/socket.h>

#include <atomic>
#include <cerrno>
#include <chrono>
#include <cstring>
#include <mutex>
#include <thread>

#include <fmt/format.h>
#include <httplib.h>

#include "foundations/limits/interrupt.hpp"
#include "front/web/board_picture.hpp"
#include "front/web/file_name.hpp"
#include "front/web/page.hpp"
#include "questions/render/graphviz.hpp"

namespace carve::play::web {

namespace {

using nlohmann::json;

constexpr const char* kJsonType = "application/json; charset=utf-8";
// The page loads nothing from elsewhere and talks only to this server; no other page may frame it.
constexpr const char* kPagePolicy =
    "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; "
    "frame-ancestors 'none'; base-uri 'none'; form-action 'none'";
constexpr std::size_t kQuotedNameMax = 40;  // an unknown command's name is quoted up to this many bytes

// An HTTP status for an API response: 200 when it was carried out, 422 when a rule of the game
// refused it, 400 for any other error (a bad request, a file).
int status_of(const json& response) {
  if (response.value("ok", false)) return 200;
  return response.value("error", "") == "refused" ? 422 : 400;
}

std::string command_names() {
  std::string out;
  for (const auto& c : commands()) out += (out.empty() ? "" : ", ") + std::string(c.name);
  return out;
}

class Site {
 public:
  Site(Api& api, int port, const ServerOptions& options) : api_(api), port_(port), max_body_(options.max_body), save_dir_(options.save_dir) {}

  void route(httplib::Server& server) {
    server.set_pre_routing_handler([this](const httplib::Request& req, httplib::Response& res) { return check_sender(req, res); });
    server.Get("/", [this](const httplib::Request&, httplib::Response& res) { page(res); });
    server.Get("/api/board.svg", [this](const httplib::Request&, httplib::Response& res) { board(res); });
    // Browsers ask for an icon whatever the page says: no content, rather than a 404 in their log.
    server.Get("/favicon.ico", [](const httplib::Request&, httplib::Response& res) { res.status = 204; });
    server.Post(R"(/api/([^/]*))", [this](const httplib::Request& req, httplib::Response& res) { command(req.matches[1].str(), req, res); });
    const auto wrong_method = [this](const httplib::Request& req, httplib::Response& res) { refuse_method(req, res); };
    server.Get(R"(/api/.*)", wrong_method);
    server.Post(R"(.*)", wrong_method);
    server.Put(R"(.*)", wrong_method);
    server.Patch(R"(.*)", wrong_method);
    server.Delete(R"(.*)", wrong_method);
    server.Options(R"(.*)", wrong_method);
    server.set_error_handler(httplib::Server::HandlerWithResponse(
        [this](const httplib::Request& req, httplib::Response& res) { return as_json_error(req, res); }));
    server.set_exception_handler([this](const httplib::Request&, httplib::Response& res, std::exception_ptr ep) {
      std::string what = "unknown exception";
      try {
        std::rethrow_exception(ep);
      } catch (const std::exception& e) {
        what = e.what();
      } catch (...) {
      }
      reply(res, 500, problem("", "internal", "internal error in carve (a bug, not your request): " + what));
    });
  }


 private:
  // Only requests sent to this server by name (127.0.0.1:PORT or localhost:PORT) and, when a
  // browser says where they come from, from its own page: a web page elsewhere cannot drive the
  // session or save files through the user's browser (DNS rebinding, cross-site requests).
  httplib::Server::HandlerResponse check_sender(const httplib::Request& req, httplib::Response& res) {
    const std::string host = req.get_header_value("Host"), origin = req.get_header_value("Origin");
    const std::string here = fmt::format("127.0.0.1:{}", port_), local = fmt::format("localhost:{}", port_);
    std::string why;
    if (host != here && host != local) why = fmt::format("this server answers requests to {} only, not to '{}'", here, host.substr(0, kQuotedNameMax));
    else if (!origin.empty() && origin != "http://" + here && origin != "http://" + local)
      why = fmt::format("requests from another site ('{}') are refused", origin.substr(0, kQuotedNameMax));
    if (why.empty()) return httplib::Server::HandlerResponse::Unhandled;
    reply(res, 403, problem("", "bad_request", why));
    return httplib::Server::HandlerResponse::Handled;
  }

  // A route with another method: 405 naming the one it has (404 for a path that is no route).
  void refuse_method(const httplib::Request& req, httplib::Response& res) {
    const bool api = req.path.rfind("/api/", 0) == 0, get = req.path == "/" || req.path == "/api/board.svg";
    res.set_header("Allow", get ? "GET" : api ? "POST" : "");
    const std::string what = fmt::format("{} {}", req.method, req.path.substr(0, kQuotedNameMax));
    if (api || get) reply(res, 405, problem("", "bad_request", what + ": wrong method (GET / and /api/board.svg, POST /api/<command>)"));
    else reply(res, 404, problem("", "bad_request", what + ": no such page"));
  }

  // What httplib answers itself (an unknown page, a body over the limit, a request it cannot
  // read) becomes a JSON error like the others; a response with a body is already one.
  httplib::Server::HandlerResponse as_json_error(const httplib::Request& req, httplib::Response& res) {
    if (!res.body.empty()) return httplib::Server::HandlerResponse::Unhandled;
    const std::string why = res.status == 404   ? "no such page: GET / is the page, POST /api/<command> the API, GET /api/board.svg the board"
                            : res.status == 413 ? fmt::format("the request is larger than the limit of {} bytes", max_body_)
                                                : fmt::format("the server cannot read this request (HTTP {})", res.status);
    reply(res, res.status, problem("", "bad_request", fmt::format("{} {}: {}", req.method, req.path.substr(0, kQuotedNameMax), why)));
    return httplib::Server::HandlerResponse::Handled;
  }

  void page(httplib::Response& res) {
    const auto html = page_html();
    res.set_header("Content-Security-Policy", kPagePolicy);
    res.set_header("Cache-Control", "no-store");
    res.set_content(html.data(), html.size(), "text/html; charset=utf-8");
  }

  void board(httplib::Response& res) {
    std::lock_guard lock(mutex_);
    try {
      res.set_header("Cache-Control", "no-store");
      res.set_content(board_.svg(api_.session()), "image/svg+xml");
    } catch (const render::GraphvizError& e) {
      reply(res, 500, problem("", "internal", std::string("Graphviz could not draw the board: ") + e.what(), api_.view()));
    }
  }

  void command(const std::string& name, const httplib::Request& req, httplib::Response& res) {
    std::lock_guard lock(mutex_);
    const auto id = command_from_name(name);
    if (!id)
      return reply(res, 404, problem(name, "bad_request", fmt::format("unknown command '{}': the commands are {}", name.substr(0, kQuotedNameMax),
                                                                      command_names()),
                                     api_.view()));
    json request;
    try {
      request = req.body.empty() ? json::object() : json::parse(req.body);
    } catch (const json::exception& e) {
      return reply(res, 400, problem(name, "bad_request", fmt::format("the request body is not JSON: {}", e.what()), api_.view()));
    }
    if (!request.is_object())
      return reply(res, 400, problem(name, "bad_request", "the request body must be a JSON object of the command's arguments", api_.view()));
    if (request.contains("command") && request["command"] != name)
      return reply(res, 400, problem(name, "bad_request", "the body names another command than the address /api/" + name, api_.view()));
    request["command"] = name;
    if ((*id == Command::Save || *id == Command::Load) && request.contains("file") && request["file"].is_string()) {
      const auto file = request["file"].get<std::string>();
      auto why = file_name_problem(file);
      if (!why) why = leads_out_of(save_dir_, file);
      if (why) return reply(res, 400, problem(name, "file", *why, api_.view()));
    }
    const json response = api_.handle(request);
    reply(res, status_of(response), response);
  }

  // An error response in the API's shape: {"ok": false, "command", "error", "rule": null,
  // "message", "state"}. The handlers that hold the session's lock pass its view; the others
  // (checks before routing, httplib's own errors) take the lock for it.
  json problem(const std::string& name, const std::string& kind, const std::string& message) {
    std::lock_guard lock(mutex_);
    return problem(name, kind, message, api_.view());
  }
  static json problem(const std::string& name, const std::string& kind, const std::string& message, json state) {
    return {{"ok", false}, {"command", name}, {"error", kind}, {"rule", nullptr}, {"message", message}, {"state", std::move(state)}};
  }

  static void reply(httplib::Response& res, int status, const json& body) {
    res.status = status;
    res.set_header("Cache-Control", "no-store");
    res.set_content(body.dump(-1, ' ', false, json::error_handler_t::replace), kJsonType);
  }

  Api& api_;
  int port_;
  std::size_t max_body_;
  std::string save_dir_;
  BoardPicture board_;
  std::mutex mutex_;
};

}  // namespace

void serve(Api& api, const ServerOptions& options, const std::function<void(const std::string&)>& ready) {
  httplib::Server server;
  // SO_REUSEADDR only: httplib's default adds SO_REUSEPORT, which would let a second server on the
  // same port share its connections instead of failing to listen.
  server.set_socket_options([](socket_t sock) {
    int yes = 1;
    ::setsockopt(sock, SOL_SOCKET, SO_REUSEADDR, &yes, sizeof yes);
  });
  server.set_payload_max_length(options.max_body);
  server.set_keep_alive_timeout(2);
  errno = 0;
  const int port = options.port == 0 ? server.bind_to_any_port(kHost) : server.bind_to_port(kHost, options.port) ? options.port : -1;
  if (port <= 0)
    throw ServeError(fmt::format("cannot listen on {}:{}: {}", kHost, options.port,
                                 errno ? std::strerror(errno) : "the system refused the address"));
  Site site(api, port, options);
  site.route(server);
  std::atomic<bool> finished{false};
  std::thread listener([&] {
    server.listen_after_bind();
    finished = true;
  });
  ready(fmt::format("http://{}:{}/", kHost, port));
  // A signal handler may only set a flag (limits/interrupt): this loop turns it into a stop. stop()
  // acts once the listener runs, so it is asked again until the listener has ended.
  while (!finished) {
    if (limits::interrupt_signal() && server.is_running()) server.stop();
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  listener.join();
}

}  // namespace carve::play::web
