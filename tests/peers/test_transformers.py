# SPDX-FileCopyrightText: 2026 QuantScope developers
# SPDX-License-Identifier: GPL-3.0-or-later
"""QuantScope's forward pass against transformers on models transformers makes.

For every family QuantScope reads, a small random model is built with
AutoModelForCausalLM.from_config (several layers, GQA where the family has it, tied and untied
embeddings, the RoPE variants the family's configs use, sliding windows shorter than the sequence),
saved with save_pretrained as sharded bf16 safetensors (and as a PyTorch .bin state dict), and
QuantScope's logits and CE are compared with transformers' on the same tokens. transformers loads
the bf16 checkpoint into float32 (exactly: bf16 widens without rounding) and runs eager attention,
so both sides compute in float32 from identical weights; they differ by the order of float32
accumulations only. The tolerance follows from that: TOL_ULPS float32 rounding steps of the largest
logit per layer of depth (measured errors are printed; they are far below it).
"""

import json
import os
import zlib

import numpy as np
import pytest
import safetensors.torch
import torch
from safetensors.numpy import load_file
from transformers import AutoConfig, AutoModelForCausalLM

from conftest import report

EPS32 = float(np.finfo(np.float32).eps)
TOL_ULPS = 64
VOCAB = 384
SEQ = 48  # longer than every sliding window below
BATCH = 3

torch.set_num_threads(2)

BASE = dict(vocab_size=VOCAB, hidden_size=64, intermediate_size=128, num_hidden_layers=3,
            num_attention_heads=4, max_position_embeddings=512, initializer_range=0.2,
            bos_token_id=None, eos_token_id=None, pad_token_id=None)

# (case id, model_type, config overrides). Every family QuantScope reads, with the variants its
# public configs use.
CASES = [
    ("llama", "llama", dict(num_key_value_heads=2)),
    ("llama-tied", "llama", dict(num_key_value_heads=1, tie_word_embeddings=True)),
    ("llama-linear", "llama", dict(num_key_value_heads=2,
                                   rope_parameters=dict(rope_type="linear", rope_theta=50000.0, factor=4.0))),
    ("llama-dynamic", "llama", dict(num_key_value_heads=2, max_position_embeddings=32,
                                    rope_parameters=dict(rope_type="dynamic", rope_theta=10000.0, factor=2.0))),
    ("llama3", "llama", dict(num_key_value_heads=2, attention_bias=True, mlp_bias=True,
                             rope_parameters=dict(rope_type="llama3", rope_theta=500000.0, factor=8.0,
                                                  low_freq_factor=1.0, high_freq_factor=4.0,
                                                  original_max_position_embeddings=16))),
    ("mistral", "mistral", dict(num_key_value_heads=2, sliding_window=None)),
    ("mistral-window", "mistral", dict(num_key_value_heads=2, sliding_window=16)),
    ("qwen2", "qwen2", dict(num_key_value_heads=2, rope_parameters=dict(rope_type="default", rope_theta=1e6))),
    ("qwen2-window", "qwen2", dict(num_key_value_heads=2, use_sliding_window=True, sliding_window=12,
                                   max_window_layers=1)),
    ("qwen3", "qwen3", dict(num_key_value_heads=2, head_dim=32, tie_word_embeddings=True)),
    ("qwen3-window", "qwen3", dict(num_key_value_heads=2, use_sliding_window=True, sliding_window=10,
                                   max_window_layers=2)),
    ("olmo", "olmo", dict(num_key_value_heads=4, clip_qkv=0.3)),
    ("olmo-bias", "olmo", dict(attention_bias=True)),
    ("olmo2", "olmo2", dict(num_key_value_heads=2)),
    ("olmo3", "olmo3", dict(num_key_value_heads=2, sliding_window=16,
                            layer_types=["sliding_attention", "sliding_attention", "full_attention"])),
    ("smollm3", "smollm3", dict(num_key_value_heads=2, no_rope_layers=[1, 1, 0])),
    ("smollm3-untied", "smollm3", dict(num_key_value_heads=1, tie_word_embeddings=False,
                                       no_rope_layers=[1, 0, 1])),
    ("apertus", "apertus", dict(num_key_value_heads=2)),
    ("gpt_neox", "gpt_neox", dict(rope_parameters=dict(rope_type="default", rope_theta=10000.0,
                                                      partial_rotary_factor=0.5))),
    ("gpt_neox-sequential", "gpt_neox", dict(use_parallel_residual=False, hidden_act="gelu_new")),
]


