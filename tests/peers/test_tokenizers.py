# SPDX-FileCopyrightText: 2026 QuantScope developers
# SPDX-License-Identifier: GPL-3.0-or-later
"""QuantScope's tokenizer against the tokenizers library on tokenizer.json files that library makes.

Each tokenizer is trained here by tokenizers' BpeTrainer on generated text and saved with
Tokenizer.save (byte-level BPE with the GPT-2, Llama-3 and Qwen2 regexes, and SentencePiece-style BPE
with ▁ and byte fallback as transformers converts Llama 2); QuantScope (BpeTokenizer, through qs_peerprobe) and tokenizers then encode a corpus of
hard text and 10,000 generated strings. Token ids must be identical for every string (the fraction
identical is printed), and QuantScope's decode must give the text back.
"""

import json
import random
import zlib

import pytest
from tokenizers import AddedToken, Regex, Tokenizer, decoders, models, normalizers, pre_tokenizers, trainers

from conftest import report

GPT2 = None  # ByteLevel's own regex
LLAMA3 = (r"(?i:'s|'t|'re|'ve|'m|'ll|'d)|[^\r\n\p{L}\p{N}]?\p{L}+|\p{N}{1,3}| ?[^\s\p{L}\p{N}]+[\r\n]*"
          r"|\s*[\r\n]+|\s+(?!\S)|\s+")
QWEN2 = (r"(?i:'s|'t|'re|'ve|'m|'ll|'d)|[^\r\n\p{L}\p{N}]?\p{L}+|\p{N}| ?[^\s\p{L}\p{N}]+[\r\n]*"
         r"|\s*[\r\n]+|\s+(?!\S)|\s+")

SPECIAL = ["<|endoftext|>", "<|im_start|>", "<|im_end|>"]
ADDED = [AddedToken("<tool>", normalized=False), AddedToken(" lstrip", lstrip=True, normalized=True),
         AddedToken("rstrip ", rstrip=True), AddedToken("Ölé", normalized=True)]

# Pieces of hard text: Unicode categories, whitespace runs, digits, emoji (with ZWJ and skin tones),
# CJK, combining marks, right-to-left scripts, contractions in any case, the tokens themselves.
PIECES = [
    "Hello", "world", "HELLO", "don't", "DON'T", "I'M", "you'Ll", "'s", "'S", "  ", "   ", "\t", "\n", "\r\n",
    "\n\n\n", " \n ", "\u00a0", "\u2009", "\u3000", "123", "4567890", "3.14159", "1,000,000", "٣٤٥", "²³",
    "café", "cafe\u0301", "naïve", "Straße", "İstanbul", "ΣΊΣΥΦΟΣ", "ǅ", "ﬁ", "Ⅻ", "①", "Ａｂｃ",
    "日本語のテキスト", "中文分词", "한국어", "ไทย", "हिन्दी", "العربية", "עברית", "Ελληνικά", "русский",
    "😀", "👍🏽", "👨‍👩‍👧‍👦", "🇳🇱", "❤️", "∑∫√", "→", "—", "…", "«»", "„“", "#", "$$", "@@", "!!!", "?!",
    "<", ">", "</s>", "<|", "|>", "\\", "/*", "*/", "{}", "()", "[]", "\u200b", "\u200d", "\ufeff", "\u0000",
    "\x7f", "𝕏", "𐍈", "ÖLÉ", "ölé",
] + SPECIAL + ["<tool>", " lstrip", "rstrip ", "Ölé"]

HARD = [
    "The quick brown fox jumps over the lazy dog.",
    "  leading and trailing spaces  ",
    "tabs\tand\nnewlines\r\nmixed \n\n  \t end",
    "Numbers: 1 12 123 1234 12345 123456 0.5 -7 1e10 ١٢٣",
    "Emoji: 😀👍🏽👨‍👩‍👧‍👦🇳🇱 and ❤️ text",
    "CJK: 日本語のテキストと中文分词，还有한국어。",
    "Combining: e\u0301 a\u0308 o\u0302\u0323 Z\u0335\u0327",
    "Contractions: I'm you're he'll she'd it's we've THEY'RE",
    "<|im_start|>user\nHi<|im_end|>\n<|im_start|>assistant\n<tool>call</tool><|endoftext|>",
    "x lstrip y rstrip z Ölé ölé ÖLÉ",
    "", " ", "\n", "a", "ǅungla İı Σσς ﬁ",
]


