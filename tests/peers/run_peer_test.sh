#!/usr/bin/env bash
# SPDX-FileCopyrightText: 2026 QuantScope developers
# SPDX-License-Identifier: GPL-3.0-or-later
# Runs one peer test (tests/peers/test_*.py) with pytest from the peer environment. The environment is
# the one packaging/peer-env.sh makes (the ctest fixture peers.env makes it first); when it is not
# there this fails, saying why and how to make it: peer tests are never skipped.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
usage="usage: run_peer_test.sh TEST.py --probe QS_PEERPROBE --quantscope QUANTSCOPE [pytest options]"
[ $# -ge 5 ] && [ "$2" = --probe ] && [ "$4" = --quantscope ] || { echo "$usage" >&2; exit 2; }
script="$(realpath "$1")"
export QS_PEER_PROBE="$(realpath "$3")" QS_PEER_QUANTSCOPE="$(realpath "$5")"
shift 5
python="$("$root/packaging/peer-env.sh" --path)"
if [ ! -f "$(dirname "$(dirname "$python")")/.complete" ]; then
  echo "peer test $(basename "$script"): the peer environment is not installed ($python is missing)." >&2
  echo "Make it with packaging/peer-env.sh (ctest runs it as the test peers.env; its output says why it failed)." >&2
  exit 1
fi
# The scratch folder is named once and removed by that name: were mktemp to fail (a full disk), an
# empty name must end the test, never remove the folder ctest started it in.
scratch="$(mktemp -d "${TMPDIR:-/tmp}/qs-peer.XXXXXX")" || {
  echo "peer test $(basename "$script"): cannot make a scratch folder in ${TMPDIR:-/tmp} (full disk?)" >&2
  exit 1
}
trap 'rm -rf "$scratch"' EXIT
cd "$scratch"
export QS_PEER_ROOT="$root" PYTHONDONTWRITEBYTECODE=1 HF_HUB_OFFLINE=1 TRANSFORMERS_OFFLINE=1 \
       TOKENIZERS_PARALLELISM=false OMP_NUM_THREADS=2
"$python" -m pytest -q -s -p no:cacheprovider --basetemp "$PWD/pytest" --rootdir "$here" "$script" "$@"
