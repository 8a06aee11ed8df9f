// The page: a header of fixed height (title, buttons, the frame counter, one button per frame),
// one <figure> per frame (all but the current one hidden: the picture, then the turn in full and
// its steps), and a small script.
#include "questions/render/html_index.hpp"

#include <fmt/format.h>

namespace carve::render {

namespace {

std::string escape_html(const std::string& s) {
  std::string out;
  for (char c : s) {
    switch (c) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      default: out += c;
    }
  }
  return out;
}

// dot's SVG starts with an XML declaration, a DOCTYPE and comments; inline HTML wants <svg ...>.
std::string inline_svg(const std::string& svg) {
  const auto at = svg.find("<svg");
  return at == std::string::npos ? escape_html(svg) : svg.substr(at);
}

constexpr const char* kStyle = R"(
html { overflow-y: scroll; }  /* a scrollbar that comes and goes with a frame's text would rescale the pictures */
body { font-family: Helvetica, Arial, sans-serif; margin: 0 2em 2em; color: #263238; }
header { position: sticky; top: 0; z-index: 1; background: #fff; padding: .5em 0; border-bottom: 1px solid #cfd8dc;
         white-space: nowrap; overflow-x: auto; }
h1 { font-size: 1.3em; margin: .2em 0 .4em; overflow: hidden; text-overflow: ellipsis; }
button { font-size: 1em; padding: .3em 1em; margin-right: .5em; }
#frames button { padding: .2em .6em; margin-right: .2em; }
#frames button.current { font-weight: bold; background: #ffd54f; }
#counter { font-weight: bold; margin: 0 1em; display: inline-block; min-width: 12em; }
figure { margin: 1em 0; }
figure svg { max-width: 100%; height: auto; }
.turn { font-family: monospace; overflow-wrap: anywhere; }
ol.steps { columns: 22em; font-size: .9em; }
ol.steps li { cursor: default; }
ol.steps li:hover { background: #ffebee; }
g.lit path, g.lit polygon { stroke-opacity: 1 !important; stroke-width: 6px; }
.hidden { display: none; }
)";

constexpr const char* kScript = R"(
(function () {
  "use strict";
  var frames = Array.prototype.slice.call(document.querySelectorAll("figure.frame"));
  var counter = document.getElementById("counter");
  var prev = document.getElementById("prev");
  var next = document.getElementById("next");
  var jumps = Array.prototype.slice.call(document.querySelectorAll("#frames button"));
  var last = frames.length - 1;
  var current = 0;
  function show(i) {
    current = Math.max(0, Math.min(last, i));
    frames.forEach(function (f, k) { f.classList.toggle("hidden", k !== current); });
    jumps.forEach(function (b, k) { b.classList.toggle("current", k === current); });
    counter.textContent = current === 0 ? "S_0, the initial state" : "S_" + current + ", after turn " + current + " of " + last;
    prev.disabled = current === 0;
    next.disabled = current === last;
    document.body.setAttribute("data-current", String(current));
    try { history.replaceState(null, "", "#frame=" + current); } catch (e) { /* a page without history */ }
  }
  function fromHash() {
    var m = /^#frame=(\d+)$/.exec(window.location.hash);
    return m ? parseInt(m[1], 10) : null;
  }
  prev.addEventListener("click", function () { show(current - 1); });
  next.addEventListener("click", function () { show(current + 1); });
  jumps.forEach(function (b, k) { b.addEventListener("click", function () { show(k); }); });
  window.addEventListener("hashchange", function () { var n = fromHash(); if (n !== null) show(n); });
  document.addEventListener("keydown", function (e) {
    if (e.key === "ArrowLeft" || e.key === "PageUp") { show(current - 1); e.preventDefault(); }
    else if (e.key === "ArrowRight" || e.key === "PageDown" || e.key === " ") { show(current + 1); e.preventDefault(); }
    else if (e.key === "Home") { show(0); e.preventDefault(); }
    else if (e.key === "End") { show(last); e.preventDefault(); }
  });
  // Hovering a step of the collapse path lights up the edge it took.
  document.querySelectorAll("ol.steps li").forEach(function (li) {
    var lit = function (on) {
      var g = document.getElementById(li.getAttribute("data-edge"));
      if (g) g.classList.toggle("lit", on);
    };
    li.addEventListener("mouseenter", function () { lit(true); });
    li.addEventListener("mouseleave", function () { lit(false); });
  });
  var selftest = window.location.hash === "#selftest";
  var start = fromHash();
  show(start === null ? 0 : start);
  document.body.setAttribute("data-ready", "true");
  console.log("carve-index: ready, " + frames.length + " frames, showing frame " + current);
  if (!selftest) return;
  // Every vertex's centre on the screen, in frame i.
  function centres(i) {
    show(i);
    var out = {};
    frames[i].querySelectorAll("g.node").forEach(function (g) {
      var t = g.querySelector("title");
      if (!t || !/^v[0-9]+$/.test(t.textContent)) return;
      var r = g.getBoundingClientRect();
      out[t.textContent] = [r.left + r.width / 2, r.top + r.height / 2];
    });
    return out;
  }
  var problems = [];
  var first = centres(0), names = Object.keys(first);
  if (names.length === 0) problems.push("no vertex drawn");
  for (var f = 1; f <= last; ++f) {
    var there = centres(f);
    names.forEach(function (v) {
      var a = first[v], b = there[v];
      if (!b) problems.push(v + " missing in frame " + f);
      else if (Math.abs(a[0] - b[0]) > 0.5 || Math.abs(a[1] - b[1]) > 0.5)
        problems.push(v + " moved from " + a.map(Math.round) + " in frame 0 to " + b.map(Math.round) + " in frame " + f);
    });
  }
  console.log("carve-index: " + names.length + " vertices compared in frames 0 to " + last);
  show(0);
  for (var i = 1; i < frames.length; ++i) { next.click(); if (current !== i) problems.push("next did not reach frame " + i); }
  next.click(); if (current !== last) problems.push("next went past the last frame");
  document.dispatchEvent(new KeyboardEvent("keydown", { key: "Home" })); if (current !== 0) problems.push("Home");
  for (var k = 1; k < frames.length; ++k) {
    document.dispatchEvent(new KeyboardEvent("keydown", { key: "ArrowRight" }));
    if (current !== k) problems.push("ArrowRight did not reach frame " + k);
  }
  document.dispatchEvent(new KeyboardEvent("keydown", { key: "ArrowLeft" }));
  if (current !== Math.max(0, last - 1)) problems.push("ArrowLeft");
  prev.click(); if (current !== Math.max(0, last - 2)) problems.push("prev");
  jumps[last].click(); if (current !== last) problems.push("the last frame's button");
  if (!/#frame=/.test(window.location.hash) || fromHash() !== last) problems.push("the address does not follow the frame shown");
  document.querySelectorAll("ol.steps li").forEach(function (li) {
    if (!document.getElementById(li.getAttribute("data-edge"))) problems.push("step '" + li.textContent + "' names no drawn edge");
  });
  var visible = frames.filter(function (f) { return !f.classList.contains("hidden"); }).length;
  if (visible !== 1) problems.push(visible + " frames visible");
  if (document.querySelectorAll("figure.frame svg").length !== frames.length) problems.push("a frame without its picture");
  var ok = problems.length === 0;
  document.body.setAttribute("data-selftest", ok ? "ok" : "failed");
  console.log("carve-index: self-test " + (ok ? "ok" : "failed: " + problems.join("; ")));
})();
)";

std::string steps_html(const HtmlFrame& f) {
  if (f.steps.empty()) return "";
  std::string items;
  for (const auto& s : f.steps) items += fmt::format("<li data-edge=\"{}\">{}</li>", escape_html(s.edge_id), escape_html(s.text));
  return fmt::format("<details{}><summary>the collapse path, {} step{} (hover a step to light its edge up)</summary>\n"
                     "<ol class=\"steps\">{}</ol></details>\n",
                     f.steps.size() <= 40 ? " open" : "", f.steps.size(), f.steps.size() == 1 ? "" : "s", items);
}

}  // namespace

std::string index_html(const std::string& title, const std::vector<HtmlFrame>& frames) {
  std::string figures, jumps;
  for (std::size_t i = 0; i < frames.size(); ++i) {
    figures += fmt::format("<figure class=\"frame{}\" id=\"frame-{}\" data-caption=\"{}\">\n{}\n<figcaption>\n<p class=\"turn\">{}</p>\n{}"
                           "</figcaption>\n</figure>\n",
                           i ? " hidden" : "", i, escape_html(frames[i].summary), inline_svg(frames[i].svg),
                           escape_html(frames[i].caption), steps_html(frames[i]));
    jumps += fmt::format("<button type=\"button\" title=\"S_{0}\">{0}</button>", i);
  }
  return fmt::format(
      "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>{0}</title>\n<style>{1}</style>\n</head>\n"
      "<body data-frames=\"{2}\">\n<header>\n<h1>{0}</h1>\n"
      "<button id=\"prev\" type=\"button\" title=\"previous turn (←)\">← prev</button>"
      "<button id=\"next\" type=\"button\" title=\"next turn (→)\">next →</button>"
      "<span id=\"counter\"></span><span id=\"frames\">frame {3}</span>\n</header>\n<main>\n{4}</main>\n<script>{5}</script>\n</body>\n</html>\n",
      escape_html(title), kStyle, frames.size(), jumps, figures, kScript);
}

}  // namespace carve::render
