#!/usr/bin/env python3
"""carve diff's play search by SAT (--plays sat) over readings of spec/binary_tree.carve: every pair
of the five profiles and every single-switch change of each profile, at the given depths, plays of
up to --play-turns turns (issue 38's acceptance: 6 turns, D = 3 and 4, within 5 minutes and 2 GB).
Per pair and depth: what was found (the first distinguishing play, or none within the bounds), the
refutations certified (one per depth and turn bound below it, each DRAT proof checked by carve's
checker; for 001, "(K by the scope theorem)": K of them over the reduced scope, where the whole
universe's formula is too large to write), the wall time and peak memory of the run (medians of --repeats runs, /usr/bin/time's
maximum resident set), and the seconds per turn bound at the last depth (the search's solves, then
the certificate: fresh refutation with a DRAT trace and its check; medians over the repeats).
With --write-cases, each distinguishing play is also written by `carve diff --write-case` (first
repeat) and the folder judged by `carve check` ("cases ok" in the table, else the failure).
With --bounds BINARY (build/bench/diff/carve_diff_sat_bounds), a second table: the pairs whose
first difference is not at turn 1, at each depth *alone* (carve diff builds a depth's formulas
only when no smaller depth parts the readings), every turn bound up to the first difference or
--play-turns: the formula's size, lemmas, the search's seconds and the certificate's (median of
--repeats), within --timeout seconds a run.
With --triangle, the same table for document 001: readings of spec/triangle.carve (its five
profiles and their single-switch changes) at the variable counts --depths lists (`--vars N`: one
type, R_Δ = R_∇ = {(t,t,t)}), the SAT search over the hypergraph encoding's frames.
usage: bench/diff/sat_plays.py [--carve build/cli/carve] [--depths 3,4] [--play-turns 6] [--repeats 3]
                               [--timeout 300] [--memory-limit 2048] [--only "SUBSTRING[;SUBSTRING...]"] [--write-cases]
                               [--bounds build/bench/diff/carve_diff_sat_bounds] [--triangle] [--jobs N]
--jobs N passes carve diff --jobs N (the turn bounds of a depth refuted side by side).
"""
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
TRIANGLE = "spec/triangle.carve"
PROFILES_001 = {
    "literal": {"path": "walk", "density": "subsequence", "duplicate": "merge", "virtual-scope": "universe", "start-win": "yes",
                "reroot": "allow", "iso": "incidence"},
}
PROFILES_001["simple"] = {**PROFILES_001["literal"], "path": "simple", "density": "factor"}
PROFILES_001["trail"] = {**PROFILES_001["literal"], "path": "trail", "density": "factor"}
PROFILES_001["cycle"] = {**PROFILES_001["literal"], "path": "simple-or-cycle", "density": "factor"}
PROFILES_001["lenient"] = {**PROFILES_001["literal"], "density": "factor", "virtual-scope": "formulas"}
VALUES_001 = {"path": VALUES["path"], "density": VALUES["density"], "duplicate": VALUES["duplicate"],
              "virtual-scope": ["universe", "formulas"], "start-win": VALUES["start-win"], "reroot": VALUES["reroot"], "iso": VALUES["iso"]}
DOC = {"spec": TREE, "scope": "--depth", "profiles": PROFILES, "values": VALUES}


def pairs():
    profiles, switches = DOC["profiles"], DOC["values"]
    for a, b in itertools.combinations(profiles, 2):
        yield a, ["--with-profile", b], f"{a} | {b}"
    for a, reading in profiles.items():
        for switch, values in switches.items():
            for v in values:
                if v != reading[switch]:
                    yield a, ["--with-set", f"{switch}={v}"], f"{a} | {a}, {switch}={v}"


def run(carve, a, b_args, depth, turns, timeout, memory, write_cases=False, jobs=1):
    with tempfile.TemporaryDirectory() as tmp:
        timing = os.path.join(tmp, "time")
        cases = os.path.join(tmp, "cases")
        args = ["/usr/bin/time", "-f", "%e %M", "-o", timing, carve, "diff", DOC["spec"], "--profile", a, *b_args, DOC["scope"], str(depth),
                "--target", "K1", "--turns", str(turns), "--play-turns", str(turns), "--no-verdicts", "--json",
                "--timeout", str(timeout), "--memory-limit", str(memory)]
        if jobs > 1:
            args += ["--jobs", str(jobs)]
        if write_cases:
            args += ["--write-case", cases]
        p = subprocess.run(args, cwd=ROOT, capture_output=True, text=True)
        wall, kb = open(timing).read().split()[-2:]
        if write_cases and p.returncode == 0 and os.path.isdir(cases) and any(f.endswith(".case") for f in os.listdir(cases)):
            c = subprocess.run([carve, "check", cases], cwd=ROOT, capture_output=True, text=True)
            n = len([f for f in os.listdir(cases) if f.endswith(".case")])
            checked = f"{n} cases ok" if c.returncode == 0 else f"check failed: {(c.stdout + c.stderr).strip().splitlines()[-1:]}"
        elif write_cases:
            checked = "no difference, no case"
        else:
            checked = ""
    if p.returncode != 0:
        return None, float(wall), int(kb), (p.stderr.strip().splitlines() or [f"exit {p.returncode}"])[-1]
    return json.loads(p.stdout)["plays"], float(wall), int(kb), checked


