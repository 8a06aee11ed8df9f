#!/usr/bin/env python3
"""bench/certify/hard_eight.py: issue 37's goal 3 -- eight hard certified questions, each one's
certificate made (CaDiCaL in carve's configuration writing its DRAT proof) and checked (carve's
checker), measured as CPU seconds of solve + check, wall seconds, peak memory and peak disk, by
mode (how the certificate is made), repeats on the same build, medians reported.

The questions are named by the CNF carve certified them with: a part of a certificate by parts
(its ledger record, bench/certify/ledger/) or an atlas cell (its record in the atlas's
results.jsonl). Every CNF the bench runs is first compared with the SHA-256 in that record, so a
figure is always of the very formula carve certified; and each run's proof size is compared with
the record's (CaDiCaL is deterministic in carve's configuration, seed 0: a different size means a
different run, reported, never averaged in silence).

The measuring tool is carve_drat_solve_checking (bench/drat/solve_checking.cpp), one process a
run (its getrusage peak is the run's):
  file     today's way: the proof written whole to a file, then checked backward from it;
           peak disk = the CNF + the whole proof.
  forward  the proof checked forward as CaDiCaL writes it (a stream into a checking thread on
           the second core), nothing on disk; peak disk = the CNF.
  memory   the proof held compressed in memory as CaDiCaL writes it (zstd frames of whole steps,
           checkers/drat/compressed_proof.hpp), checked backward from there once CaDiCaL ends, as
           `file` checks it; nothing on disk; peak disk = the CNF.
Each run is appended to bench/certify/eight/runs.jsonl at once (commit it as it grows), and a
later invocation skips (question, mode, repeat) already recorded for the same tool binary: a
sweep of many hours resumes instead of starting over.

usage:
  hard_eight.py prepare --work W [--carve build-cc/cli/carve] [--only NAME,...]
      link or make each question's CNF into W/NAME.cnf (an atlas cell whose certificate files are
      not kept is asked again in a one-question atlas under W: `carve atlas plan` + `atlas run --job`)
  hard_eight.py measure --work W --tool build-cc/bench/drat/carve_drat_solve_checking
                        [--modes file,forward] [--repeats 3] [--only NAME,...] [--timeout S]
  hard_eight.py report [--out bench/certify/eight.md]
"""
import argparse
import datetime
import hashlib
import json
import os
import shutil
import socket
import statistics
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
RUNS = os.path.join(HERE, "eight", "runs.jsonl")

# The eight (issue 37, goal 3): two parts of the infinite tree's hardest certificate, the D = 5
# atlas's two slowest cells, and four of the slowest certified cells of the 6-vertex atlas under
# path=walk (literal, lenient: their certified formula is the rules' alone, the same bytes from
# one carve to the next; under trail and cycle it carries the lemmas the search learnt, and
# today's search makes C6's certificates of 76-82 MB in the record 15 MB: no longer hard).
# part: the ledger (bench/certify/ledger/NAME) and the part's number; its CNF is the one the
# ledger's command writes beside its --proof base (command.txt). atlas: the folder and the plan's
# question index; the record is the last one of that index with a certificate.
QUESTIONS = [
    {"name": "c5-lenient-part-00", "ledger": "c5-lenient-4", "part": 0},
    {"name": "c5-lenient-part-09", "ledger": "c5-lenient-4", "part": 9},
    {"name": "n5-d5-Dcurl-literal", "atlas": "atlases/000-n5-d5", "index": 145},
    {"name": "n5-d5-Dcurl-lenient", "atlas": "atlases/000-n5-d5", "index": 149},
    {"name": "n6-d4-K24-literal", "atlas": "atlases/000-n6-d4", "index": 195},
    {"name": "n6-d4-ECuw-lenient", "atlas": "atlases/000-n6-d4", "index": 244},
    {"name": "n6-d4-ECuw-literal", "atlas": "atlases/000-n6-d4", "index": 240},
    {"name": "n6-d4-ECzg-lenient", "atlas": "atlases/000-n6-d4", "index": 224},
]
MODES = ("file", "forward", "memory")


