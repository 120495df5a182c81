#!/usr/bin/python3
# SPDX-FileCopyrightText: 2026 QuantScope developers
# SPDX-License-Identifier: GPL-3.0-or-later
"""Independent float32 reference implementation of Hugging Face causal LMs.

This script is the INDEPENDENT reference for tests/tst_hfmodel.cpp: the C++
(libtorch) forward pass of QuantScope must reproduce the logits computed here
within 1e-4.  It deliberately depends only on Debian's python3-torch (1.13)
and numpy: no transformers, no safetensors package.  Safetensors files are
written and read by the small writer/reader below.

Implemented architectures (semantics follow transformers 4.4x-4.56,
modeling_llama.py / modeling_qwen2.py / modeling_olmo.py / modeling_olmo2.py /
modeling_apertus.py (+ activations.py XIELUActivation) / modeling_gpt_neox.py,
eager attention, no padding, no KV cache):

  llama, qwen2   x = embed(ids)
                 h = x + o_proj(attn(input_layernorm(x)))
                 x = h + down(act(gate(n)) * up(n)),  n = post_attention_layernorm(h)
                 logits = lm_head(norm(x))   (embed_tokens when tied)
                 Llama: attention_bias -> q,k,v,o biases; mlp_bias -> gate,up,down
                 biases.  Qwen2: q,k,v biases always, o_proj without bias.
  olmo2          no input norm; q = q_norm(q_proj(x)) with the RMSNorm over the
                 FULL projected width heads*head_dim, k = k_norm(k_proj(x)) over
                 kv_heads*head_dim, THEN split into heads and apply RoPE;
                 h = x + post_attention_layernorm(o_proj(attn))
                 x = h + post_feedforward_layernorm(mlp(h)); final model.norm.
  olmo           (OLMo-1, the "-hf" conversions) like llama, but every norm
                 (input_layernorm, post_attention_layernorm, model.norm) is
                 F.layer_norm WITHOUT weight and bias, eps fixed at 1e-5 (no
                 norm tensors in the checkpoint).  clip_qkv (not null): q, k, v
                 projections (after their biases) clamped to [-c, c] before
                 the head split.  MLP never has biases; attention_bias -> q,k,v,o.
  apertus        x = embed(ids)
                 h = x + o_proj(attn(attention_layernorm(x)))
                 x = h + down(xielu(up(feedforward_layernorm(h))))   (no gate)
                 q_norm / k_norm: RMSNorm over EACH HEAD (weight [head_dim]),
                 applied after the head split, before RoPE.
                 xielu (per layer, tensors mlp.act_fn.alpha_p [1],
                 alpha_n [1], beta [], eps []):
                   ap = softplus(alpha_p);  an = beta + softplus(alpha_n)
                   y = ap*x^2 + beta*x                         where x > 0
                   y = (expm1(min(x, eps)) - x)*an + beta*x    where x <= 0
                 rope_scaling ABSENT from config.json means llama3 (factor 8,
                 low 1, high 4, original 8192); null means plain RoPE.
                 Defaults: rms_norm_eps 1e-5, rope_theta 1.2e7.
  gpt_neox       LayerNorm (weight+bias, layer_norm_eps).
                 qkv = query_key_value(ln1(x)) viewed as [B, T, heads, 3*head_dim]
                 and split along the LAST dim: q = [..., 0:hd], k = [..., hd:2hd],
                 v = [..., 2hd:3hd]  (i.e. the fused weight rows are interleaved
                 per head: head0 q,k,v, head1 q,k,v, ...).
                 Partial rotary: RoPE on the first rotary_ndims =
                 int(head_dim * rotary_pct) dims of q and k (rotate_half within
                 those dims), base rotary_emb_base; the other dims pass through.
                 parallel residual: x = x + attn(ln1(x)) + mlp(ln2(x))
                 sequential:        h = x + attn(ln1(x)); x = h + mlp(ln2(h))
                 mlp = dense_4h_to_h(act(dense_h_to_4h(.))); final_layer_norm;
                 embed_out (embed_in when tie_word_embeddings).

Conventions:
  RMSNorm(x)  = w * (x * rsqrt(mean(x^2, -1) + eps))            (float32)
  RoPE        = HF "rotate_half": inv_freq[i] = 1 / theta^(2i/d), i < d/2;
                freqs = pos * inv_freq; emb = cat([freqs, freqs]);
                rotate_half(x) = cat([-x[d/2:], x[:d/2]]);
                x' = x * cos(emb) + rotate_half(x) * sin(emb)
                (NOT the interleaved even/odd GPT-J convention).
  rope_scaling: None / "default", "linear" (inv_freq / factor),
                "dynamic" (NTK; only when T > max_position_embeddings:
                base = theta * (factor*T/max_pos - (factor-1))^(d/(d-2))),
                "llama3" (as transformers' _compute_llama3_parameters).
                The legacy key "type" is accepted for "rope_type".
  Attention   = softmax(q k^T / sqrt(head_dim) + causal mask) v, float32,
                GQA by repeating each kv head num_heads/num_kv_heads times
                (repeat_kv: kv head j serves query heads j*g .. j*g+g-1).
  Activations = silu; gelu (exact erf); gelu_new / gelu_fast /
                gelu_pytorch_tanh (tanh approximation); relu.
  head_dim    = config["head_dim"] if present else hidden_size // heads
                (gpt_neox: always hidden_size // heads).

Weights are computed with the values AS STORED in the files (bf16/f16 values
are converted to float32 on load), so C++ reading the same files sees exactly
the same numbers.  Anything not implemented is rejected with exit code 2.

CLI:
  make    --arch {llama,qwen2,olmo,olmo2,smollm3,apertus,gpt_neox} --out DIR
          [--seed N] [--shards K] [--dtype bf16|f16|f32] [--config JSON]
          [--format safetensors|bin [--bin-views] [--legacy]]
          (--config "_xielu_eps": E writes E as every apertus layer's eps)
          bin: the same weights (same seed, same values) as torch.save state
          dicts, as transformers writes them: pytorch_model.bin (an
          OrderedDict with _metadata, as model.state_dict()), or shards
          pytorch_model-0000k-of-0000n.bin (plain dicts) listed by
          pytorch_model.bin.index.json; a tied head is saved too, sharing
          the embedding's storage.  --bin-views stores each layer's tensors
          as views into one storage per layer (at offsets), the MLP's down
          projection as a transposed (strided) view; --legacy writes the
          pre-1.6 non-zip format.
  bad-bin --out FILE --kind {list,code,nontensor}
          torch.save files that are not state dicts.
  logits  --model DIR --ids IDS.npy --out OUT.npy
  bench   --model DIR --batch B --seq T --repeat R --threads N
  selftest
"""

import argparse
import collections
import json
import math
import os
import struct
import sys
import tempfile
import time

import numpy as np
import torch


class Unsupported(Exception):
    """Raised for configurations this reference does not implement (exit 2)."""


# ---------------------------------------------------------------------------
# Default tiny configs
# ---------------------------------------------------------------------------

