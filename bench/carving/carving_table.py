#!/usr/bin/env python3
"""Explicit-search table for document 000: every target under every profile, k turns, depth D.

Prints verdict, shortest turns, seconds (median over --repeats runs), states explored,
states per second and peak memory, one row per (depth, profile, target). Instances that hit
--timeout answer `unknown`, which the table shows as such.

usage: bench/carving/carving_table.py [--carve build/cli/carve] [--engine explicit|sat] [--depths 3,4] [--turns 3]
                                      [--profiles simple,trail,cycle,literal,lenient] [--repeats 3] [--timeout 60]
"""
import argparse, json, statistics, subprocess

TARGETS = ["K1", "K2", "P3", "P4", "K3", "C4", "K1,3"]

def run(carve, depth, profile, target, turns, timeout, engine):
    out = subprocess.run([carve, "solve", "spec/binary_tree.carve", "--target", target, "--turns", str(turns),
                          "--depth", str(depth), "--profile", profile, "--json", "--timeout", str(timeout),
                          "--engine", engine],
                         capture_output=True, text=True)
    return json.loads(out.stdout)

def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--carve", default="build/cli/carve")
    ap.add_argument("--depths", default="3,4")
    ap.add_argument("--turns", type=int, default=3)
    ap.add_argument("--profiles", default="simple,trail,cycle,literal,lenient")
    ap.add_argument("--targets", default=",".join(TARGETS).replace("K1,3", "K13"))
    ap.add_argument("--repeats", type=int, default=3)
    ap.add_argument("--timeout", type=float, default=60)
    ap.add_argument("--engine", default="explicit")
    a = ap.parse_args()
    targets = [t if t != "K13" else "K1,3" for t in a.targets.split(",")]
    print(f"{'D':>2} {'profile':<8} {'target':<5} {'verdict':<8} {'turns':>5} {'seconds':>8} {'states':>8} {'states/s':>9} {'MB':>5}")
    for d in map(int, a.depths.split(",")):
        for p in a.profiles.split(","):
            for t in targets:
                runs = [run(a.carve, d, p, t, a.turns, a.timeout, a.engine) for _ in range(a.repeats)]
                secs = statistics.median(r["seconds"] for r in runs)
                r = runs[0]
                rate = (r.get("states") or 0) / secs if secs > 0 else float("inf")
                turns = "-" if r["turns"] is None else r["turns"]
                print(f"{d:>2} {p:<8} {t:<5} {r['verdict']:<8} {turns:>5} {secs:>8.2f} {r.get('states') or 0:>8} {rate:>9.0f} {max(x.get('peak_memory_mb') or 0 for x in runs):>5}",
                      flush=True)

main()
