# SPDX-FileCopyrightText: 2026 QuantScope developers
# SPDX-License-Identifier: GPL-3.0-or-later
"""TensorBoard event files written by torch.utils.tensorboard.SummaryWriter read in QuantScope with the
steps and values TensorBoard's own reader (EventAccumulator) gives: scalars, several runs (folders),
add_scalars' per-tag runs, a restarted run that rewrites steps, large step numbers."""

import math
import os
import time

from tensorboard.backend.event_processing.event_accumulator import EventAccumulator
from torch.utils.tensorboard import SummaryWriter

from conftest import report


def write_logs(root):
    w = SummaryWriter(os.path.join(root, "train"))
    for step in range(100):
        w.add_scalar("lr", 1e-3 * min(1.0, (step + 1) / 10) * (0.5 if step > 80 else 1.0), step)
        w.add_scalar("loss", 5.0 * math.exp(-step / 30) + 0.1 * math.sin(step), step)
    w.add_scalars("grad", {"norm": 1.5, "clip": 1.0}, 10)
    w.add_text("note", "text is not a scalar", 0)
    w.close()
    time.sleep(1.1)  # the next writer's file gets another timestamp in its name, as a restart would
    # A restart from step 60: the second writer rewrites steps 60..149 (the newer values win).
    w = SummaryWriter(os.path.join(root, "train"))
    for step in range(60, 150):
        w.add_scalar("loss", 3.0 + step / 1000.0, step)
    w.close()
    w = SummaryWriter(os.path.join(root, "eval"))
    for i, step in enumerate([0, 2**31, 2**40, 2**53 + 2]):
        w.add_scalar("eval/ce", 4.0 - i * 0.25, step)
    w.close()


def accumulated(folder):
    """What TensorBoard shows for one run folder: the last value per step."""
    acc = EventAccumulator(folder, size_guidance={"scalars": 0})
    acc.Reload()
    out = {}
    for tag in acc.Tags()["scalars"]:
        values = {}
        for e in acc.Scalars(tag):
            values[e.step] = e.value
        out[tag] = values
    return out


def test_summary_writer_logs_read_as_tensorboard_reads_them(probe, tmp_path):
    root = tmp_path / "logs"
    write_logs(str(root))
    got = probe.run("traininglog", root, out=tmp_path / "log.json")
    expected = {}
    for dirpath, _, files in os.walk(root):
        if any("tfevents" in f for f in files):
            prefix = os.path.relpath(dirpath, root)
            for tag, values in accumulated(dirpath).items():
                expected[tag if prefix == "." else f"{prefix}/{tag}"] = values
    assert set(got["series"]) == set(expected), (sorted(got["series"]), sorted(expected))
    points = 0
    for tag, values in expected.items():
        series = got["series"][tag]
        assert series["steps"] == sorted(values), tag
        assert series["values"] == [values[s] for s in sorted(values)], tag
        points += len(values)
    assert got["series"]["train/loss"]["values"][-1] == float(__import__("numpy").float32(3.149))
    report("TensorBoard SummaryWriter", runs=len({t.rsplit("/", 1)[0] for t in expected}), tags=len(expected),
           points=points, identical=points)
