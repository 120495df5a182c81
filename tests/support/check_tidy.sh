#!/bin/sh
# SPDX-FileCopyrightText: 2026 QuantScope developers
# SPDX-License-Identifier: GPL-3.0-or-later
# clang-tidy (.clang-tidy, clang-tidy 14) on the .cpp files changed against $QS_CHANGED_BASE (default
# HEAD~1: the last commit and what is not committed yet; changed-files.sh), and on the .cpp beside each
# changed header, with BUILD_DIR's compile commands. Translation units that bring libtorch in are left
# out: clang 14 cannot parse libtorch 1.13's headers as C++20. That is core/engine, core/lab and every
# file that includes torch, directly, through the project's headers or through the torch precompiled
# header of the tests that use it (qs_add_test TORCH_PCH); tidy covers the torch-free core,
# the Qt layers, the app and the tests and benchmarks without torch. Files the build does not compile
# (the fuzzers in the default build) are left out too.
# Usage: check_tidy.sh CLANG_TIDY SOURCE_DIR BUILD_DIR. Exits 77 (ctest: skipped), saying why, without
# clang-tidy or compile commands, outside a git checkout, or when the base is not in the checkout.
set -eu
tidy=$1
root=$2
build=$3
here=$(cd "$(dirname "$0")" && pwd)
if [ ! -x "$tidy" ] && ! command -v "$tidy" >/dev/null 2>&1; then
    echo "check_tidy: $tidy is not installed (packaging/install-deps.sh installs clang-tidy-14)"
    exit 77
fi
if [ ! -f "$build/compile_commands.json" ]; then
    echo "check_tidy: $build has no compile_commands.json (configure with CMAKE_EXPORT_COMPILE_COMMANDS)"
    exit 77
fi
cd "$root"
if [ ! -d .git ] && [ ! -f .git ]; then
    echo "check_tidy: $root is not a git checkout: no changed files to check"
    exit 77
fi
changed=$("$here/changed-files.sh" '*.h' '*.cpp') || exit 77
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# The project's headers that bring torch in, directly or through other project headers: grown to a
# fixed point. A .cpp is torch when it includes torch or one of them.
git grep --untracked -lE '#[[:space:]]*include[[:space:]]*<(torch|ATen|c10)/' -- '*.h' >"$tmp/heavy" || true
while :; do
    sed 's|.*|#include "&"|' "$tmp/heavy" >"$tmp/includes"
    { cat "$tmp/heavy"; git grep --untracked -lF -f "$tmp/includes" -- '*.h' || true; } | sort -u >"$tmp/next"
    if cmp -s "$tmp/heavy" "$tmp/next"; then
        break
    fi
    mv "$tmp/next" "$tmp/heavy"
done
printf '%s\n' '#include <torch/' '#include <ATen/' '#include <c10/' >>"$tmp/includes"

for f in $changed; do
    case "$f" in
    *.h) f=${f%.h}.cpp ;;
    esac
    echo "$f"
done | sort -u >"$tmp/candidates"
units=""
skipped=0
for f in $(cat "$tmp/candidates"); do
    case "$f" in
    core/engine/* | core/lab/*)
        skipped=$((skipped + 1))
        continue
        ;;
    esac
    if [ ! -f "$f" ] || ! grep -qF "\"file\": \"$root/$f\"" "$build/compile_commands.json"; then
        continue
    fi
    # Torch directly, through the project's headers, or through the tests' torch precompiled header.
    if grep -qF -f "$tmp/includes" "$f" \
        || grep -F -- "-c $root/$f\"" "$build/compile_commands.json" | grep -q cmake_pch; then
        skipped=$((skipped + 1))
        continue
    fi
    units="$units $f"
done
if [ -z "$units" ]; then
    echo "check_tidy: no changed translation unit to check ($skipped with torch left out)"
    exit 0
fi
# QS_TIDY_JOBS files at a time (2). The compiler's own warnings are GCC's to give (the dev preset's
# -Werror): clang's are not errors here.
export tidy build tmp
printf '%s\n' $units | xargs -n 1 -P "${QS_TIDY_JOBS:-2}" sh -c '
    out="$tmp/$(echo "$1" | tr / _).out"
    if ! "$tidy" -p "$build" --quiet --extra-arg=-Wno-error --extra-arg=-Wno-unknown-warning-option "$1" \
        >"$out" 2>&1; then
        cat "$out"
        echo "$1" >>"$tmp/bad"
    fi' sh
if [ -s "$tmp/bad" ]; then
    echo "check_tidy: clang-tidy fails on:"
    sort "$tmp/bad" | sed 's/^/  /'
    exit 1
fi
echo "check_tidy: $(echo $units | wc -w) changed files pass clang-tidy ($skipped with torch left out)"
