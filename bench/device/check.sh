#!/usr/bin/env bash
# SPDX-FileCopyrightText: 2026 QuantScope developers
# SPDX-License-Identifier: GPL-3.0-or-later
# The device check (docs/performance.md): on a machine with one NVIDIA GPU and PyPI's PyTorch 2.11 but
# no package registry, runs the quantscope that packaging/pytorch-build.sh built here (with the Debian
# libraries bench/device/pack-libs.sh packed beside it) and
#   1. checks the GPU against the CPU on a small OLMo-2 trajectory (two revisions, RTN W4 and GPTQ W4
#      g128, float32 and bfloat16): the same CE per checkpoint and config within the compute type's
#      tolerance, read with `quantscope compare` from one store; and the built-in trainer on the GPU
#      against the CPU (train --device: the final validation loss of 20 steps, 1e-3 relative);
#   2. times one OLMo-2-1B-shaped revision (random weights made by make_model.py; the paper-1 shape:
#      GPTQ W4 and W3 g128 act-order, 2,048-token blocks, bfloat16) on the GPU and on all CPU cores;
#   3. writes OUT/report.md (report.py): tokens/s, GPTQ seconds per block, peak device memory, and the
#      projection for a 50-revision trajectory.
# Proven end to end on a CPU-only machine with --device cpu (the "GPU" is then the CPU again).
#
#   bench/device/check.sh [--device cuda|cuda:N|cpu] [--out DIR] [--scale full|small] [--skip-cpu-timing]
#
# QS_BINARY (default build-pytorch/app/quantscope) and QS_PYTHON (default python3: the one whose torch
# the binary loads) override what it runs. Exits 1 when a check fails.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
device=cuda
out="${OUT:-/tmp/quantscope-device-check}"
scale=full
cpu_timing=1
while [ $# -gt 0 ]; do
  case "$1" in
    --device) device="$2"; shift 2 ;;
    --out) out="$2"; shift 2 ;;
    --scale) scale="$2"; shift 2 ;;
    --skip-cpu-timing) cpu_timing=0; shift ;;
    *) echo "check.sh: unknown argument $1" >&2; exit 2 ;;
  esac
done
python="${QS_PYTHON:-python3}"
quantscope="${QS_BINARY:-$root/build-pytorch/app/quantscope}"
fail() { echo "check.sh: $*" >&2; exit 1; }
[ -x "$quantscope" ] || fail "no $quantscope: build it with packaging/pytorch-build.sh (or set QS_BINARY)"
mkdir -p "$out"
out="$(cd "$out" && pwd)"
start=$(date +%s)

# The libraries: torch's own (the binary was built against this torch version), then the Debian ones
# packed here, except those the machine has itself (the same soname: the machine's copy is compatible).
torchlib="$("$python" -c 'import os, torch; print(os.path.join(os.path.dirname(torch.__file__), "lib"))')" \
  || fail "$python cannot import torch"
libs="$out/libs"
if [ -f "$here/libs.tar.xz" ]; then
  rm -rf "$libs"
  tar -C "$out" -xJf "$here/libs.tar.xz"
  system="$(ldconfig -p 2>/dev/null || true)"
  for f in "$libs"/*; do
    if grep -q "^[[:space:]]$(basename "$f") " <<<"$system"; then rm -f "$f"; fi
  done
fi
export LD_LIBRARY_PATH="$torchlib:$libs${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
missing="$(ldd "$quantscope" | grep "not found" || true)"
[ -z "$missing" ] || fail "libraries missing for $quantscope: $missing"
threads="$(nproc)"
{
  echo "date: $(date -u +%FT%TZ)"
  echo "host: $(uname -n), $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //')"
  "$quantscope" --version | sed 's/^/quantscope: /'
  "$python" -c 'import torch; print("python torch:", torch.__version__, "cuda", torch.version.cuda, "gpu",
torch.cuda.get_device_name(0) if torch.cuda.is_available() else "none")'
  echo "device: $device, scale: $scale, threads: $threads"
  echo "libraries carried: $(ls "$libs" 2>/dev/null | wc -l) used of the packed ones"
} >"$out/machine.txt"
cat "$out/machine.txt"

qs() { "$quantscope" "$@"; }
mk() { "$python" "$here/make_model.py" "$@"; }

# 1. GPU against CPU.
check="$out/check"
rm -rf "$check"
mkdir -p "$check"
small=(--layers 2 --hidden 256 --intermediate 1024 --heads 4 --vocab 4096)
mk --out "$check/rev-step100" "${small[@]}" --seed 1
mk --out "$check/rev-step200" "${small[@]}" --seed 2
mk --tokens "$check/tokens.bin" --count 60000 --vocab 4096 --seed 3
store="$check/check.h5"
quants=(--quant rtn:4:g128:sym --quant gptq:4:g128:sym:act)
: >"$out/check.tsv"
for dtype in float32 bfloat16; do
  for where in cpu dev; do
    qs import --store "$store" --run "$where-$dtype" "$check/rev-step100" "$check/rev-step200" \
      --tokens "$check/tokens.bin" --token-type uint32 --seq-len 128 --val-sequences 16 >/dev/null
    d=cpu
    [ "$where" = dev ] && d="$device"
    qs sweep --store "$store" --run "$where-$dtype" --device "$d" --dtype "$dtype" --threads "$threads" "${quants[@]}" \
      >"$check/sweep-$where-$dtype.log"
  done
  for config in fp rtn_w4_g128_sym gptq_w4_g128_sym_act; do
    for step in 100 200; do
      text="$(qs compare "$store" "cpu-$dtype:$config@$step" "dev-$dtype:$config@$step" --metric ce)"
      a="$(awk '$1 == "A" {print $3}' <<<"$text")"
      b="$(awk '$1 == "B" && $2 != "−" {print $3}' <<<"$text")"
      # float32: sums in other orders, 1e-5 relative (GPTQ 1e-4: a weight may cross a rounding tie);
      # bfloat16: twice √(8·L)·u relative, u = 2^-8, L = 2 blocks (tests/core/tst_hfcompute.cpp computeTypes).
      tol="$(awk -v a="$a" -v d="$dtype" -v c="$config" 'BEGIN {
        r = (d == "float32") ? (c ~ /^gptq/ ? 1e-4 : 1e-5) : 2 * sqrt(16) / 256; printf "%.3g", r * a }')"
      diff="$(awk -v a="$a" -v b="$b" 'BEGIN {printf "%.3g", b - a}')"
      printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$dtype" "$config" "$step" "$a" "$b" "$diff" "$tol" >>"$out/check.tsv"
    done
  done
done

# The built-in trainer: 20 steps of a small byte-level LM on each device, the same initial weights and
# batches; 1e-3 relative (tests/core/tst_hfcompute.cpp trainOnDevice says why).
"$python" - "$check/corpus.txt" <<'PY'
import random, sys
words = "the quantized model learns slowly and then decays weights of a small network rise in error".split()
rng = random.Random(42)
with open(sys.argv[1], "w") as f:
    f.write(" ".join(rng.choice(words) for _ in range(20000)) + "\n")
PY
cat >"$check/train.json" <<'JSON'
{"model": {"d_model": 128, "n_layers": 2, "n_heads": 4, "d_ff": 512, "max_seq_len": 64},
 "steps": 20, "batch_size": 16, "seq_len": 64, "checkpoint_every": 20, "eval_every": 20}
JSON
loss=()
run=0
for d in cpu "$device"; do
  run=$((run + 1))
  text="$(qs train --corpus "$check/corpus.txt" --store "$check/train.h5" --run "train-$run" \
    --config "$check/train.json" --device "$d")"
  loss+=("$(sed -n 's/.*final validation loss \([0-9.]*\).*/\1/p' <<<"$text")")
