# SPDX-FileCopyrightText: 2026 QuantScope developers
# SPDX-License-Identifier: GPL-3.0-or-later
"""safetensors both ways: files the safetensors library writes read identically in QuantScope, and
the files QuantScope writes (averaged revision folders, trainer checkpoints) load in safetensors and,
where they are models, in transformers with the same logits as QuantScope's forward pass."""

import json
import os
import subprocess

import numpy as np
import torch
from safetensors import safe_open
from safetensors.numpy import save_file as save_numpy
from safetensors.torch import load_file, save_file
from transformers import AutoConfig, AutoModelForCausalLM

from conftest import report

torch.set_num_threads(2)
EPS32 = float(np.finfo(np.float32).eps)


def test_every_dtype_written_by_safetensors_reads_identically(probe, tmp_path):
    g = torch.Generator().manual_seed(0)
    x = torch.randn(3, 5, generator=g) * 10
    special = torch.tensor([0.0, -0.0, float("inf"), float("-inf"), float("nan"), 1e-40, 65504.0, 3e38])
    tensors = {
        "f32": torch.cat([x.flatten(), special]),
        "f16": torch.cat([x.flatten(), special]).to(torch.float16),
        "bf16": torch.cat([x.flatten(), special]).to(torch.bfloat16),
        "f64": x.double(),
        "i64": torch.randint(-2**62, 2**62, (4, 2), generator=g),
        "i32": torch.randint(-2**31, 2**31 - 1, (7,), generator=g, dtype=torch.int32),
        "i16": torch.randint(-2**15, 2**15 - 1, (2, 2, 2), generator=g, dtype=torch.int16),
        "i8": torch.randint(-128, 127, (9,), generator=g, dtype=torch.int8),
        "u8": torch.randint(0, 255, (9,), generator=g, dtype=torch.uint8),
        "bool": torch.rand(6, generator=g) > 0.5,
        "u16": torch.randint(0, 2**16 - 1, (5,), generator=g, dtype=torch.int32).to(torch.uint16),
        "u32": torch.randint(0, 2**31, (5,), generator=g, dtype=torch.int64).to(torch.uint32),
        "u64": torch.randint(0, 2**62, (5,), generator=g, dtype=torch.int64).to(torch.uint64),
        "f8_e4m3": x.flatten().to(torch.float8_e4m3fn),
        "f8_e5m2": x.flatten().to(torch.float8_e5m2),
        "scalar": torch.tensor(2.5),
        "empty": torch.zeros(0, 4),
    }
    meta = {"format": "pt", "note": "ünïcode ✓", "empty": ""}
    path = tmp_path / "all.safetensors"
    save_file(tensors, str(path), metadata=meta)
    got = probe.run("safetensors", path, out=tmp_path / "all.json")
    assert got["metadata"] == meta
    assert set(got["tensors"]) == set(tensors)
    with safe_open(str(path), "pt") as f:
        for name in tensors:
            want = f.get_tensor(name)
            t = got["tensors"][name]
            assert t["shape"] == list(want.shape), name
            raw = want.contiguous().reshape(-1).view(torch.uint8).numpy().tobytes() if want.numel() else b""
            assert bytes.fromhex(t["hex"]) == raw, f"{name}: bytes differ"
            if "values" in t:
                ours = np.array([float(v) for v in t["values"]], dtype=np.float64)
                theirs = want.float().double().numpy().flatten()
                assert np.array_equal(ours, theirs, equal_nan=True), f"{name}: values differ"
    report("safetensors dtypes", tensors=len(tensors), identical=len(tensors))


def test_numpy_writer_and_sharded_index(probe, tmp_path):
    """A sharded checkpoint as transformers writes it (model.safetensors.index.json) reads tensor for
    tensor as the safetensors library reads it; and the numpy writer's files too."""
    config = AutoConfig.for_model("llama", vocab_size=128, hidden_size=32, intermediate_size=64,
                                  num_hidden_layers=2, num_attention_heads=4, num_key_value_heads=2,
                                  bos_token_id=None, eos_token_id=None, pad_token_id=None)
    torch.manual_seed(0)
    model = AutoModelForCausalLM.from_config(config).to(torch.bfloat16)
    folder = tmp_path / "model"
    model.save_pretrained(folder, max_shard_size="20KB")
    index = json.load(open(folder / "model.safetensors.index.json"))
    got = probe.run("weights", folder, out=tmp_path / "w.json")
    assert sorted(os.path.basename(f) for f in got["files"]) == sorted(set(index["weight_map"].values()))
    assert set(got["tensors"]) == set(index["weight_map"])
    for name, shard in index["weight_map"].items():
        want = load_file(str(folder / shard))[name].float().numpy().flatten()
        assert np.array_equal(np.array(got["tensors"][name]["values"], dtype=np.float32), want), name

    arrays = {"a": np.arange(12, dtype=np.float32).reshape(3, 4), "b": np.array([1, -2], dtype=np.int64)}
    save_numpy(arrays, str(tmp_path / "np.safetensors"))
    got = probe.run("safetensors", tmp_path / "np.safetensors", out=tmp_path / "np.json")
    assert bytes.fromhex(got["tensors"]["b"]["hex"]) == arrays["b"].tobytes()
    assert got["tensors"]["a"]["values"] == arrays["a"].flatten().tolist()
    report("safetensors sharded index", shards=len(set(index["weight_map"].values())), tensors=len(index["weight_map"]))


