#!/usr/bin/env bash
# SPDX-FileCopyrightText: 2026 QuantScope developers
# SPDX-License-Identifier: GPL-3.0-or-later
# Builds the core, the CLI and their torch tests against PyPI's PyTorch (2.11.0+cu130, the torch of the
# GPU machines; packaging/pytorch/requirements.txt) into build-pytorch/ (preset pytorch): installs that
# environment first when it is not there (packaging/peer-env.sh --env pytorch: several GB, once),
# configures with its torch (QS_TORCH_PYTHON) and the CUDA toolkit at /usr/local/cuda, and builds.
# `ctest --preset default` runs it as the test pytorch.build, then the build's tests as pytorch.tests
# (docs/building.md, "The PyPI build").
set -euo pipefail
cd "$(dirname "$0")/.."
python="$(packaging/peer-env.sh --env pytorch)"
if [ ! -x /usr/local/cuda/bin/nvcc ]; then
  echo "pytorch-build: no CUDA toolkit at /usr/local/cuda (nvcc): PyPI's torch is built with CUDA and its" \
       "CMake files need the toolkit to configure against it" >&2
  exit 1
fi
export PATH="/usr/local/cuda/bin:$PATH"
if [ ! -f build-pytorch/build.ninja ] \
   || ! grep -qxF "QS_TORCH_PYTHON:FILEPATH=$python" build-pytorch/CMakeCache.txt; then
  rm -rf build-pytorch
  cmake --preset pytorch -DQS_TORCH_PYTHON="$python"
fi
cmake --build --preset pytorch