done
awk -v a="${loss[0]}" -v b="${loss[1]}" 'BEGIN {
  printf "train\ttinylm\t20\t%s\t%s\t%.3g\t%.3g\n", a, b, b - a, 1e-3 * a }' >>"$out/check.tsv"

# 2. One OLMo-2-1B-shaped revision, timed: all widths of OLMo-2-1B, fewer blocks (projected to 16).
time_one() { # device layers val_sequences calib_sequences
  local dev="$1" layers="$2" val="$3" calib="$4" dir="$out/time-$1"
  local shape=(--layers "$layers")
  local seq=2048 vocab=100352
  if [ "$scale" = small ]; then
    shape=(--layers "$layers" --hidden 512 --intermediate 2048 --heads 8 --vocab 8192)
    seq=512 vocab=8192
  fi
  rm -rf "$dir"
  mkdir -p "$dir"
  mk --out "$dir/rev-step1000" "${shape[@]}" --seed 7
  mk --tokens "$dir/tokens.bin" --count $(((val + calib + 2) * seq)) --vocab "$vocab" --seed 8
  qs import --store "$dir/time.h5" --run olmo2 "$dir/rev-step1000" --tokens "$dir/tokens.bin" --token-type uint32 \
    --seq-len "$seq" --val-sequences "$val" >/dev/null
  local peak=""
  if [ "$dev" != cpu ] && command -v nvidia-smi >/dev/null; then
    (while :; do nvidia-smi --query-gpu=memory.used --format=csv,noheader,nounits -i "${dev#cuda:}" 2>/dev/null \
       | head -1; sleep 0.5; done) >"$dir/memory.txt" 2>/dev/null &
    peak=$!
  fi
  local t0 t1
  t0=$(date +%s.%N)
  qs sweep --store "$dir/time.h5" --run olmo2 --device "$dev" --dtype bfloat16 --threads "$threads" \
    --quant "gptq:4:g128:sym:act:cal${calib}x$seq" --quant "gptq:3:g128:sym:act:cal${calib}x$seq" \
    | tee "$out/time-${dev%%:*}.log"
  t1=$(date +%s.%N)
  local mib=null
  if [ -n "$peak" ]; then
    kill "$peak" 2>/dev/null || true
    wait "$peak" 2>/dev/null || true
    mib="$(sort -n "$dir/memory.txt" | tail -1)"
    mib="${mib:-null}"
  fi
  printf '{"layers": %d, "full_layers": 16, "val_sequences": %d, "calib_sequences": %d, "seq_len": %d, "threads": %d, "dtype": "bfloat16", "peak_device_mib": %s, "wall_s": %s}\n' \
    "$layers" "$val" "$calib" "$seq" "$threads" "$mib" "$(awk -v a="$t0" -v b="$t1" 'BEGIN {print b - a}')" \
    >"$out/time-${dev%%:*}.json"
  rm -rf "$dir/rev-step1000" # a gigabyte and more
}
if [ "$device" != cpu ]; then
  time_one "$device" 4 64 128
fi
if [ "$cpu_timing" = 1 ]; then
  if [ "$scale" = small ]; then time_one cpu 2 4 4; else time_one cpu 2 8 16; fi
fi
"$python" "$here/report.py" "$out"
echo "check.sh: done in $(($(date +%s) - start)) s; report: $out/report.md"
