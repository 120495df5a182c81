#!/bin/sh
# SPDX-FileCopyrightText: 2026 QuantScope developers
# SPDX-License-Identifier: GPL-3.0-or-later
# Runs a numeric test under another machine's arithmetic (docs/testing.md):
#   kernels  - other OpenBLAS kernels than this CPU's own (Haswell's AVX2 ones on an AVX-512 CPU, as an
#              AMD EPYC runs; Sandybridge's AVX ones elsewhere) and ATen's scalar kernels;
#   threads1 - one torch/OpenMP thread instead of the tests' two.
# A test that passes only with the detected kernels or one thread count fails here, on any machine.
set -eu
variant=$1
shift
case "$variant" in
  kernels)
    if grep -qw avx512f /proc/cpuinfo; then
      OPENBLAS_CORETYPE=Haswell
    else
      OPENBLAS_CORETYPE=Sandybridge
    fi
    ATEN_CPU_CAPABILITY=default
    export OPENBLAS_CORETYPE ATEN_CPU_CAPABILITY
    ;;
  threads1)
    QS_TEST_THREADS=1
    OMP_NUM_THREADS=1
    export QS_TEST_THREADS OMP_NUM_THREADS
    ;;
  *)
    echo "numeric-variant.sh: unknown variant '$variant' (kernels, threads1)" >&2
    exit 2
    ;;
esac
echo "numeric variant $variant: OPENBLAS_CORETYPE=${OPENBLAS_CORETYPE:-detected} ATEN_CPU_CAPABILITY=${ATEN_CPU_CAPABILITY:-detected} threads=${QS_TEST_THREADS:-2}"
exec "$@"
