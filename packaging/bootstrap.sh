#!/usr/bin/env bash
# SPDX-FileCopyrightText: 2026 QuantScope developers
# SPDX-License-Identifier: GPL-3.0-or-later
# Sets up everything on Debian 12: system packages (packaging/install-deps.sh), then configures and
# builds QuantScope with the default preset (RelWithDebInfo, Ninja, ccache) into build/. It also
# configures, without building them, the sanitizer build (asan preset: ASan + UBSan, build-asan/) and
# the fuzzers (fuzz preset: clang-14, libFuzzer, build-fuzz/): `ctest --preset default` builds each
# first (tests asan.build, fuzz.build) and runs their tests with the rest (docs/testing.md, "Fuzzing and
# sanitizers"), so the demo does not wait for them.
set -euo pipefail
cd "$(dirname "$0")/.."
bash packaging/install-deps.sh
# A full test run needs about 20 GB beside the clone: the three builds (about 7 GB), the peer and PyTorch
# environments (about 11 GB, shared between clones) and ccache. A fuller disk fails deep inside a compiler
# or pip, so say it here, once, with the figure.
free_gb=$(( $(df --output=avail -k . | tail -1) / 1048576 ))
if [ "$free_gb" -lt 20 ]; then
  echo "bootstrap: only ${free_gb} GB free on $(df --output=target . | tail -1); building and testing" \
       "QuantScope needs about 20 GB (fewer once ~/.cache/quantscope holds the Python environments)." >&2
fi
if [ ! -f build/build.ninja ]; then
  cmake --preset default
fi
cmake --build --preset default
for preset in asan fuzz; do
  if [ ! -f "build-$preset/build.ninja" ]; then
    cmake --preset "$preset" >/dev/null
  fi
done
