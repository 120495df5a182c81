// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Salvaging a damaged results store (docs/store-format.md, "Checking and repairing"): every complete
// row of every object that still reads is written into a new store through the Store API; the damaged
// file is only read. No torch.

#include "core/common/progress.h"
#include "core/store/storecheck.h"

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace qs {

struct StoreRepair
{
    // Rows of one table or one config: what the damaged store holds (as many as its longest column
    // claims, or its done flags) and how many were copied.
    struct Count
    {
        std::size_t kept = 0;
        std::size_t stored = 0;
        std::size_t dropped() const { return stored > kept ? stored - kept : 0; }
    };
    struct Config
    {
        std::string id;
        bool copied = false;    // registered in the new store (its JSON read)
        bool flagsRead = false; // its done flags read (else rows.stored counts nothing)
        Count rows;             // done rows: stored = flagged done in the damaged store, kept = written
        Count downstream;       // its downstream accuracy's done rows (none: the config has none)
    };
    struct Run
    {
        std::string name;
        bool copied = false; // created in the new store (its attributes read)
        Count layers, log, validation, checkpoints;
        std::vector<Config> configs;
    };

    std::string from, to;
    bool truncated = false;
    std::uint64_t fileSize = 0, storedEnd = 0;
    std::vector<Run> runs;              // every run the damaged store lists
    Count fits;                         // scaling-law fits
    std::vector<StoreProblem> problems; // what could not be read or was dropped, and why

    // Whether everything the damaged store lists was copied.
    bool complete() const;
};

// Writes every complete row of the store at `from` into a new store at `to`: runs (attributes, layers,
// log, validation and checkpoint rows up to the first row that is partial or does not read), configs
// with each done row whose values all read, fits. `from` is opened read-only and never changed; a
// truncated file is read through a zero-padded copy beside `to`. `to` is written under a temporary
// name and appears complete at the end, or not at all: IoError when it exists (repair never replaces a
// file), when none of the runs and fits `from` lists can be copied, or when writing fails; FormatError
// or SchemaError when `from` is not a QuantScope store of this schema (or HDF5 at all).
StoreRepair repairStore(const std::string& from, const std::string& to, const Progress& progress = {});

} // namespace qs
