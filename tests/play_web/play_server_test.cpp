// carve play's local server end to end: `carve play` started as the user starts it (127.0.0.1,
// port 0, the URL read from its standard output), driven over HTTP with cpp-httplib's client.
//  - The witness carve finds for cases/binary_tree/simple/p3_d4.case (solved in the test) and one of
//    a document 001 case played through the API: at every turn the witness's collapse path is among
//    the paths listed (by its edge set), its new root among the eligible ones, and the components
//    after the turn are those of the witness replayed by the reference semantics (render's frames,
//    model::components); the board follows (a pending e_new drawn, every vertex by its id); the play
//    saved as a case that `carve check` passes.
//  - Every kind of bad request gets a JSON error with a 4xx status and leaves the session as it was;
//    save and load reach no file outside the save folder; the server keeps running.
//  - It listens on 127.0.0.1 only, refuses a port in use, and stops at SIGINT and SIGTERM (130, 143).
#include <fcntl.h>
#include <gtest/gtest.h>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include <fmt/format.h>
#include <httplib.h>
#include <nlohmann/json.hpp>

#include "rules/elaborate/case.hpp"
#include "rules/model/victory.hpp"
#include "questions/play/candidates.hpp"
#include "questions/play/describe.hpp"
#include "front/web/file_name.hpp"
#include "questions/render/frames.hpp"
#include "tests/process.hpp"

using namespace carve;
using nlohmann::json;
namespace fs = std::filesystem;

