// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Hugging Face byte-level BPE tokenizers read from their tokenizer.json, to tokenize validation and
// calibration text for real checkpoints (GPT-2, GPT-NeoX/Pythia, Llama-3, OLMo-2) the way the
// `tokenizers` library does. Supported:
//   model          BPE: vocab, merges as "a b" strings or ["a", "b"] pairs, ignore_merges,
//                  byte_fallback (<0xXX> tokens), unk_token, fuse_unk
//   pre_tokenizer  ByteLevel (add_prefix_space, use_regex with GPT-2's pattern), Split (Regex or
//                  String pattern, behavior Isolated), Digits, a Sequence of those, or null
//   normalizer     NFC (GPT-NeoX/Pythia, Qwen2), NFD, NFKC, NFKD, Lowercase, a Sequence of those, or
//                  null, with ICU. Lowercase maps each code point alone, as Rust's char::to_lowercase
//                  (ICU's root-locale full lowercase: İ → i + U+0307, Σ always σ, never final ς).
//                  Prepend, Replace, Strip, BertNormalizer and the others are refused.
//   added_tokens   matched leftmost, longest, lstrip / rstrip honoured; their ids must be the ones
//                  the tokenizers library gives them (it numbers them itself). As in the library,
//                  those with "normalized": false (special tokens by default) are found in the raw
//                  text first; each stretch between them is normalized; then those with
//                  "normalized": true, their content normalized too, are found in the normalized
//                  text; the pre-tokenizer runs on what is left. No offsets are kept.
// post_processor (TemplateProcessing, Roberta/BertProcessing): only encodeWithSpecialTokens applies it.
// Not applied: truncation, padding. Decoding: ByteLevel (or
// no decoder) by the inverse byte map, a Metaspace/Replace/ByteFallback/Fuse/Strip chain as the library
// runs it (decode below). Anything else is refused when the file is read, with a
// qs::FormatError naming the file and the feature. No Qt, no torch.

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace qs {

class BpeTokenizer
{
public:
    // qs::IoError when the file cannot be read, qs::FormatError naming the file and what is wrong or
    // unsupported.
    static BpeTokenizer fromFile(const std::string& tokenizerJsonPath);
    // The same from the text of a tokenizer.json; `origin` names it in messages.
    static BpeTokenizer fromJson(const std::string& json, const std::string& origin);

    BpeTokenizer(BpeTokenizer&&) noexcept;
    BpeTokenizer& operator=(BpeTokenizer&&) noexcept;
    ~BpeTokenizer();

    // Token ids of UTF-8 text, without the post-processor's special tokens. Thread-safe.
    // qs::FormatError when the text is not valid UTF-8 or a piece has no token (no unk_token and no
    // byte_fallback).
    std::vector<int32_t> encode(std::string_view utf8) const;
    // encode with the post-processor's special tokens around it (a BOS before, for Llama-3), as
    // transformers' tokenizer.encode(text) gives them by default. qs::FormatError as encode, and for a
    // post-processor type that is not supported.
    std::vector<int32_t> encodeWithSpecialTokens(std::string_view utf8) const;

    // The bytes the ids stand for: model tokens through the inverse byte map (byte-level
    // tokenizers) or as written, <0xXX> as one byte when byte_fallback is on, added tokens as their
    // content (normalized when the token is "normalized", as the tokenizers library 0.23 does); with
    // a decoder chain (SentencePiece-style) the chain's output, as the library's decode gives it.
    // decode(encode(s)) == s unless add_prefix_space added a space at the start or the normalizer
    // changed s (then it is the normalized text, raw added tokens as written).
    // qs::FormatError for an id that names no token.
    std::string decode(const std::vector<int32_t>& ids) const;

    // Largest id of the vocabulary and the added tokens, plus one.
    int64_t vocabSize() const;
    // The id of a token as the file spells it ("Ġthe", "<|endoftext|>"): added tokens first.
    std::optional<int32_t> tokenId(std::string_view token) const;

    const std::string& origin() const;

private:
    struct Private;
    explicit BpeTokenizer(std::unique_ptr<Private> d);
    std::unique_ptr<Private> d;
};

// GPT-2's byte-to-unicode map: bytes 33–126, 161–172 and 174–255 stand for themselves, the other 68
// for U+0100 onwards in byte order (' ' → 'Ġ' U+0120, '\n' → 'Ċ' U+010A). Returned as UTF-8.
std::string byteLevelSymbol(uint8_t byte);

} // namespace qs
