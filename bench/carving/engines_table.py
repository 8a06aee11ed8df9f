#!/usr/bin/env python3
"""Issue 3's table for document 000: explicit search, the SAT engine (with and without its
symmetry breaking) and the SMT engine on the same instances, measured in the same run.

For every depth D, profile, target and k = 1..K: the verdict and shortest turns, the SAT
encoding's size (variables, clauses, of which symmetry clauses), and per engine the median
seconds over --repeats runs (the runs of one instance are interleaved engine by engine): CPU
seconds of the carve process (user + system) by default, which a loaded machine inflates far less
than wall-clock seconds; --clock wall prints the engines' own wall-clock seconds instead (timeouts
are always wall-clock, so on a loaded machine an instance can time out below its CPU budget). An
engine that hits its timeout shows `timeout` (and is not repeated, nor run for larger k of the
same depth, profile and target: it shows `skipped` there -- every engine's work grows with k,
so the larger k would time out too); an engine this build does not
have (`--engine smt` before the SMT back end exists) shows `n/a`. The ratio column is explicit
seconds / SAT seconds where both answered. `learned` is CaDiCaL's learned clauses (one per
conflict) with and without symmetry breaking: a measure of work that does not depend on load.

Every answer is checked: the engines must agree on verdict and turns wherever both answer
(a disagreement is printed as MISMATCH and makes the exit code 1).

usage: bench/carving/engines_table.py [--carve build/cli/carve] [--depths 4,5,6] [--profiles literal,simple]
       [--targets K1,K2,P3,P4,C4,K13] [--turns 1-6] [--engines explicit,sat,nosym,smt] [--repeats 3]
       [--explicit-timeout 60] [--sat-timeout 60] [--clock cpu|wall]
"""
import argparse, json, resource, statistics, subprocess, sys

TARGETS = "K1,K2,P3,P4,C4,K13"

def solve(carve, d, profile, target, k, engine, timeout):
    args = [carve, "solve", "spec/binary_tree.carve", "--target", target, "--turns", str(k), "--depth", str(d),
            "--profile", profile, "--json", "--timeout", str(timeout)]
    args += ["--engine", "sat", "--no-symmetry"] if engine == "nosym" else ["--engine", engine]
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    try:
        out = subprocess.run(args, capture_output=True, text=True, timeout=timeout + 30)
    except subprocess.TimeoutExpired:
        return {"verdict": "unknown", "seconds": None, "reason": "killed"}
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime
    if out.returncode == 2 and "not available" in out.stderr:
        return None
    if out.returncode != 0:
        return {"verdict": "error", "seconds": None, "reason": out.stderr.strip()[:200]}
    r = json.loads(out.stdout)
    r["cpu"] = cpu
    return r

CLOCK = "seconds"

def cell(runs):
    if runs is None:
        return "n/a"
    if runs == "skipped":
        return "skipped"
    if any(r["verdict"] in ("unknown", "error") for r in runs):
        return "timeout" if all(r["verdict"] != "error" for r in runs) else "error"
    return f"{statistics.median(r[CLOCK] for r in runs):.2f}"

def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--carve", default="build/cli/carve")
    ap.add_argument("--depths", default="4,5,6")
    ap.add_argument("--profiles", default="literal,simple")
    ap.add_argument("--targets", default=TARGETS)
    ap.add_argument("--turns", default="1-6")
    ap.add_argument("--engines", default="explicit,sat,nosym,smt")
    ap.add_argument("--repeats", type=int, default=3)
    ap.add_argument("--explicit-timeout", type=float, default=60)
    ap.add_argument("--sat-timeout", type=float, default=60)
    ap.add_argument("--clock", choices=["cpu", "wall"], default="cpu")
    a = ap.parse_args()
    global CLOCK
    CLOCK = "cpu" if a.clock == "cpu" else "seconds"
    lo, _, hi = a.turns.partition("-")
    turns = range(int(lo), int(hi or lo) + 1)
    engines = a.engines.split(",")
    targets = [t if t != "K13" else "K1,3" for t in a.targets.split(",")]
    cols = {"explicit": "explicit", "sat": "sat", "nosym": "sat-nosym", "smt": "smt"}
    head = f"{'D':>2} {'profile':<8} {'target':<5} {'k':>2} {'verdict':<8} {'turns':>5} {'vars':>8} {'clauses':>9} {'symcl':>7}"
    head += "".join(f" {cols[e]:>10}" for e in engines) + f" {'expl/sat':>8} {'learned':>9} {'nosym':>9}"
    print(f"# {a.clock} seconds, medians of {a.repeats}; timeouts (wall): explicit {a.explicit_timeout:g} s, sat/smt {a.sat_timeout:g} s", flush=True)
    print(head, flush=True)
    bad = 0
    for d in map(int, a.depths.split(",")):
        for p in a.profiles.split(","):
            for t in targets:
                timed_out = set()
                for k in turns:
                    runs = {e: [] for e in engines}
                    dead = set(timed_out)
                    for e in timed_out:
                        runs[e] = "skipped"
                    for _ in range(a.repeats):
                        for e in engines:
                            if e in dead:
                                continue
                            r = solve(a.carve, d, p, t, k, e, a.explicit_timeout if e == "explicit" else a.sat_timeout)
                            if r is None:
                                runs[e] = None
                                dead.add(e)
                                continue
                            runs[e].append(r)
                            if r["verdict"] in ("unknown", "error"):
                                dead.add(e)
                                timed_out.add(e)
                    answers = {e: (rs[0]["verdict"], rs[0]["turns"]) for e, rs in runs.items()
                               if rs and rs != "skipped" and rs[0]["verdict"] in ("win", "no-win")}
                    mismatch = len(set(answers.values())) > 1
                    bad += mismatch
                    verdict, tn = next(iter(answers.values()), ("unknown", None))
                    sat = (runs.get("sat") or [None])[0] if runs.get("sat") != "skipped" else None
                    enc = (sat or {}).get("encoding") or {}
                    nos = (runs.get("nosym") or [None])[0] if runs.get("nosym") != "skipped" else None
                    ratio = "-"
                    if cell(runs.get("explicit")) not in ("timeout", "n/a", "error", "skipped") and cell(runs.get("sat")) not in ("timeout", "n/a", "error", "skipped"):
                        es, ss = float(cell(runs["explicit"])), float(cell(runs["sat"]))
                        ratio = f"{es / ss:.1f}" if ss > 0 else "-"
                    line = f"{d:>2} {p:<8} {t:<5} {k:>2} {('MISMATCH' if mismatch else verdict):<8} {('-' if tn is None else tn):>5}"
                    line += f" {enc.get('variables', '-'):>8} {enc.get('clauses', '-'):>9} {enc.get('symmetry_clauses', '-'):>7}"
                    line += "".join(f" {cell(runs.get(e)):>10}" for e in engines)
                    line += f" {ratio:>8} {enc.get('learned_clauses', '-'):>9} {((nos or {}).get('encoding') or {}).get('learned_clauses', '-'):>9}"
                    print(line, flush=True)
    sys.exit(1 if bad else 0)

main()
