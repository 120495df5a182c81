#!/usr/bin/env bash
# SPDX-FileCopyrightText: 2026 QuantScope developers
# SPDX-License-Identifier: GPL-3.0-or-later
# Benchmark: peak RSS of a Hugging Face sweep as the evaluation set grows from 16k to 600k
# tokens at a fixed --memory budget, against the same sweep with the states in memory (a budget that
# holds them all). A synthetic Llama (hidden 256, 2 layers, vocabulary 8,192, 2048-token blocks) is made
# by tests/support/hf_reference.py; evaluation tokens are random ids. Peak RSS is the kernel's
# (/usr/bin/time's maximum resident set size) for the whole `quantscope sweep` process.
# Usage: [BUDGET=512M] [SIZES="16384 65536 262144 614400"] bench/hf_memory.sh BUILD_DIR WORK_DIR
set -euo pipefail
build=${1:-build}; work=${2:-/tmp/qs-hf-memory}
here=$(cd "$(dirname "$0")/.." && pwd)
budget=${BUDGET:-512M}
sizes=${SIZES:-16384 65536 262144 614400}
quant=${QUANT:-rtn:4:g128:sym}
mkdir -p "$work"
model="$work/model/step1000"
if [ ! -f "$model/config.json" ]; then
  /usr/bin/python3 "$here/tests/support/hf_reference.py" make --arch llama --out "$model" --shards 2 --seed 1 --config \
    '{"hidden_size": 256, "intermediate_size": 688, "num_hidden_layers": 2, "num_attention_heads": 4,
      "num_key_value_heads": 4, "head_dim": 64, "vocab_size": 8192, "max_position_embeddings": 4096}'
fi
/usr/bin/python3 - "$work/tokens.bin" <<'PY'
import sys, numpy as np
np.random.default_rng(3).integers(0, 8192, 700000).astype(np.uint16).tofile(sys.argv[1])
PY
qs="$build/app/quantscope"
peak() { # peak RSS in MiB of a command, its output in $work/last.log
  /usr/bin/time -f "%M" -o "$work/rss" "$@" > "$work/last.log" 2>&1 || { cat "$work/last.log"; exit 1; }
  echo $(( $(cat "$work/rss") / 1024 ))
}
printf "%-12s %-22s %-22s %s\n" "tokens" "peak RSS, --memory $budget" "peak RSS, in memory" "plan at $budget"
for n in $sizes; do
  store="$work/s$n.h5"
  rm -f "$store" "$work/m$n.h5"
  "$qs" import --store "$store" --run r --tokens "$work/tokens.bin" --seq-len 2048 --token-budget "$n" \
    --batch 4 "$model" > /dev/null
  cp "$store" "$work/m$n.h5"
  a=$(peak "$qs" sweep --store "$store" --run r --quant "$quant" --memory "$budget" --threads 2)
  plan=$(grep -o "memory plan:.*" "$work/last.log" | head -1 | sed 's/.*; \(validation states [^,]*\).*/\1/')
  b=$(peak "$qs" sweep --store "$work/m$n.h5" --run r --quant "$quant" --memory 64G --threads 2)
  printf "%-12s %-22s %-22s %s\n" "$n" "$a MiB" "$b MiB" "$plan"
done