DEFAULT_CONFIGS = {
    "llama": {
        "architectures": ["LlamaForCausalLM"],
        "model_type": "llama",
        "vocab_size": 128,
        "hidden_size": 64,
        "intermediate_size": 176,
        "num_hidden_layers": 3,
        "num_attention_heads": 4,
        "num_key_value_heads": 2,
        "head_dim": 16,
        "hidden_act": "silu",
        "max_position_embeddings": 128,
        "rms_norm_eps": 1e-5,
        "rope_theta": 10000.0,
        "rope_scaling": None,
        "attention_bias": False,
        "attention_dropout": 0.0,
        "mlp_bias": False,
        "tie_word_embeddings": False,
        "bos_token_id": 1,
        "eos_token_id": 2,
        "initializer_range": 0.02,
        "pretraining_tp": 1,
        "use_cache": True,
    },
    "qwen2": {
        "architectures": ["Qwen2ForCausalLM"],
        "model_type": "qwen2",
        "vocab_size": 120,
        "hidden_size": 64,
        "intermediate_size": 160,
        "num_hidden_layers": 2,
        "num_attention_heads": 4,
        "num_key_value_heads": 2,
        "hidden_act": "silu",
        "max_position_embeddings": 128,
        "rms_norm_eps": 1e-6,
        "rope_theta": 1000000.0,
        "rope_scaling": None,
        "attention_dropout": 0.0,
        "use_sliding_window": False,
        "sliding_window": 4096,
        "max_window_layers": 2,
        "tie_word_embeddings": False,
        "bos_token_id": 1,
        "eos_token_id": 2,
        "initializer_range": 0.02,
        "use_cache": True,
    },
    "olmo2": {
        "architectures": ["Olmo2ForCausalLM"],
        "model_type": "olmo2",
        "vocab_size": 112,
        "hidden_size": 64,
        "intermediate_size": 128,
        "num_hidden_layers": 2,
        "num_attention_heads": 4,
        "num_key_value_heads": 2,
        "hidden_act": "silu",
        "max_position_embeddings": 128,
        "rms_norm_eps": 1e-6,
        "rope_theta": 500000.0,
        "rope_scaling": None,
        "attention_bias": False,
        "attention_dropout": 0.0,
        "tie_word_embeddings": False,
        "bos_token_id": None,
        "eos_token_id": 2,
        "pad_token_id": 1,
        "initializer_range": 0.02,
        "use_cache": True,
    },
    "gpt_neox": {
        "architectures": ["GPTNeoXForCausalLM"],
        "model_type": "gpt_neox",
        "vocab_size": 96,
        "hidden_size": 64,
        "intermediate_size": 128,
        "num_hidden_layers": 2,
        "num_attention_heads": 4,
        "hidden_act": "gelu",
        "max_position_embeddings": 128,
        "layer_norm_eps": 1e-5,
        "rotary_pct": 0.25,
        "rotary_emb_base": 10000,
        "rope_scaling": None,
        "use_parallel_residual": True,
        "attention_bias": True,
        "attention_dropout": 0.0,
        "hidden_dropout": 0.0,
        "tie_word_embeddings": False,
        "bos_token_id": 0,
        "eos_token_id": 0,
        "initializer_range": 0.02,
        "use_cache": True,
    },
}
DEFAULT_CONFIGS["olmo"] = {
    "architectures": ["OlmoForCausalLM"],
    "model_type": "olmo",
    "vocab_size": 128,
    "hidden_size": 64,
    "intermediate_size": 160,
    "num_hidden_layers": 2,
    "num_attention_heads": 4,
    "num_key_value_heads": 4,
    "hidden_act": "silu",
    "max_position_embeddings": 128,
    "rope_theta": 10000.0,
    "rope_scaling": None,
    "attention_bias": False,
    "attention_dropout": 0.0,
    "clip_qkv": None,
    "tie_word_embeddings": False,
    "bos_token_id": None,
    "eos_token_id": 2,
    "pad_token_id": 1,
    "initializer_range": 0.02,
    "use_cache": True,
}
DEFAULT_CONFIGS["apertus"] = {
    "architectures": ["ApertusForCausalLM"],
    "model_type": "apertus",
    "vocab_size": 128,
    "hidden_size": 64,
    "intermediate_size": 192,
    "num_hidden_layers": 2,
    "num_attention_heads": 4,
    "num_key_value_heads": 2,
    "head_dim": 16,
    "hidden_act": "xielu",
    "max_position_embeddings": 128,
    "rms_norm_eps": 1e-5,
    "rope_theta": 12000000.0,
    "rope_scaling": {"rope_type": "llama3", "factor": 8.0, "low_freq_factor": 1.0,
                     "high_freq_factor": 4.0, "original_max_position_embeddings": 16},
    "attention_bias": False,
    "attention_dropout": 0.0,
    "tie_word_embeddings": False,
    "bos_token_id": 1,
    "eos_token_id": 2,
    "pad_token_id": 3,
    "initializer_range": 0.02,
    "use_cache": True,
}
DEFAULT_CONFIGS["smollm3"] = dict(DEFAULT_CONFIGS["llama"], architectures=["SmolLM3ForCausalLM"],
                                  model_type="smollm3", no_rope_layers=[1, 0, 1],
                                  tie_word_embeddings=True, use_sliding_window=False)

DTYPES = {
    "bf16": (torch.bfloat16, "BF16", "bfloat16"),
    "f16": (torch.float16, "F16", "float16"),
    "f32": (torch.float32, "F32", "float32"),
}


# ---------------------------------------------------------------------------
# Safetensors writer / reader (own implementation of the format)
# ---------------------------------------------------------------------------

def tensor_bytes(t):
    """Return (safetensors dtype string, little-endian raw bytes) of a tensor."""
    t = t.detach().contiguous().cpu()
    if t.dtype == torch.bfloat16:
        return "BF16", t.view(torch.int16).numpy().astype("<i2").tobytes()
    if t.dtype == torch.float16:
        return "F16", t.numpy().astype("<f2").tobytes()
    if t.dtype == torch.float32:
        return "F32", t.numpy().astype("<f4").tobytes()
    if t.dtype == torch.bool:
        return "BOOL", t.numpy().astype(np.uint8).tobytes()
    raise ValueError("unsupported dtype for writing: %s" % t.dtype)


def write_safetensors(path, named_tensors):
    """named_tensors: list of (name, tensor) in the order to lay out the data."""
    header = {}
    chunks = []
    offset = 0
    for name, t in named_tensors:
        dt, raw = tensor_bytes(t)
        header[name] = {"dtype": dt, "shape": list(t.shape),
                        "data_offsets": [offset, offset + len(raw)]}
        chunks.append(raw)
        offset += len(raw)
    header["__metadata__"] = {"format": "pt"}
    hbytes = json.dumps(header, separators=(",", ":")).encode("utf-8")
    hbytes += b" " * ((8 - len(hbytes) % 8) % 8)
    with open(path, "wb") as f:
        f.write(struct.pack("<Q", len(hbytes)))
        f.write(hbytes)
        for raw in chunks:
            f.write(raw)
    return offset


def read_safetensors(path):
    """Read one safetensors file; F32/F16/BF16 -> float32 torch tensors.
    BOOL and other dtypes are ignored."""
    with open(path, "rb") as f:
        data = f.read()
    (n,) = struct.unpack("<Q", data[:8])
    header = json.loads(data[8:8 + n].decode("utf-8"))
    base = 8 + n
    out = {}
    for name, info in header.items():
        if name == "__metadata__":
            continue
        b, e = info["data_offsets"]
        raw = data[base + b: base + e]
        shape = tuple(info["shape"])
        dt = info["dtype"]
        if dt == "F32":
            arr = np.frombuffer(raw, dtype="<f4").astype(np.float32)
        elif dt == "F16":
            arr = np.frombuffer(raw, dtype="<f2").astype(np.float32)
        elif dt == "BF16":
            u16 = np.frombuffer(raw, dtype="<u2").astype(np.uint32)
            arr = (u16 << 16).view(np.float32)
        else:
            continue
        out[name] = torch.from_numpy(arr.reshape(shape).copy())
    return out


def read_torch_bin(path):
    """A torch.save state dict through torch.load itself; F32/F16/BF16 -> float32."""
    out = {}
    for name, t in torch.load(path, map_location="cpu").items():
        if t.dtype in (torch.float32, torch.float16, torch.bfloat16):
            out[name] = t.to(torch.float32).contiguous()
    return out


def load_weights(model_dir):
    index = os.path.join(model_dir, "model.safetensors.index.json")
    single = os.path.join(model_dir, "model.safetensors")
    bin_index = os.path.join(model_dir, "pytorch_model.bin.index.json")
    bin_single = os.path.join(model_dir, "pytorch_model.bin")
    weights = {}
    if not os.path.exists(index) and not os.path.exists(single) and os.path.exists(bin_index):
        with open(bin_index) as f:
            weight_map = json.load(f)["weight_map"]
        for fname in sorted(set(weight_map.values())):
            weights.update(read_torch_bin(os.path.join(model_dir, fname)))
    elif not os.path.exists(index) and not os.path.exists(single) and os.path.exists(bin_single):
        weights = read_torch_bin(bin_single)
    elif os.path.exists(index):
        with open(index) as f:
            weight_map = json.load(f)["weight_map"]
        for fname in sorted(set(weight_map.values())):
            weights.update(read_safetensors(os.path.join(model_dir, fname)))
    elif os.path.exists(single):
        weights = read_safetensors(single)
    else:
        raise Unsupported("no model.safetensors or model.safetensors.index.json in %s" % model_dir)
    return weights


# ---------------------------------------------------------------------------
# Config handling
# ---------------------------------------------------------------------------

def head_dim_of(cfg):
    if cfg["model_type"] == "gpt_neox":
        return cfg["hidden_size"] // cfg["num_attention_heads"]
    hd = cfg.get("head_dim")
    return hd if hd is not None else cfg["hidden_size"] // cfg["num_attention_heads"]


def kv_heads_of(cfg):
    if cfg["model_type"] == "gpt_neox":
        return cfg["num_attention_heads"]
    kv = cfg.get("num_key_value_heads")
    return kv if kv is not None else cfg["num_attention_heads"]


APERTUS_DEFAULT_ROPE = {"rope_type": "llama3", "factor": 8.0, "low_freq_factor": 1.0,
                        "high_freq_factor": 4.0, "original_max_position_embeddings": 8192}


