#!/usr/bin/env python3
"""carve play's hints: the time of `hint K` (K = 1..4) at depths 3-5, over states reached by real
plays -- S_0 and the states after 1 and 2 turns of the witnesses carve solve finds for the corpus's
000 questions (cases/binary_tree/PROFILE/TARGET_d4.case, the depth overridden). Each hint runs
--repeats times in one `carve play --text --json` session; a state's time is the median of its
repeats (the hint's own "seconds": both engines' race, the win replayed, no process start).
Prints one table row per depth and K and writes every measurement to --out (JSON lines).
usage: bench/play/hint_table.py [--carve build/cli/carve] [--repeats 3] [--timeout 20] [--out FILE]
                                [--profiles simple,trail,cycle,lenient,literal] [--targets p3,k13,p4,c4] [--depths 3,4,5]"""
import argparse
import json
import os
import statistics
import subprocess
import tempfile

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))


def witness(carve, profile, target, depth, folder):
    case = os.path.join(ROOT, "cases", "binary_tree", profile, f"{target}_d4.case")
    out = os.path.join(folder, f"{profile}-{target}-d{depth}.case")
    p = subprocess.run([carve, "solve", case, "--depth", str(depth), "--turns", "4", "--witness", out, "--json", "--timeout", "120"],
                       cwd=ROOT, capture_output=True, text=True)
    if p.returncode != 0 or json.loads(p.stdout)["verdict"] != "win":
        return None, 0
    return out, json.loads(p.stdout)["turns"]


def hints(carve, witness_file, turn, repeats, timeout):
    script = "redo\n" * turn + "".join(f"hint {k}\n" * repeats for k in range(1, 5))
    p = subprocess.run([carve, "play", "--text", "--json", "--timeout", str(timeout), witness_file], input=script, cwd=ROOT,
                       capture_output=True, text=True)
    rows = {}
    for line in p.stdout.splitlines():
        j = json.loads(line)
        if j.get("command") != "hint" or not j.get("ok"):
            continue
        h = j["hint"]
        rows.setdefault(h["within"], []).append((h["seconds"], h["verdict"], h["engine"]))
    return rows


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--carve", default=os.path.join(ROOT, "build", "cli", "carve"))
    ap.add_argument("--repeats", type=int, default=3)
    ap.add_argument("--timeout", type=float, default=20)
    ap.add_argument("--out", default=os.path.join(ROOT, "bench", "play", "hint_table.jsonl"))
    ap.add_argument("--profiles", default="simple,trail,cycle,lenient,literal")
    ap.add_argument("--targets", default="p3,k13,p4,c4")
    ap.add_argument("--depths", default="3,4,5")
    a = ap.parse_args()
    records = []
    with tempfile.TemporaryDirectory() as folder:
        for depth in [int(d) for d in a.depths.split(",")]:
            for profile in a.profiles.split(","):
                for target in a.targets.split(","):
                    w, length = witness(a.carve, profile, target, depth, folder)
                    if not w:
                        continue
                    for turn in range(0, min(2, length - 1) + 1):
                        for k, runs in sorted(hints(a.carve, w, turn, a.repeats, a.timeout).items()):
                            rec = {"depth": depth, "profile": profile, "target": target, "turn": turn, "K": k,
                                   "seconds": statistics.median(r[0] for r in runs), "runs": [r[0] for r in runs],
                                   "verdict": runs[0][1], "engine": runs[0][2]}
                            records.append(rec)
    with open(a.out, "w") as f:
        for r in records:
            f.write(json.dumps(r) + "\n")
    print(f"| depth | K | states | median s | max s | within 5 s | win / no-win / unknown |")
    print("|---|---|---|---|---|---|---|")
    for depth in sorted({r["depth"] for r in records}):
        for k in range(1, 5):
            rs = [r for r in records if r["depth"] == depth and r["K"] == k]
            if not rs:
                continue
            secs = [r["seconds"] for r in rs]
            v = [sum(r["verdict"] == x for r in rs) for x in ("win", "no-win", "unknown")]
            print(f"| {depth} | {k} | {len(rs)} | {statistics.median(secs):.2f} | {max(secs):.2f} | "
                  f"{sum(s <= 5 for s in secs)}/{len(rs)} | {v[0]} / {v[1]} / {v[2]} |")


if __name__ == "__main__":
    main()
