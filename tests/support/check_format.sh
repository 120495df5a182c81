#!/bin/sh
# SPDX-FileCopyrightText: 2026 QuantScope developers
# SPDX-License-Identifier: GPL-3.0-or-later
# Checks that the project's C++ files are in the project's format (.clang-format, clang-format 14): those
# changed against $QS_CHANGED_BASE (default HEAD~1: the last commit and what is not committed yet;
# changed-files.sh), so that CI stays fast; every file with QS_FORMAT_ALL=1, outside a git checkout, or
# where the base is not in the checkout.
# Every source file, changed or not, carries the SPDX licence header.
# Usage: check_format.sh CLANG_FORMAT SOURCE_DIR. Exits 77 (ctest: skipped) when clang-format is missing.
set -eu
clang_format=$1
root=$2
here=$(cd "$(dirname "$0")" && pwd)
if [ ! -x "$clang_format" ] && ! command -v "$clang_format" >/dev/null 2>&1; then
    echo "check_format: $clang_format is not installed (packaging/install-deps.sh installs clang-format-14)"
    exit 77
fi
cd "$root"
what="files"
if [ ! -d .git ] && [ ! -f .git ]; then
    files=$(find core itemmodels widgets app tests bench fuzz -name '*.h' -o -name '*.cpp' | sort)
elif [ "${QS_FORMAT_ALL:-0}" != 1 ] && changed=$("$here/changed-files.sh" '*.h' '*.cpp'); then
    files=$changed
    what="files changed since ${QS_CHANGED_BASE:-HEAD~1} (QS_FORMAT_ALL=1 checks all)"
else
    files=$(git ls-files '*.h' '*.cpp')
fi
# Every source file — C++, CMake, shell, Python, the configured templates — names its licence in its
# first lines (CONTRIBUTING.md, "Licence"): all of them, not only the changed ones; a grep is cheap.
if [ -d .git ] || [ -f .git ]; then
    sources=$({ git ls-files; git ls-files --others --exclude-standard; } | sort -u)
else
    sources=$(find . -path ./build\* -prune -o -type f -print | sed 's|^\./||' | sort)
fi
unlicensed=""
for f in $(printf '%s\n' "$sources" | grep -E '\.(h|cpp|py|sh|cmake|in)$|(^|/)CMakeLists\.txt$|^\.ci/run$'); do
    if [ -f "$f" ] && ! head -n 4 "$f" | grep -q 'SPDX-License-Identifier: GPL-3.0-or-later'; then
        unlicensed="$unlicensed $f"
    fi
done
if [ -n "$unlicensed" ]; then
    echo "check_format: these files have no SPDX header (SPDX-License-Identifier: GPL-3.0-or-later in the first 4 lines):"
    for f in $unlicensed; do echo "  $f"; done
    exit 1
fi
count=$(printf '%s' "$files" | grep -c '' || true)
bad=""
for f in $files; do
    if ! "$clang_format" --dry-run --Werror "$f" >/dev/null 2>&1; then
        bad="$bad $f"
    fi
done
if [ -n "$bad" ]; then
    echo "check_format: these files differ from .clang-format:"
    for f in $bad; do echo "  $f"; done
    echo "fix them with: $clang_format -i$bad"
    exit 1
fi
echo "check_format: $count $what in the project's format"
