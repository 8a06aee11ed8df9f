// libFuzzer target for the witness reader: every input is written as a case file beside copies of
// the specs, read with elab::load_case (parse, elaborate, resolve every name of the play), and its
// play replayed through the reference semantics and drawn as DOT frames (render/).
// Allowed outcomes: success, or a ParseError / InputError that carries a location in the input
// (or line 0 for whole-file problems), or a SearchLimit from the bounded replay. Anything else
// (another exception, a crash, a sanitizer report, a timeout) is a bug.
#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <filesystem>
#include <fstream>
#include <string>

#include "checkers/replay/replay.hpp"
#include "rules/elaborate/case.hpp"
#include "rules/elaborate/diagnostics.hpp"
#include "text/parser/parse.hpp"
#include "questions/render/dot_writer.hpp"

namespace {

namespace fs = std::filesystem;

const char* kInput = "input.case";

[[noreturn]] void bug(const std::string& what) {
  std::fprintf(stderr, "%s\n", what.c_str());
  std::abort();
}

void check_location(const carve::parser::Location& loc, const std::string& message) {
  // A location names the input (or, for an error inside a spec, that spec) and a sane line/column.
  if (loc.file.empty()) bug("error without a file: " + message);
  if (loc.line == 0 && loc.column != 0) bug("column without a line: " + message);
}

void read_and_replay() {
  auto c = carve::elab::load_case(kInput);
  if (!c.play) return;
  carve::model::Budget budget;
  budget.max_nodes = 200000;
  auto r = carve::replay::replay(c.game, *c.play, c.target ? &*c.target : nullptr, c.claim, budget);
  if (r.states.size() != (r.legal ? c.play->size() + 1 : static_cast<std::size_t>(r.failed_turn)) &&
      !(r.claim_holds && !*r.claim_holds))
    bug("replay kept a wrong number of states");
  if (!r.legal) return;
  // The pictures of a legal play: the same replay, every frame drawn.
  auto play = carve::render::replay_frames(c.game, *c.play, c.target ? &*c.target : nullptr, c.title);
  if (play.frames.size() != c.play->size() + 1) bug("render lost a frame of a legal play");
  const auto scene = carve::render::make_scene(c.game, play);
  for (const auto& f : play.frames)
    if (carve::render::frame_dot(c.game, scene, f).find("graph frame_") != 0) bug("a frame's DOT has no header");
}

}  // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  // A private folder with the specs, so that `spec "spec/X.carve"` (and the repository's own
  // relative spec paths, rewritten by run.sh) resolve.
  const char* root = std::getenv("CARVE_ROOT");
  if (!root) bug("set CARVE_ROOT to the repository root (run.sh does)");
  std::string tmpl = (fs::temp_directory_path() / "carve-fuzz-witness-XXXXXX").string();
  if (!mkdtemp(tmpl.data())) bug("mkdtemp failed");
  fs::create_directories(fs::path(tmpl) / "spec");
  for (const auto& e : fs::directory_iterator(fs::path(root) / "spec"))
    if (e.path().extension() == ".carve") fs::copy_file(e.path(), fs::path(tmpl) / "spec" / e.path().filename());
  if (chdir(tmpl.c_str()) != 0) bug("chdir failed");
  static const std::string folder = tmpl;
  std::atexit([] {
    std::error_code ec;
    fs::remove_all(folder, ec);
  });
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  {
    std::ofstream out(kInput, std::ios::binary | std::ios::trunc);
    out.write(reinterpret_cast<const char*>(data), static_cast<std::streamsize>(size));
  }
  try {
    read_and_replay();
  } catch (const carve::parser::ParseError& e) {
    if (e.loc.line < 1 || e.loc.column < 1) bug(std::string("ParseError with a bad location: ") + e.what());
  } catch (const carve::elab::InputError& e) {
    check_location(e.loc, e.what());
  } catch (const carve::model::SearchLimit&) {
  } catch (const std::exception& e) {
    bug(std::string("unexpected exception: ") + e.what());
  } catch (...) {
    bug("unexpected non-std exception");
  }
  return 0;
}
