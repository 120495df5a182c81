// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Python's str operations that lm-eval's task templates use, on UTF-8 text, with Python's semantics:
// strip/lstrip/rstrip remove what str.isspace calls whitespace, len counts code points, capitalize
// title-cases the first character and lower-cases the rest (ICU's full case mappings, root locale), and
// the two regular expressions the twelve tasks run (re.sub, re.findall; PCRE2 with Python's `.` and `$`).
// No Qt, no torch.

#include <string>
#include <string_view>
#include <vector>

namespace qs::py {

std::string strip(std::string_view s);
std::string lstrip(std::string_view s);
std::string rstrip(std::string_view s);
size_t length(std::string_view s); // code points; FormatError for invalid UTF-8
std::string capitalize(std::string_view s);
// Every non-overlapping match of `pattern` replaced by `replacement` (taken literally).
std::string reSub(const std::string& pattern, std::string_view replacement, std::string_view s);
// Every non-overlapping match of `pattern` (no groups), as re.findall returns them.
std::vector<std::string> reFindall(const std::string& pattern, std::string_view s);
// str.replace(old, new): every non-overlapping occurrence, left to right.
std::string replace(std::string_view s, std::string_view from, std::string_view to);

} // namespace qs::py
