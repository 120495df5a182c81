#!/usr/bin/python3
# SPDX-FileCopyrightText: 2026 QuantScope developers
# SPDX-License-Identifier: GPL-3.0-or-later
"""Plain PyTorch training loop of QuantScope's built-in byte-level LM (core/engine/model.cpp, core/engine/trainer.cpp).

The reference side of a speed benchmark (C++ trainer tokens/s vs this loop, same threads and batch).
Depends only on Debian's python3-torch (1.13); safetensors are read by the small reader below.

Model: Llama blocks with pre-norm RMSNorm (x * rsqrt(mean(x^2) + eps) * w), hand-written causal attention
with HF rotate-half RoPE (cos/sin in float64, cast to float32), bias-free SwiGLU MLP, final norm, untied
lm_head unless tie_embeddings. Step as trainRun: mean next-byte cross-entropy, clip_grad_norm_, AdamW with
weight decay on dim >= 2 parameters only. The LR is constant (schedule.peak_lr, or check's --lr): the C++
schedule value per step costs nothing. Batches are random windows of the corpus' training part (the tail
val_fraction is held out), drawn outside the timed region.

CLI: bench --config FILE --corpus FILE [--steps N --warmup N --threads N --init FILE] prints one JSON line
{"tokens_per_s", "steps", "seconds", "threads", "final_loss"}; profile (same arguments) prints the top ops by
self CPU time; check --config FILE --init FILE --batch FILE [--steps K --lr LR] prints {"losses": [...]}.
"""

import argparse
import json
import math
import struct
import sys
import time

import torch
import torch.nn.functional as F
from torch import nn

SAFETENSORS_DTYPES = {"F32": torch.float32, "F16": torch.float16, "BF16": torch.bfloat16}


class RmsNorm(nn.Module):
    def __init__(self, dim, eps):
        super().__init__()
        self.eps = eps
        self.weight = nn.Parameter(torch.ones(dim))

    def forward(self, x):
        return x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + self.eps) * self.weight


def rope(x, cos, sin):
    half = x.size(-1) // 2
    return x * cos + torch.cat([-x[..., half:], x[..., :half]], dim=-1) * sin


class Attention(nn.Module):
    def __init__(self, c):
        super().__init__()
        d = c["d_model"]
        self.heads, self.head_dim = c["n_heads"], d // c["n_heads"]
        self.q_proj, self.k_proj = nn.Linear(d, d, bias=False), nn.Linear(d, d, bias=False)
        self.v_proj, self.o_proj = nn.Linear(d, d, bias=False), nn.Linear(d, d, bias=False)

    def forward(self, x, cos, sin, mask):
        b, t, _ = x.shape

        def split(y):
            return y.view(b, t, self.heads, self.head_dim).transpose(1, 2)

        q, k = rope(split(self.q_proj(x)), cos, sin), rope(split(self.k_proj(x)), cos, sin)
        v = split(self.v_proj(x))
        scores = torch.matmul(q, k.transpose(-2, -1)) * (1.0 / math.sqrt(self.head_dim))
        attn = torch.softmax(scores.masked_fill(mask, float("-inf")), dim=-1)
        return self.o_proj(torch.matmul(attn, v).transpose(1, 2).reshape(b, t, -1))


class Mlp(nn.Module):
    def __init__(self, c):
        super().__init__()
        d, ff = c["d_model"], c["d_ff"]
        self.gate_proj, self.up_proj = nn.Linear(d, ff, bias=False), nn.Linear(d, ff, bias=False)
        self.down_proj = nn.Linear(ff, d, bias=False)

    def forward(self, x):
        return self.down_proj(F.silu(self.gate_proj(x)) * self.up_proj(x))


class Block(nn.Module):
    def __init__(self, c):
        super().__init__()  # registration order as BlockImpl: the parameter order of initWeights
        self.input_layernorm = RmsNorm(c["d_model"], c["norm_eps"])
        self.self_attn = Attention(c)
        self.post_attention_layernorm = RmsNorm(c["d_model"], c["norm_eps"])
        self.mlp = Mlp(c)

    def forward(self, x, cos, sin, mask):
        h = x + self.self_attn(self.input_layernorm(x), cos, sin, mask)
        return h + self.mlp(self.post_attention_layernorm(h))


