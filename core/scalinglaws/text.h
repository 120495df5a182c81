// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Small text helpers shared by the scaling-law sources (internal; not part of the API).

#include <cctype>
#include <cstdio>
#include <string>
#include <string_view>

namespace qs::scaling::detail {

inline std::string lower(std::string_view s)
{
    std::string out(s);
    for (char& c : out)
        c = char(std::tolower(static_cast<unsigned char>(c)));
    return out;
}

// A number as messages show it: six significant digits.
inline std::string number(double v)
{
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.6g", v);
    return buf;
}

} // namespace qs::scaling::detail
