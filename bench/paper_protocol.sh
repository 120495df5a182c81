#!/usr/bin/env bash
# SPDX-FileCopyrightText: 2026 QuantScope developers
# SPDX-License-Identifier: GPL-3.0-or-later
# Benchmark: the protocol of "Training Dynamics Impact Post-Training Quantization Robustness"
# (Catalan-Tatjer et al. 2025) on an OLMo-2-1B-shaped synthetic revision (hidden 2048, 16 layers, 16
# heads, MLP 8192, vocabulary 100,352, bf16, 4 shards; random weights from
# tests/support/hf_reference.py): FP reference + GPTQ W4 g128 + GPTQ W3 g128 (act-order, damping 0.01,
# 1,024 calibration windows of CAL_LEN tokens: the paper's count at a reduced length) + RTN W4 g128,
# evaluated on EVAL_BLOCKS × 2048 tokens scored as HF's labels=input_ids. Prints the sweep's wall time
# per stage, the memory plan and the process's peak RSS. LAYERS < 16 runs fewer blocks of the same
# shape (each block costs the same; the projection scales the per-block stages).
# Usage: [LAYERS=16] [EVAL_BLOCKS=64] [CAL_LEN=64] [MEMORY=16G] bench/paper_protocol.sh BUILD_DIR WORK_DIR
set -euo pipefail
build=${1:-build}; work=${2:-/tmp/qs-paper-bench}
here=$(cd "$(dirname "$0")/.." && pwd)
layers=${LAYERS:-16}; blocks=${EVAL_BLOCKS:-64}; callen=${CAL_LEN:-64}; memory=${MEMORY:-16G}
mkdir -p "$work"
model="$work/L$layers/stage1-step1000-tokens2B"
if [ ! -f "$model/config.json" ]; then
  /usr/bin/python3 "$here/tests/support/hf_reference.py" make --arch olmo2 --out "$model" --shards 4 --seed 1 \
    --dtype bf16 --config '{"hidden_size": 2048, "intermediate_size": 8192, "num_hidden_layers": '"$layers"',
      "num_attention_heads": 16, "num_key_value_heads": 16, "vocab_size": 100352, "max_position_embeddings": 4096}'
fi
/usr/bin/python3 - "$work" "$blocks" "$callen" <<'PY'
import sys, numpy as np
work, blocks, callen = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
rng = np.random.default_rng(7)
rng.integers(0, 100352, blocks * 2048).astype(np.uint32).tofile(work + "/eval.bin")
rng.integers(0, 100352, 1024 * callen).astype(np.uint32).tofile(work + "/calib.bin")
PY
echo "model: $(du -sb "$model" | cut -f1 | awk '{printf "%.2f GB", $1/1e9}') of bf16 weights in 4 shards, $layers layers"
store="$work/paper.h5"; rm -f "$store"
"$build/app/quantscope" import --store "$store" --run olmo --protocol paper1 --tokens "$work/eval.bin" \
  --token-type uint32 --token-budget $((blocks * 2048)) --calibration "$work/calib.bin" --calibration-unit windows \
  --batch 1 "$model" | grep -v "^  "
start=$(date +%s.%N)
/usr/bin/time -f "peak RSS: %M KiB" "$build/app/quantscope" sweep --store "$store" --run olmo --threads "$(nproc)" \
  --memory "$memory" --quant "gptq:4:g128:sym:act:cal1024x$callen" --quant "gptq:3:g128:sym:act:cal1024x$callen" \
  --quant rtn:4:g128:sym
end=$(date +%s.%N)
echo "wall: $(echo "$end - $start" | bc) s"
