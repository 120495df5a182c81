// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/store/storepaths.h"

#include "core/store/store.h"

#include <filesystem>

namespace fs = std::filesystem;

namespace qs {

std::string relativeToStore(const Store& store, const std::string& path)
{
    const fs::path folder = fs::absolute(store.path()).parent_path();
    const fs::path abs = fs::weakly_canonical(fs::absolute(path));
    const fs::path rel = abs.lexically_relative(folder);
    if (!rel.empty() && *rel.begin() != "..")
        return rel.string();
    return abs.string();
}

} // namespace qs
