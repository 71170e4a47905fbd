#!/usr/bin/env bash
# Runs every fuzz target at once for SECONDS each: one process per target, so the wall time
# is about SECONDS. Each starts from its seed corpus in tests/fuzz/corpus/<target>/ and
# writes the new inputs it finds to BUILD_DIR/corpus/<target>/ (the repo keeps only seeds),
# crashes to BUILD_DIR/crashes/, and its log to BUILD_DIR/fuzz-<target>.log.
# Usage: tests/fuzz/run.sh BUILD_DIR SECONDS TARGET...
set -uo pipefail
build_dir=$1 seconds=$2
shift 2
targets=("$@")
seeds="$(dirname "$0")/corpus"
mkdir -p "$build_dir/crashes"
pids=()
for target in "${targets[@]}"; do
  mkdir -p "$build_dir/corpus/$target"
  # -timeout: one input that takes this long is a hang, reported as a finding.
  "$build_dir/$target" -max_total_time="$seconds" -timeout=30 -print_final_stats=1 \
    -artifact_prefix="$build_dir/crashes/$target-" "$build_dir/corpus/$target" "$seeds/$target" \
    >"$build_dir/fuzz-$target.log" 2>&1 &
  pids+=($!)
done
status=0
for i in "${!pids[@]}"; do
  target=${targets[$i]}
  if wait "${pids[$i]}"; then
    echo "$target: no finding; $(ls "$build_dir/corpus/$target" | wc -l) inputs found so far in $build_dir/corpus/$target"
  else
    status=1
    echo "$target: FINDING, see $build_dir/fuzz-$target.log and $build_dir/crashes/"
    grep -E "^(SUMMARY|==[0-9]+==ERROR|.*_fuzzer: )" "$build_dir/fuzz-$target.log" | head -5
  fi
done
exit $status
