#!/usr/bin/env python3
"""Document 001 (spec/triangle.carve, --vars N: N variables of one type): explicit search, the SAT
engine (CaDiCaL) and the SMT engine (Z3, the same encoding and search), measured in the same run,
medians of --repeats runs each.

One row per (profile, variables, k, target): the answer of each engine (they must agree where they
answer; a disagreement prints MISMATCH and the script exits 1), the encoding's size (variables,
clauses of the formula at the last frame, stability lemmas; from the SAT run), the median seconds
of each engine and explicit/SAT. An engine that hits --timeout shows `unknown` and is not
repeated; it is skipped ('-') for larger k of the same profile, variables and target.

usage: bench/hypergraph/hypergraph_table.py [--carve build/cli/carve] [--vars 2,3,4,5] [--turns 1,2,3,4]
                                            [--profiles simple] [--targets ...] [--engines explicit,sat,smt]
                                            [--repeats 3] [--timeout 60]
"""
import argparse, json, statistics, subprocess, sys

def run(carve, engine, n, k, profile, target, timeout):
    out = subprocess.run([carve, "solve", "spec/triangle.carve", "--target", target, "--turns", str(k), "--vars", str(n),
                          "--profile", profile, "--engine", engine, "--json", "--quiet", "--timeout", str(timeout)],
                         capture_output=True, text=True)
    if out.returncode != 0:
        raise SystemExit(f"carve exited {out.returncode}: {out.stderr.strip()}")
    return json.loads(out.stdout)

def answer(r):
    return r["verdict"] if r["turns"] is None else f"{r['verdict']} {r['turns']}"

def measure(a, engine, n, k, p, t):
    """(answer, median seconds, first run's JSON); a run that answers unknown is not repeated."""
    runs = [run(a.carve, engine, n, k, p, t, a.timeout)]
    while len(runs) < a.repeats and runs[0]["verdict"] != "unknown":
        runs.append(run(a.carve, engine, n, k, p, t, a.timeout))
    return answer(runs[0]), statistics.median(r["seconds"] for r in runs), runs[0]

def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--carve", default="build/cli/carve")
    ap.add_argument("--vars", default="2,3,4,5")
    ap.add_argument("--turns", default="1,2,3,4")
    ap.add_argument("--profiles", default="simple")
    ap.add_argument("--targets", default="{a,b};{a,b},{b,c};{a,b,c},{c,d}")
    ap.add_argument("--engines", default="explicit,sat,smt")
    ap.add_argument("--repeats", type=int, default=3)
    ap.add_argument("--timeout", type=float, default=60)
    a = ap.parse_args()
    engines = a.engines.split(",")
    if "sat" not in engines:
        raise SystemExit("--engines must include sat (the encoding's size comes from its run)")
    print(f"{'profile':<8} {'n':>2} {'k':>2} {'target':<18} " + " ".join(f"{e:<10}" for e in engines) +
          f" {'variables':>9} {'clauses':>9} {'lemmas':>6} " + " ".join(f"{e + ' s':>10}" for e in engines) + f" {'expl/sat':>8}")
    mismatches = 0
    for p in a.profiles.split(","):
        for n in map(int, a.vars.split(",")):
            for t in a.targets.split(";"):
                timed_out = set()
                for k in map(int, a.turns.split(",")):
                    got = {}
                    for e in engines:
                        got[e] = ("-", None, None) if e in timed_out else measure(a, e, n, k, p, t)
                        if got[e][0] == "unknown":
                            timed_out.add(e)
                    answers = {v[0] for v in got.values() if v[0] not in ("-", "unknown")}
                    enc = got["sat"][2]["encoding"] if got["sat"][2] else None
                    esec, ssec = got.get("explicit", ("-", None))[1], got["sat"][1]
                    ratio = f"{esec / ssec:.1f}" if esec and ssec and got["explicit"][0] != "unknown" else "-"
                    row = (f"{p:<8} {n:>2} {k:>2} {t:<18} " + " ".join(f"{got[e][0]:<10}" for e in engines) +
                           f" {(enc['variables'] if enc else '-'):>9} {(enc['clauses'] if enc else '-'):>9} {(enc['lemmas'] if enc else '-'):>6} " +
                           " ".join(f"{('-' if got[e][1] is None else format(got[e][1], '.3f')):>10}" for e in engines) + f" {ratio:>8}")
                    if len(answers) > 1:
                        mismatches += 1
                        row += "  MISMATCH"
                    print(row, flush=True)
    sys.exit(1 if mismatches else 0)

main()
