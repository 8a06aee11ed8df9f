#!/usr/bin/env python3
"""The symbolic engines side by side on document 000: sat (CaDiCaL) and smt (Z3, the same
encoding and search) -- and explicit search if asked -- on the same instances in the same run,
the engines interleaved per repeat so that machine load hits them alike. Seconds are medians
of --repeats runs; the ratio column is smt/sat. Rows whose engines disagree are marked DISAGREE.

Engine smt-native is smt with at-most-one as Z3's native atmost (--z3-native-cardinality).

usage: bench/carving/backends_table.py [--carve build/cli/carve] [--engines sat,smt,smt-native] [--depths 3,4]
                                      [--profiles simple,trail,cycle,literal,lenient] [--targets K1,P3,...]
                                      [--turns 3] [--repeats 3] [--timeout 120]
"""
import argparse, json, statistics, subprocess

def run(carve, engine, depth, profile, target, turns, timeout):
    # smt-native: the smt engine with at-most-one as Z3's native atmost instead of clauses.
    flags = ["--engine", "smt", "--z3-native-cardinality"] if engine == "smt-native" else ["--engine", engine]
    out = subprocess.run([carve, "solve", "spec/binary_tree.carve", "--target", target, "--turns", str(turns),
                          "--depth", str(depth), "--profile", profile, "--json", "--timeout", str(timeout)] + flags,
                         capture_output=True, text=True)
    return json.loads(out.stdout)

def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--carve", default="build/cli/carve")
    ap.add_argument("--engines", default="sat,smt")
    ap.add_argument("--depths", default="3,4")
    ap.add_argument("--turns", type=int, default=3)
    ap.add_argument("--profiles", default="simple,trail,cycle,literal,lenient")
    ap.add_argument("--targets", default="K1,K2,P3,P4,K3,C4,K13")
    ap.add_argument("--repeats", type=int, default=3)
    ap.add_argument("--timeout", type=float, default=120)
    a = ap.parse_args()
    engines = a.engines.split(",")
    targets = [t if t != "K13" else "K1,3" for t in a.targets.split(",")]
    print(f"{'D':>2} {'profile':<8} {'target':<5} {'k':>2} {'verdict':<8} {'turns':>5} {'vars':>8} {'clauses':>9} "
          + " ".join(f"{e + ' s':>9}" for e in engines) + (f" {'smt/sat':>8}" if {"sat", "smt"} <= set(engines) else ""))
    for d in map(int, a.depths.split(",")):
        for p in a.profiles.split(","):
            for t in targets:
                runs = {e: [] for e in engines}
                for _ in range(a.repeats):
                    for e in engines:
                        runs[e].append(run(a.carve, e, d, p, t, a.turns, a.timeout))
                secs = {e: statistics.median(r["seconds"] for r in runs[e]) for e in engines}
                answers = {(r["verdict"], r["turns"]) for e in engines for r in runs[e] if r["verdict"] != "unknown"}
                first = runs[engines[0]][0]
                enc = next((r["encoding"] for e in engines for r in runs[e] if "encoding" in r), {})
                turns = "-" if first["turns"] is None else first["turns"]
                line = (f"{d:>2} {p:<8} {t:<5} {a.turns:>2} {first['verdict']:<8} {turns:>5} {enc.get('variables', 0):>8} "
                        f"{enc.get('clauses', 0):>9} " + " ".join(f"{secs[e]:>9.2f}" for e in engines))
                if {"sat", "smt"} <= set(engines):
                    line += f" {secs['smt'] / secs['sat']:>8.2f}" if secs["sat"] > 0 else f" {'-':>8}"
                if len(answers) > 1:
                    line += "  DISAGREE " + str(sorted(answers, key=str))
                print(line, flush=True)

main()
