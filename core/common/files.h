// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace qs {

// The whole of the file at `path`, as bytes (no newline translation). IoError "cannot read the <what>
// <path>: <why>" when it cannot be opened or a read fails part way (a folder, an I/O error), e.g.
// readWholeFile(path, "LR log"): never a silently shortened file.
std::string readWholeFile(const std::string& path, std::string_view what);

// The same, or nullopt when the file cannot be opened or read (errno then says why): for the readers
// whose message names the file another way.
std::optional<std::string> tryReadWholeFile(const std::string& path);

} // namespace qs
