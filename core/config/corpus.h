// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace qs {

// A byte-level text corpus split into training bytes and held-out validation bytes (the tail).
struct Corpus
{
    std::string path;        // where the text was read from
    std::string description; // what it is, in words ("King James Bible, Debian package bible-kjv")
    std::vector<uint8_t> train;
    std::vector<uint8_t> val;

    // Reads a text file and holds out its last `valFraction` as validation. Throws IoError /
    // ConfigError (too small for the requested split) naming the file.
    static Corpus fromFile(const std::string& path, double valFraction, const std::string& description);
};

// Writes the King James Bible that Debian's bible-kjv package ships to `path` (via `bible -f`),
// unless the file is already there. Throws Error with the package to install if `bible` is missing.
std::string prepareKjvCorpus(const std::string& path);
inline constexpr const char* kjvDescription =
    "King James Bible (public domain), text from Debian package bible-kjv via `bible -f Gen1:1-Rev22:21`";

} // namespace qs
