#!/usr/bin/env python3
"""Document 001 (spec/triangle.carve, --vars N: N variables of one type): the SAT engine against
explicit search, measured in the same run, medians of --repeats runs each.

One row per (profile, variables, k, target): the verdict and turns of each engine (they must
agree where both answer), the SAT encoding's size (variables, clauses of the formula at the
last frame, stability lemmas), the median seconds of each engine and explicit/SAT.
An engine that hits --timeout shows `unknown`.

usage: bench/hypergraph/hypergraph_table.py [--carve build/cli/carve] [--vars 2,3,4,5] [--turns 1,2,3,4]
                                            [--profiles simple] [--targets ...] [--repeats 3] [--timeout 60]
"""
import argparse, json, statistics, subprocess

def run(carve, engine, n, k, profile, target, timeout):
    out = subprocess.run([carve, "solve", "spec/triangle.carve", "--target", target, "--turns", str(k), "--vars", str(n),
                          "--profile", profile, "--engine", engine, "--json", "--timeout", str(timeout)],
                         capture_output=True, text=True)
    if out.returncode != 0:
        raise SystemExit(f"carve exited {out.returncode}: {out.stderr.strip()}")
    return json.loads(out.stdout)

def answer(r):
    return r["verdict"] if r["turns"] is None else f"{r['verdict']} {r['turns']}"

def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--carve", default="build/cli/carve")
    ap.add_argument("--vars", default="2,3,4,5")
    ap.add_argument("--turns", default="1,2,3,4")
    ap.add_argument("--profiles", default="simple")
    ap.add_argument("--targets", default="{a,b};{a,b},{b,c};{a,b,c},{c,d}")
    ap.add_argument("--repeats", type=int, default=3)
    ap.add_argument("--timeout", type=float, default=60)
    ap.add_argument("--no-explicit", action="store_true", help="SAT only (explicit search shown as '-')")
    a = ap.parse_args()
    print(f"{'profile':<8} {'n':>2} {'k':>2} {'target':<18} {'explicit':<10} {'sat':<10} {'variables':>9} {'clauses':>9} "
          f"{'lemmas':>6} {'explicit s':>10} {'sat s':>8} {'ratio':>7}")
    for p in a.profiles.split(","):
        for n in map(int, a.vars.split(",")):
            for k in map(int, a.turns.split(",")):
                for t in a.targets.split(";"):
                    sat = [run(a.carve, "sat", n, k, p, t, a.timeout) for _ in range(a.repeats)]
                    ssec = statistics.median(r["seconds"] for r in sat)
                    if a.no_explicit:
                        exp, esec, ratio, eans = None, None, "-", "-"
                    else:
                        exp = [run(a.carve, "explicit", n, k, p, t, a.timeout) for _ in range(a.repeats)]
                        esec = statistics.median(r["seconds"] for r in exp)
                        eans = answer(exp[0])
                        ratio = f"{esec / ssec:.1f}" if ssec > 0 and exp[0]["verdict"] != "unknown" else "-"
                    enc = sat[0]["encoding"]
                    print(f"{p:<8} {n:>2} {k:>2} {t:<18} {eans:<10} {answer(sat[0]):<10} {enc['variables']:>9} {enc['clauses']:>9} "
                          f"{enc['lemmas']:>6} {('-' if esec is None else f'{esec:.3f}'):>10} {ssec:>8.3f} {ratio:>7}", flush=True)

main()
