// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The pre-tokenizers of a Hugging Face tokenizer.json that byte-level and SentencePiece-style BPE
// tokenizers use (ByteLevel, Split, Digits, Metaspace), with PCRE2 regexes, and GPT-2's byte-to-unicode
// map. Internal to core/tokenizer/tokenizer.cpp; include nowhere else.

#include <nlohmann/json_fwd.hpp>

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace qs::tok {

// "tokenizer 'ORIGIN': WHAT" as a qs::FormatError.
[[noreturn]] void formatError(const std::string& origin, const std::string& what);

// A PCRE2 pattern compiled in UTF mode with Unicode properties (\p{L}, \s, \w follow Unicode), JIT
// compiled when the library allows. Const matching is safe from several threads.
class Regex
{
public:
    // `literal`: the pattern is a plain string (Split's {"String": …}). FormatError naming `origin`
    // and the pattern when it does not compile.
    Regex(const std::string& pattern, bool literal, const std::string& origin);

    // Calls `match` with the byte range [begin, end) of each successive non-empty match in valid
    // UTF-8 `text`.
    void forEachMatch(std::string_view text, const std::function<void(size_t, size_t)>& match) const;

private:
    struct Code;
    std::shared_ptr<const Code> m_code;
    std::string m_origin;
};

// The "pattern" of a Split or Replace (`type`): {"Regex": …} or {"String": …}, a literal. FormatError
// naming `where` when it is neither, when it does not compile, or (`nonEmpty`) when it is empty.
std::shared_ptr<const Regex> patternOf(const nlohmann::json& spec, const std::string& type, bool nonEmpty,
                                       const std::string& origin, const std::string& where);

// The pre_tokenizer of a tokenizer.json as a list of steps, each splitting every piece that the
// previous step made (a Sequence is flattened).
class PreTokenizer
{
public:
    // `spec` is the "pre_tokenizer" value (null: the text stays one piece). FormatError naming
    // `origin` and the unsupported type, behavior or option.
    PreTokenizer(const nlohmann::json& spec, const std::string& origin);

    // Calls `piece` with each piece of `text` (valid UTF-8) in order, as byte-level symbols after a
    // ByteLevel step. The view is valid during the call only. `atStart`: `text` begins the text being
    // encoded (offset 0 of the original: Metaspace's prepend_scheme "first" prepends only there).
    void split(std::string_view text, const std::function<void(std::string_view)>& piece, bool atStart = false) const;

    // Whether a ByteLevel step maps the pieces to byte-level symbols.
    bool byteLevel() const { return m_byteLevel; }

private:
    enum class Kind
    {
        Split,     // regex matches and the text between them become pieces
        ByteLevel, // optional prefix space, optional GPT-2 regex split, then the byte map
        Metaspace, // spaces become the replacement (SentencePiece's ▁), prepended as the scheme says,
                   // and the text is split before each replacement
    };
    enum class Prepend
    {
        Always,
        First, // only to the piece at the start of the text
        Never,
    };
    struct Step
    {
        Kind kind = Kind::Split;
        std::shared_ptr<const Regex> regex; // null for a ByteLevel step without use_regex
        bool addPrefixSpace = false;
        std::string replacement; // Metaspace
        Prepend prepend = Prepend::Always;
        bool split = true;
    };

    void addStep(const nlohmann::json& spec, const std::string& origin, const std::string& where);
    void apply(size_t step, std::string_view text, bool atStart,
               const std::function<void(std::string_view)>& piece) const;

    std::vector<Step> m_steps;
    bool m_byteLevel = false;
};

// UTF-8 bytes → their byte-level symbols (UTF-8 too), appended to `out`.
void appendByteLevel(std::string_view bytes, std::string& out);
// The byte a byte-level symbol stands for, or -1 for a code point outside the map.
int byteOfSymbol(char32_t codePoint);
// The UTF-8 encoding of one code point, appended to `out`.
void appendUtf8(char32_t codePoint, std::string& out);
// Length of the valid UTF-8 sequence at text[pos] (1–4), or 0 when it is not valid UTF-8.
size_t utf8Length(std::string_view text, size_t pos);
// The code point of the valid UTF-8 sequence of `length` bytes at text[pos].
char32_t decodeUtf8(std::string_view text, size_t pos, size_t length);

} // namespace qs::tok
