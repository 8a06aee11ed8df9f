#!/usr/bin/env python3
"""Issue 18's acceptance table: answers about the infinite tree of document 000 (carve solve
--depth any, the shape engine of docs/infinite-tree.md) against the depth-bounded SAT engine.

For every profile and target: k, the shortest carving the bounded SAT engine finds at depth 4
(--turns up to --max-turns); then on the infinite tree
  - "no win within k - 1 turns at any depth": --depth any --turns k-1 --proof (the DRAT proof of
    the shape formula, checked by carve's checker), and
  - "win in k": --depth any --turns k, the witness replayed on its shape (and on the truncated
    tree when the shape is at most 7 deep);
and the bounded SAT engine at depths --depths (default 4..8) on "within k turns", each with its
verdict, shortest turns, formula size and CPU seconds. Agreement is checked: a bounded win in j
turns must have j = k (the infinite tree's shortest is k and no bounded win can be shorter); a
bounded no-win within k is allowed only when the infinite win's shape is deeper than that depth.
A disagreement is printed as MISMATCH and makes the exit code 1. Seconds are CPU seconds of the
carve process (user + system; the machine is shared, timeouts are wall-clock).

Every row is also appended as a JSON line to --log, so a long run can be resumed (--resume skips
rows already logged) and summarised. --only runs some parts of a row (a long no-win can run beside
its cheap parts); --win-min-turns asks the win column about frame k alone (solve --min-turns k);
--proof-parts certifies each no-win by parts (solve --proof-parts), and an unknown one keeps the
parts it accepted in --proof-dir for the next run of the row (--again); the cell says how many parts
the certificate has and how many of them an earlier run made ("kept": their solve and check seconds
are in the row's solve_seconds and check_seconds, the cell's CPU seconds are this run's only).
A certified no-win's files are removed once its row is logged, unless --keep-proofs (then
`carve verify-certificate DIR/NAME.certificate.json` checks it again later).

usage: bench/infinite/infinite_table.py [--carve build/cli/carve] [--profiles literal,simple,trail,cycle,lenient]
       [--targets K1,K2,P3,P4,K3,C4,K1,3,P5,C5,K1,4] [--depths 4,5,6,7,8] [--max-turns 6]
       [--timeout 2400] [--bounded-timeout 180] [--log bench/infinite/infinite_table.jsonl] [--resume | --report | --sizes]
       [--proof-dir /tmp [--keep-proofs]] [--proof-parts [--part-jobs N] [--proof-in-memory]]
"""
import argparse, glob, json, os, resource, subprocess, sys

TARGETS = ["K1", "K2", "P3", "P4", "K3", "C4", "K1,3", "P5", "C5", "K1,4"]
PROFILES = ["literal", "simple", "trail", "cycle", "lenient"]


def run(carve, args, timeout):
    cmd = [carve, "solve", "spec/binary_tree.carve", "--json", "--timeout", str(timeout)] + args
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    try:
        out = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout + 120)
    except subprocess.TimeoutExpired:
        return {"verdict": "unknown", "reason": "killed", "cpu": None}
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime
    try:
        j = json.loads(out.stdout)
    except json.JSONDecodeError:
        return {"verdict": "error", "reason": (out.stderr or out.stdout).strip()[:300], "cpu": cpu, "exit": out.returncode}
    j["cpu"] = cpu
    j["exit"] = out.returncode
    return j


def brief(j):
    enc = j.get("encoding") or {}
    proof = j.get("proof") or {}
    shape = j.get("shape") or []
    return {"verdict": j.get("verdict"), "turns": j.get("turns"), "cpu": j.get("cpu"), "variables": enc.get("variables"),
            "clauses": enc.get("clauses"), "reason": j.get("reason"), "exit": j.get("exit"),
            "certified": proof.get("status") == "accepted" if proof else None, "proof_status": proof.get("status"),
            "proof_bytes": proof.get("proof_bytes"),
            "check_seconds": proof.get("check_seconds"), "solve_seconds": proof.get("solve_seconds"),
            "parts": len(proof.get("parts") or []) or None,
            "kept": sum(1 for part in proof.get("parts") or [] if part.get("reused")) or None,
            "shape_nodes": len(shape) if shape else None,
            "shape_depth": max((len(w) if w != "lambda" else 0) for w in shape) if shape else None}


