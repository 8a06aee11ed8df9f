# Sourced by bench/drat/run.sh and pairs.sh: builds the two timers (carve_drat_time from
# time_check.cpp) into $timers, one against the checker of commit $before and one against the
# working tree -- the same file and flags, the checker's and the limits' sources of each version.
# Needs $root, $build and $before; sets $timers.
timers="$build/bench/drat/before-after"
rm -rf "$timers" && mkdir -p "$timers/before"
# The checker's folders of each version: src/checkers/drat and src/foundations/limits since the
# layout of stages, checker/drat and limits before it (a $before older than the move).
drat=src/checkers/drat limits=src/foundations/limits inc=src
if ! git -C "$root" cat-file -e "$before:$drat" 2>/dev/null; then
  before_drat=checker/drat before_limits=limits before_inc=.
else
  before_drat=$drat before_limits=$limits before_inc=$inc
fi
git -C "$root" archive "$before" "$before_drat" "$before_limits" | tar -x -C "$timers/before"
# time_check.cpp includes the new names; an old checker's files include the old ones: both resolve.
if [ "$before_inc" = . ]; then
  mkdir -p "$timers/before/src/checkers" "$timers/before/src/foundations"
  ln -s ../../checker/drat "$timers/before/src/checkers/drat"
  ln -s ../../limits "$timers/before/src/foundations/limits"
fi
compiler=$(command -v ccache || true)
pids=()
for v in before after; do
  src="$timers/before" d=$before_drat l=$before_limits
  [ "$v" = after ] && src="$root" d=$drat l=$limits
  # Every source of the two folders: the checker maps its proof file (mapped_file.cpp and
  # mapped_guard.cpp since the streamed proof), and a list of names fell behind it.
  $compiler c++ -std=c++20 -O3 -DNDEBUG -I "$src/src" -I "$src" "$root/bench/drat/time_check.cpp" \
    "$src/$d"/*.cpp "$src/$l"/*.cpp -lfmt -o "$timers/carve_drat_time_$v" &
  pids+=($!)
done
for pid in "${pids[@]}"; do wait "$pid"; done