class TinyLm(nn.Module):
    """HF Llama parameter names: model.embed_tokens, model.layers.N..., model.norm, lm_head."""

    def __init__(self, c):
        super().__init__()
        self.c = c
        self.model = nn.Module()
        self.model.embed_tokens = nn.Embedding(c["vocab_size"], c["d_model"])
        self.model.layers = nn.ModuleList(Block(c) for _ in range(c["n_layers"]))
        self.model.norm = RmsNorm(c["d_model"], c["norm_eps"])
        self.lm_head = None if c["tie_embeddings"] else nn.Linear(c["d_model"], c["vocab_size"], bias=False)
        # Plain attributes, not buffers: the state dict holds exactly the HF tensors.
        hd, n = c["d_model"] // c["n_heads"], c["max_seq_len"]
        inv_freq = 1.0 / torch.pow(c["rope_theta"], torch.arange(0, hd, 2, dtype=torch.float64) / hd)
        emb = torch.outer(torch.arange(n, dtype=torch.float64), inv_freq).repeat(1, 2)
        self.cos, self.sin = emb.cos().float(), emb.sin().float()
        self.mask = torch.ones(n, n, dtype=torch.bool).triu(1)

    def forward(self, ids):
        t = ids.size(1)
        cos, sin, mask = self.cos[:t], self.sin[:t], self.mask[:t, :t]
        x = self.model.embed_tokens(ids)
        for block in self.model.layers:
            x = block(x, cos, sin, mask)
        x = self.model.norm(x)
        return self.lm_head(x) if self.lm_head is not None else torch.matmul(x, self.model.embed_tokens.weight.t())

    def loss(self, ids, targets):
        logits = self(ids)
        return F.cross_entropy(logits.view(-1, logits.size(-1)), targets.reshape(-1))

    @torch.no_grad()
    def init_weights(self, seed):
        """TinyLmImpl::initWeights: norms 1, o_proj/down_proj N(0, 0.02/sqrt(2 L)), the rest N(0, 0.02)."""
        torch.manual_seed(seed)
        residual_std = 0.02 / math.sqrt(2.0 * self.c["n_layers"])
        for name, p in self.named_parameters():
            if "norm" in name:
                p.fill_(1.0)
            else:
                p.normal_(0.0, residual_std if ("o_proj" in name or "down_proj" in name) else 0.02)


def load_init(model, path):
    """Load a safetensors file (F32/F16/BF16) by HF name: every tensor present, with its shape, none extra."""
    with open(path, "rb") as f:
        data = f.read()
    (n,) = struct.unpack("<Q", data[:8])
    weights = {}
    for name, info in json.loads(data[8:8 + n]).items():
        if name == "__metadata__":
            continue
        if info["dtype"] not in SAFETENSORS_DTYPES:
            raise ValueError("%s: tensor %s has unsupported dtype %s" % (path, name, info["dtype"]))
        b, e = info["data_offsets"]
        raw = bytearray(data[8 + n + b: 8 + n + e])
        weights[name] = torch.frombuffer(raw, dtype=SAFETENSORS_DTYPES[info["dtype"]]).float().view(info["shape"])
    try:
        model.load_state_dict(weights, strict=True)  # names missing / unexpected keys and shape mismatches
    except RuntimeError as e:
        raise ValueError("%s: %s" % (path, e)) from None


def make_trainer(args):
    """(train config, training step function) as trainRun sets them up: batch -> loss value."""
    torch.set_num_threads(args.threads)
    torch.set_num_interop_threads(1)
    with open(args.config) as f:
        train = json.load(f)  # as TrainConfig::toJson writes it: every key present
    if train.get("qat") or train.get("ema_decay"):
        raise ValueError("%s: qat and ema_decay are not implemented here (plain training only)" % args.config)
    model = TinyLm(train["model"])
    if args.init:
        load_init(model, args.init)
    else:
        model.init_weights(train["seed"])
    model.train()
    params = list(model.parameters())
    groups = [{"params": [p for p in params if p.dim() >= 2], "weight_decay": train["weight_decay"]},
              {"params": [p for p in params if p.dim() < 2], "weight_decay": 0.0}]
    lr = getattr(args, "lr", None)
    opt = torch.optim.AdamW(groups, lr=train["schedule"]["peak_lr"] if lr is None else lr,
                            betas=(train["beta1"], train["beta2"]), eps=train["adam_eps"])

    def step(batch):
        opt.zero_grad()
        loss = model.loss(batch[:, :-1], batch[:, 1:])
        loss.backward()
        if train["grad_clip"] > 0:
            torch.nn.utils.clip_grad_norm_(params, train["grad_clip"])
        opt.step()
        return loss.item()

    return train, step


