// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The post-processor of a Hugging Face tokenizer.json for one sequence: the special tokens the tokenizers
// library puts around an encoding when it is asked for them (`encode(text)` with add_special_tokens, what
// transformers' tokenizer.encode does by default; lm-eval's Hugging Face backend scores requests that
// way). TemplateProcessing's "single" template, RobertaProcessing and BertProcessing (cls … sep),
// ByteLevel (no tokens) and a Sequence of those. Internal to core/tokenizer/tokenizer.cpp.

#include <nlohmann/json_fwd.hpp>

#include <cstdint>
#include <string>
#include <vector>

namespace qs::tok {

class PostProcessor
{
public:
    // `spec` is the "post_processor" value (null: none). A type it does not know is kept as a refusal:
    // wrap() then throws FormatError naming it (encode() without special tokens is unaffected).
    PostProcessor(const nlohmann::json& spec, const std::string& origin);

    // `ids` with the special tokens before and after it.
    std::vector<int32_t> wrap(std::vector<int32_t> ids) const;

private:
    void add(const nlohmann::json& spec, const std::string& where);

    std::string m_origin;
    std::vector<int32_t> m_prefix, m_suffix;
    std::string m_unsupported; // the first type it cannot apply, empty when every one is known
};

} // namespace qs::tok