def fail(message):
    print(f"hard_eight: {message}", file=sys.stderr)
    sys.exit(2)


def sha256_of(path):
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def selected(only):
    if not only:
        return QUESTIONS
    names = only.split(",")
    unknown = [n for n in names if n not in {q["name"] for q in QUESTIONS}]
    if unknown:
        fail(f"--only: no question named {', '.join(unknown)} (the eight: {', '.join(q['name'] for q in QUESTIONS)})")
    return [q for q in QUESTIONS if q["name"] in names]


def record_of(q):
    """The record the question's CNF is certified by: (cnf_sha256, proof_bytes, solve_s, check_s, extra)."""
    if "ledger" in q:
        path = os.path.join(HERE, "ledger", q["ledger"], f"part-{q['part']:02d}.json")
        if not os.path.exists(path):
            fail(f"{q['name']}: no ledger record {os.path.relpath(path, ROOT)}")
        r = json.load(open(path))
        return {"cnf_sha256": r["cnf_sha256"], "proof_bytes": r["proof_bytes"], "solve_s": r["solve_seconds"],
                "check_s": r["check_seconds"], "by": r["accepted_by"]}
    path = os.path.join(ROOT, q["atlas"], "results.jsonl")
    last = None
    for line in open(path):
        r = json.loads(line)
        if r.get("index") == q["index"] and (r.get("certificate") or {}).get("certified"):
            last = r
    if last is None:
        fail(f"{q['name']}: no certified record of question {q['index']} in {os.path.relpath(path, ROOT)}")
    c = last["certificate"]
    return {"cnf_sha256": c["cnf_sha256"], "proof_bytes": c["proof_bytes"], "solve_s": c["solve_seconds"],
            "check_s": c["check_seconds"], "cnf": c["cnf"], "turns": c["turns"], "key": last["key"],
            "target": last["target"]["text"], "profile": last["profile"], "depth": last["depth"],
            "by": " ".join(last.get("command", [])[:1])}


def link(src, dst):
    if os.path.exists(dst):
        os.remove(dst)
    try:
        os.link(src, dst)
    except OSError:
        shutil.copyfile(src, dst)


def ask_atlas_again(q, rec, work, carve):
    """A one-question atlas under WORK with the cell's target, depth and the plan's turn bound, its
    question answered by `carve atlas run --job` (the atlas's own code, so the same CNF)."""
    src_plan = json.load(open(os.path.join(ROOT, q["atlas"], "plan.json")))
    settings = src_plan["settings"]
    folder = os.path.join(work, "atlas-" + q["name"])
    if not os.path.exists(os.path.join(folder, "plan.json")):
        spec = os.path.normpath(os.path.join(ROOT, q["atlas"], settings["spec"]))
        cmd = [carve, "atlas", "plan", spec, "--dir", folder, "--target", rec["target"], "--depths", str(rec["depth"]),
               "--max-turns", str(settings["max_turns"]), "--timeout", "3600"]
        print("hard_eight:", " ".join(cmd), file=sys.stderr)
        subprocess.run(cmd, check=True)
    if os.path.exists(os.path.join(folder, rec["cnf"])):  # asked already
        return os.path.join(folder, rec["cnf"])
    plan = json.load(open(os.path.join(folder, "plan.json")))
    match = [x for x in plan["questions"] if x["key"] == rec["key"]]
    if not match:
        fail(f"{q['name']}: the one-question plan has no question with key {rec['key']} (its plan changed?)")
    cmd = [carve, "atlas", "run", folder, "--job", str(match[0]["index"]), "--quiet"]
    print("hard_eight:", " ".join(cmd), file=sys.stderr)
    subprocess.run(cmd, check=True)
    return os.path.join(folder, rec["cnf"])


