#!/usr/bin/env bash
# SPDX-FileCopyrightText: 2026 QuantScope developers
# SPDX-License-Identifier: GPL-3.0-or-later
# Runs every libFuzzer harness for a bounded time, one after the other, each on a copy of its seed
# corpus (fuzz/corpus/<harness>/, never changed) with its dictionary (fuzz/dict/<harness>.dict), and
# prints per harness the executions, exec/s, coverage (libFuzzer's cov: and ft: of its last stats line)
# and crashes. Exits 1 when any harness crashed, leaked, hung (over 2 s on one input), ran out of memory
# (2 GB) or reported UB; the input that did it and the report are kept in BUILD/fuzz-artifacts/<harness>/.
#
#     fuzz/run.sh [--build DIR] [--only HARNESS | --all] [SECONDS_PER_HARNESS]   (build-fuzz, 60 s)
#
# fuzz_store (raw bytes as a results store) runs only when named (--only store) or with --all: within
# seconds it finds libhdf5's own bugs, which QuantScope cannot fix (docs/testing.md, "Fuzzing and
# sanitizers"); fuzz_storeschema covers the store's code. Build the harnesses first:
# cmake --preset fuzz && cmake --build --preset fuzz.
set -uo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
build="$root/build-fuzz"
only=""
all=0
seconds=60
while [ $# -gt 0 ]; do
    case "$1" in
    --build) build=$(cd "$2" && pwd) || exit 2; shift 2 ;;
    --only) only="$2"; shift 2 ;;
    --all) all=1; shift ;;
    -h | --help) sed -n '2,13p' "$0"; exit 0 ;;
    *) seconds="$1"; shift ;;
    esac
done
case "$seconds" in '' | *[!0-9]*) echo "run.sh: SECONDS_PER_HARNESS '$seconds' is not a whole number" >&2; exit 2 ;; esac

harnesses=()
for dir in "$root"/fuzz/corpus/*/; do
    name=$(basename "$dir")
    if [ "$only" = "$name" ] || { [ -z "$only" ] && { [ "$all" = 1 ] || [ "$name" != store ]; }; }; then
        harnesses+=("$name")
    fi
done
if [ ${#harnesses[@]} -eq 0 ]; then
    echo "run.sh: no harness named '$only' (fuzz/corpus/ has: $(ls "$root/fuzz/corpus" | tr '\n' ' '))" >&2
    exit 2
fi

symbolizer=$(command -v llvm-symbolizer-14 || command -v llvm-symbolizer || true)
export ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}${symbolizer:+external_symbolizer_path=$symbolizer}"
export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1${symbolizer:+:external_symbolizer_path=$symbolizer}"

work=$(mktemp -d "${TMPDIR:-/tmp}/qs-fuzz-run.XXXXXX")
trap 'rm -rf "$work"' EXIT
failed=0
printf '%-12s %10s %8s %7s %7s %8s\n' harness executions exec/s cov ft crashes
for name in "${harnesses[@]}"; do
    binary="$build/fuzz/fuzz_$name"
    if [ ! -x "$binary" ]; then
        echo "run.sh: $binary is not built (cmake --build --preset fuzz)" >&2
        failed=1
        continue
    fi
    mkdir -p "$work/$name/corpus" "$work/$name/artifacts"
    cp "$root/fuzz/corpus/$name"/* "$work/$name/corpus/"
    log="$work/$name/log"
    dict=()
    if [ -f "$root/fuzz/dict/$name.dict" ]; then dict=(-dict="$root/fuzz/dict/$name.dict"); fi
    # -timeout: an input that takes over 2 s is a hang; -rss_limit_mb: over 2 GB is an out-of-memory.
    (cd "$work/$name" && "$binary" -max_total_time="$seconds" -timeout=2 -rss_limit_mb=2048 -print_final_stats=1 \
        "${dict[@]}" -artifact_prefix="$work/$name/artifacts/" corpus >"$log" 2>&1)
    status=$?
    # The last stats line: "#1234  DONE   cov: 567 ft: 890 corp: 12/3Kb lim: 4096 exec/s: 41 rss: 50Mb".
    stats=$(grep -E '^#[0-9]+' "$log" | tail -n 1)
    execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
    [ -n "$execs" ] || execs=$(sed -E 's/^#([0-9]+).*/\1/' <<<"$stats")
    rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log")
    cov=$(sed -nE 's/.* cov: ([0-9]+).*/\1/p' <<<"$stats")
    ft=$(sed -nE 's/.* ft: ([0-9]+).*/\1/p' <<<"$stats")
    crashes=$(find "$work/$name/artifacts" -type f | wc -l)
    printf '%-12s %10s %8s %7s %7s %8s\n' "$name" "${execs:-?}" "${rate:-?}" "${cov:-?}" "${ft:-?}" "$crashes"
    if [ "$status" -ne 0 ] || [ "$crashes" -ne 0 ]; then
        failed=1
        kept="$build/fuzz-artifacts/$name"
        mkdir -p "$kept"
        cp "$work/$name/artifacts"/* "$log" "$kept/" 2>/dev/null
        echo "  fuzz_$name failed (exit $status); input and log kept in $kept:"
        # The report's first lines and the frames of QuantScope, HDF5 and the harness, shortened.
        grep -E '==ERROR|== ERROR|runtime error|SUMMARY|ALARM|what\(\)|#[0-9]+ .* in (qs::|H5|LLVMFuzzerTestOneInput|nlohmann::.*(throw|parse_error))' "$log" \
            | grep -v 'fuzzer::' | head -n 25 | cut -c 1-200 | sed 's/^/    /'
    fi
done
exit $failed
