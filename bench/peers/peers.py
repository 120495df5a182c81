#!/usr/bin/env python3
# SPDX-FileCopyrightText: 2026 QuantScope developers
# SPDX-License-Identifier: GPL-3.0-or-later
"""QuantScope's speed against what users would run instead, on the same CPU and threads, in one run
(bench/peers/run.sh drives it; docs/performance.md has the figures). Models are made by transformers
(from_config + save_pretrained) with random weights; token ids are random.

  peers.py forward  --quantscope Q --out DIR --threads N     evaluation tokens/s: QuantScope's sweep of
                                                            the FP model against transformers' forward
                                                            and CE, fp32 and bf16, Llama and OLMo-2
                                                            shapes of 134M parameters (torch 2.11 env)
  peers.py gptq     --quantscope Q --out DIR --threads N     GPTQ W4 g128 of one model: QuantScope's sweep
                                                            stage against GPTQModel.quantize (peer env)
  peers.py trajectory --quantscope Q --out DIR --threads N   5 revisions × (GPTQ W4, W3 + FP evaluation):
                                                            quantscope import + sweep against what paper
                                                            1's scripts do per revision (peer env)
Each prints one JSON line of its timings and ratios and writes it to OUT/<what>.json.
"""
import argparse
import json
import os
import re
import subprocess
import sys
import time

os.environ.setdefault("GPTQMODEL_CPU_WORKERS", "2")  # tests/peers/test_gptqmodel.py says why

import torch  # noqa: E402

SHAPE = dict(vocab_size=32000, hidden_size=768, intermediate_size=2048, num_hidden_layers=12,
             num_attention_heads=12, num_key_value_heads=12, max_position_embeddings=4096)
REPEATS = 3
SMALL = dict(vocab_size=8192, hidden_size=512, intermediate_size=1536, num_hidden_layers=6,
             num_attention_heads=8, num_key_value_heads=8, max_position_embeddings=4096)


def emit(a, result):
    text = json.dumps(result)
    with open(os.path.join(a.out, a.what + ".json"), "w", encoding="utf-8") as f:
        f.write(text + "\n")
    print(text)


def make_model(family, path, shape, seed, tokenizer=False):
    from transformers import AutoModelForCausalLM, LlamaConfig, Olmo2Config
    torch.manual_seed(seed)
    config = (LlamaConfig(**shape, tie_word_embeddings=False) if family == "llama"
              else Olmo2Config(**shape, tie_word_embeddings=False))
    model = AutoModelForCausalLM.from_config(config, dtype=torch.float32)
    model.save_pretrained(path)
    if tokenizer:  # GPTQModel.load reads one (the ids it quantizes on are given, not tokenized)
        from tokenizers import Tokenizer, decoders, models, pre_tokenizers, trainers
        from transformers import PreTrainedTokenizerFast
        tok = Tokenizer(models.BPE())
        tok.pre_tokenizer = pre_tokenizers.ByteLevel(add_prefix_space=False)
        tok.decoder = decoders.ByteLevel()
        tok.train_from_iterator(["the quick brown fox jumps over the lazy dog"] * 8,
                                trainers.BpeTrainer(vocab_size=300, special_tokens=["<s>", "</s>"],
                                                    initial_alphabet=pre_tokenizers.ByteLevel.alphabet()))
        PreTrainedTokenizerFast(tokenizer_object=tok, bos_token="<s>", eos_token="</s>").save_pretrained(path)
    return sum(p.numel() for p in model.parameters())


def write_tokens(path, count, vocab, seed):
    g = torch.Generator().manual_seed(seed)
    ids = torch.randint(0, vocab, (count,), generator=g, dtype=torch.int64)
    ids.to(torch.int32).numpy().tofile(path)
    return ids


def stages(text):
    return {m.group(1): float(m.group(2)) for m in re.finditer(r"^\s+(.+): ([0-9.]+) s$", text, re.M)}


def run(*args):
    r = subprocess.run([str(a) for a in args], capture_output=True, text=True)
    if r.returncode != 0:
        sys.exit(f"peers.py: {' '.join(map(str, args))} failed:\n{r.stdout}\n{r.stderr}")
    return r.stdout


def quantscope_sweep(a, store, run_name, quants, dtype="float32", extra=()):
    args = [a.quantscope, "sweep", "--store", store, "--run", run_name, "--threads", a.threads, "--dtype", dtype]
    for q in quants:
        args += ["--quant", q]
    start = time.perf_counter()
    text = run(*args, *extra)
    return stages(text), time.perf_counter() - start


