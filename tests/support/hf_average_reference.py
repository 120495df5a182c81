#!/usr/bin/python3
# SPDX-FileCopyrightText: 2026 QuantScope developers
# SPDX-License-Identifier: GPL-3.0-or-later
"""Independent check of an averaged Hugging Face revision folder (tests/core/tst_hfaverage.cpp).

Reads the averaged folder and its ingredients with the small safetensors reader below (no
safetensors package), checks model.safetensors.index.json against the shards, recomputes every
tensor's weighted average in float64 with torch (sum of w_i * x_i, then / sum w_i), and compares the
stored bits with

  * the float64 average rounded ONCE to the dtype, ties to even, computed here with numpy
    (frexp / rint / ldexp, exact in float64): what QuantScope promises, and
  * torch's .to(dtype) of the float64 average, which in torch 1.13 goes through float32 and so
    rounds twice: the two may differ only where the float32 value is exactly halfway between two
    neighbours of the dtype.

Prints one JSON object (counts and a list of problems); exit 0 unless it cannot run.

  check --avg DIR --weights W1,W2,... DIR1 DIR2 ...
"""

import argparse
import json
import os
import struct
import sys

import numpy as np
import torch

FLOAT_DTYPES = {"F32": (np.dtype("<f4"), torch.float32), "F16": (np.dtype("<f2"), torch.float16),
                "BF16": (np.dtype("<u2"), torch.bfloat16)}
SIZES = {"F32": 4, "F16": 2, "BF16": 2, "F64": 8, "I64": 8, "I32": 4, "I16": 2, "I8": 1, "U8": 1, "BOOL": 1}


def read_raw(path, problems):
    """{name: (dtype, shape, raw bytes)} of one safetensors file, its layout checked."""
    with open(path, "rb") as f:
        data = f.read()
    (n,) = struct.unpack("<Q", data[:8])
    header = json.loads(data[8:8 + n].decode("utf-8"))
    base = 8 + n
    out = {}
    spans = []
    for name, info in header.items():
        if name == "__metadata__":
            continue
        b, e = info["data_offsets"]
        count = 1
        for d in info["shape"]:
            count *= d
        if e - b != count * SIZES[info["dtype"]]:
            problems.append("%s: %s spans %d bytes, its shape needs %d" % (path, name, e - b,
                                                                         count * SIZES[info["dtype"]]))
        spans.append((b, e))
        out[name] = (info["dtype"], tuple(info["shape"]), data[base + b: base + e])
    spans.sort()
    pos = 0
    for b, e in spans:
        if b != pos:
            problems.append("%s: data is not contiguous at byte %d" % (path, b))
        pos = e
    if base + pos != len(data):
        problems.append("%s: %d bytes of data, the header covers %d" % (path, len(data) - base, pos))
    return out


def load_folder(folder, problems, check_index=False):
    index = os.path.join(folder, "model.safetensors.index.json")
    tensors, shard_of = {}, {}
    if os.path.exists(index):
        with open(index) as f:
            idx = json.load(f)
        files = sorted(set(idx["weight_map"].values()))
        for fname in files:
            for name, item in read_raw(os.path.join(folder, fname), problems).items():
                tensors[name] = item
                shard_of[name] = fname
        if check_index:
            if set(idx["weight_map"]) != set(tensors):
                problems.append("weight_map names %d tensors, the shards hold %d" % (len(idx["weight_map"]),
                                                                                    len(tensors)))
            for name, fname in idx["weight_map"].items():
                if shard_of.get(name) != fname:
                    problems.append("weight_map puts %s in %s, it is in %s" % (name, fname, shard_of.get(name)))
            total = sum(len(raw) for _, _, raw in tensors.values())
            if idx.get("metadata", {}).get("total_size") != total:
                problems.append("metadata.total_size %s, the tensors hold %d bytes" %
                                (idx.get("metadata", {}).get("total_size"), total))
        return tensors, len(files)
    return read_raw(os.path.join(folder, "model.safetensors"), problems), 1


def to_float64(dtype, shape, raw):
    if dtype == "BF16":
        u = np.frombuffer(raw, dtype="<u2").astype(np.uint32) << 16
        return u.view(np.float32).astype(np.float64).reshape(shape)
    return np.frombuffer(raw, dtype=FLOAT_DTYPES[dtype][0]).astype(np.float64).reshape(shape)


