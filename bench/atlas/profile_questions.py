#!/usr/bin/env python3
"""Where an atlas question's time goes, and two carve binaries compared on the same questions.

Each question (target x profile at depth D) is answered as a one-question atlas by
`carve atlas run DIR --job 0`: the search (iterative deepening, sat engine), then the certificate
of the no-win one turn shorter -- its formula built and written, the fresh CaDiCaL solve with a
DRAT trace (proof writing included), the DRAT check. The record's seconds give the split; the
process's CPU seconds (getrusage of the child) are measured too, since wall seconds on a shared
machine mostly measure the load. With --before OLD, every repeat runs both binaries, alternating
which goes first, and the table gives medians and the ratio after/before of the same run.

Usage: profile_questions.py [--carve NEW] [--before OLD] [--targets C5,P5,K1,4] [--profiles literal,cycle,trail]
                            [--depth 4] [--repeats 3] [--timeout 300]
"""
import argparse, json, os, resource, statistics, subprocess, sys, tempfile, time


def answer(carve, spec, target, profile, depth, timeout):
    """One question answered in a fresh folder: (record, cpu seconds, wall seconds)."""
    with tempfile.TemporaryDirectory(prefix="carve-profile-") as d:
        plan = [carve, "atlas", "plan", spec, "--dir", d, "--target", target, "--profiles", profile,
                "--depths", str(depth), "--timeout", str(timeout), "--drop-proofs"]
        subprocess.run(plan, check=True, capture_output=True)
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.monotonic()
        out = subprocess.run([carve, "atlas", "run", d, "--job", "0", "--quiet"], capture_output=True, text=True)
        wall = time.monotonic() - start
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        if out.returncode != 0:
            sys.exit(f"{target} {profile}: exit {out.returncode}\n{out.stderr[-2000:]}")
        with open(os.path.join(d, "parts", "job-000000.json")) as f:
            record = json.load(f)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return record, cpu, wall


def parts(record):
    """search, certificate build+write, certificate solve (DRAT traced), check -- wall seconds."""
    s = record["seconds"]
    c = record.get("certificate") or {}
    solve, check = c.get("solve_seconds", 0.0), c.get("check_seconds", 0.0)
    return {"search": s["search"], "build": max(0.0, s["certify"] - solve - check), "solve": solve, "check": check,
            "proof_mb": c.get("proof_bytes", 0) / 1e6}


def answer_text(r):
    if r["status"] in ("certified", "win"):
        return f'{r["turns"]} {r["status"]}'
    return f'{r["status"]} >={r["lower_bound"]}'


def main():
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--carve", default=os.path.join(root, "build/cli/carve"))
    ap.add_argument("--before", help="a second carve binary (e.g. built from the commit before a change)")
    ap.add_argument("--spec", default=os.path.join(root, "spec/binary_tree.carve"))
    ap.add_argument("--targets", default="C5,P5,K1,4")
    ap.add_argument("--profiles", default="literal,cycle,trail")
    ap.add_argument("--depth", type=int, default=4)
    ap.add_argument("--repeats", type=int, default=3)
    ap.add_argument("--timeout", type=float, default=300)
    a = ap.parse_args()
    targets = [t for t in a.targets.replace("K1,", "K1;").split(",")]
    targets = [t.replace("K1;", "K1,") for t in targets]
    binaries = [("after", a.carve)] + ([("before", a.before)] if a.before else [])
    print(f"# depth {a.depth}, {a.repeats} repeats, load average at start {os.getloadavg()[0]:.1f}")
    print("| target | profile | binary | answer | CPU s | wall s | search | cert build+write | cert solve (DRAT) | check | proof MB | CPU after/before |")
    print("|---|---|---|---|---|---|---|---|---|---|---|---|")
    for target in targets:
        for profile in a.profiles.split(","):
            runs = {name: [] for name, _ in binaries}
            for r in range(a.repeats):
                order = binaries if r % 2 == 0 else list(reversed(binaries))
                for name, carve in order:
                    runs[name].append(answer(carve, a.spec, target, profile, a.depth, a.timeout))
            answers = {name: {answer_text(x[0]) for x in runs[name]} for name in runs}
            med = {name: statistics.median(x[1] for x in runs[name]) for name in runs}
            for name, _ in binaries:
                rs = runs[name]
                p = {k: statistics.median(parts(x[0])[k] for x in rs) for k in ("search", "build", "solve", "check", "proof_mb")}
                ratio = f'{med["after"] / med["before"]:.2f}' if a.before and name == "after" and med["before"] > 0 else ""
                print(f'| {target} | {profile} | {name} | {", ".join(sorted(answers[name]))} | {med[name]:.1f} | '
                      f'{statistics.median(x[2] for x in rs):.1f} | {p["search"]:.1f} | {p["build"]:.1f} | {p["solve"]:.1f} | '
                      f'{p["check"]:.1f} | {p["proof_mb"]:.0f} | {ratio} |', flush=True)
            if a.before and answers["after"] != answers["before"]:
                print(f"MISMATCH {target} {profile}: {answers}", flush=True)
    print(f"# load average at end {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
