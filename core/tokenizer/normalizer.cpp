// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/tokenizer/normalizer.h"

#include "core/tokenizer/pretokenizer.h"

#include <nlohmann/json.hpp>

#include <unicode/bytestream.h>
#include <unicode/casemap.h>
#include <unicode/normalizer2.h>
#include <unicode/stringpiece.h>
#include <unicode/utypes.h>

#include <algorithm>
#include <limits>
#include <memory>
#include <utility>

namespace qs::tok {

namespace {

bool isAscii(std::string_view text)
{
    return std::all_of(text.begin(), text.end(), [](char c) { return static_cast<unsigned char>(c) < 0x80; });
}

// ICU's instance of a normalization form (0 NFC, 1 NFD, 2 NFKC, 3 NFKD); null with `status` set when
// its data is missing.
const icu::Normalizer2* form(int which, UErrorCode& status)
{
    switch (which) {
    case 0:
        return icu::Normalizer2::getNFCInstance(status);
    case 1:
        return icu::Normalizer2::getNFDInstance(status);
    case 2:
        return icu::Normalizer2::getNFKCInstance(status);
    default:
        return icu::Normalizer2::getNFKDInstance(status);
    }
}

// U+03A3 GREEK CAPITAL LETTER SIGMA, the one code point whose lowercase in ICU's root locale depends
// on its neighbours (final sigma ς); the tokenizers library maps it to σ everywhere.
constexpr std::string_view capitalSigma = "\xCE\xA3";
constexpr std::string_view smallSigma = "\xCF\x83";

} // namespace

Normalizer::Normalizer(const nlohmann::json& spec, const std::string& origin)
    : m_origin(origin)
{
    if (!spec.is_null())
        addStep(spec, origin, "normalizer");
}

void Normalizer::addStep(const nlohmann::json& spec, const std::string& origin, const std::string& where)
{
    if (!spec.is_object() || !spec.contains("type") || !spec["type"].is_string())
        formatError(origin, where + " is not an object with a \"type\"");
    const std::string type = spec["type"].get<std::string>();
    if (type == "Sequence") {
        const auto it = spec.find("normalizers");
        if (it == spec.end() || !it->is_array())
            formatError(origin, where + ": a Sequence needs a \"normalizers\" array");
        for (size_t i = 0; i < it->size(); ++i)
            addStep((*it)[i], origin, where + ".normalizers[" + std::to_string(i) + "]");
        return;
    }
    const auto text = [&](const char* key) {
        const auto it = spec.find(key);
        if (it == spec.end() || !it->is_string())
            formatError(origin, where + ": a " + type + " needs a string \"" + key + "\"");
        return it->get<std::string>();
    };
    if (type == "Prepend") {
        m_steps.push_back({Step::Prepend, text("prepend"), nullptr});
        return;
    }
    if (type == "Replace") {
        m_steps.push_back({Step::Replace, text("content"), patternOf(spec, type, true, origin, where)});
        return;
    }
    static_assert(int(Step::Nfc) == 0 && int(Step::Nfd) == 1 && int(Step::Nfkc) == 2 && int(Step::Nfkd) == 3);
    static const std::pair<const char*, Step> known[] = {
        {"NFC", Step::Nfc},
        {"NFD", Step::Nfd},
        {"NFKC", Step::Nfkc},
        {"NFKD", Step::Nfkd},
        {"Lowercase", Step::Lowercase},
    };
    for (const auto& [name, step] : known) {
        if (type != name)
            continue;
        if (step != Step::Lowercase) {
            UErrorCode status = U_ZERO_ERROR;
            form(int(step), status);
            if (U_FAILURE(status))
                formatError(origin, where + ": ICU cannot provide " + type + ": " + u_errorName(status));
        }
        m_steps.push_back({step, {}, nullptr});
        return;
    }
    formatError(origin,
                "unsupported normalizer '" + type + "' in " + where
                    + " (supported: NFC, NFD, NFKC, NFKD, Lowercase, Prepend, Replace, a Sequence of those, null)");
}

void Normalizer::apply(std::string_view text, std::string& out) const
{
    if (m_steps.empty()) {
        out.append(text);
        return;
    }
    if (text.size() > size_t(std::numeric_limits<int32_t>::max()))
        formatError(m_origin,
                    "the text is too long to normalize in one piece (" + std::to_string(text.size()) + " bytes)");
    std::string current, next;
    for (size_t i = 0; i < m_steps.size(); ++i) {
        const bool last = i + 1 == m_steps.size();
        std::string& target = last ? out : next;
        if (!last)
            next.clear();
        applyStep(m_steps[i], i == 0 ? text : std::string_view(current), target);
        if (!last)
            current.swap(next);
    }
}

void Normalizer::applyStep(const StepSpec& spec, std::string_view text, std::string& out) const
{
    const Step step = spec.kind;
    if (step == Step::Prepend) {
        if (!text.empty())
            out += spec.text;
        out.append(text);
        return;
    }
    if (step == Step::Replace) {
        size_t pos = 0;
        spec.regex->forEachMatch(text, [&](size_t begin, size_t end) {
            out.append(text.substr(pos, begin - pos));
            out += spec.text;
            pos = end;
        });
        out.append(text.substr(pos));
        return;
    }
    const bool ascii = isAscii(text);
    if (step == Step::Lowercase) {
        if (ascii) {
            for (char c : text)
                out += c >= 'A' && c <= 'Z' ? char(c - 'A' + 'a') : c;
            return;
        }
        // ICU's root-locale full lowercase, run between capital sigmas so that none of them becomes
        // a final sigma.
        icu::StringByteSink<std::string> sink(&out);
        for (size_t pos = 0; pos <= text.size();) {
            const size_t sigma = std::min(text.find(capitalSigma, pos), text.size());
            if (sigma > pos) {
                UErrorCode status = U_ZERO_ERROR;
                icu::CaseMap::utf8ToLower("", 0, icu::StringPiece(text.data() + pos, int32_t(sigma - pos)), sink,
                                          nullptr, status);
                if (U_FAILURE(status))
                    formatError(m_origin, std::string("the Lowercase normalizer failed: ") + u_errorName(status));
            }
            if (sigma == text.size())
                break;
            out += smallSigma;
            pos = sigma + capitalSigma.size();
        }
        return;
    }
    if (ascii) { // ASCII is in all four forms already
        out.append(text);
        return;
    }
    UErrorCode status = U_ZERO_ERROR;
    const icu::Normalizer2* normalizer = form(int(step), status);
    icu::StringByteSink<std::string> sink(&out);
    if (U_SUCCESS(status))
        normalizer->normalizeUTF8(0, icu::StringPiece(text.data(), int32_t(text.size())), sink, nullptr, status);
    if (U_FAILURE(status))
        formatError(m_origin, std::string("the normalizer failed: ") + u_errorName(status));
}

} // namespace qs::tok
