#!/usr/bin/env bash
# SPDX-FileCopyrightText: 2026 QuantScope developers
# SPDX-License-Identifier: GPL-3.0-or-later
# QuantScope's speed against the peers users would pick instead, in one run on this CPU with the same
# threads (docs/performance.md): prints each comparison's timings and its ratio (peer time / QuantScope
# time; above 1 QuantScope is faster) against the goal of issue 37.
#   forward     evaluation of the FP model, fp32 and bf16, Llama and OLMo-2 shapes of 134M parameters:
#               quantscope sweep --quant none against transformers' forward and CE, both on torch
#               2.11.0 (packaging/pytorch: the PyPI build's torch)                       goal ≥ 1.2×
#   gptq        GPTQ W4 g128 act-order of the 134M Llama: quantscope's sweep stage against
#               GPTQModel.quantize (the peer environment: GPTQModel 7.7 needs torch ≥ 2.14)  goal ≥ 2×
#   trajectory  5 revisions × (GPTQ W4, W3 + FP evaluation), quantscope import + sweep against what
#               paper 1's scripts do per revision (GPTQModel quantize and save, transformers evaluate)
#                                                                                         goal ≥ 3×
#
#   bench/peers/run.sh [--threads N] [--out DIR] [forward|gptq|trajectory]...
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
threads="$(nproc)"
out=/tmp/quantscope-bench-peers
parts=()
while [ $# -gt 0 ]; do
  case "$1" in
    --threads) threads="$2"; shift 2 ;;
    --out) out="$2"; shift 2 ;;
    forward|gptq|trajectory) parts+=("$1"); shift ;;
    *) echo "run.sh: unknown argument $1" >&2; exit 2 ;;
  esac
done
[ ${#parts[@]} -gt 0 ] || parts=(forward gptq trajectory)
quantscope="${QS_BINARY:-$root/build-pytorch/app/quantscope}"
[ -x "$quantscope" ] || "$root/packaging/pytorch-build.sh"
pytorch="$("$root/packaging/peer-env.sh" --env pytorch)"
peers="$("$root/packaging/peer-env.sh")"
mkdir -p "$out"
out="$(cd "$out" && pwd)"
echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), $threads threads"
"$quantscope" --version | tr '\n' ' '
echo
for part in "${parts[@]}"; do
  python="$peers"
  [ "$part" = forward ] && python="$pytorch"
  # In the output folder: GPTQModel writes a logs/ folder into the current one.
  (cd "$out" && OMP_NUM_THREADS="$threads" "$python" "$root/bench/peers/peers.py" "$part" --quantscope "$quantscope" \
    --out "$out" --threads "$threads")
done
"$pytorch" - "$out" "${parts[@]}" <<'PY'
import json, os, sys
out, parts = sys.argv[1], sys.argv[2:]
goals = {"forward": 1.2, "gptq": 2.0, "trajectory": 3.0}
for part in parts:
    r = json.load(open(os.path.join(out, part + ".json")))
    rows = [(k, v) for k, v in r.items() if isinstance(v, dict) and "ratio" in v] or [(part, r)]
    for name, v in rows:
        met = "met" if v["ratio"] >= goals[part] else "MISSED"
        print(f"{part:10s} {name:16s} ratio {v['ratio']:.2f}× (goal {goals[part]}×: {met})")
PY