def prepare(args):
    os.makedirs(args.work, exist_ok=True)
    for q in selected(args.only):
        rec = record_of(q)
        dst = os.path.join(args.work, q["name"] + ".cnf")
        if os.path.exists(dst) and os.path.exists(dst[:-4] + ".json") and sha256_of(dst) == json.load(open(dst[:-4] + ".json"))["cnf_sha256"]:
            print(f"{q['name']}: {dst} (already there)")
            continue
        if "ledger" in q:
            command = open(os.path.join(HERE, "ledger", q["ledger"], "command.txt")).read().split()
            base = command[command.index("--proof") + 1]
            src = f"{base}.part-{q['part']:02d}.cnf"
            if not os.path.exists(src):
                fail(f"{q['name']}: {src} is not here: run the ledger's command (bench/certify/README.md) with an empty "
                     f"ledger folder and --proof {base}; it writes every part's CNF")
        else:
            src = os.path.join(ROOT, q["atlas"], rec["cnf"])
            if not os.path.exists(src) or sha256_of(src) != rec["cnf_sha256"]:
                src = ask_atlas_again(q, rec, args.work, args.carve)
        got = sha256_of(src)
        if got != rec["cnf_sha256"]:
            # Asked again by today's carve: the comment lines may differ from the record's file (a
            # newer header); whether the clauses are the same shows in every run's proof, which must
            # be the record's size (the same CaDiCaL run) -- measure records it, report shows it.
            print(f"{q['name']}: {src} has SHA-256 {got}, the record {rec['cnf_sha256']} (made by an older carve): "
                  "taken, each run's proof size is compared with the record's", file=sys.stderr)
        link(src, dst)
        with open(os.path.join(args.work, q["name"] + ".json"), "w") as f:
            json.dump({"cnf_sha256": got, "recorded_cnf_sha256": rec["cnf_sha256"], "source": src}, f, indent=1)
        print(f"{q['name']}: {dst} from {src}")


def recorded_runs():
    if not os.path.exists(RUNS):
        return []
    return [json.loads(line) for line in open(RUNS) if line.strip()]


def parse_tool_line(line):
    words = line.split()
    out = {"mode": words[0]}
    for k in range(1, len(words) - 1, 2):
        key, value = words[k], words[k + 1]
        try:
            out[key] = float(value) if "." in value else int(value)
        except ValueError:
            out[key] = value
    return out


