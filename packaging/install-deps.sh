#!/usr/bin/env bash
# SPDX-FileCopyrightText: 2026 QuantScope developers
# SPDX-License-Identifier: GPL-3.0-or-later
# Installs everything QuantScope needs to build, test and run on Debian 12.
# Idempotent: when every package is present and OpenBLAS is already the BLAS/LAPACK
# alternative, it returns in well under a second without touching apt.
set -euo pipefail

PACKAGES=(
  build-essential cmake ninja-build ccache pkg-config
  qt6-base-dev qt6-base-dev-tools qt6-tools-dev qt6-tools-dev-tools qt6-l10n-tools
  qt6-svg-dev libqcustomplot-dev libqcustomplot2.1-qt6
  libtorch-dev libopenblas0-openmp libblas-dev liblapack-dev
  libhdf5-dev hdf5-tools
  xvfb xauth imagemagick poppler-utils
  bible-kjv bible-kjv-text
  nlohmann-json3-dev libpcre2-dev libicu-dev
  python3-h5py python3-numpy python3-torch python3-protobuf
  # the peer environment of the peers tests (packaging/peer-env.sh: a venv of PyPI packages);
  # gptqmodel's dependency pypcre comes as source and builds against Python's headers and libpcre2
  python3-venv python3-dev
  # tst_format and tst_tidy: the changed C++ files against .clang-format and .clang-tidy
  clang-format-14 clang-tidy-14
  # the asan and fuzz presets: clang, its ASan runtime and libFuzzer, llvm-symbolizer for reports
  clang-14 libclang-rt-14-dev llvm-14
  # tst_slurm starts a one-node SLURM cluster (docs/cluster.md)
  slurmctld slurmd slurm-client munge
  # the Debian package: built (CPack reads ELF files with file), checked with Debian's tools,
  # installed and removed (docs/packaging.md)
  file lintian desktop-file-utils appstream shared-mime-info xdg-utils man-db bash-completion
)

SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi

# One dpkg-query for all packages keeps the "everything is there" case well under a second.
installed=$(dpkg-query -W -f='${Package} ${Status}\n' "${PACKAGES[@]}" 2>/dev/null \
            | awk '$4 == "installed" {print $1}' || true)
missing=()
for p in "${PACKAGES[@]}"; do
  grep -qx "$p" <<<"$installed" || missing+=("$p")
done

if [ "${#missing[@]}" -gt 0 ]; then
  echo "install-deps: installing ${#missing[@]} missing package(s): ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  $SUDO apt-get update -qq
  $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

# libtorch silently falls back to reference BLAS (about 30x slower) unless OpenBLAS
# provides libblas.so.3 / liblapack.so.3. Point every alternative at the OpenMP build.
arch=$(dpkg-architecture -qDEB_HOST_MULTIARCH 2>/dev/null || echo x86_64-linux-gnu)
set_alt() {
  local name=$1 target=$2
  [ -e "$target" ] || return 0
  if [ "$(update-alternatives --query "$name" 2>/dev/null | sed -n 's/^Value: //p')" != "$target" ]; then
    $SUDO update-alternatives --set "$name" "$target" >/dev/null
    echo "install-deps: $name -> $target"
  fi
}
set_alt "libblas.so.3-$arch" "/usr/lib/$arch/openblas-openmp/libblas.so.3"
set_alt "liblapack.so.3-$arch" "/usr/lib/$arch/openblas-openmp/liblapack.so.3"
set_alt "libopenblas.so.0-$arch" "/usr/lib/$arch/openblas-openmp/libopenblas.so.0"
exit 0
