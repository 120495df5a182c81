#!/usr/bin/env bash
# SPDX-FileCopyrightText: 2026 QuantScope developers
# SPDX-License-Identifier: GPL-3.0-or-later
# Benchmark: sweep a synthetic Llama whose bf16 weights are twice the memory the process may
# use (a cgroup-v1 memory limit when this machine allows one; peak RSS is reported either way), and
# the streamed forward pass's tokens/s against tests/support/hf_reference.py (python3-torch) on the same model,
# same threads, in one run. Usage: [LAYERS=48] [QUANT="rtn:4:g128:sym ..."] [FORWARD_ONLY=1]
# bench/hf_stream.sh BUILD_DIR WORK_DIR
set -euo pipefail
build=${1:-build}; work=${2:-/tmp/qs-hf-bench}
here=$(cd "$(dirname "$0")/.." && pwd)
mkdir -p "$work"
layers=${LAYERS:-48}
model="$work/L$layers/stage1-step1000-tokens4B"
if [ ! -f "$model/config.json" ]; then
  /usr/bin/python3 "$here/tests/support/hf_reference.py" make --arch llama --out "$model" --shards 4 --seed 1 --config \
    '{"hidden_size": 1024, "intermediate_size": 4096, "num_hidden_layers": '"$layers"', "num_attention_heads": 16,
      "num_key_value_heads": 4, "head_dim": 64, "vocab_size": 32000, "max_position_embeddings": 512}'
fi
/usr/bin/python3 - "$work/tokens.bin" <<'PY'
import sys, numpy as np
np.random.default_rng(3).integers(0, 32000, 20000).astype(np.uint16).tofile(sys.argv[1])
PY
bytes=$(du -cb "$model"/*.safetensors | tail -1 | cut -f1)
limit=$((bytes / 2))
echo "model: $((bytes / 1048576)) MiB of bf16 weights; memory allowed: $((limit / 1048576)) MiB"
cg=/sys/fs/cgroup/memory/qs-hf-bench
rm -f "$work/bench.h5"
small="$work/small/step1"
if [ ! -f "$small/config.json" ]; then
  /usr/bin/python3 "$here/tests/support/hf_reference.py" make --arch llama --out "$small" --shards 2 --seed 2 --config \
    '{"hidden_size": 1024, "intermediate_size": 4096, "num_hidden_layers": 4, "num_attention_heads": 16,
      "num_key_value_heads": 4, "head_dim": 64, "vocab_size": 32000, "max_position_embeddings": 512}'
fi
if [ -z "${FORWARD_ONLY:-}" ]; then
# RTN (with the FP reference and its activation statistics) inside the limit; GPTQ's Hessians add
# about 0.3 GB at this width, measured on the 4-layer model below.
sweep=("$build/bench/bench_hf_stream" sweep "$work/bench.h5" "$model" "$work/tokens.bin" ${QUANT:-rtn:4:g128:sym})
rmdir "$cg" 2>/dev/null || true # a fresh group: its counters (peak, OOM kills) are this run's
if mkdir -p "$cg" 2>/dev/null && echo "$limit" > "$cg/memory.limit_in_bytes" 2>/dev/null; then
  echo 0 > "$cg/memory.swappiness" 2>/dev/null || true
  echo "sweep inside cgroup $cg (memory.limit_in_bytes $limit):"
  bash -c "echo \$\$ > $cg/cgroup.procs && exec \"\$@\"" _ "${sweep[@]}"
  echo "cgroup peak usage (RSS + page cache it charged): $(( $(cat $cg/memory.max_usage_in_bytes) / 1048576 )) MiB, OOM kills: $(grep '^oom_kill ' $cg/memory.oom_control 2>/dev/null | cut -d' ' -f2)"
else
  echo "no memory cgroup here: sweep without a limit, peak RSS against the model size:"
  "${sweep[@]}"
fi
echo "a 4-layer model of the same width, no limit (peak memory should not grow with depth):"
for quant in rtn:4:g128:sym gptq:4:g128:sym:act:cal16x128; do
  rm -f "$work/small.h5"
  echo "  $quant: $("$build/bench/bench_hf_stream" sweep "$work/small.h5" "$small" "$work/tokens.bin" $quant)"
done
fi # FORWARD_ONLY
# The forward pass against the reference, alternated ROUNDS times (the machine's speed drifts; each
# round's ratio compares two neighbouring measurements).
for m in "$small" "$model"; do
  threads=2
  name=$(basename "$(dirname "$m")")/$(basename "$m")
  ratios=()
  for round in $(seq "${ROUNDS:-3}"); do
    ours=$("$build/bench/bench_hf_stream" forward "$m" 4 128 3 "$threads")
    ref=$(/usr/bin/python3 "$here/tests/support/hf_reference.py" bench --model "$m" --batch 4 --seq 128 --repeat 3 --threads "$threads")
    echo "forward of $name, $threads threads, round $round: QuantScope $ours"
    echo "forward of $name, $threads threads, round $round: python3-torch reference (whole model in RAM) $ref"
    ratios+=("$(/usr/bin/python3 -c "import json,sys; a=json.loads(sys.argv[1]); b=json.loads(sys.argv[2]); print('%.3f %.3f' % (a['tokens_per_s']/b['tokens_per_s'], a['streamed_tokens_per_s']/b['tokens_per_s']))" "$ours" "$ref")")
  done
  printf '%s\n' "${ratios[@]}" | /usr/bin/python3 -c "
import statistics, sys
rows = [list(map(float, l.split())) for l in sys.stdin if l.strip()]
for i, what in ((0, 'converted blocks kept (default)'), (1, 'every block streamed from disk, read ahead')):
    r = [row[i] for row in rows]
    print('ratio ours/reference, $name, %s: median %.2fx (rounds: %s)' % (what, statistics.median(r), ', '.join('%.2f' % x for x in r)))"
done