def row(a, profile, target, prev=None):
    """The row's parts named by --only, the others kept from `prev` (the row logged before)."""
    base = ["--profile", profile, "--target", target]
    r = dict(prev) if prev else {"profile": profile, "target": target}
    if r.get("k") is None:
        d4 = brief(run(a.carve, base + ["--turns", str(a.max_turns), "--depth", "4", "--engine", "sat"], a.bounded_timeout))
        r["k"] = d4["turns"] if d4["verdict"] == "win" else None
    k = r["k"]
    if k is None:
        r["note"] = "no bounded win at depth 4 within {} turns".format(a.max_turns)
        return r
    if "nowin" in a.only:
        proof = os.path.join(a.proof_dir, "infinite_{}_{}_{}".format(profile, target.replace(",", ""), k - 1))
        parts = ["--proof-parts", "--jobs", str(a.part_jobs)] if a.proof_parts else []
        parts += ["--proof-in-memory"] if a.proof_parts and a.proof_in_memory else []
        r["nowin"] = brief(run(a.carve, base + ["--turns", str(k - 1), "--depth", "any", "--proof", proof] + parts, a.timeout))
        # Parts accepted by a run that a limit ended are kept: the same command run again (with this
        # --proof-dir) keeps them and makes only the rest (docs/infinite-tree.md, "Certificate by parts").
        if not a.keep_proofs and not (a.proof_parts and r["nowin"]["verdict"] == "unknown"):
            for name in glob.glob(glob.escape(proof) + ".*"):  # NAME.cnf, .drat, .certificate.json, .part-NN.*
                os.remove(name)
    if "win" in a.only:
        # --win-min-turns: only frame k is asked (the no-win at k - 1 is the other column's), so
        # the win's cost is not that of refuting every shorter frame again.
        first = ["--min-turns", str(k)] if a.win_min_turns else []
        r["win"] = brief(run(a.carve, base + ["--turns", str(k), "--depth", "any"] + first, a.timeout))
        r["win_min_turns"] = k if a.win_min_turns else None
    if "bounded" in a.only:
        r["bounded"] = dict(r.get("bounded") or {})  # other depths stay (keys are strings, as JSON has them)
        for d in a.depths:
            r["bounded"][str(d)] = brief(run(a.carve, base + ["--turns", str(k), "--depth", str(d), "--engine", "sat"], a.bounded_timeout))
    return r


def mismatches(r):
    out = []
    k = r.get("k")
    if k is None:
        return out
    nw, w = r.get("nowin") or {}, r.get("win") or {}
    if nw.get("verdict") == "win":
        out.append("the infinite tree has a win in {} < {} turns".format(nw["turns"], k))
    if w.get("verdict") == "no-win":
        out.append("the infinite tree has no win in {} turns, the depth-4 tree has one".format(k))
    if w.get("verdict") == "win" and w.get("turns") != k:
        out.append("the infinite tree's win has {} turns, not {}".format(w.get("turns"), k))
    for d, b in (r.get("bounded") or {}).items():
        if b["verdict"] == "win" and b["turns"] != k:
            out.append("depth {}: win in {} turns".format(d, b["turns"]))
        if b["verdict"] == "no-win" and w.get("verdict") == "win" and (w.get("shape_depth") or 0) <= int(d):
            out.append("depth {}: no-win although the infinite win fits in depth {}".format(d, w["shape_depth"]))
    return out


def cell(b):
    if not b:
        return "-"
    v = b["verdict"]
    cpu = "{:.1f}s".format(b["cpu"]) if b.get("cpu") is not None else "?"
    if v == "win":
        return "win {} {}".format(b["turns"], cpu)
    if v == "no-win":
        kept = ", {} kept".format(b["kept"]) if b.get("kept") else ""
        cert = (" cert ({} parts{})".format(b["parts"], kept) if b.get("parts") else " cert") if b.get("certified") else " ({})".format(b.get("proof_status") or "no cert") if b.get("certified") is False else ""
        return "no-win{} {}".format(cert, cpu)
    reason = (b.get("reason") or "")
    return "unknown ({}) {}".format("timeout" if "timeout" in reason or reason == "killed" else "memory" if "memory" in reason else reason[:30], cpu)


def size(b):
    if not b or b.get("variables") is None:
        return "-"
    return "{}k/{}k".format(round(b["variables"] / 1000), round(b["clauses"] / 1000))


