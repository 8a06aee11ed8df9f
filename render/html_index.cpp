// The page: a header with the buttons and the caption, one <figure> per frame (all but the
// current one hidden), and a small script.
#include "render/html_index.hpp"

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
body { font-family: Helvetica, Arial, sans-serif; margin: 1em 2em; color: #263238; }
header { position: sticky; top: 0; background: #fff; padding: .5em 0; border-bottom: 1px solid #cfd8dc; }
button { font-size: 1em; padding: .3em 1em; margin-right: .5em; }
#counter { font-weight: bold; margin-right: 1em; }
#caption { font-family: monospace; }
figure { margin: 1em 0; }
figure svg { max-width: 100%; height: auto; }
.hidden { display: none; }
)";

constexpr const char* kScript = R"(
(function () {
  "use strict";
  var frames = Array.prototype.slice.call(document.querySelectorAll("figure.frame"));
  var counter = document.getElementById("counter");
  var caption = document.getElementById("caption");
  var prev = document.getElementById("prev");
  var next = document.getElementById("next");
  var current = 0;
  function show(i) {
    current = Math.max(0, Math.min(frames.length - 1, i));
    frames.forEach(function (f, k) { f.classList.toggle("hidden", k !== current); });
    counter.textContent = "frame " + (current + 1) + " / " + frames.length;
    caption.textContent = frames[current].getAttribute("data-caption");
    prev.disabled = current === 0;
    next.disabled = current === frames.length - 1;
    document.body.setAttribute("data-current", String(current));
  }
  prev.addEventListener("click", function () { show(current - 1); });
  next.addEventListener("click", function () { show(current + 1); });
  document.addEventListener("keydown", function (e) {
    if (e.key === "ArrowLeft" || e.key === "PageUp") { show(current - 1); e.preventDefault(); }
    else if (e.key === "ArrowRight" || e.key === "PageDown" || e.key === " ") { show(current + 1); e.preventDefault(); }
    else if (e.key === "Home") { show(0); e.preventDefault(); }
    else if (e.key === "End") { show(frames.length - 1); e.preventDefault(); }
  });
  show(0);
  document.body.setAttribute("data-ready", "true");
  console.log("carve-index: ready, " + frames.length + " frames");
  if (window.location.hash === "#selftest") {
    var ok = frames.length > 0;
    for (var i = 1; i < frames.length; ++i) { next.click(); ok = ok && current === i; }
    next.click(); ok = ok && current === frames.length - 1;
    document.dispatchEvent(new KeyboardEvent("keydown", { key: "Home" })); ok = ok && current === 0;
    for (var k = 1; k < frames.length; ++k) {
      document.dispatchEvent(new KeyboardEvent("keydown", { key: "ArrowRight" })); ok = ok && current === k;
    }
    document.dispatchEvent(new KeyboardEvent("keydown", { key: "ArrowLeft" }));
    ok = ok && current === Math.max(0, frames.length - 2);
    prev.click(); ok = ok && current === Math.max(0, frames.length - 3);
    var visible = frames.filter(function (f) { return !f.classList.contains("hidden"); }).length;
    ok = ok && visible === 1 && document.querySelectorAll("figure.frame svg").length === frames.length;
    document.body.setAttribute("data-selftest", ok ? "ok" : "failed");
    console.log("carve-index: self-test " + (ok ? "ok" : "failed"));
  }
})();
)";

}  // namespace

std::string index_html(const std::string& title, const std::vector<HtmlFrame>& frames) {
  std::string figures;
  for (std::size_t i = 0; i < frames.size(); ++i)
    figures += fmt::format("<figure class=\"frame{}\" id=\"frame-{}\" data-caption=\"{}\">\n{}\n</figure>\n", i ? " hidden" : "", i,
                           escape_html(frames[i].caption), inline_svg(frames[i].svg));
  return fmt::format(
      "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>{0}</title>\n<style>{1}</style>\n</head>\n"
      "<body data-frames=\"{2}\">\n<header>\n<h1>{0}</h1>\n"
      "<button id=\"prev\" type=\"button\" title=\"previous turn (←)\">← prev</button>"
      "<button id=\"next\" type=\"button\" title=\"next turn (→)\">next →</button>"
      "<span id=\"counter\"></span><span id=\"caption\"></span>\n</header>\n<main>\n{3}</main>\n<script>{4}</script>\n</body>\n</html>\n",
      escape_html(title), kStyle, frames.size(), figures, kScript);
}

}  // namespace carve::render