def round_once(x, dtype):
    """float64 -> dtype, one rounding to nearest, ties to even; returns the stored bits (uint16/uint32)."""
    if dtype == "F32":
        return x.astype(np.float32).view(np.uint32)   # numpy's double -> float is one IEEE rounding
    bits, min_exp = (8, -133) if dtype == "BF16" else (11, -24)
    _, e = np.frexp(x)
    q = np.maximum(e - bits, min_exp)
    v = np.ldexp(np.rint(np.ldexp(x, -q)), q)        # scaling by 2^k is exact; rint ties to even
    if dtype == "BF16":
        return (v.astype(np.float32).view(np.uint32) >> 16).astype(np.uint16)
    return v.astype(np.float16).view(np.uint16)


def stored_bits(dtype, raw):
    return np.frombuffer(raw, dtype="<u4" if dtype == "F32" else "<u2")


def torch_bits(avg, dtype):
    t = torch.from_numpy(avg).to(FLOAT_DTYPES[dtype][1])
    if dtype == "F32":
        return t.numpy().view(np.uint32)
    return t.view(torch.int16).numpy().view(np.uint16)


def is_float32_tie(avg, dtype):
    """Where float32(avg) lies exactly halfway between two neighbours of dtype (double rounding bites)."""
    f = avg.astype(np.float32).view(np.uint32)
    if dtype == "BF16":
        return (f & 0xFFFF) == 0x8000
    if dtype == "F16":
        return (f & 0x1FFF) == 0x1000   # normal f16 range; the fixtures hold no f16 subnormals
    return np.zeros(avg.shape, dtype=bool)


def rounding_selftest():
    """torch rounds float32 to bf16/f16 to nearest even, and round_once agrees with it on float32 input."""
    ties = torch.tensor([1.00390625, 1.01171875, -1.00390625], dtype=torch.float32)
    rne = ties.to(torch.bfloat16).view(torch.int16).tolist() == [0x3F80, 0x3F82, -0x4080]
    gen = torch.Generator().manual_seed(3)
    x = torch.randn(200000, generator=gen) * 3
    agree = 0
    for dtype in ("BF16", "F16"):
        agree += int((round_once(x.numpy().astype(np.float64), dtype) != torch_bits(x.numpy(), dtype)).sum())
    return rne, agree


def cmd_check(args):
    problems = []
    weights = [float(w) for w in args.weights.split(",")]
    if len(weights) != len(args.ingredients):
        raise SystemExit("one weight per ingredient")
    avg_tensors, shards = load_folder(args.avg, problems, check_index=True)
    ingredients = [load_folder(d, problems)[0] for d in args.ingredients]
    total_w = sum(weights)
    report = {"tensors": len(avg_tensors), "shards": shards, "elements": 0, "mismatch_once": 0,
              "mismatch_torch": 0, "torch_double_rounding": 0, "unexplained_torch": 0}
    if set(avg_tensors) != set(ingredients[0]):
        problems.append("the average holds other tensors than the first ingredient")
    for name, (dtype, shape, raw) in avg_tensors.items():
        first = ingredients[0].get(name)
        if first is None:
            continue
        if first[0] != dtype or first[1] != shape:
            problems.append("%s: %s %s, the ingredients %s %s" % (name, dtype, shape, first[0], first[1]))
            continue
        if dtype not in FLOAT_DTYPES:
            if raw != first[2]:
                problems.append("%s: buffer bytes differ from the first ingredient" % name)
            continue
        acc = torch.zeros(shape, dtype=torch.float64)
        for w, tensors in zip(weights, ingredients):
            acc = acc + torch.from_numpy(to_float64(*tensors[name])) * w
        avg = (acc / total_w).numpy().reshape(-1)
        got = stored_bits(dtype, raw)
        once = round_once(avg, dtype)
        via_torch = torch_bits(avg, dtype)
        report["elements"] += avg.size
        report["mismatch_once"] += int((got != once).sum())
        report["mismatch_torch"] += int((got != via_torch).sum())
        differ = once != via_torch
        tie = is_float32_tie(avg, dtype)
        report["torch_double_rounding"] += int((differ & tie).sum())
        report["unexplained_torch"] += int((differ & ~tie).sum())
    rne, agree = rounding_selftest()
    report["torch_rounds_ties_to_even"] = rne
    report["round_once_vs_torch_on_float32"] = agree
    report["problems"] = problems[:20]
    print(json.dumps(report))
    return 0


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    c = sub.add_parser("check")
    c.add_argument("--avg", required=True)
    c.add_argument("--weights", required=True)
    c.add_argument("ingredients", nargs="+")
    c.set_defaults(func=cmd_check)
    args = ap.parse_args()
    return args.func(args)


if __name__ == "__main__":
    sys.exit(main())
