#pragma once

// The normalizer of a Hugging Face tokenizer.json, with ICU: NFC, NFD, NFKC, NFKD, Lowercase and a
// Sequence of those. Internal to core/data/tokenizer.cpp; include nowhere else.

#include <nlohmann/json_fwd.hpp>

#include <string>
#include <string_view>
#include <vector>

namespace qs::tok {

class Normalizer
{
public:
    // `spec` is the "normalizer" value (null: no normalization). A Sequence is flattened. FormatError
    // naming `origin` and the unsupported type (Prepend, Replace, Strip, BertNormalizer, …), or when ICU
    // cannot provide a normalization form.
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
    };

    void addStep(const nlohmann::json& spec, const std::string& origin, const std::string& where);
    void applyStep(Step step, std::string_view text, std::string& out) const;

    std::vector<Step> m_steps;
    std::string m_origin;
};

} // namespace qs::tok
