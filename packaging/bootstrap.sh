#!/usr/bin/env bash
# Sets up everything on Debian 12: system packages (packaging/install-deps.sh), then configures and
# builds QuantScope with the default preset (RelWithDebInfo, Ninja, ccache) into build/.
set -euo pipefail
cd "$(dirname "$0")/.."
bash packaging/install-deps.sh
if [ ! -f build/build.ninja ]; then
  cmake --preset default
fi
cmake --build --preset default
