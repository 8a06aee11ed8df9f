#!/usr/bin/env python3
"""carve play's page driven by clicks in headless Chromium, through chromedriver's WebDriver HTTP
protocol (a small client on Python's standard library: no npm, no download).

The test starts `carve play` and chromedriver itself, both on 127.0.0.1, and:
  - plays the witness carve finds for cases/binary_tree/simple/p3_d4.case (solved here) by clicks:
    the two nodes of e_new on the board, then the collapse path the witness takes (found among the
    listed paths by its edge set, lit on the board on hover), then the witness's new root among the
    eligible roots highlighted on the board; after every turn the components and the root the page
    lists are those of the witness replayed (`carve replay --states --json`), and at the end the page
    says "won" with the witness's component;
  - saves the play as a case and runs `carve check` on it;
  - shows that an illegal move displays the rule that refuses it (number, title, the spec's words),
    and saves it with `expect illegal at N rule "R"` for `carve check`;
  - asks a hint (the rest of a win shown), switches the reading to another profile of the spec
    (the play re-judged), loads the saved case and steps through it with redo to its win;
  - plays a document 001 witness the same way (e_new picked from the list the API gives, narrowed
    by clicking formulas), saves it and checks it;
  - takes screenshots (OUT_DIR/play.png: the page during a collapse with a path lit; docs/play.md
    shows a copy, made with --screenshot docs/play.png).
Opt-in (ctest -L browser): needs tools/debian-packages-browser.txt (chromium, chromium-driver).
usage: tools/check_play_in_chromium.py CARVE_BINARY [OUT_DIR] [--screenshot PATH]
exit 0 ok, 1 failed, 77 Chromium or chromedriver missing
"""
import base64
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


class Failed(Exception):
    pass


def check(condition, what):
    if not condition:
        raise Failed(what)


# --- processes ------------------------------------------------------------------------------

def free_port():
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Play:
    """`carve play CASE --save-dir DIR` in the background; its URL is the first line it prints."""

    def __init__(self, carve, case, save_dir, log):
        self.log = open(log, "w")
        self.proc = subprocess.Popen([carve, "play", case, "--save-dir", save_dir], stdout=subprocess.PIPE,
                                     stderr=self.log, text=True, cwd=ROOT)
        self.url = self.proc.stdout.readline().strip()
        check(self.url.startswith("http://127.0.0.1:"), "carve play printed no URL (log: %s)" % log)

    def stop(self):
        self.proc.send_signal(signal.SIGTERM)
        code = self.proc.wait(timeout=30)
        self.log.close()
        return code


