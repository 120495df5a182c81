#!/usr/bin/env bash
# SPDX-FileCopyrightText: 2026 QuantScope developers
# SPDX-License-Identifier: GPL-3.0-or-later
# Benchmark: training tokens/s of the built-in trainer (trainRun) against a plain PyTorch
# loop of the same model in Debian's python3-torch (bench/trainer_reference.py), same threads, same
# batch (32 × 128), same allocator settings, alternating C++ and Python ROUNDS times in one run, then
# where the time goes on both sides (top ops by self CPU time).
# Usage: [STEPS=40] [WARMUP=5] [ROUNDS=3] [THREADS=2] bench/trainer.sh BUILD_DIR [WORK_DIR]
set -euo pipefail
build=${1:-build}; work=${2:-/tmp/qs-trainer-bench}
here=$(cd "$(dirname "$0")/.." && pwd)
steps=${STEPS:-40}; warmup=${WARMUP:-5}; rounds=${ROUNDS:-3}; threads=${THREADS:-2}
mkdir -p "$work"
corpus="$work/kjv.txt"
[ -s "$corpus" ] || { bible -f Gen1:1-Rev22:21 2>/dev/null | head -c 4000000 > "$corpus" || true; }
[ -s "$corpus" ] || { echo "no corpus: install bible-kjv (packaging/install-deps.sh does)" >&2; exit 1; }
py=/usr/bin/python3
results="$work/results.txt"; : > "$results"
for round in $(seq "$rounds"); do
  cpp=$("$build/bench/bench_trainer" "$work/config.json" "$corpus" "$steps" "$warmup" "$threads")
  ref=$($py "$here/bench/trainer_reference.py" bench --config "$work/config.json" --corpus "$corpus" \
        --steps "$steps" --warmup "$warmup" --threads "$threads")
  echo "round $round: QuantScope $cpp"
  echo "round $round: python    $ref"
  echo "$cpp|$ref" >> "$results"
done
$py - "$results" <<'PY'
import json, statistics, sys
ratios, cpp, ref = [], [], []
for line in open(sys.argv[1]):
    a, b = (json.loads(x) for x in line.strip().split("|"))
    cpp.append(a["tokens_per_s"]); ref.append(b["tokens_per_s"]); ratios.append(a["tokens_per_s"] / b["tokens_per_s"])
print("tokens/s QuantScope: %s" % ", ".join("%.0f" % x for x in cpp))
print("tokens/s python3-torch: %s" % ", ".join("%.0f" % x for x in ref))
print("ratio per round (QuantScope / python): %s; median %.2fx" % (", ".join("%.2f" % r for r in ratios), statistics.median(ratios)))
PY
echo "== where the time goes: QuantScope (torch profiler, 6 steps) =="
"$build/bench/bench_trainer" "$work/config.json" "$corpus" 2 1 "$threads" "$work/trace.json" > /dev/null
$py - "$work/trace.json" <<'PY'
import json, sys
from collections import defaultdict
events = json.load(open(sys.argv[1]))
events = events["traceEvents"] if isinstance(events, dict) else events
spans = sorted((e for e in events if e.get("ph") == "X"), key=lambda e: (e.get("tid"), e["ts"], -e["dur"]))
# Self time: an op's duration minus that of the ops it directly encloses (same thread).
self_time, stack = defaultdict(float), []
for e in spans:
    while stack and stack[-1]["ts"] + stack[-1]["dur"] <= e["ts"]:
        stack.pop()
    if stack and stack[-1].get("tid") == e.get("tid"):
        self_time[stack[-1]["name"]] -= e["dur"]
    self_time[e["name"]] += e["dur"]
    stack.append(e)
total = sum(v for v in self_time.values() if v > 0)
for name, t in sorted(self_time.items(), key=lambda kv: -kv[1])[:12]:
    print("%-40s %6.1f %%" % (name, 100 * t / total))
PY
echo "== where the time goes: python3-torch (torch.profiler, 5 steps) =="
$py "$here/bench/trainer_reference.py" profile --config "$work/config.json" --corpus "$corpus" --threads "$threads" \
  | head -20