def make_revision(folder, seed):
    config = AutoConfig.for_model("qwen2", vocab_size=256, hidden_size=64, intermediate_size=128,
                                  num_hidden_layers=2, num_attention_heads=4, num_key_value_heads=2,
                                  initializer_range=0.2, bos_token_id=None, eos_token_id=None, pad_token_id=None)
    torch.manual_seed(seed)
    model = AutoModelForCausalLM.from_config(config).to(torch.bfloat16)
    model.save_pretrained(folder, max_shard_size="50KB")


def run(*args):
    proc = subprocess.run([*map(str, args)], capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0, f"{args} failed ({proc.returncode}): {proc.stderr}"
    return proc


def test_averaged_revisions_load_in_safetensors_and_transformers(probe, quantscope, tmp_path):
    revisions = tmp_path / "revisions"
    for step, seed in ((100, 1), (200, 2)):
        make_revision(revisions / f"step{step}", seed)
    np.save(tmp_path / "tokens.npy", np.random.default_rng(0).integers(0, 256, 4096, dtype=np.uint16))
    store = tmp_path / "s.h5"
    run(quantscope, "import", "--store", store, "--run", "r", revisions / "step100", revisions / "step200",
        "--tokens", tmp_path / "tokens.npy", "--seq-len", 64, "--val-sequences", 2)
    out = tmp_path / "soup"
    run(quantscope, "average", "--store", store, "--soup", "soup", "--of", "r@100", "--of", "r@200",
        "--out", out, "--shard-bytes", 60000)
    (folder,) = [p for p in out.iterdir() if p.is_dir()]
    index = json.load(open(folder / "model.safetensors.index.json"))
    a = {}
    b = {}
    for f in (revisions / "step100").glob("*.safetensors"):
        a.update(load_file(str(f)))
    for f in (revisions / "step200").glob("*.safetensors"):
        b.update(load_file(str(f)))
    exact = 0
    for name, shard in index["weight_map"].items():
        got = load_file(str(folder / shard))[name]
        assert got.dtype == torch.bfloat16, name
        # The weighted sum in float64, rounded once to bf16 (to nearest, ties to even, as torch rounds).
        want = ((a[name].double() + b[name].double()) / 2).to(torch.bfloat16)
        assert torch.equal(got.view(torch.int16), want.view(torch.int16)), name
        exact += 1

    ids = torch.randint(0, 256, (2, 40), generator=torch.Generator().manual_seed(4))
    model = AutoModelForCausalLM.from_pretrained(folder, dtype=torch.float32, attn_implementation="eager").eval()
    with torch.no_grad():
        ref = model(ids).logits.numpy()
    (tmp_path / "ids.json").write_text(json.dumps({"ids": ids.tolist()}))
    ours = load_file(str(probe.run("forward", folder, tmp_path / "ids.json", out=tmp_path / "l.safetensors")))
    err = float(np.abs(ours["logits"].numpy().astype(np.float64) - ref).max())
    tol = 64 * EPS32 * max(float(np.abs(ref).max()), 1.0) * 2
    report("averaged revision (soup of 2)", tensors=exact, bit_identical=exact, max_abs_logit_error=err, tolerance=tol)
    assert err <= tol


def test_trainer_checkpoints_load_in_safetensors(quantscope, tmp_path):
    store = tmp_path / "t.h5"
    words = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine"]
    (tmp_path / "corpus.txt").write_text(" ".join(words[i % 10] + words[(i // 10) % 10] for i in range(8000)))
    (tmp_path / "tiny.json").write_text(json.dumps({
        "model": {"d_model": 32, "n_layers": 1, "n_heads": 2, "d_ff": 48, "max_seq_len": 32},
        "schedule": {"kind": "wsd", "peak_lr": 0.01, "warmup_steps": 2, "decay_fraction": 0.5},
        "steps": 4, "batch_size": 4, "seq_len": 32, "checkpoint_every": 2, "eval_every": 2,
        "eval_batches": 2, "threads": 2}))
    run(quantscope, "train", "--corpus", tmp_path / "corpus.txt", "--store", store, "--run", "tiny",
        "--config", tmp_path / "tiny.json", "--checkpoints", tmp_path / "ckpt")
    files = sorted((tmp_path / "ckpt").rglob("*.safetensors"))
    assert files, "the trainer wrote no checkpoint"
    for f in files:
        with safe_open(str(f), "pt") as h:
            meta = h.metadata()
            names = list(h.keys())
            for n in names:
                t = h.get_tensor(n)
                assert t.dtype == torch.float32 and torch.isfinite(t).all(), n
        assert meta.get("format") == "pt"
        json.loads(meta["quantscope.model_config"])
        assert int(meta["quantscope.step"]) in (0, 2, 4)
    report("trainer checkpoints", files=len(files))
