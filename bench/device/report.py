#!/usr/bin/env python3
# SPDX-FileCopyrightText: 2026 QuantScope developers
# SPDX-License-Identifier: GPL-3.0-or-later
"""Writes the device check's report (report.md) from what check.sh measured: the GPU-against-CPU checks
(check.tsv) and the timed sweeps of an OLMo-2-1B-shaped revision (time-<device>.log, the sweep's stage
seconds, and time-<device>.json, the shape and sizes check.sh used). Projects one revision at the
paper-1 protocol (600,000 evaluation tokens in 2,048-token blocks; GPTQ W4 and W3 g128 on 1,024
calibration sequences of up to 2,048 tokens, counted at 2,048) and a 50-revision trajectory. Python's
standard library only.

  report.py OUT_DIR
"""
import json
import os
import re
import sys

PAPER1_EVAL_TOKENS = 600_000
PAPER1_CALIB_TOKENS = 1024 * 2048
REVISIONS = 50


def stages(log):
    seconds = {}
    for line in open(log, encoding="utf-8"):
        m = re.match(r"\s+(.+): ([0-9.]+) s$", line)
        if m:
            seconds[m.group(1)] = float(m.group(2))
    return seconds


def timing(out, device):
    log, meta = os.path.join(out, f"time-{device}.log"), os.path.join(out, f"time-{device}.json")
    if not os.path.exists(log) or not os.path.exists(meta):
        return None
    m = json.load(open(meta, encoding="utf-8"))
    s = stages(log)
    layers, full = m["layers"], m["full_layers"]
    eval_tokens, calib_tokens = m["val_sequences"] * m["seq_len"], m["calib_sequences"] * m["seq_len"]
    fp_forward = s.get("evaluation forward: FP reference", float("nan"))
    per_token_block = fp_forward / (eval_tokens * layers)  # seconds per token per block, one forward
    gptq = {k.split(": ", 1)[1]: v for k, v in s.items() if k.startswith("calibration and quantization: gptq")}
    quantized_forward = {k.split(": ", 1)[1]: v for k, v in s.items()
                         if k.startswith("evaluation forward: gptq")}
    r = {"device": device, "layers": layers, "eval_tokens": eval_tokens, "calib_tokens": calib_tokens,
         "stages": s, "peak_device_mib": m.get("peak_device_mib"), "threads": m.get("threads"),
         "wall_s": m.get("wall_s"), "dtype": m.get("dtype")}
    r["forward_tokens_per_s"] = 1.0 / (per_token_block * full)  # a whole model's forward
    # GPTQ per block: the config's calibration-and-quantization stage less its calibration forward.
    r["gptq_s_per_block"] = {c: max(0.0, (v - per_token_block * calib_tokens * layers) / layers)
                             for c, v in gptq.items()}
    compare = s.get("compare with the FP logits", 0.0) / eval_tokens  # per token, all configs
    per_revision = (
        # read and convert the blocks, scaled to the whole model
        s.get("read and convert blocks", 0.0) * full / layers
        # the FP reference and each config's evaluation forward over 600k tokens
        + per_token_block * full * PAPER1_EVAL_TOKENS * (1 + len(quantized_forward))
        # each config's calibration forward over 1,024 × 2,048 tokens and its GPTQ
        + sum(per_token_block * full * PAPER1_CALIB_TOKENS + g * full for g in r["gptq_s_per_block"].values())
        # the FP statistics' calibration pass (the default 32 × 128 set: small) and the logits' comparison
        + s.get("calibration and quantization: fp", 0.0) * full / layers
        + compare * PAPER1_EVAL_TOKENS)
    r["projected_revision_h"] = per_revision / 3600.0
    r["projected_trajectory_h"] = REVISIONS * per_revision / 3600.0
    return r


def main():
    out = sys.argv[1]
    lines = ["# Device check", ""]
    if os.path.exists(os.path.join(out, "machine.txt")):
        lines += ["```", open(os.path.join(out, "machine.txt"), encoding="utf-8").read().strip(), "```", ""]
    lines += ["## GPU against CPU (small OLMo-2, two revisions; train: the built-in trainer, 20 steps)", "",
              "| compute type | config | step | CE (CPU) | CE (device) | difference | tolerance | |",
              "|---|---|---|---|---|---|---|---|"]
    failed = 0
    for row in open(os.path.join(out, "check.tsv"), encoding="utf-8"):
        dtype, config, step, a, b, diff, tol = row.split()
        ok = abs(float(diff)) <= float(tol)
        failed += not ok
        lines.append(f"| {dtype} | {config} | {step} | {a} | {b} | {float(diff):+.2e} | {float(tol):.1e} | "
                     f"{'ok' if ok else 'FAILED'} |")
    lines += ["", "## One OLMo-2-1B-shaped revision (random weights, bfloat16 compute)", ""]
    for device in ("cuda", "cpu"):
        r = timing(out, device)
        if not r:
            continue
        lines += [f"### {device} ({r['threads']} threads)", "",
                  f"- timed: {r['layers']} of 16 blocks, {r['eval_tokens']:,} evaluation tokens, "
                  f"{r['calib_tokens']:,} calibration tokens per GPTQ config; sweep wall time {r['wall_s']:.0f} s",
                  f"- forward: {r['forward_tokens_per_s']:,.0f} tokens/s (the whole 16-block model, "
                  f"from the FP reference's evaluation forward)"]
        for c, g in sorted(r["gptq_s_per_block"].items()):
            lines.append(f"- GPTQ {c}: {g:.2f} s per block: the Hessians, GPTQ and the per-layer SQNR and statistics "
                         f"(its calibration forward taken out)")
        if r["peak_device_mib"]:
            lines.append(f"- peak device memory: {r['peak_device_mib']:,} MiB (nvidia-smi, sampled every 0.5 s)")
        lines += [f"- projected at the paper-1 protocol: {r['projected_revision_h']:.2f} h per revision, "
                  f"{r['projected_trajectory_h']:.1f} h for {REVISIONS} revisions", "",
                  "Stage seconds as the sweep printed them:", "", "```"]
        lines += [f"{k}: {v:.2f} s" for k, v in r["stages"].items()] + ["```", ""]
    lines.append("All checks passed." if failed == 0 else f"{failed} check(s) FAILED.")
    open(os.path.join(out, "report.md"), "w", encoding="utf-8").write("\n".join(lines) + "\n")
    print("\n".join(lines))
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
