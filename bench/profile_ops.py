#!/usr/bin/python3
# SPDX-FileCopyrightText: 2026 QuantScope developers
# SPDX-License-Identifier: GPL-3.0-or-later
"""Sums a torch Chrome trace (bench_demo_phases' third argument) by op: self time (the op's time minus
its child ops on the same thread) and calls, largest first, as a share of the traced time.
Usage: bench/profile_ops.py trace.json [top=25]"""
import collections
import json
import sys


def main():
    events = json.load(open(sys.argv[1]))
    events = events["traceEvents"] if isinstance(events, dict) else events
    top = int(sys.argv[2]) if len(sys.argv) > 2 else 25
    spans = collections.defaultdict(list)
    for e in events:
        if e.get("ph") == "X" and "dur" in e:
            spans[e.get("tid")].append((float(e["ts"]), float(e["dur"]), e["name"]))
    self_us = collections.Counter()
    calls = collections.Counter()
    traced = 0.0
    for tid, items in spans.items():
        # Parents first: by start, the longer of two spans starting together first.
        items.sort(key=lambda s: (s[0], -s[1]))
        stack = []  # [end, name, child time]
        def close(until):
            while stack and stack[-1][0] <= until:
                end, name, child, dur = stack.pop()
                self_us[name] += dur - child
                if stack:
                    stack[-1][2] += dur
        for ts, dur, name in items:
            close(ts)
            if not stack:
                traced += dur
            calls[name] += 1
            stack.append([ts + dur, name, 0.0, dur])
        close(float("inf"))
    inclusive = collections.Counter()
    for items in spans.values():
        for ts, dur, name in items:
            if name.startswith("qs::"):
                inclusive[name] += dur
    print("QuantScope's scopes (inclusive):")
    for name, us in sorted(inclusive.items()):
        print(f"  {name:42} {us / 1e6:9.3f} s")
    print(f"traced op time: {traced / 1e6:.2f} s (top-level ops, all threads)")
    print(f"{'op':44} {'self [s]':>9} {'share':>7} {'calls':>8}")
    for name, us in self_us.most_common(top):
        print(f"{name[:44]:44} {us / 1e6:9.3f} {100 * us / traced:6.1f}% {calls[name]:8d}")


if __name__ == "__main__":
    main()
