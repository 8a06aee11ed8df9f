#!/usr/bin/env python3
"""carve diff over readings of 000 and 001, two tables.
  bench:  every profile pair of spec/binary_tree.carve at D = 3 and D = 4 over the stars K1, K2 (K1,1),
          P3 (K1,2), K1,3 within 5 turns: wall time split into play search, verdict search and
          certification (the median of --repeats runs, measured in this run) and what was found.
  sweep:  (--sweep) every profile pair of both specs and every switch flipped alone from `literal`,
          each with the first play and the first verdict difference within the stated bounds: plays
          of 000 by SAT within 6 turns, of 001 by SAT within min(K, 6) = 3 (--plays sat, each
          refutation certified, or "not certified" with the reason).
          --jobs N passes carve diff --jobs N to the sweep's play searches (bounds side by side).
usage: bench/diff/diff_table.py [--carve build/cli/carve] [--repeats 3] [--sweep [--jobs N]]"""
import argparse
import itertools
import json
import os
import statistics
import subprocess
import time

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
TREE, TRIANGLE = "spec/binary_tree.carve", "spec/triangle.carve"
PROFILES = ["literal", "simple", "trail", "cycle", "lenient"]
STARS = ["K1", "K2", "P3", "K1,3"]
# switch -> the values other than literal's, per document
FLIPS = {
    TREE: {"path": ["trail", "simple", "simple-or-cycle"], "density": ["factor"], "loop": ["allow"], "duplicate": ["forbid"],
           "readd": ["allow"], "start-win": ["no"], "reroot": ["forbid"], "iso": ["typed"]},
    TRIANGLE: {"path": ["trail", "simple", "simple-or-cycle"], "density": ["factor"], "duplicate": ["forbid"],
               "virtual-scope": ["formulas"], "start-win": ["no"], "reroot": ["forbid"], "iso": ["typed"]},
}


def diff(carve, spec, a, b_args, scope_args, targets, turns, timeout, play_args=()):
    args = [carve, "diff", spec, "--profile", a, *b_args, *scope_args, "--turns", str(turns), "--json", "--timeout", str(timeout),
            *play_args]
    for t in targets:
        args += ["--target", t]
    t0 = time.monotonic()
    p = subprocess.run(args, cwd=ROOT, capture_output=True, text=True)
    wall = time.monotonic() - t0
    if p.returncode != 0:
        return None, wall, p.stderr.strip().splitlines()[-1] if p.stderr.strip() else f"exit {p.returncode}"
    return json.loads(p.stdout), wall, ""


def found(j, scope):
    pl, v = j["plays"], j["verdicts"]
    if pl["status"] == "found":
        d = pl["difference"]
        plays = f"{scope} {d['scope']}, {d['turns']} turn(s): {d['rejected_by']} rejects ({d['rule']})"
        plays += "" if d.get("shortest", True) else " (not shown shortest: a limit cut the bounds below)"
    else:
        plays = pl["status"] if pl["status"] != "none within the bounds" else f"none within {pl['max_turns']} turns"
    if v["status"] == "found":
        d = v["difference"]
        verdict = f"{scope} {d['scope']}, {d['target']['text']}: A {d['A']} / B {d['B']}"
    else:
        verdict = v["status"] + (f" ({v['reason']})" if v["status"] == "unknown" else "")
    if pl.get("search") == "sat" and pl["certificates"]:
        plays += f"; {pl['certified']} of {len(pl['certificates'])} refutations certified"
        plays += "" if pl.get("exact", True) else f" (walks <= {pl['walk_length']} edges)"
    return plays, verdict, f"{v['certified']} ok / {v['uncertified']} not ({v['minimality_certificates']} minimality)"


def bench(carve, repeats, timeout):
    print("| A | B | D | plays found | verdict found | certificates | play search s | verdict search s | certification s | wall s |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    for a, b in itertools.combinations(PROFILES, 2):
        for depth in (3, 4):
            runs = [diff(carve, TREE, a, ["--with-profile", b], ["--depth", str(depth)], STARS, 5, timeout) for _ in range(repeats)]
            ok = [(j, w) for j, w, _ in runs if j]
            if not ok:
                print(f"| {a} | {b} | {depth} | error: {runs[0][2]} | | | | | | |")
                continue
            med = lambda f: statistics.median(f(j, w) for j, w in ok)
            plays, verdict, certs = found(ok[0][0], "depth")
            print(f"| {a} | {b} | {depth} | {plays} | {verdict} | {certs} | {med(lambda j, w: j['plays']['seconds']):.3f} | "
                  f"{med(lambda j, w: j['verdicts']['search_seconds']):.3f} | {med(lambda j, w: j['verdicts']['certification_seconds']):.3f} | "
                  f"{med(lambda j, w: w):.3f} |")


def sweep(carve, timeout, jobs=1):
    bounds = {TREE: (["--depth", "3"], STARS, 4, "depth"), TRIANGLE: (["--vars", "2"], ["K1", "K2"], 3, "variables")}
    play_args = {TREE: ["--plays", "sat", "--play-turns", "6"], TRIANGLE: ["--plays", "sat"]}
    if jobs > 1:
        play_args = {spec: args + ["--jobs", str(jobs)] for spec, args in play_args.items()}
    print("| spec | A | B | plays found | verdict found | certificates |")
    print("|---|---|---|---|---|---|")
    for spec in (TREE, TRIANGLE):
        scope, targets, turns, name = bounds[spec]
        pairs = [(a, ["--with-profile", b], b) for a, b in itertools.combinations(PROFILES, 2)]
        pairs += [("literal", ["--with-set", f"{s}={v}"], f"literal, {s}={v}") for s, vs in FLIPS[spec].items() for v in vs]
        for a, b_args, b_name in pairs:
            # typed isomorphism needs typed targets, incidence untyped ones: only K1 fits both
            ts = ["K1"] if "iso=typed" in b_name else targets
            j, _, err = diff(carve, spec, a, b_args, scope, ts, turns, timeout, play_args[spec])
            if not j:
                print(f"| {spec} | {a} | {b_name} | {err} | | |")
                continue
            plays, verdict, certs = found(j, name)
            print(f"| {spec} | {a} | {b_name} | {plays} | {verdict} | {certs} |")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--carve", default=os.path.join(ROOT, "build", "cli", "carve"))
    ap.add_argument("--repeats", type=int, default=3)
    ap.add_argument("--timeout", type=float, default=300)
    ap.add_argument("--sweep", action="store_true")
    ap.add_argument("--jobs", type=int, default=1)
    o = ap.parse_args()
    carve = os.path.abspath(o.carve)
    if o.sweep:
        sweep(carve, o.timeout, o.jobs)
    else:
        bench(carve, o.repeats, o.timeout)


if __name__ == "__main__":
    main()
