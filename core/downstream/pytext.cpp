// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/downstream/pytext.h"

#include "core/common/errors.h"

#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>
#include <unicode/ucasemap.h>
#include <unicode/utf8.h>

#include <memory>

namespace qs::py {

namespace {

// str.isspace: Unicode White_Space with bidirectional class WS, B or S, and the separators.
bool isSpace(UChar32 c)
{
    switch (c) {
    case 0x09:
    case 0x0a:
    case 0x0b:
    case 0x0c:
    case 0x0d:
    case 0x1c:
    case 0x1d:
    case 0x1e:
    case 0x1f:
    case 0x20:
    case 0x85:
    case 0xa0:
    case 0x1680:
    case 0x2028:
    case 0x2029:
    case 0x202f:
    case 0x205f:
    case 0x3000:
        return true;
    default:
        return c >= 0x2000 && c <= 0x200a;
    }
}

struct CodePoint
{
    UChar32 c;
    int32_t begin, end;
};

std::vector<CodePoint> codePoints(std::string_view s)
{
    std::vector<CodePoint> out;
    const auto* p = reinterpret_cast<const uint8_t*>(s.data());
    const auto n = static_cast<int32_t>(s.size());
    for (int32_t i = 0; i < n;) {
        const int32_t begin = i;
        UChar32 c;
        U8_NEXT(p, i, n, c);
        if (c < 0)
            throw FormatError("the text is not valid UTF-8 at byte " + std::to_string(begin));
        out.push_back({c, begin, i});
    }
    return out;
}

std::string stripped(std::string_view s, bool left, bool right)
{
    const std::vector<CodePoint> cps = codePoints(s);
    size_t a = 0, b = cps.size();
    while (left && a < b && isSpace(cps[a].c))
        ++a;
    while (right && b > a && isSpace(cps[b - 1].c))
        --b;
    if (a == b)
        return {};
    return std::string(s.substr(cps[a].begin, cps[b - 1].end - cps[a].begin));
}

struct Pattern
{
    pcre2_code* code = nullptr;
    ~Pattern() { pcre2_code_free(code); }
};

std::unique_ptr<Pattern> compile(const std::string& pattern)
{
    pcre2_compile_context* context = pcre2_compile_context_create(nullptr);
    pcre2_set_newline(context, PCRE2_NEWLINE_LF); // Python: `.` excludes \n only, `$` before a final \n
    int error = 0;
    PCRE2_SIZE offset = 0;
    auto p = std::make_unique<Pattern>();
    p->code = pcre2_compile(reinterpret_cast<PCRE2_SPTR>(pattern.data()), pattern.size(), PCRE2_UTF, &error, &offset,
                            context);
    pcre2_compile_context_free(context);
    if (!p->code)
        throw Error("cannot compile the regular expression '" + pattern + "'");
    return p;
}

// Calls `found(begin, end)` for each non-overlapping match, left to right.
template<typename F>
void forEachMatch(const std::string& pattern, std::string_view s, F found)
{
    const auto p = compile(pattern);
    pcre2_match_data* data = pcre2_match_data_create_from_pattern(p->code, nullptr);
    size_t start = 0;
    while (start <= s.size()) {
        const int rc = pcre2_match(p->code, reinterpret_cast<PCRE2_SPTR>(s.data()), s.size(), start, 0, data, nullptr);
        if (rc < 0)
            break;
        const PCRE2_SIZE* v = pcre2_get_ovector_pointer(data);
        found(v[0], v[1]);
        if (v[1] == v[0]) { // an empty match: move one code point on
            if (v[1] >= s.size())
                break;
            size_t next = v[1] + 1;
            while (next < s.size() && (static_cast<uint8_t>(s[next]) & 0xc0) == 0x80)
                ++next;
            start = next;
        } else {
            start = v[1];
        }
    }
    pcre2_match_data_free(data);
}

} // namespace

std::string strip(std::string_view s)
{
    return stripped(s, true, true);
}

std::string lstrip(std::string_view s)
{
    return stripped(s, true, false);
}

std::string rstrip(std::string_view s)
{
    return stripped(s, false, true);
}

size_t length(std::string_view s)
{
    return codePoints(s).size();
}

std::string capitalize(std::string_view s)
{
    if (s.empty())
        return {};
    UErrorCode status = U_ZERO_ERROR;
    UCaseMap* map = ucasemap_open("", U_TITLECASE_WHOLE_STRING | U_TITLECASE_NO_BREAK_ADJUSTMENT, &status);
    std::string out(s.size() * 3 + 16, '\0');
    int32_t n = 0;
    for (int attempt = 0; attempt < 2 && U_SUCCESS(status); ++attempt) {
        n = ucasemap_utf8ToTitle(map, out.data(), static_cast<int32_t>(out.size()), s.data(),
                                 static_cast<int32_t>(s.size()), &status);
        if (status != U_BUFFER_OVERFLOW_ERROR)
            break;
        status = U_ZERO_ERROR; // the length it needs is n
        out.resize(static_cast<size_t>(n) + 1);
    }
    ucasemap_close(map);
    if (U_FAILURE(status))
        throw FormatError(std::string("cannot capitalize the text: ") + u_errorName(status));
    out.resize(static_cast<size_t>(n));
    return out;
}

std::string reSub(const std::string& pattern, std::string_view replacement, std::string_view s)
{
    std::string out;
    size_t last = 0;
    forEachMatch(pattern, s, [&](size_t begin, size_t end) {
        out.append(s.substr(last, begin - last));
        out.append(replacement);
        last = end;
    });
    out.append(s.substr(last));
    return out;
}

std::vector<std::string> reFindall(const std::string& pattern, std::string_view s)
{
    std::vector<std::string> out;
    forEachMatch(pattern, s, [&](size_t begin, size_t end) { out.emplace_back(s.substr(begin, end - begin)); });
    return out;
}

std::string replace(std::string_view s, std::string_view from, std::string_view to)
{
    if (from.empty())
        return std::string(s);
    std::string out;
    size_t last = 0;
    for (size_t at = s.find(from); at != std::string_view::npos; at = s.find(from, last)) {
        out.append(s.substr(last, at - last));
        out.append(to);
        last = at + from.size();
    }
    out.append(s.substr(last));
    return out;
}

} // namespace qs::py
