# SPDX-FileCopyrightText: 2026 QuantScope developers
# SPDX-License-Identifier: GPL-3.0-or-later
"""Summarises the QS_SPREAD_LOG files of bench/numeric_spread.sh: one file per variant, lines
"check <TAB> value <TAB> bound <TAB> below|above|proven" (the test passes when value is below, above,
or at most bound; a NaN bound marks a quantity recorded only). For a proven bound (a rounding-error
bound) the margin is printed but margin / spread is not: there is no spread to outrun."""
import collections
import math
import os
import sys


def main(folder):
    checks = collections.defaultdict(dict)
    for name in sorted(os.listdir(folder)):
        variant = name[:-4]
        with open(os.path.join(folder, name)) as f:
            for line in f:
                key, value, bound, side = line.rstrip("\n").split("\t")
                sign = -1.0 if side == "above" else 1.0
                checks[key][variant] = (float(value), float(bound), sign, side == "proven")
    print(f"{'check':78s} {'runs':>4s} {'min':>11s} {'max':>11s} {'spread':>9s} {'margin':>9s} {'margin/spread':>13s}")
    worst = None
    for key in sorted(checks):
        rows = list(checks[key].values())
        values = [v for v, _, _, _ in rows]
        spread = max(values) - min(values)
        bounds = [b for _, b, _, _ in rows if not math.isnan(b)]
        if bounds and rows[0][3]:
            margin = min(b - v for v, b, _, _ in rows)
            tail = f"{margin:9.3g} {'proven bound':>13s}"
        elif bounds:
            margin = min(sign * (b - v) for v, b, sign, _ in rows)
            ratio = margin / spread if spread > 0 else math.inf
            if worst is None or ratio < worst[1]:
                worst = (key, ratio)
            tail = f"{margin:9.3g} {ratio:13.3g}"
        else:
            tail = f"{'-':>9s} {'recorded':>13s}"
        print(f"{key:78s} {len(rows):4d} {min(values):11.5g} {max(values):11.5g} {spread:9.3g} {tail}")
    if worst:
        print(f"\nsmallest margin/spread: {worst[1]:.3g} ({worst[0]})")


if __name__ == "__main__":
    main(sys.argv[1])
