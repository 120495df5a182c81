#!/usr/bin/env python3
# SPDX-FileCopyrightText: 2026 QuantScope developers
# SPDX-License-Identifier: GPL-3.0-or-later
"""Writes an OLMo-2 revision folder with random weights (config.json + model.safetensors, bfloat16) and a
file of random token ids, with torch alone: the device machines have PyTorch but no package registry,
so neither transformers nor numpy is assumed. The shapes are OLMo-2-1B's (allenai/OLMo-2-0425-1B:
hidden 2048, MLP 8192, 16 heads, vocabulary 100,352) unless --hidden and the others say otherwise; the
benchmark (check.sh) times fewer blocks than 16 and projects.

  make_model.py --out DIR [--layers N] [--hidden H] [--intermediate I] [--heads A] [--vocab V] [--seed S]
  make_model.py --tokens FILE --count N --vocab V [--seed S]     uint32 token ids, uniform
"""
import argparse
import ctypes
import json
import os
import struct
import sys

import torch


def tensor_bytes(t):
    t = t.contiguous().cpu()
    return ctypes.string_at(t.data_ptr(), t.numel() * t.element_size())


def write_safetensors(path, tensors):
    header, offset = {"__metadata__": {"format": "pt"}}, 0
    names = sorted(tensors)
    for name in names:
        t = tensors[name]
        size = t.numel() * t.element_size()
        header[name] = {"dtype": "BF16", "shape": list(t.shape), "data_offsets": [offset, offset + size]}
        offset += size
    text = json.dumps(header, separators=(",", ":")).encode()
    text += b" " * ((8 - len(text) % 8) % 8)
    tmp = path + ".part"
    with open(tmp, "wb") as f:
        f.write(struct.pack("<Q", len(text)))
        f.write(text)
        for name in names:
            f.write(tensor_bytes(tensors[name]))
    os.replace(tmp, path)


def make_model(a):
    g = torch.Generator().manual_seed(a.seed)
    hd = a.hidden // a.heads

    def rand(*shape):
        return (torch.randn(*shape, generator=g) * 0.02).to(torch.bfloat16)

    def ones(n):
        return torch.ones(n, dtype=torch.bfloat16)

    t = {"model.embed_tokens.weight": rand(a.vocab, a.hidden), "model.norm.weight": ones(a.hidden),
         "lm_head.weight": rand(a.vocab, a.hidden)}
    for i in range(a.layers):
        p = f"model.layers.{i}."
        for name in ("q", "k", "v", "o"):
            t[p + f"self_attn.{name}_proj.weight"] = rand(a.hidden, a.hidden)
        t[p + "self_attn.q_norm.weight"] = ones(a.heads * hd)
        t[p + "self_attn.k_norm.weight"] = ones(a.heads * hd)
        t[p + "mlp.gate_proj.weight"] = rand(a.intermediate, a.hidden)
        t[p + "mlp.up_proj.weight"] = rand(a.intermediate, a.hidden)
        t[p + "mlp.down_proj.weight"] = rand(a.hidden, a.intermediate)
        t[p + "post_attention_layernorm.weight"] = ones(a.hidden)
        t[p + "post_feedforward_layernorm.weight"] = ones(a.hidden)
    config = {
        "architectures": ["Olmo2ForCausalLM"], "model_type": "olmo2", "hidden_size": a.hidden,
        "intermediate_size": a.intermediate, "num_hidden_layers": a.layers, "num_attention_heads": a.heads,
        "num_key_value_heads": a.heads, "vocab_size": a.vocab, "max_position_embeddings": 4096,
        "rope_theta": 500000.0, "rms_norm_eps": 1e-6, "hidden_act": "silu", "attention_bias": False,
        "tie_word_embeddings": False, "torch_dtype": "bfloat16", "pad_token_id": 1, "bos_token_id": None,
        "eos_token_id": min(50279, a.vocab - 1),
    }
    os.makedirs(a.out, exist_ok=True)
    write_safetensors(os.path.join(a.out, "model.safetensors"), t)
    with open(os.path.join(a.out, "config.json"), "w") as f:
        json.dump(config, f, indent=1)


def make_tokens(a):
    g = torch.Generator().manual_seed(a.seed)
    ids = torch.randint(0, a.vocab, (a.count,), generator=g, dtype=torch.int64).to(torch.int32)
    with open(a.tokens, "wb") as f:
        f.write(tensor_bytes(ids))


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--out")
    p.add_argument("--tokens")
    p.add_argument("--count", type=int, default=0)
    p.add_argument("--layers", type=int, default=16)
    p.add_argument("--hidden", type=int, default=2048)
    p.add_argument("--intermediate", type=int, default=8192)
    p.add_argument("--heads", type=int, default=16)
    p.add_argument("--vocab", type=int, default=100352)
    p.add_argument("--seed", type=int, default=0)
    a = p.parse_args()
    if bool(a.out) == bool(a.tokens):
        sys.exit("make_model.py: give --out DIR (a model) or --tokens FILE (token ids)")
    if a.tokens:
        make_tokens(a)
    else:
        make_model(a)


if __name__ == "__main__":
    main()
