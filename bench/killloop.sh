#!/bin/sh
# SPDX-FileCopyrightText: 2026 QuantScope developers
# SPDX-License-Identifier: GPL-3.0-or-later
# The long kill loop of the store's crash-safety tests: kill -9 at random points of training, an import,
# a sweep adding configs, LAWA averaging and a fit, KILLS times each at random instants and KILLS times
# each at random write events (tests/support/killshim.cpp: inside HDF5's flushes included), so 10 ×
# KILLS kills in all (default 100: 1,000 kills). Each kill is followed by an open in QuantScope and in
# h5py, then every command runs to the end and is compared with an uninterrupted run. Prints one summary
# line per command and kind, and the first stores that could not be read. QUANTSCOPE runs another
# build's binary (e.g. an older version's, to compare mechanisms).
# Usage: bench/killloop.sh [BUILD_DIR] [KILLS] [SEED] [QUANTSCOPE]
set -eu
build=${1:-build}
kills=${2:-100}
seed=${3:-$(date +%s)}
binary=${4:-$build/app/quantscope}
echo "killloop: $kills kills per command at random instants and $kills at random write events, seed $seed, $binary"
QTEST_FUNCTION_TIMEOUT=86400000 QS_KILL_BINARY=$binary QS_KILLS=$kills QS_EVENT_KILLS=$kills QS_KILL_SEED=$seed \
    QT_QPA_PLATFORM=offscreen "$build/tests/app/tst_killsafety" 2>&1 \
    | grep -E "^(QINFO|PASS|FAIL|Totals)|Loc:"
