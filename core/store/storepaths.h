// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <string>

namespace qs {

class Store;

// How a store records a file or folder it refers to (a revision folder, an evaluation corpus): relative
// to the folder that holds the store file when it lies inside it, so that the two move together; else
// absolute. Symbolic links in `path` are resolved first (std::filesystem::weakly_canonical).
std::string relativeToStore(const Store& store, const std::string& path);

} // namespace qs