def measure(args):
    tool_sha = sha256_of(args.tool)[:16]
    commit = subprocess.run(["git", "-C", ROOT, "rev-parse", "--short=12", "HEAD"], capture_output=True, text=True).stdout.strip()
    modes = args.modes.split(",")
    bad = [m for m in modes if m not in MODES]
    if bad:
        fail(f"--modes: {', '.join(bad)} is not a mode (the modes: {', '.join(MODES)})")
    done = {(r["question"], r["mode"], r["repeat"]) for r in recorded_runs() if r.get("tool_sha256") == tool_sha}
    os.makedirs(os.path.dirname(RUNS), exist_ok=True)
    for q in selected(args.only):
        rec = record_of(q)
        cnf = os.path.join(args.work, q["name"] + ".cnf")
        prepared = os.path.join(args.work, q["name"] + ".json")
        if not os.path.exists(cnf) or not os.path.exists(prepared):
            fail(f"{q['name']}: {cnf} is not prepared: run `hard_eight.py prepare` first")
        cnf_sha = sha256_of(cnf)
        if cnf_sha != json.load(open(prepared))["cnf_sha256"]:
            fail(f"{q['name']}: {cnf} changed since `hard_eight.py prepare` took it: prepare again")
        for repeat in range(1, args.repeats + 1):
            for mode in modes:  # alternated within a repeat, so a drift of the machine falls on both
                if (q["name"], mode, repeat) in done:
                    continue
                proof = os.path.join(args.work, q["name"] + ".drat")
                cmd = [args.tool, mode, cnf] + ([proof] if mode == "file" else [])
                started = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")
                print(f"hard_eight: {q['name']} {mode} repeat {repeat} ...", file=sys.stderr, flush=True)
                try:
                    p = subprocess.run(cmd, capture_output=True, text=True, timeout=args.timeout or None)
                    line = p.stdout.strip().splitlines()[-1] if p.stdout.strip() else ""
                    got = parse_tool_line(line) if p.returncode == 0 and line else {"verdict": f"tool failed ({p.returncode}): {p.stderr.strip()[-200:]}"}
                except subprocess.TimeoutExpired:
                    got = {"verdict": "unknown", "reason": f"--timeout {args.timeout} s"}
                if os.path.exists(proof):
                    os.remove(proof)
                cnf_bytes = os.path.getsize(cnf)
                row = {"question": q["name"], "mode": mode, "repeat": repeat, "commit": commit, "tool_sha256": tool_sha,
                       "cnf_sha256": cnf_sha, "cnf_as_recorded": cnf_sha == rec["cnf_sha256"], "host": socket.gethostname(), "started": started,
                       "load1_at_start": os.getloadavg()[0], **{k: v for k, v in got.items() if k != "mode"}, "cnf_bytes": cnf_bytes}
                if "proof_bytes" in got:
                    row["peak_disk_bytes"] = cnf_bytes + (got["proof_bytes"] if mode == "file" else 0)
                    row["proof_as_recorded"] = got["proof_bytes"] == rec["proof_bytes"]
                with open(RUNS, "a") as f:
                    f.write(json.dumps(row, sort_keys=True) + "\n")
                print(f"hard_eight: {q['name']} {mode} repeat {repeat}: {got.get('verdict')} cpu {got.get('cpu_s')} s "
                      f"wall {got.get('wall_s')} s peak {got.get('peak_mb')} MB", file=sys.stderr, flush=True)


