#!/usr/bin/env bash
# SPDX-FileCopyrightText: 2026 QuantScope developers
# SPDX-License-Identifier: GPL-3.0-or-later
# Packs the shared libraries the PyPI build's quantscope needs besides torch, CUDA and the C library
# (Qt Core, HDF5, OpenBLAS and LAPACK, ICU, PCRE2 and what they pull in) from this Debian machine into
# bench/device/libs.tar.xz, for a GPU machine that has PyTorch but none of Debian's packages
# (bench/device/check.sh unpacks it next to the binary). Prints the archive's size: the device tool
# carries at most 64 MiB in all.
#
#   bench/device/pack-libs.sh [QUANTSCOPE]     default: build-pytorch/app/quantscope
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
binary="${1:-$root/build-pytorch/app/quantscope}"
[ -x "$binary" ] || { echo "pack-libs: no $binary: build it with packaging/pytorch-build.sh" >&2; exit 1; }
out="$root/bench/device/libs.tar.xz"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
mkdir "$tmp/libs"
# What the loader resolves here, less torch's own (site-packages: torch/lib, nvidia/*) and glibc's,
# which the GPU machine has in a version at least Debian 12's.
ldd "$binary" | awk '$2 == "=>" && $3 ~ /^\// {print $1, $3}' | while read -r name path; do
  case "$path" in
    */site-packages/*|/usr/local/cuda*) continue ;;
  esac
  case "$name" in
    libc.so.*|libm.so.*|libdl.so.*|libpthread.so.*|librt.so.*|ld-linux*|libgcc_s.so.*) continue ;;
  esac
  cp -L "$path" "$tmp/libs/$name"
done
tar -C "$tmp" -cJf "$out.part" libs
mv "$out.part" "$out"
echo "pack-libs: $(ls "$tmp/libs" | wc -l) libraries, $(du -sh "$tmp/libs" | cut -f1) unpacked, $(du -h "$out" | cut -f1) packed: $out"
