// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <string_view>

namespace qs {

// `text` without the white space at either end (std::isspace in the C locale: space, \t, \n, \v, \f,
// \r), as every line-based reader of the core trims its lines, keys and cells.
std::string_view trimSpace(std::string_view text);

} // namespace qs
