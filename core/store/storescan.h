// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The results store's schema (docs/store-format.md) walked object by object through a salvage::File:
// what reads is returned, complete rows only, and everything else is a problem of the file. Shared by
// checkStore and repairStore; internal to core/store: include nowhere else.

#include "core/store/store.h"
#include "core/store/storesalvage.h"

#include <cstddef>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace qs::salvage {

// A table's complete rows, from the first on, up to the first row that is partial, does not read or
// fails a check of its values.
template<class Row>
struct Table
{
    bool present = false;  // the group and its columns read
    std::vector<Row> rows; // the complete rows
    hsize_t claimed = 0;   // rows its longest column claims
    hsize_t located = 0;   // rows of it looked at (claimed, bounded by the storage behind it)
};

struct Run
{
    std::string name;
    std::string object; // "/runs/<name>"
    std::optional<H5::Group> group;
    std::optional<RunInfo> info; // when every attribute the format requires read
    bool hf = false;             // a trajectory of Hugging Face revisions (its source attribute)
    Table<LayerInfo> layers;
    Table<LogRow> log;
    Table<ValRow> validation;
    Table<CheckpointRow> checkpoints;
    std::optional<H5::Group> configs;
    std::vector<std::string> configIds;
};

struct Config
{
    std::string id;
    std::string object;
    std::optional<std::string> json; // its `config` attribute
    bool flagsRead = false;          // its done flags read (else doneRows counts nothing)
    std::size_t doneRows = 0;        // rows flagged done
    std::size_t kept = 0;            // done rows whose values all read and pass the checks
};

struct Fit
{
    std::string name;
    std::string law; // JSON
};

enum class Header
{
    Store,       // a QuantScope store of this schema (or one whose header does not say otherwise)
    NotAStore,   // another HDF5 file
    OtherSchema, // a store of another schema version
};

// The root's attributes; what is wrong is a problem of the file.
Header readHeader(File& file);
std::optional<H5::Group> readRuns(File& file);
Run readRun(File& file, const H5::Group& runs, const std::string& name);

// Receives each complete done row of a config (whose id and JSON are read by then): its checkpoint
// index and its values, every dataset of the config (NaN where the row holds NaN).
using EntrySink = std::function<void(const Config& config, int checkpoint, ResultEntry&& entry)>;
// Reads config `id` of `run`: its JSON, datasets and every row against its done flag. A row is complete
// when its done flag is 1, every dataset of the config holds it and it reads, and the model metrics
// every sweep writes are finite. `sink` (when set) receives the complete rows, profiles included.
Config readConfig(File& file, const Run& run, const std::string& id, const EntrySink& sink);

// The scaling-law fits whose law attribute reads and is JSON; `listed` is set to how many the store
// lists.
std::vector<Fit> readFits(File& file, std::size_t& listed);

// "checkpoint 3 (step 40)", "checkpoints 3, 4 and 9 (steps 40, 50, 100)", the first few of many.
std::string describeRows(const std::vector<std::size_t>& rows, const std::vector<CheckpointRow>& checkpoints,
                         const char* noun = "checkpoint");

} // namespace qs::salvage