def generated(count, seed):
    rng = random.Random(seed)
    out = []
    for _ in range(count):
        n = rng.randint(1, 12)
        out.append("".join(rng.choice(PIECES) + (" " if rng.random() < 0.4 else "") for _ in range(n)))
    return out


def corpus(seed):
    rng = random.Random(seed)
    words = [p for p in PIECES if p.strip()] + ["the", "and", "of", "quantization", "checkpoint", "learning"]
    return [" ".join(rng.choice(words) for _ in range(rng.randint(5, 30))) for _ in range(3000)]


def byte_level(pattern, normalizer=None, byte_fallback=False):
    tok = Tokenizer(models.BPE(byte_fallback=byte_fallback))
    if normalizer:
        tok.normalizer = normalizer
    if pattern is None:
        tok.pre_tokenizer = pre_tokenizers.ByteLevel(add_prefix_space=False, use_regex=True)
    else:
        tok.pre_tokenizer = pre_tokenizers.Sequence([
            pre_tokenizers.Split(Regex(pattern), behavior="isolated"),
            pre_tokenizers.ByteLevel(add_prefix_space=False, use_regex=False)])
    tok.decoder = decoders.ByteLevel()
    trainer = trainers.BpeTrainer(vocab_size=1200, special_tokens=SPECIAL,
                                  initial_alphabet=pre_tokenizers.ByteLevel.alphabet(), show_progress=False)
    tok.train_from_iterator(corpus(1), trainer)
    tok.add_tokens(ADDED)
    return tok


def sentencepiece(style):
    """SentencePiece-style BPE (Llama 2, Mistral, Gemma as transformers converts them): ▁ for spaces,
    characters (not bytes) as the base symbols, <0xXX> byte fallback or an unk token."""
    byte_fallback = style != "metaspace-split-unk"
    tok = Tokenizer(models.BPE(byte_fallback=byte_fallback, unk_token=None if byte_fallback else "<unk>",
                               fuse_unk=not byte_fallback))
    llama2_decoder = decoders.Sequence([decoders.Replace("▁", " "), decoders.ByteFallback(), decoders.Fuse(),
                                        decoders.Strip(" ", 1, 0)])
    if style == "llama2-legacy":  # transformers' LlamaConverter, legacy: the normalizer adds the ▁s
        tok.normalizer = normalizers.Sequence([normalizers.Prepend("▁"), normalizers.Replace(" ", "▁")])
        tok.decoder = llama2_decoder
    elif style == "llama2-metaspace-first":  # LlamaConverter, legacy=False: Metaspace, first piece only
        tok.pre_tokenizer = pre_tokenizers.Metaspace(replacement="▁", prepend_scheme="first", split=False)
        tok.decoder = llama2_decoder
    else:  # split at every ▁, unknown characters one fused <unk>
        tok.normalizer = normalizers.NFKC()
        tok.pre_tokenizer = pre_tokenizers.Metaspace(replacement="▁", prepend_scheme="always", split=True)
        tok.decoder = decoders.Metaspace(replacement="▁", prepend_scheme="always")
    special = SPECIAL + (["<unk>"] if not byte_fallback else [f"<0x{i:02X}>" for i in range(256)])
    trainer = trainers.BpeTrainer(vocab_size=1500, special_tokens=special, show_progress=False)
    tok.train_from_iterator(corpus(4), trainer)
    tok.add_tokens(ADDED)
    return tok


TOKENIZERS = {
    "gpt2": lambda: byte_level(GPT2),
    "llama3": lambda: byte_level(LLAMA3),
    "qwen2-nfc": lambda: byte_level(QWEN2, normalizers.NFC()),
    "gpt2-prefix-space": None,  # made in the test: ByteLevel(add_prefix_space=True)
    "lowercase-nfkc-digits": None,
    "llama2-legacy": lambda: sentencepiece("llama2-legacy"),
    "llama2-metaspace-first": lambda: sentencepiece("llama2-metaspace-first"),
    "metaspace-split-unk": lambda: sentencepiece("metaspace-split-unk"),
}