def batches(train, corpus_path):
    """Endless random windows of seq_len + 1 bytes of the corpus' training part, [batch_size, seq_len + 1]."""
    with open(corpus_path, "rb") as f:
        data = f.read()
    text = torch.frombuffer(bytearray(data[:len(data) - int(len(data) * train["val_fraction"])]),
                            dtype=torch.uint8).long()
    width = train["seq_len"] + 1
    gen = torch.Generator().manual_seed(train["seed"])
    cols = torch.arange(width)
    while True:
        starts = torch.randint(0, text.numel() - width + 1, (train["batch_size"], 1), generator=gen)
        yield text[starts + cols]


def warmed_up(args):
    """Threads set, trainer built and its untimed warmup steps run: (train config, step, batch source)."""
    if args.steps < 1:
        raise ValueError("--steps must be at least 1")
    train, step = make_trainer(args)
    source = batches(train, args.corpus)
    for _ in range(args.warmup):
        step(next(source))
    return train, step, source


def cmd_bench(args):
    train, step, source = warmed_up(args)
    seconds = 0.0
    for _ in range(args.steps):
        batch = next(source)
        t0 = time.perf_counter()
        loss = step(batch)
        seconds += time.perf_counter() - t0
    tokens = args.steps * train["batch_size"] * train["seq_len"]
    print(json.dumps({"tokens_per_s": tokens / seconds, "steps": args.steps, "seconds": seconds,
                      "threads": args.threads, "final_loss": loss}))


def cmd_profile(args):
    _, step, source = warmed_up(args)
    with torch.profiler.profile(activities=[torch.profiler.ProfilerActivity.CPU]) as prof:
        for _ in range(args.steps):
            step(next(source))
    print(prof.key_averages().table(sort_by="self_cpu_time_total", row_limit=15))


def cmd_check(args):
    train, step = make_trainer(args)
    with open(args.batch, "rb") as f:
        raw = bytearray(f.read())
    shape = (train["batch_size"], train["seq_len"] + 1)
    if len(raw) != 8 * shape[0] * shape[1]:
        raise ValueError("%s: %d bytes, expected int64 %s = %d bytes"
                         % (args.batch, len(raw), list(shape), 8 * shape[0] * shape[1]))
    batch = torch.frombuffer(raw, dtype=torch.int64).view(shape)
    print(json.dumps({"losses": [step(batch) for _ in range(args.steps)]}))


def build_parser():
    ap = argparse.ArgumentParser(description="Plain PyTorch reference of QuantScope's built-in trainer.")
    sub = ap.add_subparsers(dest="cmd")
    sub.required = True
    for name, func, steps, help_text in (("bench", cmd_bench, 50, "time training steps: one JSON line"),
                                         ("profile", cmd_profile, 5, "top ops of training steps (CPU)"),
                                         ("check", cmd_check, 3, "losses of K steps on one batch")):
        p = sub.add_parser(name, help=help_text)
        p.set_defaults(func=func)
        p.add_argument("--config", required=True, help="TrainConfig JSON")
        p.add_argument("--init", required=name == "check", help="initial weights (safetensors, HF names)")
        p.add_argument("--steps", type=int, default=steps)
        p.add_argument("--threads", type=int, default=1, help="intra-op threads (inter-op: 1)")
        if name == "check":
            p.add_argument("--batch", required=True, help="raw little-endian int64 [batch_size, seq_len + 1]")
            p.add_argument("--lr", type=float, default=None, help="constant LR (default: schedule.peak_lr)")
        else:
            p.add_argument("--corpus", required=True, help="text file")
            p.add_argument("--warmup", type=int, default=5, help="untimed steps first")
    return ap


def main(argv=None):
    args = build_parser().parse_args(argv)
    try:
        args.func(args)
    except (OSError, ValueError, KeyError) as e:
        print("trainer_reference: error: %s: %s" % (type(e).__name__, e), file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