class Driver:
    """A WebDriver session on headless Chromium (chromedriver on 127.0.0.1)."""

    def __init__(self, chrome, chromedriver, profile, log):
        self.port = free_port()
        self.proc = subprocess.Popen([chromedriver, "--port=%d" % self.port, "--log-path=%s" % log],
                                     stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        self.base = "http://127.0.0.1:%d" % self.port
        for _ in range(200):
            try:
                self.call("GET", "/status")
                break
            except (urllib.error.URLError, ConnectionError):
                time.sleep(0.05)
        caps = {"capabilities": {"alwaysMatch": {
            "browserName": "chrome",
            "goog:loggingPrefs": {"browser": "ALL"},
            "goog:chromeOptions": {"binary": chrome, "args": [
                "--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run",
                "--disable-background-networking", "--disable-component-update", "--disable-sync",
                "--user-data-dir=" + profile, "--window-size=1500,1100"]}}}}
        self.session = self.call("POST", "/session", caps)["sessionId"]

    def call(self, method, path, body=None):
        data = json.dumps(body).encode() if body is not None else None
        req = urllib.request.Request(self.base + path, data=data, method=method,
                                     headers={"Content-Type": "application/json; charset=utf-8"})
        try:
            with urllib.request.urlopen(req, timeout=120) as r:
                return json.loads(r.read().decode()).get("value")
        except urllib.error.HTTPError as e:
            raise Failed("WebDriver %s %s: %s" % (method, path, e.read().decode()[:500]))

    def s(self, method, path, body=None):
        return self.call(method, "/session/%s%s" % (self.session, path), body)

    def go(self, url):
        self.s("POST", "/url", {"url": url})

    def js(self, script, *args):
        return self.s("POST", "/execute/sync", {"script": script, "args": list(args)})

    def find(self, css):
        els = self.s("POST", "/elements", {"using": "css selector", "value": css})
        check(els, "no element matches %s" % css)
        return list(els[0].values())[0]

    def finds(self, css):
        return [list(e.values())[0] for e in self.s("POST", "/elements", {"using": "css selector", "value": css})]

    def click(self, css):
        self.s("POST", "/element/%s/click" % self.find(css), {})

    def type(self, css, text):
        el = self.find(css)
        self.s("POST", "/element/%s/clear" % el, {})
        self.s("POST", "/element/%s/value" % el, {"text": text})

    def hover(self, css):
        """The pointer moved onto the element from the page's top-left corner, so that the element
        sees the pointer arrive even when the pointer already lay where the element now is."""
        el = self.find(css)
        self.s("POST", "/actions", {"actions": [{"type": "pointer", "id": "mouse", "parameters": {"pointerType": "mouse"},
                                                 "actions": [{"type": "pointerMove", "origin": "viewport", "x": 1, "y": 1, "duration": 0},
                                                             {"type": "pointerMove", "origin": {"element-6066-11e4-a52e-4f735466cecf": el},
                                                              "x": 0, "y": 0, "duration": 0}]}]})

    def attr(self, css, name):
        return self.js("var e = document.querySelector(arguments[0]); return e ? e.getAttribute(arguments[1]) : null;", css, name)

    def text(self, css):
        return self.js("var e = document.querySelector(arguments[0]); return e ? e.textContent : null;", css)

    def screenshot(self, path):
        with open(path, "wb") as f:
            f.write(base64.b64decode(self.s("GET", "/screenshot")))

    def console(self):
        try:
            return self.s("POST", "/se/log", {"type": "browser"}) or []
        except Failed:
            return []

    def quit(self):
        try:
            self.s("DELETE", "")
        except Failed:
            pass
        self.proc.terminate()
        self.proc.wait(timeout=30)


# --- the page -------------------------------------------------------------------------------

def settle(d, after):
    """Waits until the page has redrawn past update `after` and no request is in flight."""
    for _ in range(1200):
        state = d.js("return [document.body.getAttribute('data-busy'), document.body.getAttribute('data-updates')];")
        if state[0] == "0" and int(state[1]) > after:
            return int(state[1])
        time.sleep(0.05)
    raise Failed("the page did not settle (busy %s, updates %s)" % tuple(state))


def idle(d):
    """Waits until no request of the page is in flight (a request that redraws only a list)."""
    for _ in range(1200):
        if d.attr("body", "data-busy") == "0":
            return
        time.sleep(0.05)
    raise Failed("the page stayed busy")


def updates(d):
    return int(d.js("return document.body.getAttribute('data-updates');"))


def act(d, css):
    """Clicks a control that sends a request and waits for the page to redraw."""
    n = updates(d)
    d.click(css)
    return settle(d, n)


def page_components(d):
    return sorted(d.js("return Array.prototype.map.call(document.querySelectorAll('#components li'), "
                       "function (li) { return [li.getAttribute('data-finite') === '1', li.getAttribute('data-vertices')]; });"))


def expected_components(state):
    return sorted([c["finite"], ",".join(str(i) for i in sorted(v["id"] for v in c["vertices"]))] for c in state["components"])


def removed_keys(turn):
    return sorted(set(e["key"] for e in turn["removed"]))


def split_top(text):
    """'a(b,c), d' -> ['a(b,c)', 'd']: the arguments of a tuple at the top level of its parentheses."""
    parts, depth, cur = [], 0, ""
    for ch in text:
        if ch == "," and depth == 0:
            parts.append(cur.strip())
            cur = ""
            continue
        depth += ch == "("
        depth -= ch == ")"
        cur += ch
    return parts + [cur.strip()] if cur.strip() else parts


def parse_move(text, ids):
    """A witness's turn in the DSL ('turn add {00, 0100} collapse (...) root lambda;') as the test
    needs it: e_new's vertices and API key, stable or not, and the new root."""
    body = text.strip()
    check(body.startswith("turn add ") and body.endswith(";"), "not a turn: %s" % text)
    body = body[len("turn add "):-1]
    root = None
    at = body.rfind(" root ")
    if at >= 0:
        root, body = body[at + len(" root "):].strip(), body[:at]
    stable = body.endswith(" stable")
    edge = body[:-len(" stable")] if stable else body[:body.index(" collapse (")]
    if edge.startswith("{"):  # 000: a pair
        slots = sorted(ids[n] for n in split_top(edge[1:-1]))
        key = "V:%d,%d" % tuple(slots)
    else:  # 001: op(slot, ...)
        op = edge[:edge.index("(")]
        slots = [ids[n] for n in split_top(edge[edge.index("(") + 1:-1])]
        key = "%s:%s" % (op, ",".join(str(i) for i in slots))
    return {"add": {"vertices": slots, "key": key}, "collapse": "stable" if stable else "path",
            "root": {"id": ids[root], "name": root} if root else None}


def witness_and_states(carve, case, out, name):
    witness = os.path.join(out, name + ".witness.case")
    r = subprocess.run([carve, "solve", case, "--witness", witness], cwd=ROOT, capture_output=True, text=True)
    check(r.returncode == 0 and "win in" in r.stdout, "solve %s: %s%s" % (case, r.stdout, r.stderr))
    r = subprocess.run([carve, "replay", witness, "--states", "--json"], cwd=ROOT, capture_output=True, text=True)
    check(r.returncode == 0, "replay --states %s: %s%s" % (witness, r.stdout, r.stderr))
    replayed = json.loads(r.stdout)["states"]
    # Every vertex of the scope is in some component of S_0 (the infinite one lists those in scope).
    ids = {v["name"]: v["id"] for c in replayed["initial"]["components"] for v in c["vertices"]}
    for turn in replayed["turns"]:
        turn["move"] = parse_move(turn["move"], ids)
    return witness, replayed


def pick_e_new(d, move, document_000):
    if document_000:
        for v in move["add"]["vertices"]:
            d.click("#board #v%d" % v)  # the two nodes of e_new, clicked on the board
        check(d.js("return document.getElementById('u').value !== '' && document.getElementById('v').value !== '';"),
              "clicking two nodes did not fill e_new")
        return act(d, "#add")
    # 001: click the tuple's formulas on the board, then the tuple in the list the API gives.
    key = move["add"]["key"]
    for v in sorted(set(move["add"]["vertices"])):
        d.click("#board #v%d" % v)
        idle(d)
    sel = "#candidates button[data-key='%s']" % key
    while not d.finds(sel) and not d.js("return document.getElementById('candidates-next').disabled;"):
        d.click("#candidates-next")
        idle(d)
    check(d.finds(sel), "the witness's e_new %s is not among the tuples the page lists" % key)
    return act(d, sel)


def play_witness(d, replayed, document_000, shot=None):
    turns = replayed["turns"]
    check(expected_components(replayed["initial"]) == page_components(d), "S_0's components differ")
    for t, turn in enumerate(turns, start=1):
        move = turn["move"]
        pick_e_new(d, move, document_000)
        check(d.attr("body", "data-phase") == "collapse", "turn %d: e_new refused: %s" % (t, d.text("#message")))
        check(d.finds("#board #enew"), "turn %d: the pending e_new is not drawn" % t)
        if move["collapse"] == "stable":
            act(d, "#stable")
        else:
            want = " ".join(removed_keys(turn))
            sel = "#paths li[data-keys='%s']" % want
            while not d.finds(sel) and not d.js("return document.getElementById('paths-next').disabled;"):
                d.click("#paths-next")
                idle(d)
            check(d.finds(sel), "turn %d: the witness's collapse path (edges %s) is not listed" % (t, want))
            # Hovering lights the path's edges on the board.
            d.hover(sel)
            index = d.attr(sel, "data-index")
            check(d.attr("#board", "data-lit") == index, "turn %d: hovering path %s lit nothing" % (t, index))
            for key in removed_keys(turn):
                cls = "key_" + key.replace(":", "_").replace(",", "_")
                check(d.js("var e = document.getElementsByClassName(arguments[0]); return e.length > 0 && "
                           "Array.prototype.every.call(e, function (g) { return g.classList.contains('lit'); });", cls),
                      "turn %d: edge %s not lit on hover (%s; lit: %s; data-lit %s)" % (t, key, d.js(
                          "return Array.prototype.map.call(document.getElementsByClassName(arguments[0]), "
                          "function (g) { return g.getAttribute('class'); }).join(' | ');", cls),
                          d.js("return Array.prototype.map.call(document.querySelectorAll('#board .lit'), function(g){return g.getAttribute('class');});"),
                          d.attr("#board", "data-lit")))
            if shot and t == shot[0]:
                d.screenshot(shot[1])
            act(d, sel + " button.take")
        root = move.get("root")
        if root is not None:
            check(d.attr("body", "data-phase") == "succession", "turn %d: succession is not due on the page" % t)
            check(d.finds("#roots button[data-vertex='%d']" % root["id"]), "turn %d: %s is not an eligible root" % (t, root["name"]))
            check("eligible" in (d.attr("#board #v%d" % root["id"], "class") or ""), "turn %d: the root is not highlighted" % t)
            act(d, "#board #v%d" % root["id"])  # the new root, clicked on the board
        check(d.attr("body", "data-turn") == str(t), "turn %d was not played: %s" % (t, d.text("#message")))
        check(page_components(d) == expected_components(turn["state"]),
              "turn %d: components %s, the witness replayed says %s" % (t, page_components(d), expected_components(turn["state"])))
        check(d.attr("#root", "data-vertex") == str(turn["state"]["root"]["id"]), "turn %d: the root differs" % t)
    won = replayed["turns"][-1]["state"]["won"]
    check(won is not None, "the replay does not win")
    want = ",".join(str(i) for i in sorted(v["id"] for v in won["component"]["vertices"]))
    check(d.attr("#won", "data-vertices") == want, "the page's win %s is not the witness's %s" % (d.attr("#won", "data-vertices"), want))
    check(d.text("#won").startswith("won: component"), "no 'won' line")
    check(len(d.finds("#board g.outlined")) == len(won["component"]["vertices"]), "the winning component is not outlined")


def save_and_check(d, carve, out, name, expect=""):
    d.type("#save-file", name)
    d.js("var s = document.getElementById('save-expect'); s.value = arguments[0]; s.dispatchEvent(new Event('change'));", expect)
    act(d, "#save")
    path = d.attr("#save-result", "data-path")
    check(path and os.path.exists(path), "save wrote nothing: %s" % d.text("#message"))
    r = subprocess.run([carve, "check", path], cwd=ROOT, capture_output=True, text=True)
    check(r.returncode == 0, "carve check %s: %s%s" % (path, r.stdout, r.stderr))
    return path


def illegal_move_shows_the_rule(d):
    act(d, "#undo")  # back before the winning turn
    check(d.attr("body", "data-phase") == "construct", "undo did not reopen the turn")
    d.click("#board #v1")
    d.click("#board #v1")  # {0, 0}: a loop, which the profile forbids
    act(d, "#add")
    rule = d.attr("#message", "data-rule")
    check(rule, "a refused move shows no rule: %s" % d.text("#message"))
    words = d.text("#rule-words")
    check(words and words.strip(), "the rule's own words are not shown")
    check(d.text("#rule").find("def " + rule) >= 0, "the rule's number is not shown")
    return rule


def hint_profile_load(d, carve, saved):
    """From turn 1 (after illegal_move_shows_the_rule's undo): a hint of one more turn shows the rest
    of a win; switching the reading re-judges the play and says so; loading the saved case puts its
    play on the redo stack, and redo steps through it."""
    d.type("#hint-turns", "1")
    act(d, "#hint")
    check(d.attr("#hint-result", "data-verdict") == "win", "hint 1 from turn 1: %s" % d.text("#hint-result"))
    check(len(d.finds("#hint-rest li")) == 1, "the hint's win does not show its one remaining turn")
    profiles = d.js("return Array.prototype.map.call(document.querySelectorAll('#profile option'), function (o) { return o.value; });")
    other = [p for p in profiles if p != d.js("return document.getElementById('profile').value;")]
    check(other, "the spec offers one profile only: %s" % profiles)
    n = updates(d)
    d.js("var s = document.getElementById('profile'); s.value = arguments[0]; s.dispatchEvent(new Event('change'));", other[0])
    settle(d, n)
    check(d.attr("#profile-result", "data-broken-turn") is not None, "switching to %s shows no result: %s" % (other[0], d.text("#message")))
    check(d.text("#reading").startswith("profile " + other[0]), "the reading shown is not %s" % other[0])
    d.type("#load-file", os.path.basename(saved))
    act(d, "#load")
    turns = len(d.finds("#redo-list li"))
    check(turns == 2 and d.attr("body", "data-turn") == "0", "load: %d turns on the redo stack at turn %s" % (turns, d.attr("body", "data-turn")))
    for t in (1, 2):
        act(d, "#redo")
        check(d.attr("body", "data-turn") == str(t), "redo did not play turn %d: %s" % (t, d.text("#message")))
    check(d.text("#won").startswith("won: component"), "the loaded play, redone, does not win")
    return other[0]


def main(argv):
    if len(argv) < 2:
        print(__doc__)
        return 2
    carve = os.path.abspath(argv[1])
    args = argv[2:]
    screenshot = None
    if "--screenshot" in args:
        at = args.index("--screenshot")
        screenshot = os.path.abspath(args[at + 1])
        del args[at:at + 2]
    scratch = not args  # a folder of its own, removed when every check passed
    out = os.path.abspath(args[0]) if args else tempfile.mkdtemp(prefix="carve-play-chromium-")
    os.makedirs(out, exist_ok=True)
    chrome = shutil.which("chromium") or shutil.which("chromium-browser")
    chromedriver = shutil.which("chromedriver")
    if not chrome or not chromedriver:
        print("SKIP: Chromium or chromedriver is not installed (tools/install-deps.sh tools/debian-packages-browser.txt)")
        return 77
    failed = False
    plays, driver = [], None
    try:
        driver = Driver(chrome, chromedriver, tempfile.mkdtemp(prefix="profile-", dir=out), os.path.join(out, "chromedriver.log"))
        # --- document 000: P3 at depth 4
        _, replayed = witness_and_states(carve, "cases/binary_tree/simple/p3_d4.case", out, "p3_d4")
        p = Play(carve, "cases/binary_tree/simple/p3_d4.case", out, os.path.join(out, "play-000.log"))
        plays.append(p)
        driver.go(p.url)
        settle(driver, 0)
        check(driver.attr("body", "data-phase") == "construct", "the page did not open on turn 1")
        play_witness(driver, replayed, True, (2, os.path.join(out, "play.png")))
        print("ok      000: the witness of p3_d4 played by clicks, every turn's path, root and components as replayed; won")
        saved = save_and_check(driver, carve, out, "p3_d4_by_hand.case")
        print("ok      000: saved %s, carve check passes" % saved)
        rule = illegal_move_shows_the_rule(driver)
        print("ok      000: an illegal move shows rule %s in the spec's words" % rule)
        refused = save_and_check(driver, carve, out, "p3_d4_refused.case", "illegal")
        with open(refused) as f:
            text = f.read()
        check('expect illegal at 2 rule "%s"' % rule in text, "the refused move is not saved as illegal: %s" % text)
        print("ok      000: the refused move saved with expect illegal at 2 rule %s, carve check passes" % rule)
        driver.screenshot(os.path.join(out, "refused.png"))
        other = hint_profile_load(driver, carve, saved)
        print("ok      000: a hint shows the rest of a win; the reading switched to %s; the saved case loaded and redone to its win" % other)
        code = p.stop()
        check(code == 143, "carve play exited %d at SIGTERM" % code)
        plays.remove(p)
        # --- document 001
        _, replayed = witness_and_states(carve, "cases/triangle/mixed_kinds_cycle.case", out, "mixed")
        p = Play(carve, "cases/triangle/mixed_kinds_cycle.case", out, os.path.join(out, "play-001.log"))
        plays.append(p)
        driver.go(p.url)
        settle(driver, 0)
        play_witness(driver, replayed, False, (1, os.path.join(out, "play-001.png")))
        print("ok      001: the witness of mixed_kinds_cycle played by clicks (e_new from the listed tuples); won")
        saved = save_and_check(driver, carve, out, "mixed_by_hand.case")
        print("ok      001: saved %s, carve check passes" % saved)
        # A script error fails the check; the network's log of the API's 4xx answers (a refused move
        # is 422 by design) does not.
        errors = [e for e in driver.console() if e.get("level") == "SEVERE" and e.get("source") != "network"]
        check(not errors, "the page's script logged errors: %s" % errors[:3])
        code = p.stop()
        check(code == 143, "carve play exited %d at SIGTERM" % code)
        plays.remove(p)
        if screenshot:
            shutil.copyfile(os.path.join(out, "play.png"), screenshot)
            print("ok      screenshot copied to %s" % screenshot)
    except Failed as e:
        failed = True
        print("FAILED  %s (files in %s)" % (e, out))
        if driver:
            try:
                driver.screenshot(os.path.join(out, "failed.png"))
            except Exception:
                pass
    finally:
        if driver:
            driver.quit()
        for p in plays:
            p.stop()
    if scratch and not failed:
        shutil.rmtree(out, ignore_errors=True)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
