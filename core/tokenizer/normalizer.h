// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The normalizer of a Hugging Face tokenizer.json, with ICU: NFC, NFD, NFKC, NFKD, Lowercase, Prepend
// and Replace (SentencePiece-style tokenizers: Prepend("▁") then Replace(" " → "▁")) and a Sequence of
// those. Internal to core/tokenizer/tokenizer.cpp; include nowhere else.

#include <nlohmann/json_fwd.hpp>

#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace qs::tok {

class Regex;

class Normalizer
{
public:
    // `spec` is the "normalizer" value (null: no normalization). A Sequence is flattened. FormatError
    // naming `origin` and the unsupported type (Strip, BertNormalizer, …), or when ICU cannot provide a
    // normalization form.
    Normalizer(const nlohmann::json& spec, const std::string& origin);

    // Whether there is nothing to do.
    bool identity() const { return m_steps.empty(); }

    // The normalized form of valid UTF-8 `text`, appended to `out` (valid UTF-8), each step in turn.
    void apply(std::string_view text, std::string& out) const;

private:
    enum class Step
    {
        Nfc,
        Nfd,
        Nfkc,
        Nfkd,
        Lowercase, // each code point's full lowercase mapping, without context (Rust's char::to_lowercase)
        Prepend,   // `text` before a non-empty string
        Replace,   // every match of `regex` (a literal or a regex), left to right, by `text`
    };
    struct StepSpec
    {
        Step kind = Step::Nfc;
        std::string text;
        std::shared_ptr<const Regex> regex;
    };

    void addStep(const nlohmann::json& spec, const std::string& origin, const std::string& where);
    void applyStep(const StepSpec& step, std::string_view text, std::string& out) const;

    std::vector<StepSpec> m_steps;
    std::string m_origin;
};

} // namespace qs::tok
