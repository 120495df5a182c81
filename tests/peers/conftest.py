# SPDX-FileCopyrightText: 2026 QuantScope developers
# SPDX-License-Identifier: GPL-3.0-or-later
"""Shared fixtures of the peer tests (tests/peers/, docs/verification.md).

The tests run in the peer environment (packaging/peer-env.sh) with pytest; run_peer_test.sh passes
the paths of (QS_PEER_PROBE, QS_PEER_QUANTSCOPE) qs_peerprobe (QuantScope's readers and forward pass, tests/peers/peerprobe.cpp) and of
the quantscope binary. Every measured error is printed, so that the log of a run holds the figures
docs/verification.md quotes.
"""

import json
import os
import subprocess

import pytest


class Probe:
    """Runs qs_peerprobe; `run` returns the JSON it wrote, `fails` the message of a refusal."""

    def __init__(self, path):
        self.path = path

    def call(self, *args):
        return subprocess.run([self.path, *map(str, args)], capture_output=True, text=True, timeout=600)

    def run(self, command, *args, out):
        proc = self.call(command, *args, out)
        assert proc.returncode == 0, f"qs_peerprobe {command} {args} failed ({proc.returncode}): {proc.stderr}"
        if str(out).endswith(".json"):
            with open(out, encoding="utf-8") as f:
                return json.load(f)
        return out

    def fails(self, command, *args):
        proc = self.call(command, *args)
        assert proc.returncode == 3, (
            f"qs_peerprobe {command} {args} should have been refused with a message, "
            f"got exit {proc.returncode}: {proc.stderr}")
        return proc.stderr.strip()


@pytest.fixture(scope="session")
def probe():
    return Probe(os.environ["QS_PEER_PROBE"])


@pytest.fixture(scope="session")
def quantscope():
    return os.environ["QS_PEER_QUANTSCOPE"]


def import_paper1(quantscope, store, model, text, calibration, tokens):
    """`quantscope import` of the revision folder `model` as run "r" of `store` under paper 1's protocol
    (2,048-token blocks of `text`, the first `tokens` of them; calibration documents of `calibration`)."""
    subprocess.run([quantscope, "import", "--store", store, "--run", "r", model, "--text", text,
                    "--calibration", calibration, "--protocol", "paper1", "--token-budget", str(tokens)],
                   check=True, capture_output=True)
    return store


def write_documents(folder, seed, documents, spare=0, words=3000, lengths=(40, 400), eval_documents=20):
    """Random-word documents (a fifth of the words numbers) for a paper-1 import: `documents` + `spare` of
    them, empty-line separated, in folder/calibration.txt, `eval_documents` of 300 words in folder/eval.txt;
    returns the first `documents`."""
    import random
    rng = random.Random(seed)
    vocabulary = ["".join(rng.choice("abcdefghijklmnopqrstuvwxyz") for _ in range(rng.randint(1, 9)))
                  for _ in range(words)]

    def doc(n):
        return " ".join(rng.choice(vocabulary) if rng.random() < 0.8 else str(rng.randint(0, 999))
                        for _ in range(n)) + "."

    docs = [doc(rng.randint(*lengths)) for _ in range(documents + spare)]
    (folder / "calibration.txt").write_text("\n\n".join(docs) + "\n", encoding="utf-8")
    (folder / "eval.txt").write_text("\n".join(doc(300) for _ in range(eval_documents)) + "\n", encoding="utf-8")
    return docs[:documents]


def byte_level_bpe(docs, vocab=512):
    """A byte-level BPE tokenizer (GPT-2 style, <s> and </s> special) trained by tokenizers on `docs`."""
    from tokenizers import Tokenizer, decoders, models, pre_tokenizers, trainers
    tok = Tokenizer(models.BPE())
    tok.pre_tokenizer = pre_tokenizers.ByteLevel(add_prefix_space=False)
    tok.decoder = decoders.ByteLevel()
    tok.train_from_iterator(docs, trainers.BpeTrainer(vocab_size=vocab, special_tokens=["<s>", "</s>"],
                                                      initial_alphabet=pre_tokenizers.ByteLevel.alphabet()))
    return tok


def make_llama(folder, docs):
    """A random Llama made by transformers (GQA, untied, hidden 256, FFN 512, 2 blocks, vocab 512, norm weights
    in [0.25, 1.75) so that fused norms and AWQ's scales have something to fold) with a byte-level BPE
    tokenizer trained on `docs`, saved as the revision folder/llama/step1000; returns that folder."""
    import torch
    from transformers import AutoModelForCausalLM, LlamaConfig, PreTrainedTokenizerFast
    tok = byte_level_bpe(docs)
    torch.manual_seed(31)
    config = LlamaConfig(vocab_size=512, hidden_size=256, intermediate_size=512, num_hidden_layers=2,
                         num_attention_heads=4, num_key_value_heads=2, max_position_embeddings=2048,
                         tie_word_embeddings=False)
    model = AutoModelForCausalLM.from_config(config, dtype=torch.float32)
    with torch.no_grad():
        g = torch.Generator().manual_seed(37)
        for name, p in model.named_parameters():
            if "norm" in name:
                p.copy_(torch.rand(p.shape, generator=g) * 1.5 + 0.25)
    path = folder / "llama" / "step1000"
    model.save_pretrained(path)
    PreTrainedTokenizerFast(tokenizer_object=tok, bos_token="<s>", eos_token="</s>").save_pretrained(path)
    return path


def report(what, **figures):
    """One line of measured figures, read into docs/verification.md."""
    parts = ", ".join(f"{k} {v:.3g}" if isinstance(v, float) else f"{k} {v}" for k, v in figures.items())
    print(f"\n[measured] {what}: {parts}", flush=True)
