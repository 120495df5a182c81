// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/tokenizer/pretokenizer.h"

#include "core/common/errors.h"

#include <nlohmann/json.hpp>

#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>

#include <algorithm>
#include <array>

namespace qs::tok {

namespace {

// GPT-2's pattern, which the ByteLevel pre-tokenizer applies when use_regex is true.
constexpr const char* gpt2Pattern = R"('s|'t|'re|'ve|'m|'ll|'d| ?\p{L}+| ?\p{N}+| ?[^\s\p{L}\p{N}]+|\s+(?!\S)|\s+)";

struct ByteMap
{
    std::array<std::string, 256> symbol;  // UTF-8 of each byte's symbol
    std::array<int16_t, 256 + 68> byteOf; // code point → byte, -1 for the 68 that are not symbols

    ByteMap()
    {
        byteOf.fill(-1);
        int next = 256;
        for (int b = 0; b < 256; ++b) {
            const bool self = (b >= 33 && b <= 126) || (b >= 161 && b <= 172) || (b >= 174 && b <= 255);
            const char32_t cp = self ? char32_t(b) : char32_t(next++);
            appendUtf8(cp, symbol[size_t(b)]);
            byteOf[cp] = static_cast<int16_t>(b);
        }
    }
};

const ByteMap& byteMap()
{
    static const ByteMap map;
    return map;
}

std::string pcre2Message(int code)
{
    PCRE2_UCHAR buffer[256];
    if (pcre2_get_error_message(code, buffer, sizeof buffer) < 0)
        return "PCRE2 error " + std::to_string(code);
    return reinterpret_cast<const char*>(buffer);
}

bool flag(const nlohmann::json& spec, const char* key, bool fallback, const std::string& origin,
          const std::string& where)
{
    const auto it = spec.find(key);
    if (it == spec.end() || it->is_null())
        return fallback;
    if (!it->is_boolean())
        formatError(origin, where + ": \"" + key + "\" is " + it->dump() + ", not true or false");
    return it->get<bool>();
}

} // namespace

void formatError(const std::string& origin, const std::string& what)
{
    throw FormatError("tokenizer '" + origin + "': " + what);
}

// ---------------------------------------------------------------------------------------------
// UTF-8 and the byte map

void appendUtf8(char32_t cp, std::string& out)
{
    if (cp < 0x80) {
        out += static_cast<char>(cp);
    } else if (cp < 0x800) {
        out += static_cast<char>(0xC0 | (cp >> 6));
        out += static_cast<char>(0x80 | (cp & 0x3F));
    } else if (cp < 0x10000) {
        out += static_cast<char>(0xE0 | (cp >> 12));
        out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
        out += static_cast<char>(0x80 | (cp & 0x3F));
    } else {
        out += static_cast<char>(0xF0 | (cp >> 18));
        out += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
        out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
        out += static_cast<char>(0x80 | (cp & 0x3F));
    }
}

size_t utf8Length(std::string_view text, size_t pos)
{
    const auto byte = [&](size_t i) { return static_cast<unsigned char>(text[i]); };
    const unsigned char lead = byte(pos);
    if (lead < 0x80)
        return 1;
    size_t n = 0;
    if ((lead & 0xE0) == 0xC0)
        n = 2;
    else if ((lead & 0xF0) == 0xE0)
        n = 3;
    else if ((lead & 0xF8) == 0xF0)
        n = 4;
    else
        return 0;
    if (text.size() - pos < n)
        return 0;
    for (size_t i = 1; i < n; ++i) {
        if ((byte(pos + i) & 0xC0) != 0x80)
            return 0;
    }
    const char32_t cp = decodeUtf8(text, pos, n);
    // Overlong forms, UTF-16 surrogates and code points past U+10FFFF are not UTF-8.
    const bool valid = n == 2 ? cp >= 0x80
        : n == 3              ? cp >= 0x800 && (cp < 0xD800 || cp > 0xDFFF)
                              : cp >= 0x10000 && cp <= 0x10FFFF;
    return valid ? n : 0;
}

char32_t decodeUtf8(std::string_view text, size_t pos, size_t length)
{
    const auto byte = [&](size_t i) { return char32_t(static_cast<unsigned char>(text[pos + i])); };
    switch (length) {
    case 1:
        return byte(0);
    case 2:
        return ((byte(0) & 0x1F) << 6) | (byte(1) & 0x3F);
    case 3:
        return ((byte(0) & 0x0F) << 12) | ((byte(1) & 0x3F) << 6) | (byte(2) & 0x3F);
    default:
        return ((byte(0) & 0x07) << 18) | ((byte(1) & 0x3F) << 12) | ((byte(2) & 0x3F) << 6) | (byte(3) & 0x3F);
    }
}

void appendByteLevel(std::string_view bytes, std::string& out)
{
    const ByteMap& map = byteMap();
    for (char c : bytes)
        out += map.symbol[static_cast<unsigned char>(c)];
}

int byteOfSymbol(char32_t codePoint)
{
    if (codePoint >= byteMap().byteOf.size())
        return -1;
    return byteMap().byteOf[codePoint];
}

// ---------------------------------------------------------------------------------------------
// Regex

struct Regex::Code
{
    pcre2_code* code = nullptr;
    ~Code() { pcre2_code_free(code); }
};

Regex::Regex(const std::string& pattern, bool literal, const std::string& origin)
    : m_origin(origin)
{
    auto code = std::make_shared<Code>();
    int error = 0;
    PCRE2_SIZE offset = 0;
    // NEVER_BACKSLASH_C: \C matches one byte even in UTF mode, so a piece could end inside a character
    // (the tokenizers library's regex engine has no \C either).
    // LITERAL refuses UCP and NEVER_BACKSLASH_C (a literal has no escapes).
    const uint32_t options = PCRE2_UTF | (literal ? PCRE2_LITERAL : PCRE2_UCP | PCRE2_NEVER_BACKSLASH_C);
    code->code =
        pcre2_compile(reinterpret_cast<PCRE2_SPTR>(pattern.data()), pattern.size(), options, &error, &offset, nullptr);
    if (!code->code)
        formatError(origin,
                    "the pre_tokenizer pattern '" + pattern + "' does not compile: " + pcre2Message(error)
                        + " at offset " + std::to_string(offset));
    // Without JIT (a build or a system that refuses it) pcre2_match interprets: slower, same matches.
    pcre2_jit_compile(code->code, PCRE2_JIT_COMPLETE);
    m_code = std::move(code);
}

void Regex::forEachMatch(std::string_view text, const std::function<void(size_t, size_t)>& match) const
{
    const std::unique_ptr<pcre2_match_data, decltype(&pcre2_match_data_free)> data(
        pcre2_match_data_create_from_pattern(m_code->code, nullptr), &pcre2_match_data_free);
    if (!data)
        throw std::bad_alloc();
    const auto subject = reinterpret_cast<PCRE2_SPTR>(text.data());
    size_t offset = 0;
    while (offset < text.size()) {
        int rc = pcre2_match(m_code->code, subject, text.size(), offset, PCRE2_NO_UTF_CHECK, data.get(), nullptr);
        // The JIT's fixed stack can run out on long runs of backtracking (thousands of spaces before
        // `\s+(?!\S)`); the interpreter keeps its frames on the heap.
        if (rc == PCRE2_ERROR_JIT_STACKLIMIT)
            rc = pcre2_match(m_code->code, subject, text.size(), offset, PCRE2_NO_UTF_CHECK | PCRE2_NO_JIT, data.get(),
                             nullptr);
        if (rc == PCRE2_ERROR_NOMATCH)
            break;
        if (rc < 0)
            formatError(m_origin,
                        "the pre_tokenizer pattern failed at byte " + std::to_string(offset) + ": " + pcre2Message(rc));
        const PCRE2_SIZE* ovector = pcre2_get_ovector_pointer(data.get());
        if (ovector[1] > ovector[0]) {
            offset = ovector[1];
            match(ovector[0], ovector[1]);
        } else {
            // An empty match makes no piece; go on from the next character.
            if (ovector[0] >= text.size())
                break;
            offset = ovector[0] + std::max<size_t>(1, utf8Length(text, ovector[0]));
        }
    }
}

// ---------------------------------------------------------------------------------------------
// PreTokenizer

PreTokenizer::PreTokenizer(const nlohmann::json& spec, const std::string& origin)
{
    if (!spec.is_null())
        addStep(spec, origin, "pre_tokenizer");
}

void PreTokenizer::addStep(const nlohmann::json& spec, const std::string& origin, const std::string& where)
{
    if (!spec.is_object() || !spec.contains("type") || !spec["type"].is_string())
        formatError(origin, where + " is not an object with a \"type\"");
    const std::string type = spec["type"].get<std::string>();

    if (type == "Sequence") {
        const auto it = spec.find("pretokenizers");
        if (it == spec.end() || !it->is_array())
            formatError(origin, where + ": a Sequence needs a \"pretokenizers\" array");
        for (size_t i = 0; i < it->size(); ++i)
            addStep((*it)[i], origin, where + ".pretokenizers[" + std::to_string(i) + "]");
        return;
    }

    Step step;
    if (type == "ByteLevel") {
        step.kind = Kind::ByteLevel;
        // Defaults as the tokenizers library's: both true.
        step.addPrefixSpace = flag(spec, "add_prefix_space", true, origin, where);
        if (flag(spec, "use_regex", true, origin, where))
            step.regex = std::make_shared<Regex>(gpt2Pattern, false, origin);
        m_byteLevel = true;
    } else if (type == "Split") {
        step.regex = patternOf(spec, type, false, origin, where);
        const auto behavior = spec.find("behavior");
        if (behavior == spec.end() || !behavior->is_string())
            formatError(origin, where + ": a Split needs a \"behavior\"");
        if (behavior->get<std::string>() != "Isolated")
            formatError(origin,
                        where + ": Split behavior '" + behavior->get<std::string>()
                            + "' is not supported (only Isolated)");
        if (flag(spec, "invert", false, origin, where))
            formatError(origin, where + ": Split with \"invert\": true is not supported");
    } else if (type == "Digits") {
        // Rust's char::is_numeric is the Unicode N categories; grouped digits are one piece.
        const bool individual = flag(spec, "individual_digits", false, origin, where);
        step.regex = std::make_shared<Regex>(individual ? R"(\p{N})" : R"(\p{N}+)", false, origin);
    } else if (type == "Metaspace") {
        step.kind = Kind::Metaspace;
        const auto replacement = spec.find("replacement");
        if (replacement == spec.end() || !replacement->is_string() || replacement->get<std::string>().empty()
            || utf8Length(replacement->get<std::string>(), 0) != replacement->get<std::string>().size())
            formatError(origin, where + ": a Metaspace needs a \"replacement\" of one character");
        step.replacement = replacement->get<std::string>();
        // tokenizers ≥ 0.19 writes "prepend_scheme"; older files "add_prefix_space".
        const auto scheme = spec.find("prepend_scheme");
        if (scheme != spec.end() && !scheme->is_null()) {
            const std::string name = scheme->is_string() ? scheme->get<std::string>() : scheme->dump();
            if (name == "always")
                step.prepend = Prepend::Always;
            else if (name == "first")
                step.prepend = Prepend::First;
            else if (name == "never")
                step.prepend = Prepend::Never;
            else
                formatError(origin,
                            where + ": Metaspace prepend_scheme '" + name + "' is not one of always, first, never");
        } else {
            step.prepend = flag(spec, "add_prefix_space", true, origin, where) ? Prepend::Always : Prepend::Never;
        }
        step.split = flag(spec, "split", true, origin, where);
    } else {
        formatError(origin,
                    "unsupported pre_tokenizer '" + type + "' in " + where
                        + " (supported: ByteLevel, Split, Digits, Metaspace, Sequence of those, null)");
    }
    m_steps.push_back(std::move(step));
}

std::shared_ptr<const Regex> patternOf(const nlohmann::json& spec, const std::string& type, bool nonEmpty,
                                       const std::string& origin, const std::string& where)
{
    const auto pattern = spec.find("pattern");
    const auto kind = [&](const char* key) {
        return pattern != spec.end() && pattern->is_object() && pattern->size() == 1 && pattern->contains(key)
            && (*pattern)[key].is_string();
    };
    const bool isRegex = kind("Regex"), isString = kind("String");
    if (!isRegex && !isString)
        formatError(origin, where + ": a " + type + " needs \"pattern\": {\"Regex\": …} or {\"String\": …}");
    const std::string source = (*pattern)[isRegex ? "Regex" : "String"].get<std::string>();
    if (nonEmpty && source.empty())
        formatError(origin, where + ": a " + type + " with an empty pattern");
    return std::make_shared<Regex>(source, isString, origin);
}

void PreTokenizer::split(std::string_view text, const std::function<void(std::string_view)>& piece, bool atStart) const
{
    if (!text.empty())
        apply(0, text, atStart, piece);
}

// Pieces go through the remaining steps one at a time, so nothing holds the pieces of a long text. Only
// the first piece a step makes of a piece at the start is at the start.
void PreTokenizer::apply(size_t index, std::string_view text, bool atStart,
                         const std::function<void(std::string_view)>& piece) const
{
    if (index == m_steps.size()) {
        piece(text);
        return;
    }
    const Step& step = m_steps[index];
    if (step.kind == Kind::Metaspace) {
        // Spaces first: a text that began with one already begins with the replacement.
        std::string replaced;
        const bool prepend = step.prepend == Prepend::Always || (step.prepend == Prepend::First && atStart);
        if (prepend && text.front() != ' ' && text.substr(0, step.replacement.size()) != step.replacement)
            replaced += step.replacement;
        for (char c : text) {
            if (c == ' ')
                replaced += step.replacement;
            else
                replaced += c;
        }
        if (!step.split) {
            apply(index + 1, replaced, atStart, piece);
            return;
        }
        // Merged with the next: each replacement begins a piece.
        const std::string_view all(replaced);
        size_t begin = 0;
        for (size_t pos = all.find(step.replacement, 1); pos != std::string_view::npos;
             pos = all.find(step.replacement, pos + step.replacement.size())) {
            apply(index + 1, all.substr(begin, pos - begin), atStart && begin == 0, piece);
            begin = pos;
        }
        apply(index + 1, all.substr(begin), atStart && begin == 0, piece);
        return;
    }
    // Isolated: each match is a piece, and so is each stretch between matches.
    const auto isolate = [](std::string_view source, const Regex& regex,
                            const std::function<void(std::string_view)>& part) {
        size_t pos = 0;
        regex.forEachMatch(source, [&](size_t begin, size_t end) {
            if (begin > pos)
                part(source.substr(pos, begin - pos));
            part(source.substr(begin, end - begin));
            pos = end;
        });
        if (pos < source.size())
            part(source.substr(pos));
    };
    if (step.kind == Kind::Split) {
        const char* const start = text.data();
        isolate(text, *step.regex,
                [&](std::string_view part) { apply(index + 1, part, atStart && part.data() == start, piece); });
        return;
    }
    // HF prepends the space to every piece that does not start with one, not only the first.
    std::string spaced;
    if (step.addPrefixSpace && text.front() != ' ') {
        spaced.reserve(text.size() + 1);
        spaced += ' ';
        spaced += text;
        text = spaced;
    }
    std::string mapped;
    bool first = true;
    const auto mapPart = [&](std::string_view part) {
        mapped.clear();
        appendByteLevel(part, mapped);
        apply(index + 1, mapped, atStart && first, piece);
        first = false;
    };
    if (step.regex)
        isolate(text, *step.regex, mapPart);
    else
        mapPart(text);
}

} // namespace qs::tok