def transformers_eval(path, blocks, dtype, batch):
    """What an evaluation script does: the model's logits and CE (labels=input_ids) per block."""
    from transformers import AutoModelForCausalLM
    model = AutoModelForCausalLM.from_pretrained(str(path), dtype=dtype).eval()
    start = time.perf_counter()
    ce = 0.0
    with torch.no_grad():
        for b in range(0, blocks.size(0), batch):
            ids = blocks[b:b + batch]
            logits = model(ids).logits.float()
            ce += torch.nn.functional.cross_entropy(logits[:, :-1].reshape(-1, logits.size(-1)),
                                                    ids[:, 1:].reshape(-1), reduction="sum").item()
    return time.perf_counter() - start, ce / (blocks.size(0) * (blocks.size(1) - 1))


def matmul_share(path, blocks, dtype, batch):
    """Where transformers' evaluation spends its time (torch profiler, one batch): the share of the
    matrix products and the attention kernel, the work both programs must do alike; 1 / share bounds
    what any program on the same kernels can gain over it."""
    from transformers import AutoModelForCausalLM
    model = AutoModelForCausalLM.from_pretrained(str(path), dtype=dtype).eval()
    ids = blocks[:batch]
    with torch.no_grad():
        model(ids)  # warm
        with torch.profiler.profile(activities=[torch.profiler.ProfilerActivity.CPU]) as prof:
            logits = model(ids).logits.float()
            torch.nn.functional.cross_entropy(logits[:, :-1].reshape(-1, logits.size(-1)), ids[:, 1:].reshape(-1))
    events = prof.key_averages()
    total = sum(e.self_cpu_time_total for e in events)
    kernels = ("aten::mm", "aten::addmm", "aten::bmm", "aten::matmul", "aten::linear",
               "aten::_scaled_dot_product_flash_attention_for_cpu")
    products = sum(e.self_cpu_time_total for e in events if e.key in kernels)
    top = sorted(events, key=lambda e: -e.self_cpu_time_total)[:6]
    return {"matmul_share": round(products / total, 3), "ceiling": round(total / products, 3),
            "top_ops": {e.key: round(e.self_cpu_time_total / total, 3) for e in top}}


def forward(a):
    out = a.out
    seq, val, batch = 1024, 8, 4
    results = {"threads": a.threads, "tokens": seq * val, "torch": torch.__version__}
    for family in ("llama", "olmo2"):
        path = os.path.join(out, f"fwd-{family}", "step1000")
        params = make_model(family, path, SHAPE, 1)
        tokens = os.path.join(out, "fwd-tokens.bin")
        ids = write_tokens(tokens, seq * (val + 40), SHAPE["vocab_size"], 2)
        blocks = ids[-seq * val:].view(val, seq)
        for dtype in ("float32", "bfloat16"):
            store = os.path.join(out, f"fwd-{family}-{dtype}.h5")
            # Alternated three times, the fastest of each kept: the machine is shared and noisy.
            ours, theirs, s = float("inf"), float("inf"), {}
            for _ in range(REPEATS):
                if os.path.exists(store):
                    os.remove(store)
                run(a.quantscope, "import", "--store", store, "--run", "r", path, "--tokens", tokens,
                    "--token-type", "uint32", "--seq-len", seq, "--val-sequences", val, "--batch", batch)
                stage, _ = quantscope_sweep(a, store, "r", ["none"], dtype)
                seconds = stage["evaluation forward: FP reference"] + stage["compare with the FP logits"]
                if seconds < ours:
                    ours, s = seconds, stage
                seconds, ce = transformers_eval(path, blocks, getattr(torch, dtype), batch)
                theirs = min(theirs, seconds)
            results[f"{family}_{dtype}"] = {
                "params": params, "quantscope_s": round(ours, 3), "transformers_s": round(theirs, 3),
                "quantscope_tok_s": round(seq * val / ours, 1), "transformers_tok_s": round(seq * val / theirs, 1),
                "ratio": round(theirs / ours, 3), "transformers_ce": round(ce, 5),
                "quantscope_stages_s": {k: v for k, v in s.items() if k != "calibration and quantization: fp"},
                "transformers_profile": matmul_share(path, blocks, getattr(torch, dtype), batch)}
    emit(a, results)


def gptqmodel_quantize(path, bits, samples, out):
    from gptqmodel import GPTQModel, QuantizeConfig
    config = QuantizeConfig(bits=bits, group_size=128, sym=True, desc_act=True, act_group_aware=False,
                            damp_percent=0.01, damp_auto_increment=0.0, true_sequential=True, fallback=None,
                            offload_to_disk=False)
    model = GPTQModel.load(str(path), config, dtype=torch.float32, device="cpu")
    start = time.perf_counter()
    model.quantize(samples, batch_size=1, calibration_sort=None, calibration_data_min_length=1)
    seconds = time.perf_counter() - start
    if out:
        model.save(str(out))
    return seconds