def make(name):
    if name == "gpt2-prefix-space":
        tok = byte_level(GPT2)
        tok.pre_tokenizer = pre_tokenizers.ByteLevel(add_prefix_space=True, use_regex=True)
        return tok
    if name == "lowercase-nfkc-digits":
        tok = Tokenizer(models.BPE())
        tok.normalizer = normalizers.Sequence([normalizers.NFKC(), normalizers.Lowercase()])
        tok.pre_tokenizer = pre_tokenizers.Sequence([
            pre_tokenizers.Digits(individual_digits=True),
            pre_tokenizers.ByteLevel(add_prefix_space=False, use_regex=True)])
        trainer = trainers.BpeTrainer(vocab_size=1000, special_tokens=SPECIAL,
                                      initial_alphabet=pre_tokenizers.ByteLevel.alphabet(), show_progress=False)
        tok.train_from_iterator(corpus(2), trainer)
        tok.add_tokens(ADDED)
        return tok
    return TOKENIZERS[name]()


@pytest.mark.parametrize("name", list(TOKENIZERS))
def test_encodings_identical(name, probe, tmp_path):
    tok = make(name)
    path = tmp_path / "tokenizer.json"
    tok.save(str(path))
    texts = HARD + generated(10000, seed=zlib.crc32(name.encode()))
    (tmp_path / "in.json").write_text(json.dumps([t.encode("utf-8").hex() for t in texts]))
    got = probe.run("tokenize", path, tmp_path / "in.json", out=tmp_path / "out.json")
    identical = 0
    first_difference = None
    for text, q in zip(texts, got):
        want = tok.encode(text, add_special_tokens=False).ids
        if "ids" in q and q["ids"] == want:
            identical += 1
        elif first_difference is None:
            first_difference = (text, want, q)
    report(f"tokenizer {name}", strings=len(texts), identical=identical, fraction=identical / len(texts))
    assert first_difference is None, (
        f"{name}: {len(texts) - identical} of {len(texts)} strings differ; the first: {first_difference[0]!r}: "
        f"tokenizers {first_difference[1]}, QuantScope {first_difference[2]}")


@pytest.mark.parametrize("name", ["llama3", "llama2-legacy", "llama2-metaspace-first", "metaspace-split-unk"])
def test_decode_as_tokenizers_decodes(name, probe, tmp_path):
    """QuantScope's decode of the ids gives what tokenizers' decode gives (bytes that are not UTF-8
    compared after the replacement tokenizers does)."""
    tok = make(name)
    path = tmp_path / "tokenizer.json"
    tok.save(str(path))
    texts = HARD + generated(500, seed=5)
    (tmp_path / "in.json").write_text(json.dumps([t.encode("utf-8").hex() for t in texts]))
    got = probe.run("tokenize", path, tmp_path / "in.json", out=tmp_path / "out.json")
    same = 0
    for text, q in zip(texts, got):
        ours = bytes.fromhex(q["decoded"]).decode("utf-8", errors="replace")
        theirs = tok.decode(q["ids"], skip_special_tokens=False)
        assert ours == theirs, f"{text!r}: QuantScope decodes {ours!r}, tokenizers {theirs!r}"
        same += ours == text
    report(f"decode ({name})", strings=len(texts), identical_to_tokenizers=len(texts), give_the_text_back=same)


def test_invalid_utf8_is_refused(probe, tmp_path):
    """tokenizers takes only Python str (valid Unicode); QuantScope gets bytes and refuses invalid UTF-8
    with a message instead of guessing."""
    tok = make("gpt2")
    path = tmp_path / "tokenizer.json"
    tok.save(str(path))
    bad = [b"\xff", b"abc\xc3", b"\xed\xa0\x80", b"\xc0\xaf", b"ok\x80ok"]
    (tmp_path / "in.json").write_text(json.dumps([b.hex() for b in bad]))
    got = probe.run("tokenize", path, tmp_path / "in.json", out=tmp_path / "out.json")
    for b, q in zip(bad, got):
        assert "error" in q and "UTF-8" in q["error"], (b, q)
        with pytest.raises(UnicodeDecodeError):
            b.decode("utf-8")


def test_unsupported_decoder_is_refused_by_name(probe, tmp_path):
    """A decoder QuantScope does not implement (WordPiece's) is refused naming it, never decoded wrongly."""
    tok = make("gpt2")
    tok.decoder = decoders.WordPiece()
    path = tmp_path / "tokenizer.json"
    tok.save(str(path))
    (tmp_path / "in.json").write_text(json.dumps(["61"]))
    err = probe.fails("tokenize", path, tmp_path / "in.json", tmp_path / "out.json")
    print(f"\n[refused] WordPiece decoder: {err}")
    assert "WordPiece" in err and "tokenizer.json" in err
