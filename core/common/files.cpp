// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/common/files.h"

#include "core/common/errors.h"

#include <fstream>
#include <sstream>

namespace qs {

std::optional<std::string> tryReadWholeFile(const std::string& path)
{
    std::ifstream in(path, std::ios::binary);
    if (!in)
        return std::nullopt;
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

std::string readWholeFile(const std::string& path, std::string_view what)
{
    std::optional<std::string> text = tryReadWholeFile(path);
    if (!text)
        throw IoError("cannot read the " + std::string(what) + " " + path);
    return std::move(*text);
}

} // namespace qs
