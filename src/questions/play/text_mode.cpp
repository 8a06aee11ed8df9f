// The terminal's command lines, parsed into API requests; responses in words.
#include "questions/play/text_mode.hpp"

#include <algorithm>
#include <istream>
#include <ostream>

#include <fmt/format.h>

#include "foundations/limits/interrupt.hpp"
#include "questions/play/api_view.hpp"

namespace carve::play {

using nlohmann::json;

namespace {

// Words separated by spaces or commas outside parentheses and braces: "Delta(x, x, x)" stays one.
std::vector<std::string> words_of(const std::string& line) {
  std::vector<std::string> out;
  std::string cur;
  int depth = 0;
  auto flush = [&] {
    if (!cur.empty()) out.push_back(cur);
    cur.clear();
  };
  for (char c : line) {
    if (c == '(') ++depth;
    if (c == ')') depth = std::max(0, depth - 1);
    if (depth == 0 && (c == ' ' || c == '\t' || c == ',' || c == '{' || c == '}')) {
      flush();
      continue;
    }
    cur += c;
  }
  flush();
  return out;
}

json line_error(const std::string& message) {
  return {{"ok", false}, {"error", "bad_request"}, {"rule", nullptr}, {"message", message + "; `help` lists the commands"},
          {"text", message + "; `help` lists the commands"}, {"command", nullptr}};
}

// A line that does not parse: its error response.
struct LineError {
  json response;
};

bool whole_number(const std::string& s) { return !s.empty() && s.size() < 10 && std::all_of(s.begin(), s.end(), ::isdigit); }

// The text syntax of each command (the API's table names them): its request, or a line error.
json request_for(Command c, const std::string& name, const std::vector<std::string>& w) {
  json r{{"command", name}};
  const std::size_t n = w.size() - 1;  // arguments
  auto arity = [&](std::size_t lo, std::size_t hi, const char* usage) {
    if (n < lo || n > hi) throw LineError{line_error(fmt::format("`{}` takes {}", name, usage))};
  };
  // The one argument of a command that takes one word.
  auto one = [&](const char* key, const char* usage) {
    arity(1, 1, usage);
    r[key] = w[1];
  };
  switch (c) {
    case Command::Add:
      arity(1, 2, "two vertices (add u v) or one operator tuple (add Theta(...))");
      if (n == 2) {
        r["u"] = w[1];
        r["v"] = w[2];
      } else {
        r["edge"] = w[1];
      }
      break;
    case Command::Candidates:  // candidates [v ...]: the e_new allowed that contain these vertices
      if (n > 0) r["vertices"] = std::vector<std::string>(w.begin() + 1, w.end());
      break;
    case Command::Paths:
      arity(0, 1, "an optional page number (paths 2)");
      if (n == 1) {
        if (!whole_number(w[1]) || std::stoi(w[1]) < 1) throw LineError{line_error(fmt::format("`paths` takes a page number from 1, not '{}'", w[1]))};
        r["offset"] = (std::stoi(w[1]) - 1) * static_cast<int>(kViewPathsLimit);
      }
      break;
    case Command::Collapse:
      if (n == 0) throw LineError{line_error("`collapse` takes a listed path's index (collapse 2) or the path's steps (collapse lambda 0 01)")};
      if (n == 1) {
        if (!whole_number(w[1])) throw LineError{line_error(fmt::format("`collapse {}`: one word is a listed path's index, a number", w[1]))};
        r["index"] = std::stoi(w[1]);
      } else {
        r["path"] = std::vector<std::string>(w.begin() + 1, w.end());
      }
      break;
    case Command::Root: one("vertex", "one vertex (root 01)"); break;
    case Command::Profile: one("name", "a profile's name (profile simple)"); break;
    case Command::Load: one("file", "one file"); break;
    case Command::Save:
      arity(1, 3, "a file, then optionally win, legal or illegal, and overwrite");
      r["file"] = w[1];
      for (std::size_t i = 2; i < w.size(); ++i) {
        if (w[i] == "overwrite") r["overwrite"] = true;
        else if (expect_from_name(w[i])) r["expect"] = w[i];
        else throw LineError{line_error(fmt::format("`save`: '{}' is neither win, legal, illegal nor overwrite", w[i]))};
      }
      break;
    case Command::Hint:
      arity(1, 2, "a number of turns and optionally certify (hint 3 certify)");
      if (!whole_number(w[1])) throw LineError{line_error(fmt::format("`hint` takes a number of turns, not '{}'", w[1]))};
      r["turns"] = std::stoi(w[1]);
      if (n == 2) {
        if (w[2] != "certify") throw LineError{line_error(fmt::format("`hint {}`: after the turns only `certify` may follow, not '{}'", w[1], w[2]))};
        r["certify"] = true;
      }
      break;
    default:
      arity(0, 0, "no argument");
      break;
  }
  return r;
}

std::string vertex_names(const json& vertices) {
  std::string out;
  for (const auto& v : vertices) out += (out.empty() ? "" : " ") + v["name"].get<std::string>();
  return out;
}

// A listed path as `collapse` takes it: its vertices (000), or vertices and edges alternating (001,
// whose paths may differ only in their edges).
std::string path_steps(const json& p) {
  const auto& vs = p["vertices"];
  const auto& es = p["edges"];
  const bool pairs = std::all_of(es.begin(), es.end(), [](const json& e) { return e["op"] == "T" || e["op"] == "V"; });
  if (pairs) return vertex_names(vs);
  std::string out;
  for (std::size_t i = 0; i < vs.size(); ++i) {
    if (i > 0) out += " " + es[i - 1]["name"].get<std::string>() + " ";
    out += vs[i]["name"].get<std::string>();
  }
  return out;
}

std::string page_words(const json& page) {
  std::string out = page["complete"].get<bool>() ? fmt::format("ℛ: {} edge set{}\n", page["listed"].get<std::size_t>(), page["listed"] == 1 ? "" : "s")
                                                 : fmt::format("ℛ: at least {} edge sets ({})\n", page["listed"].get<std::size_t>(), page["why"].get<std::string>());
  for (const auto& p : page["paths"]) out += fmt::format("  [{}] {}   {}\n", p["index"].get<std::size_t>(), path_steps(p), p["types"].get<std::string>());
  const auto shown_to = page["offset"].get<std::size_t>() + page["paths"].size();
  if (shown_to < page["listed"].get<std::size_t>())
    out += fmt::format("  ... paths {}..{} of {}: `paths {}` shows the next page\n", page["offset"].get<std::size_t>(), shown_to - 1,
                       page["listed"].get<std::size_t>(), shown_to / kViewPathsLimit + 1);
  return out;
}

std::string pending_words(const json& view) {
  const auto& p = view["pending"];
  std::string out = fmt::format("turn {} being built: e_new {}\n", view["turn"].get<int>() + 1, p["add"]["name"].get<std::string>());
  if (view["phase"] == "collapse") {
    out += "collapse: `collapse I` for a listed path, `collapse v0 v1 ...` for another, or `stable` (the claim ℛ = ∅)\n";
    if (!p["paths"].is_null()) out += page_words(p["paths"]);
  } else if (view["phase"] == "succession") {
    out += fmt::format("succession is due: the root {} has lost its edges; eligible new roots: {}\n",
                       view["state"]["root"]["name"].get<std::string>(), vertex_names(p["eligible_roots"]));
    out += p["keep_allowed"].get<bool>() ? "`root V` picks one; `keep` keeps the old root\n" : "`root V` picks one (the old root may not stay)\n";
  }
  return out;
}

std::string view_words(const json& view) {
  std::string out = fmt::format("turn {} · profile {} ({}) · target {}\n", view["turn"].get<int>(), view["reading"]["profile"].get<std::string>(),
                                view["reading"]["text"].get<std::string>(),
                                view["target"].is_null() ? "none" : view["target"]["label"].get<std::string>());
  out += state_words(view["state"]);
  if (view["phase"] == "over") out += "the game is over: `undo` takes back turns, `save FILE` keeps the play\n";
  if (!view["pending"].is_null()) out += pending_words(view);
  if (!view["redo"].empty())
    out += fmt::format("redo: {} turn{} waiting, next {}\n", view["redo"].size(), view["redo"].size() == 1 ? "" : "s",
                       view["redo"][0]["text"].get<std::string>());
  return out;
}

std::string hint_words(const json& h) {
  std::string out;
  const auto verdict = h["verdict"].get<std::string>();
  if (verdict == "win") {
    out += fmt::format("win: the target can still be carved, in {} more turn{} ({} engine, replayed):\n", h["rest"].size(),
                       h["rest"].size() == 1 ? "" : "s", h["engine"].get<std::string>());
    for (const auto& m : h["rest"]) out += fmt::format("  {}. {}\n", m["turn"].get<int>(), m["text"].get<std::string>());
    out += h["won"]["text"].get<std::string>() + "\n";
  } else if (verdict == "no-win") {
    out += h["scope"].get<std::string>() + fmt::format(" ({} engine)\n", h["engine"].get<std::string>());
  } else {
    out += "unknown: " + h["reason"].get<std::string>() + "\n";
  }
  if (!h["certificate"].is_null()) {
    const auto& c = h["certificate"];
    out += c["accepted"].get<bool>() ? fmt::format("certified: carve's DRAT checker accepted the proof ({}, {}): {}\n", c["cnf"].get<std::string>(),
                                                   c["proof"].get<std::string>(), c["message"].get<std::string>())
                                     : fmt::format("not certified ({}): {}\n", c["status"].get<std::string>(), c["message"].get<std::string>());
  }
  return out + fmt::format("({:.2f} s)\n", h["seconds"].get<double>());
}

std::string help_words(const json& r) {
  std::string out = "commands (one a line; `quit` or end of input ends the session):\n";
  for (const auto& c : r["help"])
    out += fmt::format("  {:<9} {}\n", c["name"].get<std::string>(), c["help"].get<std::string>());
  out += "in a terminal: add u v | add Theta(...) · paths [PAGE] · collapse I | collapse v0 v1 ... · stable · root V · keep · "
         "undo · redo · profiles · profile P · save FILE [win|legal|illegal] [overwrite] · load FILE · hint K [certify] · state · help · quit\n";
  return out;
}

}  // namespace

json request_from_line(const std::string& line) {
  const auto words = words_of(line);
  if (words.empty() || words[0][0] == '#') return nullptr;
  const auto command = command_from_name(words[0]);
  if (!command) return line_error(fmt::format("unknown command '{}'", words[0]));
  try {
    return request_for(*command, words[0], words);
  } catch (const LineError& e) {
    return e.response;
  }
}

std::string response_words(const json& response) {
  if (!response.value("ok", false)) {
    const std::string kind = response.value("error", "error");
    std::string out = kind == "refused" ? response["text"].get<std::string>() : kind + ": " + response["text"].get<std::string>();
    return out + "\n(the session is as it was)\n";
  }
  const std::string command = response["command"].get<std::string>();
  if (command == "help") return help_words(response);
  if (command == "paths") return page_words(response["paths"]);
  if (command == "candidates") {
    std::string out = fmt::format("{}{} e_new allowed{}\n", response["complete"].get<bool>() ? "" : "at least ", response["listed"].get<std::size_t>(),
                                  response["why"].get<std::string>().empty() ? "" : " (" + response["why"].get<std::string>() + ")");
    for (const auto& e : response["edges"]) out += "  add " + e["name"].get<std::string>() + "\n";
    return out;
  }
  if (command == "hint") return hint_words(response["hint"]);
  if (command == "profiles") {
    std::string out;
    for (const auto& p : response["profiles"])
      out += fmt::format("{} {:<8} {}\n", p["current"].get<bool>() ? "*" : " ", p["name"].get<std::string>(), p["doc"].get<std::string>());
    return out + "reading in force: " + response["reading"]["text"].get<std::string>() + "\n";
  }
  std::string out;
  if (command == "save") {
    const auto& s = response["saved"];
    return fmt::format("saved {} (expect {}); carve check passes it\n", s["path"].get<std::string>(), s["expect"].get<std::string>());
  }
  if (command == "profile") {
    const auto& s = response["switch"];
    out += fmt::format("reading {} -> {}: {} turn{} kept\n", s["from"].get<std::string>(), s["to"].get<std::string>(), s["kept"].get<int>(),
                       s["kept"] == 1 ? "" : "s");
    if (!s["broken_turn"].is_null())
      out += fmt::format("turn {} breaks under {}: {}\n(it and the turns after it wait on the redo stack)\n", s["broken_turn"].get<int>(),
                         s["to"].get<std::string>(), s["broken_by"]["text"].get<std::string>());
  }
  return out + view_words(response["state"]);
}

int run_text_mode(Api& api, std::istream& in, std::ostream& out, bool json_lines) {
  auto answer = [&](const json& response) {
    if (json_lines) out << response.dump() << "\n";
    else out << response_words(response);
    out.flush();
  };
  answer(api.handle({{"command", "state"}}));
  if (!json_lines) out << "`help` lists the commands\n";
  int errors = 0;
  std::string line;
  while (std::getline(in, line)) {
    const auto words = words_of(line);
    if (!words.empty() && (words[0] == "quit" || words[0] == "exit")) break;
    const auto request = request_from_line(line);
    if (request.is_null()) continue;
    const auto response = request.contains("command") && request["command"].is_string() ? api.handle(request) : request;
    errors += !response.value("ok", false);
    answer(response);
    // SIGINT or SIGTERM (a hint stopped by it says so): the session ends as at end of input.
    if (limits::interrupt_signal()) break;
  }
  return errors;
}

}  // namespace carve::play
