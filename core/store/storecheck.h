// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Checking a results store (docs/store-format.md, "Checking and repairing"): every object read on its
// own, against the schema, and every row against its done flag, so that a damaged store is described
// problem by problem instead of failing at the first. The store is only read. No torch.

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace qs {

// One thing found in a store: an error (the store does not hold what the format says, or something
// it names is missing) or a note (nothing lost: a leftover that readers ignore).
struct StoreProblem
{
    enum class Severity
    {
        Error,
        Note,
    };
    Severity severity = Severity::Error;
    std::string object;  // an HDF5 path ("/runs/tiny/log"), or a file beside the store
    std::string message; // what is wrong, naming the row, column or value
};

struct StoreCheckOptions
{
    // Checks a fit's law beyond its JSON syntax (the scaling-law reader is not part of the data layer):
    // returns "" when the law reads, else why not. Unset: the JSON syntax only.
    std::function<std::string(const std::string& lawJson)> checkLaw;
};

struct StoreCheck
{
    std::string path;
    bool truncated = false;      // shorter than its superblock says: read through a zero-padded copy
    std::uint64_t fileSize = 0;  // bytes
    std::uint64_t storedEnd = 0; // where the superblock says the file ends
    std::vector<StoreProblem> problems;

    int errors() const;
    int notes() const;
    bool sound() const { return errors() == 0; }
};

// Checks the store at `path`: the header; every run's attributes, tables (column types, ranks, equal
// lengths, values), configs (JSON, datasets, widths, every row against its done flag) and the
// checkpoint files its rows name; the fits; the files a writer leaves beside the store. A truncated
// file is read through a zero-padded copy in `scratchDir` (empty: the system's temporary folder).
// Throws IoError when the file is missing or unreadable and FormatError when it is not HDF5 at all or
// its superblock cannot be read; everything else is a problem of the result.
StoreCheck checkStore(const std::string& path, const StoreCheckOptions& options = {},
                      const std::string& scratchDir = {});

} // namespace qs
