#!/usr/bin/env python3
# SPDX-FileCopyrightText: 2026 QuantScope developers
# SPDX-License-Identifier: GPL-3.0-or-later
"""Reads a QuantScope store with h5py (and its checkpoint table with pandas) and prints what it found as
JSON.

Used by tst_store, from the peer environment (packaging/peer-env.sh: the h5py and pandas versions
docs/verification.md lists), to check that the files core/store/store.cpp writes follow
docs/store-format.md as seen by an independent reader; tst_traininglog and tst_killsafety run it with
Debian's python3-h5py (3.7, the oldest h5py docs/store-format.md promises), without pandas.
Usage: read_store.py STORE.h5 [--pandas]
"""

import json
import math
import sys

import h5py
import numpy as np

SCHEMA_VERSION = 1
PANDAS = False  # --pandas: also the checkpoint table as a pandas DataFrame


def num(x):
    """A JSON-safe number: NaN becomes null, numpy scalars become Python ones."""
    x = x.item() if isinstance(x, np.generic) else x
    if isinstance(x, float) and math.isnan(x):
        return None
    return x


def strings(ds):
    return [s for s in ds.asstr()[()]]


def column(ds):
    if h5py.check_string_dtype(ds.dtype) is not None:
        return strings(ds)
    return [num(v) for v in ds[()]]


def describe(ds):
    """dtype, shape and growth of a dataset, for layout checks."""
    string = h5py.check_string_dtype(ds.dtype)
    return {
        "dtype": ("vlen-" + string.encoding) if string is not None and string.length is None else str(ds.dtype),
        "shape": list(ds.shape),
        "maxshape": [m if m is not None else -1 for m in ds.maxshape],
        "chunked": ds.chunks is not None,
    }


def table(group):
    return {name: column(ds) for name, ds in group.items()}


def read_config(cfg):
    model = cfg["model"]
    layers = cfg["layers"]
    return {
        "config": cfg.attrs["config"],
        "done": [int(v) for v in model["done"][()]],
        "model": {name: column(ds) for name, ds in model.items() if name != "done"},
        "layers": {
            name: {"shape": list(ds.shape), "values": [[num(v) for v in row] for row in ds[()]]}
            for name, ds in layers.items()
        },
        "datasets": {"model/" + n: describe(ds) for n, ds in model.items()}
        | {"layers/" + n: describe(ds) for n, ds in layers.items()},
    }


def read_run(run):
    out = {attr: run.attrs[attr] for attr in ("model_config", "train_config", "corpus", "schedule")}
    out["log"] = table(run["log"])
    out["log_length"] = len(run["log"]["step"])
    out["val"] = table(run["val"])
    out["checkpoints"] = table(run["checkpoints"])
    out["checkpoint_steps"] = out["checkpoints"]["step"]
    out["layers"] = table(run["layers"])
    out["layer_names"] = out["layers"]["name"]
    out["config_ids"] = list(run["configs"].keys())
    out["configs"] = {cid: read_config(cfg) for cid, cfg in run["configs"].items()}
    out["datasets"] = {
        f"{grp}/{name}": describe(ds)
        for grp in ("log", "val", "checkpoints", "layers")
        for name, ds in run[grp].items()
    }
    # An imported training log's scalar series (optional): keyed by the group's `tag` attribute.
    if "scalars" in run:
        out["scalars"] = {
            grp.attrs["tag"]: {"group": name, "step": column(grp["step"]), "value": column(grp["value"])}
            for name, grp in run["scalars"].items()
        }
    if PANDAS:
        import pandas as pd

        # What a researcher does next: the one-dimensional columns of the table as a DataFrame.
        frame = pd.DataFrame({name: ds[()] for name, ds in run["checkpoints"].items() if ds.ndim == 1
                              and h5py.check_string_dtype(ds.dtype) is None})
        out["pandas_checkpoints"] = {"rows": len(frame), "fp_val_ce": [num(v) for v in frame["fp_val_ce"]],
                                     "step": [int(v) for v in frame["step"]]}
    return out


def main():
    global PANDAS
    args = sys.argv[1:]
    PANDAS = "--pandas" in args
    args = [a for a in args if a != "--pandas"]
    if len(args) != 1:
        sys.exit("usage: read_store.py STORE.h5 [--pandas]")
    path = args[0]
    with h5py.File(path, "r") as f:
        if f.attrs.get("format") != "quantscope-store":
            sys.exit(f"{path}: not a QuantScope store")
        version = int(f.attrs["schema_version"])
        if version != SCHEMA_VERSION:
            sys.exit(f"{path}: store schema version {version}, this reader reads {SCHEMA_VERSION}")
        out = {
            "format": f.attrs["format"],
            "schema_version": version,
            "created_by": f.attrs["created_by"],
            "run_names": list(f["runs"].keys()),
            "runs": {name: read_run(run) for name, run in f["runs"].items()},
        }
    json.dump(out, sys.stdout, allow_nan=False)


if __name__ == "__main__":
    main()