def calibration_windows(ids, count, length):
    # QuantScope's default calibration set: windows of the evaluation data before the evaluation blocks
    return [ids[i * length:(i + 1) * length].tolist() for i in range(count)]


def gptq(a):
    torch.set_num_threads(int(a.threads))
    out, seq, val, count, length = a.out, 1024, 2, 32, 512
    path = os.path.join(out, "gptq-llama", "step1000")
    params = make_model("llama", path, SHAPE, 1, tokenizer=True)
    tokens = os.path.join(out, "gptq-tokens.bin")
    ids = write_tokens(tokens, seq * val + count * length + 4096, SHAPE["vocab_size"], 2)
    store = os.path.join(out, "gptq.h5")
    if os.path.exists(store):
        os.remove(store)
    run(a.quantscope, "import", "--store", store, "--run", "r", path, "--tokens", tokens, "--token-type", "uint32",
        "--seq-len", seq, "--val-sequences", val)
    spec = f"gptq:4:g128:sym:act:damp0.01:cal{count}x{length}"
    s, _ = quantscope_sweep(a, store, "r", [spec])
    ours = s[f"calibration and quantization: gptq_w4_g128_sym_act_cal{count}x{length}"]
    samples = [{"input_ids": w, "attention_mask": [1] * len(w)} for w in calibration_windows(ids, count, length)]
    theirs = gptqmodel_quantize(path, 4, samples, None)
    emit(a, {"threads": a.threads, "params": params, "calibration": f"{count}x{length}",
                      "quantscope_s": round(ours, 2), "gptqmodel_s": round(theirs, 2), "quantscope_stages_s": s,
                      "ratio": round(theirs / ours, 3), "gptqmodel_torch": torch.__version__})


def trajectory(a):
    torch.set_num_threads(int(a.threads))
    out, seq, val, count, length, revisions = a.out, 1024, 4, 32, 512, 5
    folder = os.path.join(out, "traj")
    paths = [os.path.join(folder, f"step{1000 * (r + 1)}") for r in range(revisions)]
    for r, p in enumerate(paths):
        params = make_model("llama", p, SMALL, 10 + r, tokenizer=True)
    tokens = os.path.join(out, "traj-tokens.bin")
    ids = write_tokens(tokens, seq * val + count * length + 4096, SMALL["vocab_size"], 2)
    blocks = ids[-seq * val:].view(val, seq)
    store = os.path.join(out, "traj.h5")
    if os.path.exists(store):
        os.remove(store)
    start = time.perf_counter()
    run(a.quantscope, "import", "--store", store, "--run", "r", *paths, "--tokens", tokens, "--token-type", "uint32",
        "--seq-len", seq, "--val-sequences", val)
    stages_s, _ = quantscope_sweep(a, store, "r",
                                   [f"gptq:{b}:g128:sym:act:damp0.01:cal{count}x{length}" for b in (4, 3)])
    ours = time.perf_counter() - start
    # What paper 1's scripts do per revision: GPTQModel quantizes and saves each config, transformers
    # evaluates the FP revision and each quantized checkpoint.
    samples = [{"input_ids": w, "attention_mask": [1] * len(w)} for w in calibration_windows(ids, count, length)]
    start = time.perf_counter()
    split = {"quantize": 0.0, "evaluate": 0.0}
    for r, p in enumerate(paths):
        t = time.perf_counter()
        transformers_eval(p, blocks, torch.float32, 4)
        split["evaluate"] += time.perf_counter() - t
        for bits in (4, 3):
            q = os.path.join(out, "traj-q", f"rev{r}-w{bits}")
            t = time.perf_counter()
            gptqmodel_quantize(p, bits, samples, q)
            split["quantize"] += time.perf_counter() - t
            t = time.perf_counter()
            transformers_eval(q, blocks, torch.float32, 4)
            split["evaluate"] += time.perf_counter() - t
    theirs = time.perf_counter() - start
    emit(a, {"threads": a.threads, "params": params, "revisions": revisions,
                      "quantscope_s": round(ours, 1), "script_s": round(theirs, 1),
                      "script_split_s": {k: round(v, 1) for k, v in split.items()},
                      "quantscope_stages_s": stages_s,
                      "ratio": round(theirs / ours, 3)})


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("what", choices=["forward", "gptq", "trajectory"])
    p.add_argument("--quantscope", required=True)
    p.add_argument("--out", required=True)
    p.add_argument("--threads", default=str(os.cpu_count()))
    a = p.parse_args()
    os.makedirs(a.out, exist_ok=True)
    torch.set_num_threads(int(a.threads))
    {"forward": forward, "gptq": gptq, "trajectory": trajectory}[a.what](a)


if __name__ == "__main__":
    main()
