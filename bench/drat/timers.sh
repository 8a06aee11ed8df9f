# Sourced by bench/drat/run.sh and pairs.sh: builds the two timers (carve_drat_time from
# time_check.cpp) into $timers, one against the checker of commit $before and one against the
# working tree -- the same file and flags, the checker's and the limits' sources of each version.
# Needs $root, $build and $before; sets $timers.
timers="$build/bench/drat/before-after"
rm -rf "$timers" && mkdir -p "$timers/before"
git -C "$root" archive "$before" checker/drat limits | tar -x -C "$timers/before"
compiler=$(command -v ccache || true)
pids=()
for v in before after; do
  src="$timers/before"
  [ "$v" = after ] && src="$root"
  $compiler c++ -std=c++20 -O3 -DNDEBUG -I "$src" "$root/bench/drat/time_check.cpp" \
    "$src"/checker/drat/{cnf_reader,proof_reader,read_file,checker,relaxation,lrat_writer}.cpp \
    "$src"/limits/{budget,interrupt,resident_memory,progress}.cpp -lfmt -o "$timers/carve_drat_time_$v" &
  pids+=($!)
done
for pid in "${pids[@]}"; do wait "$pid"; done