namespace {

fs::path fresh_dir(const std::string& name) {
  fs::path d = carve::testing::unique_path(name);
  fs::remove_all(d);
  fs::create_directories(d);
  return d;
}

// `carve play ARGS...` running in the background: its URL read from the first line of its
// standard output, its standard error kept in a file for the failure messages.
class Served {
 public:
  explicit Served(const std::vector<std::string>& args) : log_(carve::testing::unique_path("play.stderr")) {
    int out[2];
    if (::pipe(out) != 0) return;
    pid_ = ::fork();
    if (pid_ == 0) {
      ::dup2(out[1], 1);
      const int err = ::open(log_.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
      ::dup2(err, 2);
      ::close(out[0]);
      ::close(out[1]);
      std::vector<std::string> all{CARVE_BINARY, "play"};
      all.insert(all.end(), args.begin(), args.end());
      std::vector<char*> argv;
      for (auto& a : all) argv.push_back(a.data());
      argv.push_back(nullptr);
      ::execv(CARVE_BINARY, argv.data());
      ::_exit(127);
    }
    ::close(out[1]);
    out_ = out[0];
    url_ = read_line(std::chrono::seconds(60));
    const auto colon = url_.rfind(':');
    if (url_.rfind("http://127.0.0.1:", 0) == 0 && colon != std::string::npos) port_ = std::stoi(url_.substr(colon + 1));
  }
  ~Served() {
    if (pid_ > 0 && !waited_) stop(SIGKILL);
    if (out_ >= 0) ::close(out_);
  }
  Served(const Served&) = delete;
  Served& operator=(const Served&) = delete;

  const std::string& url() const { return url_; }
  int port() const { return port_; }
  std::string log() const { return carve::testing::file_text(log_); }

  // Sends the signal and waits (up to 20 s) for the exit code.
  int stop(int signal) {
    ::kill(pid_, signal);
    for (int i = 0; i < 2000; ++i) {
      int status = 0;
      if (::waitpid(pid_, &status, WNOHANG) == pid_) {
        waited_ = true;
        return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    ::kill(pid_, SIGKILL);
    ::waitpid(pid_, nullptr, 0);
    waited_ = true;
    return -1;
  }

  bool running() const {
    int status = 0;
    return ::waitpid(pid_, &status, WNOHANG) == 0;
  }

 private:
  std::string read_line(std::chrono::seconds timeout) {
    std::string line;
    const auto end = std::chrono::steady_clock::now() + timeout;
    while (std::chrono::steady_clock::now() < end) {
      pollfd p{out_, POLLIN, 0};
      if (::poll(&p, 1, 100) <= 0) continue;
      char c;
      if (::read(out_, &c, 1) != 1) break;
      if (c == '\n') return line;
      line += c;
    }
    return line;
  }

  std::string log_;
  pid_t pid_ = -1;
  int out_ = -1;
  std::string url_;
  int port_ = 0;
  bool waited_ = false;
};

// The session a view shows, without the remembered last refused attempt (the one thing a refused
// request changes: questions/play/session.hpp).
json session_of(json view) {
  view.erase("last_refusal");
  return view;
}

std::string shortly(const json& j) { return j.dump().substr(0, 1500); }

struct Answer {
  int status = 0;
  json body;
};

Answer send(httplib::Client& c, const std::string& method, const std::string& path, const std::string& body = "",
            const httplib::Headers& headers = {}) {
  httplib::Result r = method == "GET"      ? c.Get(path.c_str(), headers)
                      : method == "POST"   ? c.Post(path.c_str(), headers, body, "application/json")
                      : method == "PUT"    ? c.Put(path.c_str(), headers, body, "application/json")
                      : method == "DELETE" ? c.Delete(path.c_str(), headers)
                                           : c.Options(path.c_str(), headers);
  if (!r) {
    ADD_FAILURE() << method << " " << path << ": no answer (" << httplib::to_string(r.error()) << ")";
    return {};
  }
  Answer a{r->status, json::parse(r->body, nullptr, false)};
  if (a.body.is_discarded()) a.body = r->body;  // not JSON: the text, for the messages
  return a;
}

json api(httplib::Client& c, const std::string& command, const json& body = json::object(), int want_status = 200) {
  const auto a = send(c, "POST", "/api/" + command, body.dump());
  EXPECT_EQ(a.status, want_status) << command << " " << shortly(body) << " -> " << shortly(a.body);
  return a.body;
}

std::string board(httplib::Client& c) {
  auto r = c.Get("/api/board.svg");
  if (!r) return "";
  EXPECT_EQ(r->status, 200);
  EXPECT_EQ(r->get_header_value("Content-Type"), "image/svg+xml");
  return r->body;
}

// A component as a comparable value: its finiteness and sorted vertex ids.
using Shape = std::pair<bool, std::vector<model::VertexId>>;

std::set<Shape> shapes_of(const json& components) {
  std::set<Shape> out;
  for (const auto& c : components) {
    std::vector<model::VertexId> vs;
    for (const auto& v : c["vertices"]) vs.push_back(v["id"].get<model::VertexId>());
    std::sort(vs.begin(), vs.end());
    out.insert({c["finite"].get<bool>(), vs});
  }
  return out;
}

std::set<Shape> shapes_of(const model::Game& game, const model::State& state) {
  std::set<Shape> out;
  for (const auto& c : model::components(game, state)) {
    auto vs = c.vertices;
    std::sort(vs.begin(), vs.end());
    out.insert({c.finite, vs});
  }
  return out;
}

// The witness carve finds for a case (solved here, never copied), loaded with its play.
elab::Case solved_witness(const std::string& case_path, const fs::path& dir) {
  const auto witness = (dir / "witness.case").string();
  const auto r = carve::testing::run_command(std::string(CARVE_BINARY) + " solve " + case_path + " --witness " + witness);
  EXPECT_EQ(r.code, 0) << r.out;
  EXPECT_NE(r.out.find("win in"), std::string::npos) << r.out;
  return elab::load_case(witness);
}

// Plays the witness through the API turn by turn, checking each phase against the witness
// replayed by the reference semantics (render::replay_frames: the states and each turn's removed
// edge set, resolved against its own G').
void play_witness(httplib::Client& c, const elab::Case& w) {
  const auto& game = w.game;
  const auto& moves = *w.play;
  const auto frames = render::replay_frames(game, moves, &*w.target, "");
  ASSERT_TRUE(frames.legal) << frames.problem;
  ASSERT_EQ(frames.frames.size(), moves.size() + 1);
  auto start = api(c, "state");
  EXPECT_EQ(shapes_of(start["state"]["state"]["components"]), shapes_of(game, frames.frames[0].state));
  for (std::size_t t = 0; t < moves.size(); ++t) {
    SCOPED_TRACE(fmt::format("turn {}: {}", t + 1, model::move_text(game, moves[t])));
    const auto& move = moves[t];
    const auto& after = frames.frames[t + 1];
    const json add = game.rules.construct == model::Rules::Construct::Pair
                         ? json{{"u", move.added.slots[0]}, {"v", move.added.slots[1]}}
                         : json{{"edge", play::edge_key(move.added)}};
    auto r = api(c, "add", add);
    ASSERT_TRUE(r["ok"].get<bool>()) << shortly(r);
    ASSERT_EQ(r["state"]["phase"], "collapse");
    EXPECT_EQ(r["state"]["pending"]["add"]["key"], play::edge_key(move.added));
    const std::string svg = board(c);
    EXPECT_NE(svg.find("id=\"enew\""), std::string::npos) << "the pending e_new is drawn";
    if (move.collapse) {
      // The witness's E(P) is listed: ℛ lists one path per distinct edge set.
      std::set<std::string> wanted;
      for (const auto& e : after.path_edges) wanted.insert(e.op + ":" + fmt::format("{}", fmt::join(e.slots, ",")));
      auto page = api(c, "paths", {{"limit", 1000}});
      ASSERT_TRUE(page["paths"]["complete"].get<bool>()) << page["paths"]["why"];
      std::optional<std::size_t> index;
      std::size_t previous_length = 0;
      for (const auto& p : page["paths"]["paths"]) {
        EXPECT_GE(p["length"].get<std::size_t>(), previous_length) << "shortest first";
        previous_length = p["length"].get<std::size_t>();
        std::set<std::string> keys;
        for (const auto& e : p["edges"]) keys.insert(e["key"].get<std::string>());
        if (keys == wanted) index = p["index"].get<std::size_t>();
      }
      ASSERT_TRUE(index) << "the witness's collapse path is not listed; wanted " << json(wanted).dump() << " in " << shortly(page);
      r = api(c, "collapse", {{"index", *index}});
    } else {
      r = api(c, "stable");
    }
    ASSERT_TRUE(r["ok"].get<bool>()) << shortly(r);
    if (move.new_root) {
      ASSERT_EQ(r["state"]["phase"], "succession") << shortly(r);
      bool eligible = false;
      for (const auto& v : r["state"]["pending"]["eligible_roots"]) eligible = eligible || v["id"] == *move.new_root;
      EXPECT_TRUE(eligible) << "the witness's new root is not among the eligible " << r["state"]["pending"]["eligible_roots"].dump();
      if (move.collapse) {
        EXPECT_NE(board(c).find("class=\"edge collapse"), std::string::npos) << "E'' drawn with the path removed";
      }
      r = api(c, "root", {{"vertex", *move.new_root}});
      ASSERT_TRUE(r["ok"].get<bool>()) << shortly(r);
    }
    const auto& view = r["state"];
    EXPECT_EQ(view["turn"], t + 1);
    EXPECT_EQ(view["state"]["root"]["id"], after.state.root);
    EXPECT_EQ(shapes_of(view["state"]["components"]), shapes_of(game, after.state));
    EXPECT_EQ(board(c).find("id=\"enew\""), std::string::npos);
  }
  // The witness's claim is the component the page says won.
  const auto view = api(c, "state")["state"];
  ASSERT_FALSE(view["won"].is_null()) << shortly(view);
  std::vector<model::VertexId> won;
  for (const auto& v : view["won"]["component"]["vertices"]) won.push_back(v["id"].get<model::VertexId>());
  std::sort(won.begin(), won.end());
  auto claim = *w.claim;
  std::sort(claim.begin(), claim.end());
  EXPECT_EQ(won, claim);
  EXPECT_EQ(view["phase"], "over");
  const std::string svg = board(c);
  for (auto v : claim) EXPECT_NE(svg.find(fmt::format("<g id=\"v{}\" class=\"node vertex", v)), std::string::npos) << v;
}

}  // namespace

TEST(PlayServer, PlaysTheWitnessOfP3AtDepth4AndSavesACaseCarveCheckPasses) {
  const auto dir = fresh_dir("p3");
  const auto w = solved_witness("cases/binary_tree/simple/p3_d4.case", dir);
  ASSERT_TRUE(w.play && w.claim);
  Served s({"cases/binary_tree/simple/p3_d4.case", "--save-dir", dir.string()});
  ASSERT_GT(s.port(), 0) << "no URL on standard output: " << s.url() << "\n" << s.log();
  httplib::Client c("127.0.0.1", s.port());
  // The page: self-contained, nothing loaded from elsewhere.
  auto page = c.Get("/");
  ASSERT_TRUE(page);
  EXPECT_EQ(page->status, 200);
  EXPECT_EQ(page->get_header_value("Content-Type"), "text/html; charset=utf-8");
  EXPECT_NE(page->get_header_value("Content-Security-Policy").find("default-src 'none'"), std::string::npos);
  for (const char* outside : {"src=", "href=", "url(", "@import", "<link", "http://", "https://"})
    EXPECT_EQ(page->body.find(outside), std::string::npos) << outside;
  // S_0's board: the word tree to depth 4, every vertex and tree edge by its id.
  const std::string s0 = board(c);
  for (model::VertexId v = 0; v < w.game.universe.size(); ++v)
    EXPECT_NE(s0.find(fmt::format("<g id=\"v{}\" class=\"node vertex", v)), std::string::npos) << v;
  play_witness(c, w);
  // A symbolic link in the save folder that leads out of it is refused for save and load, and
  // nothing outside is written or read (a file read by load could be quoted in an error).
  const auto outside = fresh_dir("outside");
  std::ofstream(outside / "secret.case") << "secret words\n";
  fs::create_symlink(outside / "target.case", dir / "link.case");
  fs::create_symlink(outside / "secret.case", dir / "read.case");
  fs::create_symlink(outside, dir / "out");
  for (const auto& [command, file] : {std::pair{"save", "link.case"}, {"load", "read.case"}}) {
    json request{{"file", file}};
    if (std::string(command) == "save") request["overwrite"] = true;
    const auto refused = api(c, command, request, 400);
    EXPECT_EQ(refused["error"], "file") << shortly(refused);
    EXPECT_EQ(refused.dump().find("secret words"), std::string::npos);
  }
  EXPECT_FALSE(fs::exists(outside / "target.case"));
  EXPECT_TRUE(fs::is_symlink(dir / "link.case"));
  EXPECT_EQ(api(c, "state")["state"]["turn"], 2);
  // Saved as a case (expect win at 2) that `carve check` passes.
  const auto saved = api(c, "save", {{"file", "p3_by_hand.case"}});
  ASSERT_TRUE(saved["ok"].get<bool>()) << saved.dump();
  EXPECT_EQ(saved["saved"]["expect"], "win at 2");
  ASSERT_TRUE(fs::exists(dir / "p3_by_hand.case"));
  const auto check = carve::testing::run_command(std::string(CARVE_BINARY) + " check " + (dir / "p3_by_hand.case").string());
  EXPECT_EQ(check.code, 0) << check.out;
  EXPECT_EQ(s.stop(SIGTERM), 143) << s.log();
}

TEST(PlayServer, PlaysADocument001WitnessThroughTheApi) {
  const auto dir = fresh_dir("t001");
  const auto w = solved_witness("cases/triangle/mixed_kinds_cycle.case", dir);
  ASSERT_TRUE(w.play && w.claim);
  Served s({"cases/triangle/mixed_kinds_cycle.case", "--save-dir", dir.string()});
  ASSERT_GT(s.port(), 0) << s.log();
  httplib::Client c("127.0.0.1", s.port());
  // The e_new the rules allow are listed for the page, each one the construction rule accepts.
  const auto listed = api(c, "candidates", {{"limit", 1000}});
  ASSERT_TRUE(listed["ok"].get<bool>()) << listed.dump();
  EXPECT_GT(listed["listed"].get<std::size_t>(), 0u);
  bool first_listed = false;
  for (const auto& e : listed["edges"]) first_listed = first_listed || e["key"] == play::edge_key((*w.play)[0].added);
  EXPECT_TRUE(first_listed) << "the witness's first e_new is not among the candidates";
  play_witness(c, w);
  const auto saved = api(c, "save", {{"file", "mixed.case"}});
  ASSERT_TRUE(saved["ok"].get<bool>()) << saved.dump();
  const auto check = carve::testing::run_command(std::string(CARVE_BINARY) + " check " + (dir / "mixed.case").string());
  EXPECT_EQ(check.code, 0) << check.out;
  EXPECT_EQ(s.stop(SIGINT), 130) << s.log();
}

TEST(PlayServer, EveryBadRequestIsAJsonErrorAndTheSessionStaysAsItWas) {
  const auto dir = fresh_dir("bad");
  const auto outside = fresh_dir("outside");
  Served s({"cases/binary_tree/simple/p3_d4.case", "--save-dir", dir.string()});
  ASSERT_GT(s.port(), 0) << s.log();
  httplib::Client c("127.0.0.1", s.port());
  // A refused move: {0, 0} is a loop, which the simple profile forbids -- the rule by number, title and words.
  auto refused = api(c, "add", {{"u", "0"}, {"v", "0"}}, 422);
  EXPECT_EQ(refused["error"], "refused");
  ASSERT_TRUE(refused["rule"].is_object()) << shortly(refused);
  EXPECT_FALSE(refused["rule"]["number"].get<std::string>().empty());
  EXPECT_FALSE(refused["rule"]["words"].empty()) << shortly(refused);
  EXPECT_NE(refused["rule"]["location"].get<std::string>().find("binary_tree.carve:"), std::string::npos);
  // In phase collapse: e_new {00, 0100} of the witness chosen.
  const auto ok = api(c, "add", {{"u", "00"}, {"v", "0100"}});
  ASSERT_TRUE(ok["ok"].get<bool>()) << ok.dump();
  const auto before = session_of(api(c, "state")["state"]);
  const std::string board_before = board(c);
  const std::string big(300 * 1024, ' ');
  struct Bad {
    std::string what, method, path, body;
    int status;
    httplib::Headers headers = {};
  };
  const std::vector<Bad> bad{
      {"malformed JSON", "POST", "/api/add", "{\"u\": ", 400},
      {"a body that is not an object", "POST", "/api/state", "[1, 2]", 400},
      {"a body naming another command", "POST", "/api/state", R"({"command": "undo"})", 400},
      {"an unknown command", "POST", "/api/frobnicate", "{}", 404},
      {"an unknown argument", "POST", "/api/paths", R"({"offset": 0, "limt": 3})", 400},
      {"a body over the size limit", "POST", "/api/state", "{\"x\": \"" + big + "\"}", 413},
      {"GET of a command", "GET", "/api/undo", "", 405},
      {"PUT", "PUT", "/api/state", "{}", 405},
      {"DELETE of the page", "DELETE", "/", "", 405},
      {"an unknown page", "GET", "/etc/passwd", "", 404},
      {"a step out of phase", "POST", "/api/root", R"({"vertex": 0})", 400},
      {"an unknown vertex by name", "POST", "/api/collapse", R"({"path": ["lambda", "0", "nowhere"]})", 400},
      {"an unknown vertex by id", "POST", "/api/collapse", R"({"path": [0, 999999]})", 400},
      {"a path not in R", "POST", "/api/collapse", R"({"path": ["lambda", "1"]})", 422},
      {"an index past the listing", "POST", "/api/collapse", R"({"index": 99999})", 400},
      {"another host", "GET", "/api/board.svg", "", 403, {{"Host", "evil.example:80"}}},
      {"another site's page", "POST", "/api/undo", "{}", 403, {{"Origin", "http://evil.example"}}},
      {"save to a path", "POST", "/api/save", R"({"file": "sub/x.case"})", 400},
      {"save with ..", "POST", "/api/save", R"({"file": "../x.case"})", 400},
      {"save to an absolute path", "POST", "/api/save", "{\"file\": \"" + (outside / "x.case").string() + "\"}", 400},
      {"save as ..", "POST", "/api/save", R"({"file": ".."})", 400},
      {"load from outside", "POST", "/api/load", R"({"file": "../../../../etc/passwd"})", 400},
  };
  for (const auto& b : bad) {
    SCOPED_TRACE(b.what);
    const auto a = send(c, b.method, b.path, b.body, b.headers);
    EXPECT_EQ(a.status, b.status) << shortly(a.body);
    if (!a.body.is_object()) {
      ADD_FAILURE() << "not a JSON error: " << shortly(a.body);
      continue;
    }
    EXPECT_EQ(a.body["ok"], false);
    EXPECT_FALSE(a.body["message"].get<std::string>().empty());
    EXPECT_TRUE(session_of(api(c, "state")["state"]) == before) << "the session changed";
    EXPECT_TRUE(s.running()) << s.log();
  }
  EXPECT_EQ(board(c), board_before);
  EXPECT_TRUE(fs::is_empty(outside));
  // Still serving: the witness's first turn goes on from where it was.
  const auto paths = api(c, "paths");
  EXPECT_TRUE(paths["ok"].get<bool>());
  EXPECT_EQ(s.stop(SIGINT), 130) << s.log();
}

TEST(PlayServer, ListensOn127001OnlyRefusesAPortInUseAndStopsAtSignals) {
  Served s({"cases/binary_tree/simple/p3_d4.case"});
  ASSERT_GT(s.port(), 0) << s.url() << s.log();
  EXPECT_EQ(s.url(), fmt::format("http://127.0.0.1:{}/", s.port()));
  // The listening socket's local address is 127.0.0.1 (0100007F in /proc/net/tcp), on no other.
  std::ifstream tcp("/proc/net/tcp");
  std::string line;
  std::vector<std::string> listening;
  while (std::getline(tcp, line)) {
    std::istringstream in(line);
    std::string n, local, remote, state;
    in >> n >> local >> remote >> state;
    if (state == "0A" && local.size() > 9 && std::stoi(local.substr(local.find(':') + 1), nullptr, 16) == s.port()) listening.push_back(local);
  }
  EXPECT_EQ(listening, std::vector<std::string>{fmt::format("0100007F:{:04X}", s.port())});
  std::ifstream tcp6("/proc/net/tcp6");
  while (std::getline(tcp6, line)) EXPECT_EQ(line.find(fmt::format(":{:04X} ", s.port())), std::string::npos) << line;
  // A second server on the same port does not share it: exit 2, the reason named.
  const auto second = carve::testing::run_command(std::string(CARVE_BINARY) + fmt::format(" play cases/binary_tree/simple/p3_d4.case --port {}", s.port()));
  EXPECT_EQ(second.code, 2) << second.out;
  EXPECT_NE(second.out.find(fmt::format("cannot listen on 127.0.0.1:{}", s.port())), std::string::npos) << second.out;
  for (const char* bad : {"--port 70000", "--port -1", "--save-dir /nonexistent/folder"}) {
    const auto r = carve::testing::run_command(std::string(CARVE_BINARY) + " play cases/binary_tree/simple/p3_d4.case " + bad);
    EXPECT_EQ(r.code, 2) << bad << ": " << r.out;
  }
  EXPECT_EQ(s.stop(SIGTERM), 143) << s.log();
}

TEST(PlayCandidates, ListsOnlyWhatTheConstructionRuleAcceptsAndSaysWhenItStops) {
  // 000 at depth 2 under simple: 7 vertices; every pair {a, b} with a < b that check_construction
  // accepts, and none it refuses; loops are forbidden by the profile.
  elab::Settings settings;
  settings.depth = elab::Located<int>{2, {}};
  settings.profile = {"simple", {}};
  const auto game = elab::elaborate(elab::load_spec("spec/binary_tree.carve"), settings);
  const auto s0 = model::initial_state(game);
  const auto all = play::list_candidates(game, s0, {}, 0, 1000);
  EXPECT_TRUE(all.complete);
  std::size_t accepted = 0;
  for (model::VertexId a = 0; a < game.universe.size(); ++a)
    for (model::VertexId b = a; b < game.universe.size(); ++b)
      accepted += !model::check_construction(game, s0, model::EdgeElement::make("V", {a, b})).has_value();
  EXPECT_EQ(all.listed, accepted);
  EXPECT_GT(accepted, 0u);
  for (const auto& e : all.edges) {
    EXPECT_FALSE(model::check_construction(game, s0, e).has_value()) << play::edge_key(e);
    EXPECT_NE(e.slots[0], e.slots[1]) << "a loop listed under loop=forbid";
  }
  // Narrowed to the pairs with λ (id 0); paged.
  const auto with_root = play::list_candidates(game, s0, {0}, 1, 2);
  EXPECT_EQ(with_root.edges.size(), 2u);
  for (const auto& e : with_root.edges) EXPECT_EQ(e.slots[0], 0u);
  // The caps are said, never passed for the whole of U.
  const auto capped = play::list_candidates(game, s0, {}, 0, 10, 3);
  EXPECT_FALSE(capped.complete);
  EXPECT_EQ(capped.listed, 3u);
  EXPECT_NE(capped.why.find("more than 3"), std::string::npos);
  const auto stopped = play::list_candidates(game, s0, {}, 0, 10, 1000, 5);
  EXPECT_FALSE(stopped.complete);
  EXPECT_NE(stopped.why.find("stopped after examining 5"), std::string::npos);
  // 001: every listed tuple is accepted, of an operator of the spec, and one the witness plays is among them.
  const auto tri = elab::load_case("cases/triangle/mixed_kinds_cycle.case");
  const auto t0 = model::initial_state(tri.game);
  const auto tuples = play::list_candidates(tri.game, t0, {}, 0, 100000);
  EXPECT_TRUE(tuples.complete) << tuples.why;
  EXPECT_GT(tuples.listed, 0u);
  for (const auto& e : tuples.edges) {
    EXPECT_FALSE(model::check_construction(tri.game, t0, e).has_value()) << play::edge_key(e);
    EXPECT_TRUE(std::any_of(tri.game.rules.operators.begin(), tri.game.rules.operators.end(),
                            [&](const auto& op) { return op.name == e.op && op.slot_preds.size() == e.slots.size(); }));
  }
}

TEST(PlayFileNames, OnlyAPlainNameInsideTheFolderPasses) {
  // What the server checks before the session sees a save or load (the session checks again).
  for (const char* plain : {"edge_case.case", "a b.case", ".hidden.case", "..case", "ünïcode.case"})
    EXPECT_FALSE(play::web::file_name_problem(plain)) << plain;
  for (const std::string& bad : std::vector<std::string>{"", ".", "..", "../x.case", "sub/x.case", "/etc/passwd", "a\\b.case",
                                                          std::string("a\0b", 3), "line\nbreak", std::string(300, 'x')})
    EXPECT_TRUE(play::web::file_name_problem(bad)) << bad;
  const auto dir = fresh_dir("names"), outside = fresh_dir("names_outside");
  std::ofstream(dir / "real.case") << "x";
  std::ofstream(outside / "far.case") << "x";
  fs::create_symlink("real.case", dir / "beside.case");           // a link to a file beside it: inside
  fs::create_symlink(outside / "far.case", dir / "far.case");      // out, to a file that exists
  fs::create_symlink(outside / "none.case", dir / "none.case");    // out, to a file a save would create
  fs::create_symlink("../" + outside.filename().string() + "/far.case", dir / "relative.case");  // out, relative
  fs::create_symlink("far.case", dir / "chain.case");              // a link to a link that leads out
  EXPECT_FALSE(play::web::leads_out_of(dir.string(), "real.case"));
  EXPECT_FALSE(play::web::leads_out_of(dir.string(), "missing.case"));
  EXPECT_FALSE(play::web::leads_out_of(dir.string(), "beside.case"));
  for (const char* out : {"far.case", "none.case", "relative.case", "chain.case"})
    EXPECT_TRUE(play::web::leads_out_of(dir.string(), out)) << out;
}

TEST(PlayCandidates, TheTerminalListsThemToo) {
  // `candidates 0` in the terminal: the pairs with the node 0 that the rules allow in S_0; {0, 0}
  // (a loop, forbidden by the simple profile) is not among them, {0, 1} is.
  const auto script = carve::testing::temp_file("candidates.txt", "candidates 0\n");
  const auto r = carve::testing::run_command(std::string(CARVE_BINARY) + " play cases/binary_tree/simple/p3_d4.case --text < " + script);
  EXPECT_EQ(r.code, 0) << r.out;
  EXPECT_NE(r.out.find(" e_new allowed\n"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("  add {0, 1}\n"), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("  add {0, 0}\n"), std::string::npos) << r.out;
}
