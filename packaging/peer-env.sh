#!/usr/bin/env bash
# SPDX-FileCopyrightText: 2026 QuantScope developers
# SPDX-License-Identifier: GPL-3.0-or-later
# Creates the peer environment: a Python virtual environment (Debian's python3) holding the pinned
# libraries of packaging/peers/requirements.txt, with every other package fixed by
# packaging/peers/constraints.txt, and then those of packaging/peers/nodeps.txt without their declared
# dependencies (a library whose pins exclude the environment's torch or transformers although it runs on
# them; docs/verification.md says which and why). It lives in a folder named by the hash of the files
# (QS_PEER_CACHE, default ~/.cache/quantscope/peers/<hash>), so a second run finds it and downloads
# nothing. Prints the environment's python.
#
# `--env pytorch` makes the other pinned environment, packaging/pytorch/ (cached in
# ~/.cache/quantscope/pytorch/<hash>, or QS_PYTORCH_CACHE): the PyTorch of the GPU machines
# (2.11.0+cu130) that the PyPI build of the core and CLI compiles against (packaging/pytorch-build.sh),
# and the transformers that bench/peers runs on that same torch.
#
#   packaging/peer-env.sh [--env NAME]            create (if needed) and print the path of its python
#   packaging/peer-env.sh [--env NAME] --path     print where it would be, create nothing
#   packaging/peer-env.sh [--env NAME] --freeze   rewrite constraints.txt from a fresh install of requirements.txt
#
# An environment is used only once it is complete (its .complete file is written last), so an
# interrupted install is made again, never half used.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
fail() { echo "peer-env: $*" >&2; exit 1; }
name=peers
if [ "${1:-}" = "--env" ]; then
  name="${2:-}"
  shift 2 || fail "--env needs a name (peers or pytorch)"
fi
case "$name" in
  peers) cachevar=QS_PEER_CACHE ;;
  pytorch) cachevar=QS_PYTORCH_CACHE ;;
  *) fail "no environment '$name' (there are: peers, pytorch)" ;;
esac
cache="${!cachevar:-${XDG_CACHE_HOME:-$HOME/.cache}/quantscope/$name}"
req="$root/packaging/$name/requirements.txt"
con="$root/packaging/$name/constraints.txt"
nodeps="$root/packaging/$name/nodeps.txt"
python=/usr/bin/python3
[ -x "$python" ] || fail "no $python: install Debian's python3 and python3-venv (packaging/install-deps.sh)"
"$python" -c 'import venv, ensurepip' 2>/dev/null \
  || fail "$python cannot make virtual environments: install python3-venv (packaging/install-deps.sh)"

if [ "${1:-}" = "--freeze" ]; then
  tmp="$(mktemp -d)"
  trap 'rm -rf "$tmp"' EXIT
  "$python" -m venv "$tmp/env"
  "$tmp/env/bin/pip" install --quiet --disable-pip-version-check --cache-dir "$cache/pip" -r "$req"
  if [ -f "$nodeps" ]; then
    "$tmp/env/bin/pip" install --quiet --disable-pip-version-check --cache-dir "$cache/pip" --no-deps -r "$nodeps"
  fi
  {
    echo "# Every package of this environment at the version packaging/peer-env.sh --env $name --freeze found,"
    echo "# so that a rebuild months later installs the same set (pip's -c). Generated: do not edit."
    "$tmp/env/bin/pip" freeze --all --exclude-editable | grep -v -E '^(pip|setuptools|wheel)=='
  } >"$con"
  echo "peer-env: wrote $con"
  exit 0
fi

hashed=("$req" "$con")
[ -f "$nodeps" ] && hashed+=("$nodeps")
hash="$(cat "${hashed[@]}" 2>/dev/null | sha256sum | cut -c1-16)"
env="$cache/$hash"
if [ "${1:-}" = "--path" ]; then
  echo "$env/bin/python"
  exit 0
fi
if [ -x "$env/bin/python" ] && [ -f "$env/.complete" ]; then
  echo "$env/bin/python"
  exit 0
fi

mkdir -p "$cache"
# One installer at a time (two ctest runs, or a test and a person): the second waits, then finds it.
exec 9>"$cache/.lock"
flock 9
if [ -x "$env/bin/python" ] && [ -f "$env/.complete" ]; then
  echo "$env/bin/python"
  exit 0
fi
free_kb=$(df -Pk "$cache" | awk 'NR == 2 {print $4}')
# torch's wheel brings the CUDA runtime wheels with it (about 6 GB installed, 3 GB of downloads).
[ "${free_kb:-0}" -ge $((12 * 1024 * 1024)) ] \
  || fail "only $((free_kb / 1024)) MiB free in $cache; the $name environment needs about 12 GiB (set $cachevar elsewhere)"
# What an interrupted install left is not used: it has no .complete, so it is made again.
rm -rf "$env"
echo "peer-env: installing the $name environment into $env (first time only; several GB, minutes)" >&2
start=$(date +%s)
"$python" -m venv "$env"
constraints=()
[ -f "$con" ] && constraints=(-c "$con")
if ! "$env/bin/python" -m pip install --quiet --disable-pip-version-check --cache-dir "$cache/pip" \
     -r "$req" "${constraints[@]}" >&2; then
  rm -rf "$env"
  fail "pip could not install $req (its message is above): the tests that need it cannot run"
fi
if [ -f "$nodeps" ] && ! "$env/bin/python" -m pip install --quiet --disable-pip-version-check --cache-dir "$cache/pip" \
     --no-deps -r "$nodeps" >&2; then
  rm -rf "$env"
  fail "pip could not install $nodeps (its message is above): the tests that need it cannot run"
fi
touch "$env/.complete"
echo "peer-env: installed in $(( $(date +%s) - start )) s" >&2
echo "$env/bin/python"