def report(args):
    runs = recorded_runs()
    lines = ["# Eight hard certified questions (issue 37, goal 3)", "",
             "Generated by `bench/certify/hard_eight.py report` from eight/runs.jsonl (the runs of",
             "`hard_eight.py measure`; the header of hard_eight.py says what each mode does). Medians over the",
             "repeats of one tool binary (its SHA-256 prefix); CPU = user + system of the one process (solve",
             "and check); peak disk = the CNF and whatever proof is on disk at once. \"as recorded\": every run's",
             "proof the size of the certificate's record (the same CaDiCaL run).", ""]
    for q in QUESTIONS:
        rec = record_of(q)
        rows = [r for r in runs if r["question"] == q["name"]]
        lines.append(f"## {q['name']}")
        lines.append("")
        lines.append(f"Record: solve {rec['solve_s']:.1f} s + check {rec['check_s']:.1f} s, proof {rec['proof_bytes'] / 1e6:.0f} MB "
                     f"(CNF {rec['cnf_sha256'][:12]}).")
        lines.append("")
        if not rows:
            lines += ["Not measured yet.", ""]
            continue
        lines += ["| tool | mode | runs | verdicts | CPU s | wall s | peak MB | peak disk MB | as recorded |",
                  "|---|---|---|---|---|---|---|---|---|"]
        medians = {}
        for tool in sorted({r["tool_sha256"] for r in rows}):
            for mode in MODES:
                rs = [r for r in rows if r["tool_sha256"] == tool and r["mode"] == mode]
                if not rs:
                    continue
                ok = [r for r in rs if r.get("verdict") == "accepted"]
                verdicts = ", ".join(sorted({str(r.get("verdict")) for r in rs}))
                if ok:
                    m = {k: statistics.median(r[k] for r in ok) for k in ("cpu_s", "wall_s", "peak_mb", "peak_disk_bytes")}
                    medians[(tool, mode)] = m
                    same = "yes" if all(r.get("proof_as_recorded") for r in ok) else "NO"
                    if not all(r.get("cnf_as_recorded", True) for r in ok):
                        same += " (CNF asked again: its bytes differ from the record's)"
                    lines.append(f"| {tool} | {mode} | {len(rs)} | {verdicts} | {m['cpu_s']:.1f} | {m['wall_s']:.1f} | "
                                 f"{m['peak_mb']:.0f} | {m['peak_disk_bytes'] / 1e6:.0f} | {same} |")
                else:
                    lines.append(f"| {tool} | {mode} | {len(rs)} | {verdicts} | -- | -- | -- | -- | -- |")
        lines.append("")
        for (tool, mode), m in medians.items():
            base = medians.get((tool, "file"))
            if mode != "file" and base:
                lines.append(f"{mode} / file ({tool}): CPU {m['cpu_s'] / base['cpu_s']:.2f}x, wall {m['wall_s'] / base['wall_s']:.2f}x, "
                             f"peak memory {m['peak_mb'] / base['peak_mb']:.2f}x, peak disk {m['peak_disk_bytes'] / base['peak_disk_bytes']:.3f}x")
                lines.append("")
    # Goal 3's targets, question by question: the lever's median against today's (`file`), the
    # same tool binary, and the median of those ratios over the questions measured both ways.
    summary = {}
    for q in QUESTIONS:
        rows = [r for r in runs if r["question"] == q["name"] and r.get("verdict") == "accepted"]
        for tool in sorted({r["tool_sha256"] for r in rows}):
            base = [r for r in rows if r["tool_sha256"] == tool and r["mode"] == "file"]
            for mode in MODES[1:]:
                lever = [r for r in rows if r["tool_sha256"] == tool and r["mode"] == mode]
                if base and lever:
                    ratio = lambda k: statistics.median(r[k] for r in base) / statistics.median(r[k] for r in lever)
                    summary.setdefault((tool, mode), []).append((q["name"], ratio("cpu_s"), ratio("peak_disk_bytes"), ratio("peak_mb")))
    if summary:
        lines += ["## Against the targets (CPU >= 5x less, peak disk >= 10x less)", "",
                  "| tool | mode | question | CPU: file / mode | peak disk: file / mode | peak memory: file / mode |",
                  "|---|---|---|---|---|---|"]
        for (tool, mode), rs in summary.items():
            for name, cpu, disk, mem in rs:
                lines.append(f"| {tool} | {mode} | {name} | {cpu:.2f} | {disk:.1f} | {mem:.2f} |")
            lines.append(f"| {tool} | {mode} | **median of {len(rs)}** | **{statistics.median(x[1] for x in rs):.2f}** | "
                         f"**{statistics.median(x[2] for x in rs):.1f}** | **{statistics.median(x[3] for x in rs):.2f}** |")
        lines.append("")
    text = "\n".join(lines)
    with open(args.out, "w") as f:
        f.write(text)
    print(f"hard_eight: wrote {args.out}", file=sys.stderr)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0], formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest="command", required=True)
    p = sub.add_parser("prepare", help="link or make each question's CNF into --work")
    p.add_argument("--work", required=True)
    p.add_argument("--carve", default=os.path.join(ROOT, "build-cc", "cli", "carve"))
    p.add_argument("--only", default="")
    m = sub.add_parser("measure", help="solve + check each question's CNF, by mode, recording each run")
    m.add_argument("--work", required=True)
    m.add_argument("--tool", default=os.path.join(ROOT, "build-cc", "bench", "drat", "carve_drat_solve_checking"))
    m.add_argument("--modes", default="file")
    m.add_argument("--repeats", type=int, default=3)
    m.add_argument("--only", default="")
    m.add_argument("--timeout", type=float, default=0, help="seconds per run (0: none); a run cut is recorded unknown")
    r = sub.add_parser("report", help="the medians, as markdown")
    r.add_argument("--out", default=os.path.join(HERE, "eight.md"))
    args = ap.parse_args()
    if args.command == "measure" and args.repeats < 1:
        fail("--repeats: at least 1")
    {"prepare": prepare, "measure": measure, "report": report}[args.command](args)


if __name__ == "__main__":
    main()
