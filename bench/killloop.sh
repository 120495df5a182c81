#!/bin/sh
# The long kill loop of issue 17: kill -9 at random instants of training, a sweep adding configs,
# LAWA averaging and a fit, KILLS times each (default 250: 1,000 kills), each kill followed by an open
# in QuantScope and in h5py, then every command to the end and a comparison with an uninterrupted run.
# Prints one summary line per command, or the first store that could not be read. QUANTSCOPE runs
# another build's binary (e.g. an older version's, to compare mechanisms).
# Usage: bench/killloop.sh [BUILD_DIR] [KILLS] [SEED] [QUANTSCOPE]
set -eu
build=${1:-build}
kills=${2:-250}
seed=${3:-$(date +%s)}
binary=${4:-$build/app/quantscope}
echo "killloop: $kills kills per command, seed $seed, $binary"
QTEST_FUNCTION_TIMEOUT=86400000 QS_KILL_BINARY=$binary QS_KILLS=$kills QS_KILL_SEED=$seed QT_QPA_PLATFORM=offscreen "$build/tests/app/tst_killsafety" 2>&1 \
    | grep -E "^(QINFO|PASS|FAIL|Totals)|Loc:"
