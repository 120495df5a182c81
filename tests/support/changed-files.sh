#!/bin/sh
# SPDX-FileCopyrightText: 2026 QuantScope developers
# SPDX-License-Identifier: GPL-3.0-or-later
# The files of the checkout in the current folder that changed against a base commit and match the
# pathspecs, one a line: what differs between the base and the working tree (committed since, staged or
# not, deleted files left out) and the new files git does not ignore. The base is $QS_CHANGED_BASE,
# HEAD~1 by default: the last commit and what is not committed yet. The changed-files-only mode of
# check_format.sh and check_tidy.sh.
# Usage: changed-files.sh PATHSPEC... Exits 2, saying why, when the base is not a commit of the checkout.
set -eu
base=${QS_CHANGED_BASE:-HEAD~1}
if ! git rev-parse --verify --quiet "$base^{commit}" >/dev/null; then
    echo "changed-files: $base is not a commit of this checkout (a shallow clone? set QS_CHANGED_BASE)" >&2
    exit 2
fi
{
    git diff --name-only --diff-filter=d "$base" -- "$@"
    git ls-files --others --exclude-standard -- "$@"
} | sort -u