def rope_type_of(cfg):
    if cfg["model_type"] == "apertus" and "rope_scaling" not in cfg:
        rs = APERTUS_DEFAULT_ROPE          # ApertusConfig's default argument
    else:
        rs = cfg.get("rope_scaling")
    if rs is None:
        return "default", None
    if not isinstance(rs, dict):
        raise Unsupported("rope_scaling must be an object or null")
    rt = rs.get("rope_type", rs.get("type", "default"))
    if rt not in ("default", "linear", "dynamic", "llama3"):
        raise Unsupported("rope_scaling type %r not implemented" % rt)
    return rt, rs


def validate_config(cfg):
    mt = cfg.get("model_type")
    if mt not in DEFAULT_CONFIGS:
        raise Unsupported("model_type %r not implemented" % mt)
    heads = cfg["num_attention_heads"]
    kv = kv_heads_of(cfg)
    if heads % kv != 0:
        raise Unsupported("num_attention_heads must be a multiple of num_key_value_heads")
    act = cfg.get("hidden_act", "xielu" if mt == "apertus" else "silu")
    if mt == "apertus":
        if act != "xielu":
            raise Unsupported("apertus is only implemented with hidden_act xielu")
    elif act not in ACTIVATIONS:
        raise Unsupported("hidden_act %r not implemented" % act)
    if mt != "olmo" and cfg.get("clip_qkv") is not None:
        raise Unsupported("clip_qkv only exists for olmo")
    if mt == "olmo" and cfg.get("clip_qkv") is not None and not cfg["clip_qkv"] > 0:
        raise Unsupported("clip_qkv must be positive")
    if mt == "gpt_neox":
        if cfg["hidden_size"] % heads != 0:
            raise Unsupported("gpt_neox needs hidden_size divisible by heads")
        if cfg.get("head_dim") not in (None, cfg["hidden_size"] // heads):
            raise Unsupported("gpt_neox does not support a head_dim != hidden/heads")
        rot = int(head_dim_of(cfg) * cfg.get("rotary_pct", 0.25))
        if rot % 2 != 0:
            raise Unsupported("gpt_neox rotary_ndims must be even")
    else:
        if cfg.get("partial_rotary_factor", 1.0) != 1.0:
            raise Unsupported("partial_rotary_factor != 1 not implemented for %s" % mt)
        if head_dim_of(cfg) % 2 != 0:
            raise Unsupported("head_dim must be even")
    if mt == "qwen2" and cfg.get("use_sliding_window", False):
        raise Unsupported("qwen2 use_sliding_window=true not implemented")
    rope_type_of(cfg)


# ---------------------------------------------------------------------------
# make: random HF checkpoint
# ---------------------------------------------------------------------------

def param_specs(cfg):
    """List of (name, shape, kind) in HF parameter order.
    kind: linear (N(0, 1/sqrt(in))), bias, norm (1 + N(0, 0.2)),
    lnbias (N(0, 0.1)), embed (N(0, 1))."""
    mt = cfg["model_type"]
    H = cfg["hidden_size"]
    I = cfg["intermediate_size"]
    V = cfg["vocab_size"]
    L = cfg["num_hidden_layers"]
    nh = cfg["num_attention_heads"]
    kvh = kv_heads_of(cfg)
    hd = head_dim_of(cfg)
    tied = bool(cfg.get("tie_word_embeddings", False))
    specs = []

    def lin(name, out_f, in_f, bias):
        specs.append((name + ".weight", (out_f, in_f), "linear"))
        if bias:
            specs.append((name + ".bias", (out_f,), "bias"))

    if mt in ("llama", "qwen2", "olmo2", "smollm3"):
        specs.append(("model.embed_tokens.weight", (V, H), "embed"))
        if mt in ("llama", "smollm3"):
            qkv_bias = o_bias = bool(cfg.get("attention_bias", False))
            mlp_bias = bool(cfg.get("mlp_bias", False))
        elif mt == "qwen2":
            qkv_bias, o_bias, mlp_bias = True, False, False
        else:
            qkv_bias = o_bias = bool(cfg.get("attention_bias", False))
            mlp_bias = False
        for i in range(L):
            p = "model.layers.%d." % i
            lin(p + "self_attn.q_proj", nh * hd, H, qkv_bias)
            lin(p + "self_attn.k_proj", kvh * hd, H, qkv_bias)
            lin(p + "self_attn.v_proj", kvh * hd, H, qkv_bias)
            lin(p + "self_attn.o_proj", H, nh * hd, o_bias)
            if mt == "olmo2":
                specs.append((p + "self_attn.q_norm.weight", (nh * hd,), "norm"))
                specs.append((p + "self_attn.k_norm.weight", (kvh * hd,), "norm"))
            lin(p + "mlp.gate_proj", I, H, mlp_bias)
            lin(p + "mlp.up_proj", I, H, mlp_bias)
            lin(p + "mlp.down_proj", H, I, mlp_bias)
            if mt != "olmo2":
                specs.append((p + "input_layernorm.weight", (H,), "norm"))
            specs.append((p + "post_attention_layernorm.weight", (H,), "norm"))
            if mt == "olmo2":
                specs.append((p + "post_feedforward_layernorm.weight", (H,), "norm"))
        specs.append(("model.norm.weight", (H,), "norm"))
        if not tied:
            specs.append(("lm_head.weight", (V, H), "linear"))
    elif mt == "olmo":
        ab = bool(cfg.get("attention_bias", False))
        specs.append(("model.embed_tokens.weight", (V, H), "embed"))
        for i in range(L):
            p = "model.layers.%d." % i
            lin(p + "self_attn.q_proj", nh * hd, H, ab)
            lin(p + "self_attn.k_proj", kvh * hd, H, ab)
            lin(p + "self_attn.v_proj", kvh * hd, H, ab)
            lin(p + "self_attn.o_proj", H, nh * hd, ab)
            lin(p + "mlp.gate_proj", I, H, False)
            lin(p + "mlp.up_proj", I, H, False)
            lin(p + "mlp.down_proj", H, I, False)
        if not tied:
            specs.append(("lm_head.weight", (V, H), "linear"))
    elif mt == "apertus":
        ab = bool(cfg.get("attention_bias", False))
        specs.append(("model.embed_tokens.weight", (V, H), "embed"))
        for i in range(L):
            p = "model.layers.%d." % i
            lin(p + "self_attn.q_proj", nh * hd, H, ab)
            lin(p + "self_attn.k_proj", kvh * hd, H, ab)
            lin(p + "self_attn.v_proj", kvh * hd, H, ab)
            lin(p + "self_attn.o_proj", H, nh * hd, ab)
            specs.append((p + "self_attn.q_norm.weight", (hd,), "norm"))
            specs.append((p + "self_attn.k_norm.weight", (hd,), "norm"))
            lin(p + "mlp.up_proj", I, H, False)
            lin(p + "mlp.down_proj", H, I, False)
            specs.append((p + "mlp.act_fn.alpha_p", (1,), "xielu_alpha_p"))
            specs.append((p + "mlp.act_fn.alpha_n", (1,), "xielu_alpha_n"))
            specs.append((p + "mlp.act_fn.beta", (), "xielu_beta"))
            specs.append((p + "mlp.act_fn.eps", (), "xielu_eps"))
            specs.append((p + "attention_layernorm.weight", (H,), "norm"))
            specs.append((p + "feedforward_layernorm.weight", (H,), "norm"))
        specs.append(("model.norm.weight", (H,), "norm"))
        if not tied:
            specs.append(("lm_head.weight", (V, H), "linear"))
    elif mt == "gpt_neox":
        ab = bool(cfg.get("attention_bias", True))
        specs.append(("gpt_neox.embed_in.weight", (V, H), "embed"))
        for i in range(L):
            p = "gpt_neox.layers.%d." % i
            specs.append((p + "input_layernorm.weight", (H,), "norm"))
            specs.append((p + "input_layernorm.bias", (H,), "lnbias"))
            specs.append((p + "post_attention_layernorm.weight", (H,), "norm"))
            specs.append((p + "post_attention_layernorm.bias", (H,), "lnbias"))
            lin(p + "attention.query_key_value", 3 * H, H, ab)
            lin(p + "attention.dense", H, H, ab)
            lin(p + "mlp.dense_h_to_4h", I, H, True)
            lin(p + "mlp.dense_4h_to_h", H, I, True)
        specs.append(("gpt_neox.final_layer_norm.weight", (H,), "norm"))
        specs.append(("gpt_neox.final_layer_norm.bias", (H,), "lnbias"))
        if not tied:
            specs.append(("embed_out.weight", (V, H), "linear"))
    return specs


def inverse_softplus(y):
    return math.log(math.expm1(y))


def random_tensor(shape, kind, gen, xielu_eps=-1e-6):
    x = torch.randn(shape, generator=gen, dtype=torch.float32)
    # xIELU: XIELUActivation initialises alpha_p = softplus^-1(0.8), alpha_n =
    # softplus^-1(0.8 - beta), beta 0.5, eps -1e-6; trained values are spread
    # around them here so that every parameter matters.
    if kind == "xielu_alpha_p":
        return inverse_softplus(0.8) + 0.5 * x
    if kind == "xielu_alpha_n":
        return inverse_softplus(0.3) + 0.5 * x
    if kind == "xielu_beta":
        return 0.5 * torch.exp(0.3 * x)
    if kind == "xielu_eps":
        return torch.full(shape, float(xielu_eps))
    if kind == "linear":
        return x / math.sqrt(shape[1])
    if kind in ("bias", "lnbias"):
        return x * 0.1
    if kind == "norm":
        return 1.0 + 0.2 * x
    if kind == "embed":
        return x
    raise ValueError(kind)


def neox_extra_buffers(cfg, layer):
    """Buffers that old Pythia checkpoints carry (ignored by modern HF)."""
    p = "gpt_neox.layers.%d.attention." % layer
    hd = head_dim_of(cfg)
    rot = int(hd * cfg.get("rotary_pct", 0.25))
    base = float(cfg.get("rotary_emb_base", 10000))
    mp = cfg["max_position_embeddings"]
    inv_freq = 1.0 / (base ** (torch.arange(0, rot, 2, dtype=torch.int64).float() / rot))
    mask = torch.tril(torch.ones(mp, mp, dtype=torch.bool)).view(1, 1, mp, mp)
    return [(p + "rotary_emb.inv_freq", inv_freq.to(torch.float32)),
            (p + "bias", mask),
            (p + "masked_bias", torch.tensor(-1e9, dtype=torch.float32))]


def layer_of(name):
    """Layer index of a tensor name like 'model.layers.3.mlp...', else None."""
    parts = name.split(".")
    for j, part in enumerate(parts[:-1]):
        if part == "layers" and parts[j + 1].isdigit():
            return int(parts[j + 1])
    return None


def shard_boundaries(names, sizes, k):
    """Split tensors (kept in parameter order) into k contiguous, non-empty
    groups of roughly equal bytes.  Returns the start indices of shards
    2..k.  If no boundary happens to fall inside a layer, the first boundary
    is moved to the middle of the nearest layer, so that at least one layer
    is always split across two shards."""
    n = len(names)
    if k > n:
        raise Unsupported("more shards than tensors")
    total = float(sum(sizes))
    bounds = []
    acc = 0
    for idx in range(1, n):
        acc += sizes[idx - 1]
        if len(bounds) < k - 1 and acc >= total * (len(bounds) + 1) / k:
            bounds.append(idx)
    while len(bounds) < k - 1:          # tiny tensors at the end: force splits
        bounds.append(bounds[-1] + 1 if bounds else 1)
    if any(b >= n for b in bounds):
        raise Unsupported("cannot split into that many shards")

    def splits_layer(b):
        la = layer_of(names[b - 1])
        return la is not None and la == layer_of(names[b])

    if bounds and not any(splits_layer(b) for b in bounds):
        hi = bounds[1] if len(bounds) > 1 else n
        candidates = []
        for lay in sorted({layer_of(x) for x in names} - {None}):
            idxs = [j for j, x in enumerate(names) if layer_of(x) == lay]
            mid = idxs[len(idxs) // 2]
            if 0 < mid < hi and len(idxs) > 1:
                candidates.append(mid)
        if candidates:
            bounds[0] = min(candidates, key=lambda m: abs(m - bounds[0]))
    return bounds


def cmd_make(args):
    arch = args.arch
    cfg = json.loads(json.dumps(DEFAULT_CONFIGS[arch]))
    extra_buffers = False
    xielu_eps = -1e-6
    if args.config:
        over = json.loads(args.config)
        if not isinstance(over, dict):
            raise Unsupported("--config must be a JSON object")
        extra_buffers = bool(over.pop("_extra_buffers", False))
        xielu_eps = float(over.pop("_xielu_eps", xielu_eps))
        cfg.update(over)
    if extra_buffers and arch != "gpt_neox":
        raise Unsupported("_extra_buffers only applies to gpt_neox")
    tdtype, _, tname = DTYPES[args.dtype]
    cfg["torch_dtype"] = tname
    validate_config(cfg)

    os.makedirs(args.out, exist_ok=True)
    gen = torch.Generator().manual_seed(args.seed)
    tensors = []
    for name, shape, kind in param_specs(cfg):
        tensors.append((name, random_tensor(shape, kind, gen, xielu_eps).to(tdtype)))
    if extra_buffers:
        # insert per-layer buffers right after each layer's last parameter
        out = []
        by_layer_end = {}
        for idx, (name, _) in enumerate(tensors):
            if name.startswith("gpt_neox.layers."):
                by_layer_end[int(name.split(".")[2])] = idx
        for idx, item in enumerate(tensors):
            out.append(item)
            for li, end in by_layer_end.items():
                if end == idx:
                    out.extend(neox_extra_buffers(cfg, li))
        tensors = out

    with open(os.path.join(args.out, "config.json"), "w") as f:
        json.dump(cfg, f, indent=2)
        f.write("\n")

    k = args.shards
    if k < 1:
        raise Unsupported("--shards must be >= 1")
    if args.format == "bin":
        write_torch_bins(args, cfg, tensors, tdtype)
        return
    if args.bin_views or args.legacy:
        raise Unsupported("--bin-views and --legacy need --format bin")
    if k == 1:
        write_safetensors(os.path.join(args.out, "model.safetensors"), tensors)
        return
    names = [n for n, _ in tensors]
    sizes = [len(tensor_bytes(t)[1]) for _, t in tensors]
    bounds = shard_boundaries(names, sizes, k)
    starts = [0] + bounds
    ends = bounds + [len(tensors)]
    weight_map = {}
    total = 0
    for si, (s, e) in enumerate(zip(starts, ends)):
        fname = "model-%05d-of-%05d.safetensors" % (si + 1, k)
        total += write_safetensors(os.path.join(args.out, fname), tensors[s:e])
        for name, _ in tensors[s:e]:
            weight_map[name] = fname
    with open(os.path.join(args.out, "model.safetensors.index.json"), "w") as f:
        json.dump({"metadata": {"total_size": total}, "weight_map": weight_map}, f, indent=2)
        f.write("\n")


def as_views(tensors, tdtype):
    """The same values, each layer's tensors of the weight dtype stored as views into one storage
    per layer; the MLP's down projection a transposed view (stride (1, rows))."""
    out = list(tensors)
    layers = {}
    for i, (name, t) in enumerate(tensors):
        if layer_of(name) is not None and t.dtype == tdtype:
            layers.setdefault(layer_of(name), []).append(i)
    for idxs in layers.values():
        transposed = [tensors[i][0].endswith(("mlp.down_proj.weight", "mlp.dense_4h_to_h.weight")) for i in idxs]
        parts = [tensors[i][1].t().contiguous().flatten() if tr else tensors[i][1].flatten()
                 for i, tr in zip(idxs, transposed)]
        storage = torch.cat(parts)
        off = 0
        for i, tr, part in zip(idxs, transposed, parts):
            name, t = tensors[i]
            seg = storage[off:off + part.numel()]
            v = seg.view(t.shape[1], t.shape[0]).t() if tr else seg.view(t.shape)
            assert torch.equal(v, t) and v.storage_offset() == off
            out[i] = (name, v)
            off += part.numel()
    return out


def write_torch_bins(args, cfg, tensors, tdtype):
    """pytorch_model.bin or its shards, as transformers' save_pretrained writes them."""
    if args.bin_views:
        tensors = as_views(tensors, tdtype)
    if cfg.get("tie_word_embeddings", False):
        # The tied head is saved too, as the embedding itself (one storage, two names).
        embed = "gpt_neox.embed_in.weight" if cfg["model_type"] == "gpt_neox" else "model.embed_tokens.weight"
        head = "embed_out.weight" if cfg["model_type"] == "gpt_neox" else "lm_head.weight"
        tensors = tensors + [(head, dict(tensors)[embed])]
    legacy = {"_use_new_zipfile_serialization": False} if args.legacy else {}
    k = args.shards
    if k == 1:
        sd = collections.OrderedDict(tensors)
        sd._metadata = collections.OrderedDict([("", {"version": 1})])
        torch.save(sd, os.path.join(args.out, "pytorch_model.bin"), **legacy)
        return
    names = [n for n, _ in tensors]
    sizes = [t.numel() * t.element_size() for _, t in tensors]
    bounds = shard_boundaries(names, sizes, k)
    weight_map = {}
    for si, (s, e) in enumerate(zip([0] + bounds, bounds + [len(tensors)])):
        fname = "pytorch_model-%05d-of-%05d.bin" % (si + 1, k)
        torch.save(dict(tensors[s:e]), os.path.join(args.out, fname), **legacy)
        for name, _ in tensors[s:e]:
            weight_map[name] = fname
    with open(os.path.join(args.out, "pytorch_model.bin.index.json"), "w") as f:
        json.dump({"metadata": {"total_size": sum(sizes)}, "weight_map": weight_map}, f, indent=2)
        f.write("\n")


def cmd_bad_bin(args):
    if args.kind == "list":
        obj = [torch.zeros(4)]
    elif args.kind == "code":
        obj = {"model.norm.weight": torch.zeros(4), "hook": os.system}
    else:
        obj = {"model.norm.weight": torch.zeros(4), "step": 3}
    torch.save(obj, args.out)


# ---------------------------------------------------------------------------
# Forward pass
# ---------------------------------------------------------------------------

def gelu_tanh(x):
    # NewGELUActivation (gelu_new)
    return 0.5 * x * (1.0 + torch.tanh(math.sqrt(2.0 / math.pi) * (x + 0.044715 * torch.pow(x, 3.0))))


def gelu_fast(x):
    return 0.5 * x * (1.0 + torch.tanh(x * 0.7978845608 * (1.0 + 0.044715 * x * x)))


ACTIVATIONS = {
    "silu": torch.nn.functional.silu,
    "swish": torch.nn.functional.silu,
    "gelu": lambda x: torch.nn.functional.gelu(x),
    "gelu_new": gelu_tanh,
    "gelu_fast": gelu_fast,
    "gelu_pytorch_tanh": lambda x: torch.nn.functional.gelu(x, approximate="tanh"),
    "relu": torch.relu,
}


def rms_norm(x, w, eps):
    var = x.pow(2).mean(-1, keepdim=True)
    return w * (x * torch.rsqrt(var + eps))


def layer_norm(x, w, b, eps):
    return torch.nn.functional.layer_norm(x, (x.shape[-1],), w, b, eps)


def linear(x, W, name, bias):
    y = torch.matmul(x, W[name + ".weight"].t())
    if bias:
        y = y + W[name + ".bias"]
    return y


def rope_inv_freq(cfg, dim, base, seq_len):
    """inv_freq for a rotary dim `dim`, following transformers' rope init fns."""
    rt, rs = rope_type_of(cfg)
    exps = torch.arange(0, dim, 2, dtype=torch.int64).float() / dim
    if rt == "dynamic":
        factor = float(rs["factor"])
        max_pos = cfg["max_position_embeddings"]
        sl = seq_len if seq_len > max_pos else max_pos
        base = base * ((factor * sl / max_pos) - (factor - 1)) ** (dim / (dim - 2))
    inv_freq = 1.0 / (base ** exps)
    if rt == "linear":
        inv_freq = inv_freq / float(rs["factor"])
    elif rt == "llama3":
        factor = float(rs["factor"])
        low_ff = float(rs["low_freq_factor"])
        high_ff = float(rs["high_freq_factor"])
        old_ctx = float(rs["original_max_position_embeddings"])
        low_freq_wavelen = old_ctx / low_ff
        high_freq_wavelen = old_ctx / high_ff
        wavelen = 2 * math.pi / inv_freq
        scaled = torch.where(wavelen > low_freq_wavelen, inv_freq / factor, inv_freq)
        smooth = (old_ctx / wavelen - low_ff) / (high_ff - low_ff)
        smoothed = (1 - smooth) * scaled / factor + smooth * scaled
        is_medium = ~(wavelen < high_freq_wavelen) & ~(wavelen > low_freq_wavelen)
        inv_freq = torch.where(is_medium, smoothed, scaled)
    return inv_freq


def rope_cos_sin(inv_freq, T):
    pos = torch.arange(T, dtype=torch.float32)
    freqs = pos[:, None] * inv_freq[None, :]          # [T, dim/2]
    emb = torch.cat([freqs, freqs], dim=-1)            # [T, dim]
    return emb.cos(), emb.sin()


def rotate_half(x):
    half = x.shape[-1] // 2
    return torch.cat([-x[..., half:], x[..., :half]], dim=-1)


def apply_rope(x, cos, sin):
    # x: [B, heads, T, dim]; cos/sin: [T, dim]
    return x * cos + rotate_half(x) * sin


def attention(q, k, v, head_dim):
    """q: [B, nh, T, hd]; k, v: [B, kvh, T, hd]. Returns [B, T, nh*hd]."""
    B, nh, T, _ = q.shape
    groups = nh // k.shape[1]
    if groups > 1:
        k = k.repeat_interleave(groups, dim=1)
        v = v.repeat_interleave(groups, dim=1)
    scores = torch.matmul(q, k.transpose(2, 3)) / math.sqrt(head_dim)
    causal = torch.ones(T, T, dtype=torch.bool).tril()
    scores = scores.masked_fill(~causal, float("-inf"))
    probs = torch.softmax(scores.float(), dim=-1)
    out = torch.matmul(probs, v)                       # [B, nh, T, hd]
    return out.transpose(1, 2).reshape(B, T, nh * v.shape[-1])


def forward_llama_like(cfg, W, ids):
    mt = cfg["model_type"]
    B, T = ids.shape
    nh = cfg["num_attention_heads"]
    kvh = kv_heads_of(cfg)
    hd = head_dim_of(cfg)
    eps = cfg["rms_norm_eps"]
    act = ACTIVATIONS[cfg.get("hidden_act", "silu")]
    if mt in ("llama", "smollm3"):
        qkv_bias = o_bias = bool(cfg.get("attention_bias", False))
        mlp_bias = bool(cfg.get("mlp_bias", False))
    elif mt == "qwen2":
        qkv_bias, o_bias, mlp_bias = True, False, False
    else:
        qkv_bias = o_bias = bool(cfg.get("attention_bias", False))
        mlp_bias = False
    base = float(cfg.get("rope_theta", 10000.0))
    cos, sin = rope_cos_sin(rope_inv_freq(cfg, hd, base, T), T)

    x = W["model.embed_tokens.weight"][ids]             # [B, T, H]
    for i in range(cfg["num_hidden_layers"]):
        p = "model.layers.%d." % i
        a_in = x if mt == "olmo2" else rms_norm(x, W[p + "input_layernorm.weight"], eps)
        q = linear(a_in, W, p + "self_attn.q_proj", qkv_bias)
        k = linear(a_in, W, p + "self_attn.k_proj", qkv_bias)
        v = linear(a_in, W, p + "self_attn.v_proj", qkv_bias)
        if mt == "olmo2":
            q = rms_norm(q, W[p + "self_attn.q_norm.weight"], eps)
            k = rms_norm(k, W[p + "self_attn.k_norm.weight"], eps)
        q = q.view(B, T, nh, hd).transpose(1, 2)
        k = k.view(B, T, kvh, hd).transpose(1, 2)
        v = v.view(B, T, kvh, hd).transpose(1, 2)
        # SmolLM3: no_rope_layers[i] == 1 means layer i uses RoPE, 0 makes it a NoPE layer.
        if mt != "smollm3" or cfg.get("no_rope_layers", [1] * cfg["num_hidden_layers"])[i]:
            q = apply_rope(q, cos, sin)
            k = apply_rope(k, cos, sin)
        a = linear(attention(q, k, v, hd), W, p + "self_attn.o_proj", o_bias)
        if mt == "olmo2":
            h = x + rms_norm(a, W[p + "post_attention_layernorm.weight"], eps)
            m_in = h
        else:
            h = x + a
            m_in = rms_norm(h, W[p + "post_attention_layernorm.weight"], eps)
        g = linear(m_in, W, p + "mlp.gate_proj", mlp_bias)
        u = linear(m_in, W, p + "mlp.up_proj", mlp_bias)
        m = linear(act(g) * u, W, p + "mlp.down_proj", mlp_bias)
        if mt == "olmo2":
            m = rms_norm(m, W[p + "post_feedforward_layernorm.weight"], eps)
        x = h + m
    x = rms_norm(x, W["model.norm.weight"], eps)
    if cfg.get("tie_word_embeddings", False):
        head = W["model.embed_tokens.weight"]
    else:
        head = W["lm_head.weight"]
    return torch.matmul(x, head.t())


def forward_olmo(cfg, W, ids):
    """OLMo-1 (modeling_olmo.py): llama-shaped, with non-parametric LayerNorms."""
    B, T = ids.shape
    H = cfg["hidden_size"]
    nh = cfg["num_attention_heads"]
    kvh = kv_heads_of(cfg)
    hd = head_dim_of(cfg)
    ab = bool(cfg.get("attention_bias", False))
    clip = cfg.get("clip_qkv")
    cos, sin = rope_cos_sin(rope_inv_freq(cfg, hd, float(cfg.get("rope_theta", 10000.0)), T), T)

    def ln(x):
        return torch.nn.functional.layer_norm(x, (H,), None, None, 1e-5)

    x = W["model.embed_tokens.weight"][ids]
    for i in range(cfg["num_hidden_layers"]):
        p = "model.layers.%d." % i
        a_in = ln(x)
        q = linear(a_in, W, p + "self_attn.q_proj", ab)
        k = linear(a_in, W, p + "self_attn.k_proj", ab)
        v = linear(a_in, W, p + "self_attn.v_proj", ab)
        if clip is not None:
            q, k, v = (t.clamp(min=-clip, max=clip) for t in (q, k, v))
        q = apply_rope(q.view(B, T, nh, hd).transpose(1, 2), cos, sin)
        k = apply_rope(k.view(B, T, kvh, hd).transpose(1, 2), cos, sin)
        v = v.view(B, T, kvh, hd).transpose(1, 2)
        h = x + linear(attention(q, k, v, hd), W, p + "self_attn.o_proj", ab)
        m_in = ln(h)
        g = linear(m_in, W, p + "mlp.gate_proj", False)
        u = linear(m_in, W, p + "mlp.up_proj", False)
        x = h + linear(torch.nn.functional.silu(g) * u, W, p + "mlp.down_proj", False)
    x = ln(x)
    head = W["model.embed_tokens.weight"] if cfg.get("tie_word_embeddings", False) else W["lm_head.weight"]
    return torch.matmul(x, head.t())


def xielu(x, alpha_p, alpha_n, beta, eps):
    """transformers' XIELUActivation (python path) on float32 values."""
    ap = torch.nn.functional.softplus(alpha_p)
    an = beta + torch.nn.functional.softplus(alpha_n)
    return torch.where(x > 0, ap * x * x + beta * x,
                       (torch.expm1(torch.minimum(x, eps)) - x) * an + beta * x)


def forward_apertus(cfg, W, ids):
    """Apertus (modeling_apertus.py): per-head QK-norm, gate-less xIELU MLP."""
    B, T = ids.shape
    nh = cfg["num_attention_heads"]
    kvh = kv_heads_of(cfg)
    hd = head_dim_of(cfg)
    eps = cfg.get("rms_norm_eps", 1e-5)
    ab = bool(cfg.get("attention_bias", False))
    cos, sin = rope_cos_sin(rope_inv_freq(cfg, hd, float(cfg.get("rope_theta", 12000000.0)), T), T)

    x = W["model.embed_tokens.weight"][ids]
    for i in range(cfg["num_hidden_layers"]):
        p = "model.layers.%d." % i
        a_in = rms_norm(x, W[p + "attention_layernorm.weight"], eps)
        q = linear(a_in, W, p + "self_attn.q_proj", ab).view(B, T, nh, hd).transpose(1, 2)
        k = linear(a_in, W, p + "self_attn.k_proj", ab).view(B, T, kvh, hd).transpose(1, 2)
        v = linear(a_in, W, p + "self_attn.v_proj", ab).view(B, T, kvh, hd).transpose(1, 2)
        q = rms_norm(q, W[p + "self_attn.q_norm.weight"], eps)
        k = rms_norm(k, W[p + "self_attn.k_norm.weight"], eps)
        q = apply_rope(q, cos, sin)
        k = apply_rope(k, cos, sin)
        h = x + linear(attention(q, k, v, hd), W, p + "self_attn.o_proj", ab)
        m_in = rms_norm(h, W[p + "feedforward_layernorm.weight"], eps)
        a = p + "mlp.act_fn."
        u = xielu(linear(m_in, W, p + "mlp.up_proj", False),
                  W[a + "alpha_p"], W[a + "alpha_n"], W[a + "beta"], W[a + "eps"])
        x = h + linear(u, W, p + "mlp.down_proj", False)
    x = rms_norm(x, W["model.norm.weight"], eps)
    head = W["model.embed_tokens.weight"] if cfg.get("tie_word_embeddings", False) else W["lm_head.weight"]
    return torch.matmul(x, head.t())


def forward_gpt_neox(cfg, W, ids):
    B, T = ids.shape
    nh = cfg["num_attention_heads"]
    hd = head_dim_of(cfg)
    eps = cfg.get("layer_norm_eps", 1e-5)
    act = ACTIVATIONS[cfg.get("hidden_act", "gelu")]
    ab = bool(cfg.get("attention_bias", True))
    rot = int(hd * cfg.get("rotary_pct", 0.25))
    base = cfg.get("rotary_emb_base")
    if base is None:
        base = cfg.get("rope_theta", 10000)
    cos, sin = rope_cos_sin(rope_inv_freq(cfg, rot, float(base), T), T)
    parallel = bool(cfg.get("use_parallel_residual", True))

    def attn_block(xn, p):
        qkv = linear(xn, W, p + "attention.query_key_value", ab)       # [B, T, 3H]
        qkv = qkv.view(B, T, nh, 3 * hd)
        q = qkv[..., :hd].permute(0, 2, 1, 3)
        k = qkv[..., hd:2 * hd].permute(0, 2, 1, 3)
        v = qkv[..., 2 * hd:].permute(0, 2, 1, 3)
        q = torch.cat([apply_rope(q[..., :rot], cos, sin), q[..., rot:]], dim=-1)
        k = torch.cat([apply_rope(k[..., :rot], cos, sin), k[..., rot:]], dim=-1)
        return linear(attention(q, k, v, hd), W, p + "attention.dense", ab)

    def mlp_block(xn, p):
        return linear(act(linear(xn, W, p + "mlp.dense_h_to_4h", True)),
                      W, p + "mlp.dense_4h_to_h", True)

    x = W["gpt_neox.embed_in.weight"][ids]
    for i in range(cfg["num_hidden_layers"]):
        p = "gpt_neox.layers.%d." % i
        ln1 = layer_norm(x, W[p + "input_layernorm.weight"], W[p + "input_layernorm.bias"], eps)
        a = attn_block(ln1, p)
        if parallel:
            ln2 = layer_norm(x, W[p + "post_attention_layernorm.weight"],
                             W[p + "post_attention_layernorm.bias"], eps)
            x = x + a + mlp_block(ln2, p)
        else:
            h = x + a
            ln2 = layer_norm(h, W[p + "post_attention_layernorm.weight"],
                             W[p + "post_attention_layernorm.bias"], eps)
            x = h + mlp_block(ln2, p)
    x = layer_norm(x, W["gpt_neox.final_layer_norm.weight"], W["gpt_neox.final_layer_norm.bias"], eps)
    head = W["gpt_neox.embed_in.weight"] if cfg.get("tie_word_embeddings", False) else W["embed_out.weight"]
    return torch.matmul(x, head.t())


class Model:
    def __init__(self, model_dir):
        with open(os.path.join(model_dir, "config.json")) as f:
            self.cfg = json.load(f)
        validate_config(self.cfg)
        self.W = load_weights(model_dir)
        needed = [n for n, _, _ in param_specs(self.cfg)]
        missing = [n for n in needed if n not in self.W]
        if missing:
            raise Unsupported("missing tensors: %s" % ", ".join(missing[:5]))

    def logits(self, ids):
        ids = torch.as_tensor(np.asarray(ids), dtype=torch.int64)
        if ids.dim() == 1:
            ids = ids[None, :]
        if ids.dim() != 2:
            raise Unsupported("ids must be [B, T]")
        V = self.cfg["vocab_size"]
        if ids.numel() and (int(ids.min()) < 0 or int(ids.max()) >= V):
            raise Unsupported("token id out of range")
        with torch.no_grad():
            mt = self.cfg["model_type"]
            if mt == "gpt_neox":
                return forward_gpt_neox(self.cfg, self.W, ids)
            if mt == "olmo":
                return forward_olmo(self.cfg, self.W, ids)
            if mt == "apertus":
                return forward_apertus(self.cfg, self.W, ids)
            return forward_llama_like(self.cfg, self.W, ids)


def cmd_logits(args):
    model = Model(args.model)
    ids = np.load(args.ids)
    out = model.logits(ids).numpy().astype(np.float32)
    np.save(args.out, out)


def cmd_bench(args):
    torch.set_num_threads(args.threads)
    model = Model(args.model)
    gen = torch.Generator().manual_seed(0)
    ids = torch.randint(0, model.cfg["vocab_size"], (args.batch, args.seq), generator=gen)
    with torch.no_grad():
        model.logits(ids)
        t0 = time.perf_counter()
        for _ in range(args.repeat):
            model.logits(ids)
        secs = time.perf_counter() - t0
    tokens = args.batch * args.seq * args.repeat
    print(json.dumps({"tokens_per_s": tokens / secs if secs > 0 else float("inf"),
                      "seconds": secs, "tokens": tokens}))


# ---------------------------------------------------------------------------
# Self-test
# ---------------------------------------------------------------------------

def _make(out, arch, seed=7, shards=2, dtype="bf16", config=None):
    argv = ["make", "--arch", arch, "--out", out, "--seed", str(seed),
            "--shards", str(shards), "--dtype", dtype]
    if config is not None:
        argv += ["--config", json.dumps(config)]
    args = build_parser().parse_args(argv)
    args.func(args)
    return out


def cmd_selftest(_args):
    import subprocess
    failures = []

    def check(cond, msg):
        if not cond:
            failures.append(msg)
            print("FAIL:", msg, file=sys.stderr)

    rng = np.random.RandomState(0)
    with tempfile.TemporaryDirectory() as tmp:
        n = [0]

        def d():
            n[0] += 1
            return os.path.join(tmp, "m%d" % n[0])

        def logits_of(path, ids):
            return Model(path).logits(ids).numpy()

        for arch in ("llama", "qwen2", "olmo", "olmo2", "apertus", "gpt_neox"):
            V = DEFAULT_CONFIGS[arch]["vocab_size"]
            ids = rng.randint(0, V, size=(2, 11)).astype(np.int64)
            sharded = _make(d(), arch, shards=2)
            single = _make(d(), arch, shards=1)
            files = sorted(os.listdir(sharded))
            check("model.safetensors.index.json" in files and
                  "model-00001-of-00002.safetensors" in files and
                  "model-00002-of-00002.safetensors" in files, arch + ": shard files")
            with open(os.path.join(sharded, "model.safetensors.index.json")) as f:
                idx = json.load(f)
            by_layer = {}
            for name, fn in idx["weight_map"].items():
                parts = name.split(".")
                if "layers" in parts:
                    by_layer.setdefault(parts[parts.index("layers") + 1], set()).add(fn)
            check(any(len(s) > 1 for s in by_layer.values()), arch + ": a layer split across shards")
            size = sum(os.path.getsize(os.path.join(sharded, fn)) for fn in set(idx["weight_map"].values()))
            check(idx["metadata"]["total_size"] < size, arch + ": total_size sane")
            for fn in set(idx["weight_map"].values()):
                with open(os.path.join(sharded, fn), "rb") as f:
                    (hl,) = struct.unpack("<Q", f.read(8))
                check(hl % 8 == 0, arch + ": header padded to 8")

            a = logits_of(sharded, ids)
            b = logits_of(single, ids)
            check(a.shape == (2, 11, V), arch + ": shape %s" % (a.shape,))
            check(np.array_equal(a, b), arch + ": sharded vs single file")
            check(np.isfinite(a).all(), arch + ": finite")
            spread = a.std(axis=-1).mean()
            check(0.3 < spread < 30, arch + ": logits vary O(1) across vocab (std %.3g)" % spread)
            # batch rows are independent
            a0 = logits_of(single, ids[:1])
            check(np.allclose(a0[0], a[0], atol=1e-5), arch + ": batch independence")
            # causality: change the last token
            ids2 = ids.copy()
            ids2[:, -1] = (ids2[:, -1] + 1) % V
            c = logits_of(single, ids2)
            check(np.allclose(c[:, :-1], a[:, :-1], atol=1e-5), arch + ": causal (earlier unchanged)")
            check(np.abs(c[:, -1] - a[:, -1]).max() > 1e-2, arch + ": later token matters")
            # changing an early token changes later logits
            ids3 = ids.copy()
            ids3[:, 0] = (ids3[:, 0] + 1) % V
            e = logits_of(single, ids3)
            check(np.abs(e[:, -1] - a[:, -1]).max() > 1e-3, arch + ": attention reaches back")
            # different seeds differ; f32/f16 storage run
            other = logits_of(_make(d(), arch, seed=8, shards=1), ids)
            check(np.abs(other - a).max() > 1e-1, arch + ": seed matters")
            for dt in ("f16", "f32"):
                z = logits_of(_make(d(), arch, shards=3, dtype=dt), ids)
                check(np.abs(z - a).max() < 0.5 and not np.array_equal(z, a),
                      arch + ": dtype %s close but not identical to bf16" % dt)
            # tied embeddings: no lm head tensor written, logits differ
            tied = _make(d(), arch, shards=2, config={"tie_word_embeddings": True})
            with open(os.path.join(tied, "model.safetensors.index.json")) as f:
                wm = json.load(f)["weight_map"]
            check("lm_head.weight" not in wm and "embed_out.weight" not in wm, arch + ": tied has no head")
            check(np.abs(logits_of(tied, ids) - a).max() > 1e-1, arch + ": tied differs")

        # ---- llama variants ----
        ids = rng.randint(0, 128, size=(1, 24)).astype(np.int64)
        base = logits_of(_make(d(), "llama", shards=1), ids)
        for extra in ({"attention_bias": True}, {"mlp_bias": True}, {"head_dim": 32},
                      {"num_key_value_heads": 4}, {"num_key_value_heads": 1},
                      {"rope_theta": 500000.0},
                      {"rope_scaling": {"rope_type": "linear", "factor": 2.0}},
                      {"rope_scaling": {"rope_type": "llama3", "factor": 8.0, "low_freq_factor": 1.0,
                                        "high_freq_factor": 4.0, "original_max_position_embeddings": 16}}):
            path = _make(d(), "llama", shards=2, config=extra)
            z = logits_of(path, ids)
            check(z.shape == base.shape and np.abs(z - base).max() > 1e-3, "llama %s changes output" % extra)
        # llama3 scaling with a long original context leaves all frequencies high -> unchanged
        cfg = dict(DEFAULT_CONFIGS["llama"], rope_scaling={"rope_type": "llama3", "factor": 8.0,
                   "low_freq_factor": 1.0, "high_freq_factor": 4.0,
                   "original_max_position_embeddings": 8192})
        inv = rope_inv_freq(cfg, 16, 10000.0, 24)
        inv0 = rope_inv_freq(DEFAULT_CONFIGS["llama"], 16, 10000.0, 24)
        check(torch.equal(inv[:2], inv0[:2]) and torch.allclose(inv[-1], inv0[-1] / 8.0),
              "llama3 inv_freq: high freq kept, low freq / factor")
        # legacy "type" key == "rope_type"
        la = logits_of(_make(d(), "llama", config={"rope_scaling": {"type": "linear", "factor": 2.0}}), ids)
        lb = logits_of(_make(d(), "llama", config={"rope_scaling": {"rope_type": "linear", "factor": 2.0}}), ids)
        check(np.array_equal(la, lb), "legacy rope_scaling type key")
        # dynamic NTK: identical while T <= max_position_embeddings, different beyond
        dyn = {"rope_scaling": {"rope_type": "dynamic", "factor": 2.0}, "max_position_embeddings": 16}
        nodyn = {"max_position_embeddings": 16}
        pd, pn = _make(d(), "llama", config=dyn), _make(d(), "llama", config=nodyn)
        check(np.array_equal(logits_of(pd, ids[:, :16]), logits_of(pn, ids[:, :16])), "dynamic: T<=max_pos unchanged")
        check(np.abs(logits_of(pd, ids) - logits_of(pn, ids)).max() > 1e-3, "dynamic: T>max_pos changes")
        # RoPE is relative: q.k score between rotated vectors depends only on the offset
        inv = rope_inv_freq(DEFAULT_CONFIGS["llama"], 16, 10000.0, 40)
        cos, sin = rope_cos_sin(inv, 40)
        qv, kv = torch.randn(16), torch.randn(16)
        s1 = (apply_rope(qv, cos[10], sin[10]) * apply_rope(kv, cos[7], sin[7])).sum()
        s2 = (apply_rope(qv, cos[33], sin[33]) * apply_rope(kv, cos[30], sin[30])).sum()
        check(abs(float(s1 - s2)) < 1e-4, "rope relative property")

        # ---- gpt_neox variants ----
        ids = rng.randint(0, 96, size=(2, 9)).astype(np.int64)
        nbase = logits_of(_make(d(), "gpt_neox", shards=1), ids)
        full = logits_of(_make(d(), "gpt_neox", shards=1, config={"rotary_pct": 1.0}), ids)
        check(np.abs(full - nbase).max() > 1e-3, "gpt_neox rotary_pct 1.0 vs 0.25 differ")
        seq = logits_of(_make(d(), "gpt_neox", shards=1, config={"use_parallel_residual": False}), ids)
        check(np.abs(seq - nbase).max() > 1e-3, "gpt_neox sequential residual differs")
        for act in ("gelu_new", "gelu_fast", "gelu_pytorch_tanh"):
            g = logits_of(_make(d(), "gpt_neox", shards=1, config={"hidden_act": act}), ids)
            check(0 < np.abs(g - nbase).max() < 0.1, "gpt_neox %s close to gelu" % act)
        xb = _make(d(), "gpt_neox", shards=2, config={"_extra_buffers": True})
        with open(os.path.join(xb, "config.json")) as f:
            check("_extra_buffers" not in json.load(f), "_extra_buffers not in config.json")
        with open(os.path.join(xb, "model.safetensors.index.json")) as f:
            wm = json.load(f)["weight_map"]
        check("gpt_neox.layers.0.attention.bias" in wm and "gpt_neox.layers.1.attention.masked_bias" in wm
              and "gpt_neox.layers.0.attention.rotary_emb.inv_freq" in wm, "extra buffers written")
        check(np.array_equal(logits_of(xb, ids), nbase), "extra buffers do not change logits")
        nob = logits_of(_make(d(), "gpt_neox", shards=1, config={"attention_bias": False}), ids)
        check(np.abs(nob - nbase).max() > 1e-3, "gpt_neox attention_bias false differs")

        # ---- olmo (OLMo-1) variants ----
        oids = rng.randint(0, 128, size=(2, 13)).astype(np.int64)
        obase = logits_of(_make(d(), "olmo", shards=1), oids)
        wide = logits_of(_make(d(), "olmo", shards=1, config={"clip_qkv": 1e6}), oids)
        check(np.array_equal(wide, obase), "olmo clip_qkv beyond every value changes nothing")
        tight = logits_of(_make(d(), "olmo", shards=1, config={"clip_qkv": 0.3}), oids)
        check(np.abs(tight - obase).max() > 1e-2, "olmo clip_qkv 0.3 changes output")
        ob = logits_of(_make(d(), "olmo", shards=1, config={"attention_bias": True}), oids)
        check(np.abs(ob - obase).max() > 1e-3, "olmo attention_bias changes output")
        names = [n for n, _, _ in param_specs(DEFAULT_CONFIGS["olmo"])]
        check(not any("norm" in n for n in names), "olmo stores no norm tensors")

        # ---- apertus variants ----
        # xIELU by hand: raw alpha_p = softplus^-1(0.8), raw alpha_n = softplus^-1(0.3),
        # beta 0.5 give ap = 0.8, an = 0.8: f(2) = 0.8*4 + 1 = 4.2,
        # f(-1) = (e^-1 - 1 + 1)*0.8 - 0.5 = 0.8/e - 0.5.
        f = xielu(torch.tensor([2.0, -1.0], dtype=torch.float64),
                  torch.tensor([inverse_softplus(0.8)], dtype=torch.float64),
                  torch.tensor([inverse_softplus(0.3)], dtype=torch.float64),
                  torch.tensor(0.5, dtype=torch.float64), torch.tensor(-1e-6, dtype=torch.float64))
        check(abs(float(f[0]) - 4.2) < 1e-12 and abs(float(f[1]) - (0.8 / math.e - 0.5)) < 1e-12,
              "xielu by hand: %s" % f)
        # eps clamps x in (eps, 0]: f(-0.1) with eps -0.3 is (expm1(-0.3) + 0.1)*an - 0.05.
        g = xielu(torch.tensor([-0.1], dtype=torch.float64), torch.tensor([0.0], dtype=torch.float64),
                  torch.tensor([inverse_softplus(0.3)], dtype=torch.float64),
                  torch.tensor(0.5, dtype=torch.float64), torch.tensor(-0.3, dtype=torch.float64))
        check(abs(float(g[0]) - ((math.expm1(-0.3) + 0.1) * 0.8 - 0.05)) < 1e-12, "xielu eps clamp")
        abase = logits_of(_make(d(), "apertus", shards=1), oids)
        ae = logits_of(_make(d(), "apertus", shards=1, config={"_xielu_eps": -0.3}), oids)
        check(np.abs(ae - abase).max() > 1e-3, "apertus xielu eps changes output")
        an = logits_of(_make(d(), "apertus", shards=1, config={"rope_scaling": None}), oids)
        check(np.abs(an - abase).max() > 1e-3, "apertus llama3 rope vs plain differs")
        absent = dict(DEFAULT_CONFIGS["apertus"])
        del absent["rope_scaling"]
        check(rope_type_of(absent)[0] == "llama3" and rope_type_of(absent)[1]["original_max_position_embeddings"]
              == 8192, "apertus rope_scaling absent is llama3")

        # ---- qkv split convention check (gpt_neox): permuting the fused rows
        # into [all q; all k; all v] order must change the output ----
        m = Model(_make(d(), "gpt_neox", shards=1, dtype="f32"))
        out1 = m.logits(ids).numpy()
        w = m.W["gpt_neox.layers.0.attention.query_key_value.weight"]
        nh, hd = 4, 16
        m.W["gpt_neox.layers.0.attention.query_key_value.weight"] = \
            w.view(nh, 3, hd, -1).transpose(0, 1).reshape(3 * nh * hd, -1)
        check(np.abs(m.logits(ids).numpy() - out1).max() > 1e-3, "qkv interleaving matters")

        # ---- CLI round trip, including rejection ----
        p = _make(d(), "qwen2", shards=2)
        idsf, outf = os.path.join(tmp, "ids.npy"), os.path.join(tmp, "out.npy")
        qids = rng.randint(0, 120, size=(2, 5)).astype(np.int64)
        np.save(idsf, qids)
        me = os.path.abspath(__file__)
        r = subprocess.run([sys.executable, me, "logits", "--model", p, "--ids", idsf, "--out", outf],
                           capture_output=True, text=True)
        check(r.returncode == 0 and r.stdout == "", "logits CLI rc=%d %s" % (r.returncode, r.stderr))
        if r.returncode == 0:
            got = np.load(outf)
            check(got.dtype == np.float32 and np.array_equal(got, logits_of(p, qids)), "logits CLI output")
        r = subprocess.run([sys.executable, me, "make", "--arch", "llama", "--out", d(), "--config",
                            json.dumps({"rope_scaling": {"rope_type": "yarn", "factor": 4.0}})],
                           capture_output=True, text=True)
        check(r.returncode == 2 and r.stderr, "yarn rejected with exit 2")
        bad = _make(d(), "llama", shards=1)
        with open(os.path.join(bad, "config.json")) as f:
            bc = json.load(f)
        bc["model_type"] = "mistral"
        with open(os.path.join(bad, "config.json"), "w") as f:
            json.dump(bc, f)
        r = subprocess.run([sys.executable, me, "logits", "--model", bad, "--ids", idsf, "--out", outf],
                           capture_output=True, text=True)
        check(r.returncode == 2 and r.stderr, "unknown model_type rejected with exit 2")
        r = subprocess.run([sys.executable, me, "bench", "--model", p, "--batch", "2", "--seq", "8",
                            "--repeat", "2", "--threads", "1"], capture_output=True, text=True)
        ok = r.returncode == 0
        if ok:
            j = json.loads(r.stdout.strip())
            ok = j["tokens"] == 32 and j["seconds"] > 0 and j["tokens_per_s"] > 0
        check(ok, "bench CLI: %s %s" % (r.stdout, r.stderr))

    if failures:
        print("selftest: %d failure(s)" % len(failures), file=sys.stderr)
        return 1
    print("selftest: OK")
    return 0


# ---------------------------------------------------------------------------
# CLI
# ---------------------------------------------------------------------------

def build_parser():
    ap = argparse.ArgumentParser(description="Independent HF causal-LM reference (float32).")
    sub = ap.add_subparsers(dest="cmd")
    sub.required = True

    m = sub.add_parser("make", help="write a random tiny HF checkpoint")
    m.add_argument("--arch", required=True, choices=sorted(DEFAULT_CONFIGS))
    m.add_argument("--out", required=True)
    m.add_argument("--seed", type=int, default=0)
    m.add_argument("--shards", type=int, default=2)
    m.add_argument("--dtype", choices=sorted(DTYPES), default="bf16")
    m.add_argument("--config", default=None, help="JSON object of config overrides")
    m.add_argument("--format", choices=("safetensors", "bin"), default="safetensors")
    m.add_argument("--bin-views", action="store_true")
    m.add_argument("--legacy", action="store_true")
    m.set_defaults(func=cmd_make)

    lg = sub.add_parser("logits", help="compute float32 logits for ids")
    lg.add_argument("--model", required=True)
    lg.add_argument("--ids", required=True)
    lg.add_argument("--out", required=True)
    lg.set_defaults(func=cmd_logits)

    b = sub.add_parser("bench", help="time the forward pass")
    b.add_argument("--model", required=True)
    b.add_argument("--batch", type=int, required=True)
    b.add_argument("--seq", type=int, required=True)
    b.add_argument("--repeat", type=int, required=True)
    b.add_argument("--threads", type=int, required=True)
    b.set_defaults(func=cmd_bench)

    bb = sub.add_parser("bad-bin", help="write a torch.save file that is not a state dict")
    bb.add_argument("--out", required=True)
    bb.add_argument("--kind", required=True, choices=("list", "code", "nontensor"))
    bb.set_defaults(func=cmd_bad_bin)

    s = sub.add_parser("selftest", help="run the built-in self-test")
    s.set_defaults(func=cmd_selftest)
    return ap


def main(argv=None):
    args = build_parser().parse_args(argv)
    try:
        rc = args.func(args)
    except Unsupported as e:
        print("hf_reference: unsupported: %s" % e, file=sys.stderr)
        return 2
    except (KeyError, ValueError, json.JSONDecodeError) as e:
        print("hf_reference: error: %s: %s" % (type(e).__name__, e), file=sys.stderr)
        return 2
    return rc or 0


if __name__ == "__main__":
    sys.exit(main())
