#!/usr/bin/env bash
# SPDX-FileCopyrightText: 2026 QuantScope developers
# SPDX-License-Identifier: GPL-3.0-or-later
# The spread of every recorded floating-point check across kernels and thread counts (docs/testing.md).
# Runs the numeric tests (ctest label "numeric", the base runs only) once per variant with
# QS_SPREAD_LOG set, then prints per check (QS_VERIFY_BELOW in tests/support/numeric.h) the quantity's range over
# the variants, its spread, the smallest margin to the bound and margin / spread.
#   bench/numeric_spread.sh [BUILD_DIR] [-R REGEX]   (default build/, every numeric test)
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build}
shift || true
out=$(mktemp -d)
variants=("detected" "threads=1" "OPENBLAS_CORETYPE=Haswell" "OPENBLAS_CORETYPE=Sandybridge"
          "OPENBLAS_CORETYPE=Nehalem" "ATEN_CPU_CAPABILITY=default")
if grep -qw avx512f /proc/cpuinfo; then
  variants+=("OPENBLAS_CORETYPE=SkylakeX" "ATEN_CPU_CAPABILITY=avx512")
fi
for v in "${variants[@]}"; do
  envs=()
  case "$v" in
    detected) ;;
    threads=1) envs=(QS_TEST_THREADS=1 OMP_NUM_THREADS=1) ;;
    *) envs=("$v") ;;
  esac
  echo "== $v" >&2
  env "${envs[@]}" QS_SPREAD_LOG="$out/$v.tsv" ctest --test-dir "$build" -L numeric -LE variant "$@" \
    | grep -E "tests passed|Failed|\*\*\*" >&2 || true
done
/usr/bin/python3 bench/numeric_spread.py "$out"
rm -rf "$out"