def make_model(model_type, overrides, seed):
    config = AutoConfig.for_model(model_type, **{**BASE, **overrides})
    config._attn_implementation = "eager"
    torch.manual_seed(seed)
    model = AutoModelForCausalLM.from_config(config, attn_implementation="eager")
    # Norm weights start at one and biases at zero: give them values, so that a norm or bias read
    # wrongly (or not at all) changes the logits.
    with torch.no_grad():
        for name, p in model.named_parameters():
            if p.dim() == 1:
                p.add_(torch.randn_like(p) * 0.2)
    return model.eval()


def save(model, folder, fmt):
    model = model.to(torch.bfloat16)
    if fmt == "safetensors":
        # Sharded: each shard well below the model, so the index is used.
        model.save_pretrained(folder, max_shard_size="200KB")
    else:
        # transformers 5 writes safetensors only (save_pretrained lost safe_serialization=False); a .bin
        # checkpoint is what transformers 4 wrote with it: torch.save of the state dict under the names
        # save_pretrained writes (transformers 5 renames some modules inside, e.g. NeoX's embed_out to
        # lm_head, and maps them back when saving), in two shards with pytorch_model.bin.index.json.
        staging = folder + ".staging"
        model.save_pretrained(staging)
        state = {}
        for f in sorted(os.listdir(staging)):
            if f.endswith(".safetensors"):
                state.update(safetensors.torch.load_file(os.path.join(staging, f)))
        model.config.save_pretrained(folder)
        names = sorted(state)
        halves = [names[: len(names) // 2], names[len(names) // 2:]]
        weight_map = {}
        for i, half in enumerate(halves):
            shard = f"pytorch_model-{i + 1:05d}-of-00002.bin"
            torch.save({n: state[n] for n in half}, os.path.join(folder, shard))
            weight_map.update({n: shard for n in half})
        with open(os.path.join(folder, "pytorch_model.bin.index.json"), "w") as f:
            json.dump({"metadata": {}, "weight_map": weight_map}, f)
    return folder


def tokens(seed):
    g = torch.Generator().manual_seed(seed)
    return torch.randint(0, VOCAB, (BATCH, SEQ), generator=g)


def transformers_result(folder, ids):
    model = AutoModelForCausalLM.from_pretrained(folder, dtype=torch.float32, attn_implementation="eager").eval()
    with torch.no_grad():
        out = model(ids, labels=ids)
    return out.logits.numpy(), float(out.loss)


def quantscope_result(probe, folder, ids, tmp_path):
    ids_path = tmp_path / "ids.json"
    ids_path.write_text(json.dumps({"ids": ids.tolist()}))
    out = tmp_path / "logits.safetensors"
    probe.run("forward", folder, ids_path, out=out)
    logits = load_file(str(out))["logits"]
    from safetensors import safe_open
    with safe_open(str(out), "np") as f:
        meta = f.metadata()
    ce_sum = json.loads(meta["ce_sum"])
    ce = sum(ce_sum) / (len(ce_sum) * int(meta["ce_tokens"]))
    return logits, ce


def compare(name, probe, folder, layers, tmp_path, seed):
    ids = tokens(seed)
    ref_logits, ref_ce = transformers_result(folder, ids)
    qs_logits, qs_ce = quantscope_result(probe, folder, ids, tmp_path)
    assert qs_logits.shape == ref_logits.shape
    scale = float(np.abs(ref_logits).max())
    err = float(np.abs(qs_logits.astype(np.float64) - ref_logits).max())
    tol = TOL_ULPS * EPS32 * max(scale, 1.0) * layers
    ce_err = abs(qs_ce - ref_ce)
    ce_tol = TOL_ULPS * EPS32 * max(ref_ce, 1.0) * layers
    report(name, max_abs_logit_error=err, max_logit=scale, tolerance=tol, ce=ref_ce, ce_error=ce_err,
           ce_tolerance=ce_tol)
    assert err <= tol, f"{name}: logits differ from transformers by {err:.3g} (tolerance {tol:.3g})"
    assert ce_err <= ce_tol, f"{name}: CE {qs_ce} against transformers' {ref_ce} (tolerance {ce_tol:.3g})"


@pytest.mark.parametrize("case,model_type,overrides", CASES, ids=[c[0] for c in CASES])
def test_logits_and_ce_match_transformers(case, model_type, overrides, probe, tmp_path):
    model = make_model(model_type, overrides, seed=zlib.crc32(case.encode()))
    folder = save(model, str(tmp_path / "model"), "safetensors")
    assert os.path.exists(os.path.join(folder, "model.safetensors.index.json")), "expected a sharded checkpoint"
    compare(case, probe, folder, BASE["num_hidden_layers"], tmp_path, seed=1)


@pytest.mark.parametrize("case,model_type,overrides", [c for c in CASES if c[0] in
                         ("llama", "qwen3", "olmo2", "gpt_neox")], ids=["llama", "qwen3", "olmo2", "gpt_neox"])
def test_pytorch_bin_checkpoints(case, model_type, overrides, probe, tmp_path):
    model = make_model(model_type, overrides, seed=7)
    folder = save(model, str(tmp_path / "model"), "bin")
    compare(case + " (.bin)", probe, folder, BASE["num_hidden_layers"], tmp_path, seed=2)


def test_sliding_window_matters(probe, tmp_path):
    """The window changes the logits (so the cases above test it): the same weights read as a model
    without a window give other logits from token `window` on, the same ones before it."""
    model = make_model("mistral", dict(num_key_value_heads=2, sliding_window=8), seed=3)
    folder = save(model, str(tmp_path / "model"), "safetensors")
    ids = tokens(3)
    windowed, _ = quantscope_result(probe, folder, ids, tmp_path)
    config = json.load(open(os.path.join(folder, "config.json")))
    config["sliding_window"] = None
    json.dump(config, open(os.path.join(folder, "config.json"), "w"))
    full, _ = quantscope_result(probe, folder, ids, tmp_path)
    scale = float(np.abs(full).max())
    assert np.abs(windowed[:, :8] - full[:, :8]).max() <= TOL_ULPS * EPS32 * scale
    assert np.abs(windowed[:, 8:] - full[:, 8:]).max() > 1e3 * TOL_ULPS * EPS32 * scale


# Config fields QuantScope does not implement: refused with a message naming the field.
REFUSALS = [
    ("yarn", "llama", dict(rope_parameters=dict(rope_type="yarn", rope_theta=10000.0, factor=4.0)), "yarn"),
    ("olmo3 rope per type", "olmo3", dict(sliding_window=16,
                                          layer_types=["sliding_attention", "full_attention", "full_attention"],
                                          rope_parameters={
                                              "sliding_attention": dict(rope_type="default", rope_theta=1e4),
                                              "full_attention": dict(rope_type="default", rope_theta=5e5)}),
     "rope_parameters differ"),
    ("activation", "llama", dict(hidden_act="relu"), "hidden_act 'relu'"),
]


@pytest.mark.parametrize("case,model_type,overrides,message", REFUSALS, ids=[r[0] for r in REFUSALS])
def test_unimplemented_fields_are_refused(case, model_type, overrides, message, probe, tmp_path):
    config = AutoConfig.for_model(model_type, **{**BASE, **overrides})
    folder = tmp_path / "model"
    config.save_pretrained(folder)
    err = probe.fails("arch", folder, tmp_path / "arch.json")
    print(f"\n[refused] {case}: {err}")
    assert message in err, err
    assert "config.json" in err, err
