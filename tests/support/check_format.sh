#!/bin/sh
# Checks that every C++ file of the project is in the project's format (.clang-format, clang-format 14).
# Usage: check_format.sh CLANG_FORMAT SOURCE_DIR. Exits 77 (ctest: skipped) when clang-format is missing.
set -eu
clang_format=$1
root=$2
if [ ! -x "$clang_format" ] && ! command -v "$clang_format" >/dev/null 2>&1; then
    echo "check_format: $clang_format is not installed (packaging/install-deps.sh installs clang-format-14)"
    exit 77
fi
cd "$root"
if [ -d .git ] || [ -f .git ]; then
    files=$(git ls-files '*.h' '*.cpp')
else
    files=$(find core models widgets app tests bench -name '*.h' -o -name '*.cpp' | sort)
fi
count=$(echo "$files" | wc -l)
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
echo "check_format: $count files in the project's format"