def found(pl):
    if pl["status"] == "found":
        d = pl["difference"]
        scope = "depth" if DOC["scope"] == "--depth" else "variables"
        open_ = "" if d.get("shortest", True) else " (not shown shortest: a limit cut the bounds below)"
        return f"{scope} {d['scope']}, {d['turns']} turn(s): {d['rejected_by']} rejects ({d['rule']}){open_}"
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
    ap.add_argument("--only", default="", help="run the pairs whose label holds one of these substrings, separated by ';'")
    ap.add_argument("--write-cases", action="store_true")
    ap.add_argument("--jobs", type=int, default=1, help="carve diff --jobs: turn bounds of a depth refuted side by side")
    ap.add_argument("--bounds", default="")
    ap.add_argument("--triangle", action="store_true")
    o = ap.parse_args()
    if o.triangle:
        DOC.update(spec=TRIANGLE, scope="--vars", profiles=PROFILES_001, values=VALUES_001)
        if o.bounds:
            ap.error("--bounds builds document 000's formulas only")
    if o.bounds:
        return bounds_table(o)
    scope = "D" if DOC["scope"] == "--depth" else "N"
    print(f"| A | B | {scope} | plays found | certified | wall s | peak MB | s per turn bound at the last scope |"
          + (" cases |" if o.write_cases else ""))
    print("|---|---|---|---|---|---|---|---|" + ("---|" if o.write_cases else ""))
    for a, b_args, label in pairs():
        if not any(part in label for part in o.only.split(";")):
            continue
        for depth in [int(d) for d in o.depths.split(",")]:
            results = [run(o.carve, a, b_args, depth, o.play_turns, o.timeout, o.memory_limit, o.write_cases and i == 0, o.jobs)
                       for i in range(o.repeats)]
            ok = [r[0] for r in results if r[0] is not None]
            what = found(ok[0]) if ok else f"error: {results[0][3]}"
            if len({found(r) for r in ok}) > 1:
                what += " (runs differ: " + "; ".join(sorted({found(r) for r in ok})) + ")"
            certs = f"{ok[0].get('certified', 0)} of {len(ok[0].get('certificates', []))}" if ok else "-"
            if ok and ok[0].get("certified_by_symmetry"):
                certs += f" ({ok[0]['certified_by_symmetry']} by the scope theorem)"
            wall = statistics.median(r[1] for r in results)
            mb = statistics.median(r[2] for r in results) / 1024
            last = max((c["scope"] for c in ok[0].get("certificates", [])), default=depth) if ok else depth
            a_label, b_label = label.split(" | ")
            print(f"| {a_label} | {b_label} | {depth} | {what} | {certs} | {wall:.2f} | {mb:.0f} | {per_bound(ok, last)} |"
                  + (f" {results[0][3] if ok else '-'} |" if o.write_cases else ""), flush=True)


def bounds_table(o):
    print("| A | B | D | answer | t | variables | clauses | lemmas | search s | certificate s | certified | peak MB |")
    print("|---|---|---|---|---|---|---|---|---|---|---|---|")
    for a, b_args, label in pairs():
        if not any(part in label for part in o.only.split(";")):
            continue
        b = b_args[1] if b_args[0] == "--with-profile" else a
        sets = [b_args[1]] if b_args[0] == "--with-set" else []
        for depth in [int(d) for d in o.depths.split(",")]:
            runs = []
            for _ in range(o.repeats):
                with tempfile.TemporaryDirectory() as tmp:
                    timing = os.path.join(tmp, "time")
                    try:
                        env = {**os.environ, "CARVE_BOUNDS_TIMEOUT": str(o.timeout), "CARVE_BOUNDS_MEMORY": str(o.memory_limit)}
                        p = subprocess.run(["/usr/bin/time", "-f", "%M", "-o", timing, o.bounds, TREE, str(depth), str(o.play_turns), a, b,
                                            *sets], cwd=ROOT, capture_output=True, text=True, timeout=o.timeout + 60, env=env)
                        runs.append((json.loads(p.stdout.splitlines()[-1]), int(open(timing).read().split()[-1])))
                    except subprocess.TimeoutExpired:
                        runs.append((None, 0))
            done = [r for r in runs if r[0] is not None]
            a_label, b_label = label.split(" | ")
            if not done:
                print(f"| {a_label} | {b_label} | {depth} | no answer within {o.timeout:.0f} s | | | | | | | | |", flush=True)
                continue
            j = done[0][0]
            answer = {"found": f"found at {j.get('found_turns')} turns", "none": f"none within {o.play_turns} turns",
                      "unknown": f"limit after {len(j['bounds'])} bounds ({j['reason']})"}[j["status"]]
            answer += f" ({len(done)} of {len(runs)} runs within {o.timeout:.0f} s)" if len(done) < len(runs) else ""
            mb = statistics.median(r[1] for r in done) / 1024
            if j["status"] == "found" and j["found_turns"] == 1:
                continue  # parts at turn 1: nothing to refute at this depth
            if j.get("shortest_open"):
                answer += " (not shown shortest: a limit cut the bounds below)"
            if not j["bounds"]:
                print(f"| {a_label} | {b_label} | {depth} | {answer} | - | | | | | | no bound refuted within {o.timeout:.0f} s | {mb:.0f} |",
                      flush=True)
            for i, bnd in enumerate(j["bounds"]):
                med = lambda key: statistics.median(r[0]["bounds"][i][key] for r in done if len(r[0]["bounds"]) > i)
                print(f"| {a_label} | {b_label} | {depth} | {answer} | {bnd['turns']} | {bnd['variables']} | {bnd['clauses']} | "
                      f"{bnd['lemmas']} | {med('solve_seconds'):.2f} | {med('certificate_seconds'):.2f} | {bnd['certified']} | {mb:.0f} |",
                      flush=True)


if __name__ == "__main__":
    main()
