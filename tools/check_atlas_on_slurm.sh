#!/usr/bin/env bash
# The atlas on a real Slurm: a single-node cluster (Debian's slurm-wlm: slurmctld and slurmd on
# 127.0.0.1, auth/none, state in a temporary folder) is started, a 20-question plan runs as a
# 20-task job array (`carve atlas slurm`, `sbatch --wait`, `carve atlas merge`), and the merged
# store must give every question the answer `carve atlas run` gives on the same plan. The
# daemons are stopped on exit, whatever happens. Opt-in (ctest -L slurm): needs slurm-wlm and
# root (slurmd runs the tasks as the submitting user).
# usage: tools/check_atlas_on_slurm.sh CARVE_BINARY [OUT_DIR]   exit 0 ok, 1 failed, 77 no Slurm
set -euo pipefail
carve=$(realpath "${1:?usage: check_atlas_on_slurm.sh CARVE_BINARY [OUT_DIR]}")
root=$(cd "$(dirname "$0")/.." && pwd)
if ! command -v slurmctld >/dev/null || ! command -v slurmd >/dev/null || ! command -v sbatch >/dev/null; then
  echo "SKIP: Slurm is not installed (apt-get install slurm-wlm)"
  exit 77
fi
if [ "$(id -u)" -ne 0 ]; then
  echo "SKIP: the single-node Slurm of this test runs as root"
  exit 77
fi
out=$(realpath -m "${2:-$(mktemp -d)}")
rm -rf "$out"
mkdir -p "$out/state" "$out/spool"
node=$(hostname -s)
port=$((20000 + RANDOM % 20000))
export SLURM_CONF="$out/slurm.conf"
cat >"$SLURM_CONF" <<CONF
ClusterName=carveatlas
SlurmctldHost=$node(127.0.0.1)
SlurmctldPort=$port
SlurmdPort=$((port + 1))
AuthType=auth/none
CredType=cred/none
SlurmUser=root
SlurmdUser=root
StateSaveLocation=$out/state
SlurmdSpoolDir=$out/spool
SlurmctldPidFile=$out/slurmctld.pid
SlurmdPidFile=$out/slurmd.pid
SlurmctldLogFile=$out/slurmctld.log
SlurmdLogFile=$out/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SchedulerType=sched/builtin
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
MpiDefault=none
ReturnToService=2
JobCompType=jobcomp/none
AccountingStorageType=accounting_storage/none
NodeName=$node NodeAddr=127.0.0.1 CPUs=$(nproc) State=UNKNOWN
PartitionName=atlas Nodes=$node Default=YES MaxTime=INFINITE State=UP
CONF
pids=()
stop() {
  for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done
  for p in "${pids[@]}"; do wait "$p" 2>/dev/null || true; done
}
trap stop EXIT
slurmctld -D -i -f "$SLURM_CONF" >"$out/slurmctld.out" 2>&1 &
pids+=($!)
slurmd -D -f "$SLURM_CONF" -N "$node" >"$out/slurmd.out" 2>&1 &
pids+=($!)
for _ in $(seq 60); do
  sinfo -h -o %t 2>/dev/null | grep -qx idle && break
  sleep 1
done
if ! sinfo -h -o %t 2>/dev/null | grep -qx idle; then
  echo "FAILED  the single-node Slurm did not come up (logs in $out)"
  exit 1
fi
plan() { "$carve" atlas plan "$root/spec/binary_tree.carve" --dir "$1" --max-vertices 4 --depths 3 --profiles literal,simple --max-turns 6 >/dev/null; }
plan "$out/pool"
plan "$out/slurm"
"$carve" atlas run "$out/pool" --quiet >/dev/null
"$carve" atlas slurm "$out/slurm" --max-parallel "$(nproc)" >/dev/null
tasks=$(grep -o -- '--array=[^%]*' "$out/slurm/atlas.sbatch")
[ "$tasks" = "--array=0-19" ] || { echo "FAILED  the script's array is $tasks, not 0-19"; exit 1; }
(cd "$out" && timeout 900 sbatch --wait --quiet "$out/slurm/atlas.sbatch") || { echo "FAILED  the job array did not complete (logs in $out/slurm/slurm)"; exit 1; }
"$carve" atlas merge "$out/slurm"
if python3 - "$out/pool/results.jsonl" "$out/slurm/results.jsonl" <<'PY'
import json, sys
def answers(path):
    out = {}
    for line in open(path):
        r = json.loads(line)
        assert r["key"] not in out, "a question answered twice: " + r["key"]
        out[r["key"]] = (r["status"], r["turns"], r["lower_bound"], r["lower_bound_certified"], r["rules_sha256"])
    return out
pool, slurm = answers(sys.argv[1]), answers(sys.argv[2])
assert len(pool) == 20, len(pool)
assert pool == slurm, {k: (pool.get(k), slurm.get(k)) for k in set(pool) | set(slurm) if pool.get(k) != slurm.get(k)}
PY
then
  echo "ok      a 20-task job array on single-node Slurm gives the store \`carve atlas run\` gives (20 answers, each once)"
else
  echo "FAILED  the Slurm store differs from the pool's"
  exit 1
fi
