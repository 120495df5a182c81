// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/common/files.h"

#include "core/common/errors.h"

#include <cerrno>
#include <cstring>
#include <fstream>

namespace qs {

std::optional<std::string> tryReadWholeFile(const std::string& path)
{
    std::ifstream in(path, std::ios::binary);
    if (!in)
        return std::nullopt;
    // read() turns a failed read(2) (EISDIR for a folder, EIO) into badbit; errno keeps its cause.
    std::string text;
    char buffer[1 << 16];
    while (in.read(buffer, sizeof buffer) || in.gcount() > 0)
        text.append(buffer, static_cast<size_t>(in.gcount()));
    if (in.bad())
        return std::nullopt;
    return text;
}

std::string readWholeFile(const std::string& path, std::string_view what)
{
    std::optional<std::string> text = tryReadWholeFile(path);
    if (!text)
        throw IoError("cannot read the " + std::string(what) + " " + path + ": " + std::strerror(errno));
    return std::move(*text);
}

} // namespace qs
