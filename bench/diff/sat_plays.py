#!/usr/bin/env python3
"""carve diff's play search by SAT (--plays sat) over readings of spec/binary_tree.carve: every pair
of the five profiles and every single-switch change of each profile, at the given depths, plays of
up to --play-turns turns (issue 38's acceptance: 6 turns, D = 3 and 4, within 5 minutes and 2 GB).
Per pair and depth: what was found (the first distinguishing play, or none within the bounds), the
refutations certified (one per depth and turn bound below it, each DRAT proof checked by carve's
checker), the wall time and peak memory of the run (medians of --repeats runs, /usr/bin/time's
maximum resident set), and the seconds per turn bound at the last depth (the search's solves, then
the certificate: fresh refutation with a DRAT trace and its check; medians over the repeats).
usage: bench/diff/sat_plays.py [--carve build/cli/carve] [--depths 3,4] [--play-turns 6] [--repeats 3]
                               [--timeout 300] [--memory-limit 2048] [--only SUBSTRING]"""
import argparse
import itertools
import json
import os
import statistics
import subprocess
import tempfile

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
TREE = "spec/binary_tree.carve"
PROFILES = {
    "literal": {"path": "walk", "density": "subsequence", "loop": "forbid", "duplicate": "merge", "readd": "forbid",
                "start-win": "yes", "reroot": "allow", "iso": "incidence"},
}
PROFILES["simple"] = {**PROFILES["literal"], "path": "simple", "density": "factor"}
PROFILES["trail"] = {**PROFILES["literal"], "path": "trail", "density": "factor"}
PROFILES["cycle"] = {**PROFILES["literal"], "path": "simple-or-cycle", "density": "factor"}
PROFILES["lenient"] = {**PROFILES["literal"], "path": "walk", "density": "factor", "loop": "allow", "readd": "allow"}
VALUES = {"path": ["walk", "trail", "simple", "simple-or-cycle"], "density": ["subsequence", "factor"], "loop": ["forbid", "allow"],
          "duplicate": ["merge", "forbid"], "readd": ["forbid", "allow"], "start-win": ["yes", "no"], "reroot": ["allow", "forbid"],
          "iso": ["incidence", "typed"]}


def pairs():
    for a, b in itertools.combinations(PROFILES, 2):
        yield a, ["--with-profile", b], f"{a} | {b}"
    for a, reading in PROFILES.items():
        for switch, values in VALUES.items():
            for v in values:
                if v != reading[switch]:
                    yield a, ["--with-set", f"{switch}={v}"], f"{a} | {a}, {switch}={v}"


def run(carve, a, b_args, depth, turns, timeout, memory):
    with tempfile.TemporaryDirectory() as tmp:
        timing = os.path.join(tmp, "time")
        args = ["/usr/bin/time", "-f", "%e %M", "-o", timing, carve, "diff", TREE, "--profile", a, *b_args, "--depth", str(depth),
                "--target", "K1", "--turns", str(turns), "--play-turns", str(turns), "--no-verdicts", "--json",
                "--timeout", str(timeout), "--memory-limit", str(memory)]
        p = subprocess.run(args, cwd=ROOT, capture_output=True, text=True)
        wall, kb = open(timing).read().split()[-2:]
    if p.returncode != 0:
        return None, float(wall), int(kb), (p.stderr.strip().splitlines() or [f"exit {p.returncode}"])[-1]
    return json.loads(p.stdout)["plays"], float(wall), int(kb), ""


def found(pl):
    if pl["status"] == "found":
        d = pl["difference"]
        return f"depth {d['scope']}, {d['turns']} turn(s): {d['rejected_by']} rejects ({d['rule']})"
    if pl["status"] == "none within the bounds":
        return f"none within {pl['max_turns']} turns" + ("" if pl.get("exact", True) else f" (walks <= {pl['walk_length']} edges)")
    return pl["status"] + (f" ({pl['reason']})" if pl.get("reason") else "")


def per_bound(runs, depth):
    """Median seconds per turn bound at `depth`: the search's solves + the certificate."""
    bounds = {}
    for pl in runs:
        for c in pl.get("certificates", []):
            if c["scope"] == depth:
                bounds.setdefault(c["turns"], []).append(c["solve_seconds"] + c["seconds"])
    return ", ".join(f"{t}: {statistics.median(s):.2f}" for t, s in sorted(bounds.items())) or "-"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--carve", default=os.path.join(ROOT, "build", "cli", "carve"))
    ap.add_argument("--depths", default="3,4")
    ap.add_argument("--play-turns", type=int, default=6)
    ap.add_argument("--repeats", type=int, default=3)
    ap.add_argument("--timeout", type=float, default=300)
    ap.add_argument("--memory-limit", type=int, default=2048)
    ap.add_argument("--only", default="")
    o = ap.parse_args()
    print(f"| A | B | D | plays found | certified | wall s | peak MB | s per turn bound at the last depth |")
    print("|---|---|---|---|---|---|---|---|")
    for a, b_args, label in pairs():
        if o.only not in label:
            continue
        for depth in [int(d) for d in o.depths.split(",")]:
            results = [run(o.carve, a, b_args, depth, o.play_turns, o.timeout, o.memory_limit) for _ in range(o.repeats)]
            ok = [r[0] for r in results if r[0] is not None]
            what = found(ok[0]) if ok else f"error: {results[0][3]}"
            if len({found(r) for r in ok}) > 1:
                what += " (runs differ: " + "; ".join(sorted({found(r) for r in ok})) + ")"
            certs = f"{ok[0].get('certified', 0)} of {len(ok[0].get('certificates', []))}" if ok else "-"
            wall = statistics.median(r[1] for r in results)
            mb = statistics.median(r[2] for r in results) / 1024
            last = max((c["scope"] for c in ok[0].get("certificates", [])), default=depth) if ok else depth
            a_label, b_label = label.split(" | ")
            print(f"| {a_label} | {b_label} | {depth} | {what} | {certs} | {wall:.2f} | {mb:.0f} | {per_bound(ok, last)} |", flush=True)


if __name__ == "__main__":
    main()
