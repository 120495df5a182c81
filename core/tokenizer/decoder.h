// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The decoder of a Hugging Face tokenizer.json: how the strings of tokens become text, as the tokenizers
// library's decode (skip_special_tokens false) gives it. The steps SentencePiece-style tokenizers chain —
// Replace, ByteFallback, Fuse, Strip, Metaspace — and ByteLevel, in a Sequence or alone. Internal to
// core/tokenizer/tokenizer.cpp; include nowhere else.

#include <nlohmann/json_fwd.hpp>

#include <memory>
#include <string>
#include <vector>

namespace qs::tok {

class Regex;

class Decoder
{
public:
    // `spec` is the "decoder" value, not null. FormatError naming `origin` and an unsupported type
    // (WordPiece, BPEDecoder, CTC, …) or option.
    Decoder(const nlohmann::json& spec, const std::string& origin);

    // The text (bytes: a ByteLevel step may give bytes that are not UTF-8) of the tokens' strings.
    std::string decode(std::vector<std::string> tokens) const;

private:
    enum class Kind
    {
        Replace,      // per token: every match of `regex` by `text`
        ByteFallback, // runs of <0xXX> tokens become their bytes, or U+FFFD per byte if not UTF-8
        Fuse,         // all tokens become one
        Strip,        // per token: up to `start` leading and `stop` trailing `text`s removed
        Metaspace,    // per token: `text` becomes a space, or nothing in the first token (prepend)
        ByteLevel,    // all tokens become one: byte symbols their bytes (GPT-2's map)
    };
    struct Step
    {
        Kind kind = Kind::Fuse;
        std::string text;
        std::shared_ptr<const Regex> regex;
        size_t start = 0, stop = 0;
        bool prepended = true; // Metaspace: prepend_scheme is not "never"
    };

    void addStep(const nlohmann::json& spec, const std::string& origin, const std::string& where);

    std::vector<Step> m_steps;
};

} // namespace qs::tok