def sizes(a, done):
    """Formula sizes (variables/clauses, thousands) and CPU seconds: the infinite-tree formula of
    the no-win at k-1 (certified) and of the win at k, against the bounded sat engine on "within k"."""
    print("| profile | target | k | any depth, k-1: vars/clauses, s | any depth, k | " +
          " | ".join("depth {}".format(d) for d in a.depths) + " |")
    print("|---|---|---|---|---|" + "---|" * len(a.depths))
    for (profile, target), r in done.items():
        if r.get("k") is None:
            continue
        def both(b):
            return "{} {}".format(size(b), "{:.1f}s".format(b["cpu"]) if b and b.get("cpu") is not None else "?")
        print("| {} | {} | {} | {} | {} | {} |".format(profile, target, r["k"], both(r.get("nowin")), both(r.get("win")), " | ".join(
            both((r.get("bounded") or {}).get(str(d))) for d in a.depths)))
    return 0


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--carve", default="build/cli/carve")
    p.add_argument("--profiles", default=",".join(PROFILES))
    p.add_argument("--targets", default=";".join(TARGETS), help="separated by ';' (targets contain commas)")
    p.add_argument("--depths", default="4,5,6,7,8")
    p.add_argument("--max-turns", type=int, default=6)
    p.add_argument("--timeout", type=int, default=2400)
    p.add_argument("--bounded-timeout", type=int, default=180)
    p.add_argument("--log", default="bench/infinite/infinite_table.jsonl")
    p.add_argument("--resume", action="store_true")
    p.add_argument("--proof-dir", default="/tmp")
    p.add_argument("--keep-proofs", action="store_true",
                   help="keep a certified no-win's files and manifest in --proof-dir (removed by default: gigabytes)")
    p.add_argument("--part-jobs", type=int, default=1, help="with --proof-parts: parts made at once (solve --jobs)")
    p.add_argument("--proof-parts", action="store_true",
                   help="certify each no-win by parts (solve --proof-parts: the last frame's collapse cubes, docs/infinite-tree.md)")
    p.add_argument("--proof-in-memory", action="store_true",
                   help="with --proof-parts: each part's proof held compressed in memory and checked there (solve "
                        "--proof-in-memory): no proof on disk, and nothing kept for a later run but the parts' CNFs")
    p.add_argument("--sizes", action="store_true", help="print the formula sizes of the logged rows and exit")
    p.add_argument("--report", action="store_true", help="print the table of the logged rows only (a row not run says so) and exit")
    p.add_argument("--only", default="nowin,win,bounded",
                   help="the parts of a row to run (nowin, win, bounded); a logged row keeps its other parts, and a row is "
                        "skipped by --resume only when it has every part asked")
    p.add_argument("--win-min-turns", action="store_true",
                   help="the win column asks frame k alone (solve --min-turns k): the shorter frames are the no-win's question")
    p.add_argument("--again", action="store_true",
                   help="with --resume: run the parts asked even when logged (a longer --bounded-timeout for --depths 7,8, say); "
                        "the row's other parts and depths stay")
    a = p.parse_args()
    a.only = set(a.only.split(","))
    a.depths = [int(d) for d in a.depths.split(",")]
    done = {}
    if (a.resume or a.report or a.sizes) and os.path.exists(a.log):
        for line in open(a.log):
            r = json.loads(line)
            key = (r["profile"], r["target"])
            if "win" in r:
                r.setdefault("win_min_turns", None)  # lines written before --win-min-turns asked every frame
            done[key] = {**done.get(key, {}), **r}  # a later line's parts replace, the others stay (--only)
    if a.sizes:
        return sizes(a, done)
    bad = 0
    print("| profile | target | k | no win in k-1, any depth | win in k, any depth (shape nodes/depth) | " +
          " | ".join("depth {}".format(d) for d in a.depths) + " |")
    print("|---|---|---|---|---|" + "---|" * len(a.depths))
    # Targets outer, profiles inner: under a CPU budget every profile gets the small targets first.
    for target in a.targets.split(";"):
        for profile in a.profiles.split(","):
            r = done.get((profile, target))
            if r is None and a.report:
                print("| {} | {} | | not run | not run |{}".format(profile, target, " |" * len(a.depths)), flush=True)
                continue
            if not a.report and (r is None or a.again or any(part not in r for part in a.only)):
                r = row(a, profile, target, r)
                with open(a.log, "a") as f:
                    f.write(json.dumps(r) + "\n")
            ms = mismatches(r)
            bad += bool(ms)
            w = r.get("win")
            shape = " ({}/{})".format(w["shape_nodes"], w["shape_depth"]) if w and w.get("shape_nodes") else ""
            alone = " (frame {} alone)".format(r["win_min_turns"]) if r.get("win_min_turns") else ""
            print("| {} | {} | {} | {} | {}{}{} | {} |{}".format(
                profile, target, r.get("k"), cell(r.get("nowin")), cell(w), alone, shape,
                " | ".join(cell((r.get("bounded") or {}).get(str(d))) for d in a.depths),
                " MISMATCH: " + "; ".join(ms) if ms else ""), flush=True)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
