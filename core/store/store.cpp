// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/store/store.h"

#include "core/common/errors.h"
#include "core/common/metrics.h"
#include "core/store/h5util.h"
#include "core/store/storeprivate.h"
#include "core/store/storetable.h"

#include <H5Cpp.h>
#include <nlohmann/json.hpp>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <filesystem>
#include <tuple>
#include <type_traits>
#include <utility>

namespace qs {
namespace {

using namespace h5;
using namespace storefile;
using namespace storetable;

namespace fs = std::filesystem;

constexpr const char* formatName = "quantscope-store";
constexpr const char* createdByName = "QuantScope 0.1";
constexpr hsize_t columnChunk = 64;
constexpr hsize_t layerRowChunk = 8;

const TableSpec logTable {"log",
                          logChunk,
                          {"step", "tokens", "lr", "train_loss"},
                          std::tuple {&LogRow::step, &LogRow::tokens, &LogRow::lr, &LogRow::trainLoss}};
const TableSpec valTable {
    "val", columnChunk, {"step", "tokens", "val_loss"}, std::tuple {&ValRow::step, &ValRow::tokens, &ValRow::valLoss}};
// `provenance` (QuantScope 0.2) and `stage` (multi-stage trajectories) are optional: stores written
// before them lack them.
const TableSpec checkpointTable {"checkpoints",
                                 columnChunk,
                                 {"step", "tokens", "lr", metrics::fpValCe, "path", "kind", "provenance", "stage"},
                                 std::tuple {&CheckpointRow::step, &CheckpointRow::tokens, &CheckpointRow::lr,
                                             &CheckpointRow::fpValCe, &CheckpointRow::path, &CheckpointRow::kind,
                                             &CheckpointRow::provenance, &CheckpointRow::stage},
                                 6};
const TableSpec layerTable {
    "layers",
    columnChunk,
    {"name", "block", "kind", "rows", "cols"},
    std::tuple {&LayerInfo::name, &LayerInfo::block, &LayerInfo::kind, &LayerInfo::rows, &LayerInfo::cols}};

// The layers of a run, checked: sizes that no linear layer has (a negative count, more than 2^24 rows or
// input channels) would size the reads of its profiles.
std::vector<LayerInfo> readLayers(const H5::Group& run)
{
    std::vector<LayerInfo> layers = layerTable.read(run);
    constexpr int64_t maxSize = int64_t(1) << 24;
    for (size_t i = 0; i < layers.size(); ++i) {
        const LayerInfo& l = layers[i];
        if (l.block < 0 || l.rows < 0 || l.rows > maxSize || l.cols < 0 || l.cols > maxSize)
            throw Malformed(objectName(run) + "/layers: layer " + std::to_string(i) + " ('" + l.name + "') has block "
                            + std::to_string(l.block) + ", " + std::to_string(l.rows) + " rows and "
                            + std::to_string(l.cols) + " columns");
    }
    return layers;
}

const std::pair<const char*, std::string RunInfo::*> runAttributes[] = {{"model_config", &RunInfo::modelConfigJson},
                                                                        {"train_config", &RunInfo::trainConfigJson},
                                                                        {"corpus", &RunInfo::corpus},
                                                                        {"corpus_path", &RunInfo::corpusPath},
                                                                        {"schedule", &RunInfo::schedule}};

} // namespace

std::size_t ResultEntry::valueBytes() const
{
    std::size_t bytes = model.size() * sizeof(double);
    for (const auto& [name, values] : layers)
        bytes += values.size() * sizeof(double);
    for (const auto& [name, perLayer] : profiles)
        for (const auto& values : perLayer)
            bytes += values.size() * sizeof(float);
    for (const auto& [name, values] : units)
        bytes += values.size() * sizeof(double);
    return bytes;
}

H5::Group Store::Private::runGroup(const std::string& run) const
{
    const H5::Group runs = file.openGroup("runs");
    if (!isValidName(run) || !hasLink(runs, run))
        throw ConfigError(path + ": no run '" + run + "' in the store");
    return runs.openGroup(run);
}

bool Store::Private::hasConfig(const H5::Group& run, const std::string& configId)
{
    return isValidName(configId) && hasLink(run.openGroup("configs"), configId);
}

H5::Group Store::Private::configGroup(const std::string& run, const std::string& configId) const
{
    const H5::Group runGrp = runGroup(run);
    if (!hasConfig(runGrp, configId))
        throw ConfigError(path + ": run '" + run + "' has no config '" + configId + "'");
    return runGrp.openGroup("configs").openGroup(configId);
}

std::string Store::Private::readStringAttr(const H5::H5Object& obj, const std::string& name) const
{
    if (!obj.attrExists(name))
        throw FormatError(path + ": " + objectName(obj) + " lacks the '" + name + "' attribute");
    const H5::Attribute attr = obj.openAttribute(name);
    if (attr.getTypeClass() != H5T_STRING)
        throw FormatError(path + ": attribute '" + name + "' of " + objectName(obj) + " is not a string");
    requireSingleValue(attr, obj, name);
    std::string value;
    attr.read(attr.getStrType(), value);
    return value;
}

void Store::Private::checkHeader() const
{
    const H5::Group root = file.openGroup("/");
    if (!root.attrExists("format") || readStringAttr(root, "format") != formatName)
        throw FormatError(path + ": not a QuantScope store (no 'format' = '" + formatName + "' attribute at /)");
    if (!root.attrExists("schema_version"))
        throw FormatError(path + ": not a QuantScope store (no 'schema_version' attribute at /)");
    const H5::Attribute attr = root.openAttribute("schema_version");
    if (attr.getTypeClass() != H5T_INTEGER || attr.getSpace().getSimpleExtentNpoints() != 1)
        throw FormatError(path + ": attribute 'schema_version' at / is not an integer");
    int version = 0;
    attr.read(H5::PredType::NATIVE_INT, &version);
    if (version != Store::schemaVersion)
        throw SchemaError(path + ": store schema version " + std::to_string(version) + ", this build reads "
                          + std::to_string(Store::schemaVersion));
    if (!hasLink(root, "runs"))
        throw FormatError(path + ": store lacks the /runs group");
}

Store::Store(std::unique_ptr<Private> p)
    : d(std::move(p))
{
}

Store::Store(Store&&) noexcept = default;
Store& Store::operator=(Store&&) noexcept = default;
Store::~Store() = default;

Store Store::create(const std::string& path, Locking locking)
{
    resetH5Errors();
    std::error_code ec;
    if (fs::exists(path, ec))
        throw IoError(path + ": cannot create store: file exists");

    auto p = std::make_unique<Private>();
    p->path = path;
    p->mode = Mode::ReadWrite;
    p->locks = locking == Locking::Flock;
    p->lockForWriting();
    // Built under a temporary name and published complete: a file named `path` is always a store.
    const std::string tmp = sibling(path, ".qs-tmp." + std::to_string(::getpid()));
    try {
        // Through the C API: a close that fails (a full disk) must not be retried by a destructor.
        const hid_t id = H5Fcreate(tmp.c_str(), H5F_ACC_EXCL, H5P_DEFAULT, accessList(false).getId());
        if (id < 0)
            throw IoError(path + ": cannot create store: " + takeH5Error().innermost);
        try {
            p->guard("writing the store header", [&] {
                const H5::H5File file(id);
                const H5::Group root = file.openGroup("/");
                const int version = schemaVersion;
                root.createAttribute("schema_version", H5::PredType::STD_I32LE, H5::DataSpace(H5S_SCALAR))
                    .write(H5::PredType::NATIVE_INT, &version);
                writeStringAttr(root, "created_by", createdByName);
                writeStringAttr(root, "format", formatName);
                createOrderedGroup(root, "runs");
            });
        } catch (...) {
            H5Fclose(id);
            throw;
        }
        if (H5Fclose(id) < 0)
            throw IoError(path + ": cannot create store: " + takeH5Error().innermost);
        const Fd fd(::open(tmp.c_str(), O_RDONLY | O_CLOEXEC));
        if (!fd.valid())
            throw IoError(tmp + ": " + errnoText(errno));
        syncFd(fd, path + ": cannot create store: syncing failed");
        if (::renameat2(AT_FDCWD, tmp.c_str(), AT_FDCWD, path.c_str(), RENAME_NOREPLACE) != 0) {
            if (!unsupported(errno))
                throw IoError(path + ": cannot create store: " + errnoText(errno));
            if (::link(tmp.c_str(), path.c_str()) != 0)
                throw IoError(path + ": cannot create store: " + errnoText(errno));
            ::unlink(tmp.c_str());
        }
        syncDirectory(path);
    } catch (...) {
        // A file without the header is no store; do not leave it behind.
        ::unlink(tmp.c_str());
        throw;
    }
    p->file = openFile(path, H5F_ACC_RDONLY, "open the new store", p->locks);
    return Store(std::move(p));
}

Store Store::open(const std::string& path, Mode mode, Locking locking)
{
    resetH5Errors();
    std::error_code ec;
    if (!fs::exists(path, ec))
        throw IoError(path + ": cannot open store: no such file");
    if (!fs::is_regular_file(path, ec))
        throw IoError(path + ": cannot open store: not a regular file");

    const htri_t isHdf5 = H5Fis_hdf5(path.c_str());
    if (isHdf5 < 0)
        throw IoError(path + ": cannot open store: " + takeH5Error().innermost);
    if (isHdf5 == 0)
        throw FormatError(path + ": not an HDF5 file, so not a QuantScope store");

    // Every handle reads through a read-only open; writes go to a shadow copy (see "Publishing" in
    // storepublish.cpp). A file that is not a store of this schema is never written, so looking at it
    // cannot change it.
    auto p = std::make_unique<Private>();
    p->path = path;
    p->locks = locking == Locking::Flock;
    p->file = openFile(path, H5F_ACC_RDONLY, "open store", p->locks);
    p->guard("reading the store header", [&] { p->checkHeader(); });

    if (mode == Mode::ReadWrite) {
        // A file without write permission is not written, even by root (who could).
        struct stat st
        {
        };
        if (::stat(path.c_str(), &st) != 0)
            throw IoError(path + ": cannot open store for writing: " + errnoText(errno));
        if ((st.st_mode & 0222) == 0)
            throw IoError(path + ": cannot open store for writing: the file is read-only (no write permission)");
        p->lockForWriting();
        p->mode = Mode::ReadWrite;
    }
    return Store(std::move(p));
}

Store Store::openOrCreate(const std::string& path)
{
    std::error_code ec;
    return fs::exists(path, ec) ? open(path, Mode::ReadWrite) : create(path);
}

const std::string& Store::path() const
{
    return d->path;
}

std::vector<std::string> Store::runs() const
{
    return d->guard("listing runs", [&] { return childNames(d->file.openGroup("runs")); });
}

void checkRunName(const std::string& name)
{
    if (!isValidName(name))
        throw ConfigError(invalidNameMessage(name, "run name"));
}

bool Store::hasRun(const std::string& run) const
{
    return d->guard("looking up run '" + run + "'",
                    [&] { return isValidName(run) && hasLink(d->file.openGroup("runs"), run); });
}

void Store::createRun(const RunInfo& info, const std::vector<LayerInfo>& layers)
{
    const std::string& path = d->path;
    checkName(path, info.name, "run name");
    if (!info.modelConfigJson.empty())
        checkJson(path, info.modelConfigJson, "model_config of run '" + info.name + "'");
    if (!info.trainConfigJson.empty())
        checkJson(path, info.trainConfigJson, "train_config of run '" + info.name + "'");
    if (!info.source.empty())
        checkJson(path, info.source, "source of run '" + info.name + "'");
    if (!info.parent.empty())
        checkName(path, info.parent, "parent run name");

    if (hasRun(info.name))
        throw ConfigError(path + ": run '" + info.name + "' already exists");
    d->write("creating run '" + info.name + "'", [p = d.get(), info, layers] {
        const std::string& path = p->path;
        const H5::Group runs = p->file.openGroup("runs");
        if (hasLink(runs, info.name))
            throw ConfigError(path + ": run '" + info.name + "' already exists");
        const H5::Group run = runs.createGroup(info.name);
        for (const auto& [attr, field] : runAttributes)
            writeStringAttr(run, attr, info.*field);
        if (!info.source.empty())
            writeStringAttr(run, "source", info.source);
        if (!info.parent.empty()) {
            writeStringAttr(run, "parent", info.parent);
            const H5::Attribute step =
                run.createAttribute("parent_step", H5::PredType::STD_I64LE, H5::DataSpace(H5S_SCALAR));
            const int64_t value = info.parentStep;
            step.write(H5::PredType::NATIVE_INT64, &value);
        }
        logTable.create(run);
        valTable.create(run);
        checkpointTable.create(run);
        layerTable.create(run);
        layerTable.append(run, layers);
        createOrderedGroup(run, "configs");
    });
}

RunInfo Store::runInfo(const std::string& run) const
{
    return d->guard("reading run '" + run + "'", [&] {
        const H5::Group grp = d->runGroup(run);
        RunInfo info;
        info.name = run;
        for (const auto& [attr, field] : runAttributes)
            info.*field = d->readStringAttr(grp, attr);
        if (grp.attrExists("source"))
            info.source = d->readStringAttr(grp, "source");
        if (grp.attrExists("parent")) {
            info.parent = d->readStringAttr(grp, "parent");
            if (grp.attrExists("parent_step")) {
                const H5::Attribute step = grp.openAttribute("parent_step");
                requireSingleValue(step, grp, "parent_step");
                if (step.getTypeClass() != H5T_INTEGER)
                    throw Malformed("attribute 'parent_step' of " + objectName(grp) + " is not an integer");
                step.read(H5::PredType::NATIVE_INT64, &info.parentStep);
            }
        }
        return info;
    });
}

std::vector<LayerInfo> Store::layers(const std::string& run) const
{
    return d->guard("reading the layers of run '" + run + "'", [&] { return readLayers(d->runGroup(run)); });
}

void Store::appendLog(const std::string& run, const std::vector<LogRow>& rows)
{
    d->write(
        "appending to the log of run '" + run + "'",
        [p = d.get(), run, rows] { logTable.append(p->runGroup(run), rows); }, rows.size() * 2 * sizeof(LogRow));
}

std::vector<LogRow> Store::log(const std::string& run) const
{
    return d->guard("reading the log of run '" + run + "'", [&] { return logTable.read(d->runGroup(run)); });
}

void Store::appendValidation(const std::string& run, const std::vector<ValRow>& rows)
{
    d->write("appending validation rows to run '" + run + "'",
             [p = d.get(), run, rows] { valTable.append(p->runGroup(run), rows); });
}

std::vector<ValRow> Store::validation(const std::string& run) const
{
    return d->guard("reading the validation rows of run '" + run + "'",
                    [&] { return valTable.read(d->runGroup(run)); });
}

int Store::appendCheckpoint(const std::string& run, const CheckpointRow& row)
{
    d->write("appending a checkpoint to run '" + run + "'",
             [p = d.get(), run, row] { p->appended = checkpointTable.append(p->runGroup(run), std::vector {row}); });
    return static_cast<int>(d->appended);
}

void Store::setCheckpointFpCe(const std::string& run, int index, double fpValCe)
{
    const std::string what = "setting fp_val_ce of checkpoint " + std::to_string(index) + " of run '" + run + "'";
    const hsize_t rows = d->guard(what, [&] { return checkpointTable.open(d->runGroup(run)).second; });
    if (index < 0 || static_cast<hsize_t>(index) >= rows)
        throw ConfigError(d->path + ": run '" + run + "' has no checkpoint " + std::to_string(index) + " (it has "
                          + std::to_string(rows) + ")");
    d->write(what, [p = d.get(), run, index, fpValCe] {
        const auto [cols, count] = checkpointTable.open(p->runGroup(run));
        writeAt<double>(*cols[3], static_cast<hsize_t>(index), {fpValCe});
    });
}

std::vector<CheckpointRow> Store::checkpoints(const std::string& run) const
{
    return d->guard("reading the checkpoints of run '" + run + "'",
                    [&] { return checkpointTable.read(d->runGroup(run)); });
}

void Store::ensureConfig(const std::string& run, const std::string& configId, const std::string& configJson)
{
    const std::string& path = d->path;
    checkName(path, configId, "config id");
    checkJson(path, configJson, "config '" + configId + "'");
    const bool exists = d->guard("registering config '" + configId + "' in run '" + run + "'", [&] {
        const H5::Group runGrp = d->runGroup(run);
        if (Private::hasConfig(runGrp, configId)) {
            const std::string stored = d->readStringAttr(runGrp.openGroup("configs").openGroup(configId), "config");
            // Compared as JSON values: key order and whitespace do not make a config different.
            if (!nlohmann::json::accept(stored) || nlohmann::json::parse(stored) != nlohmann::json::parse(configJson))
                throw ConfigError(path + ": config '" + configId + "' of run '" + run + "' is already stored with a "
                                  + "different JSON: stored " + stored + ", given " + configJson);
            return true;
        }
        return false;
    });
    if (exists)
        return;
    d->write("adding config '" + configId + "' to run '" + run + "'", [p = d.get(), run, configId, configJson] {
        const H5::Group cfg = p->runGroup(run).openGroup("configs").createGroup(configId);
        writeStringAttr(cfg, "config", configJson);
        createColumn<uint8_t>(createOrderedGroup(cfg, "model"), "done", columnChunk);
        createOrderedGroup(cfg, "layers");
    });
}

std::vector<std::string> Store::configIds(const std::string& run) const
{
    return d->guard("listing the configs of run '" + run + "'",
                    [&] { return childNames(d->runGroup(run).openGroup("configs")); });
}

std::string Store::configJson(const std::string& run, const std::string& configId) const
{
    return d->guard("reading config '" + configId + "' of run '" + run + "'",
                    [&] { return d->readStringAttr(d->configGroup(run, configId), "config"); });
}

void Store::writeResult(const std::string& run, const std::string& configId, int checkpoint, const ResultEntry& entry)
{
    const std::string& path = d->path;
    const std::string where =
        "config '" + configId + "', checkpoint " + std::to_string(checkpoint) + " of run '" + run + "'";
    d->requireWritable("writing the result of " + where);
    for (const auto& [name, value] : entry.model) {
        checkName(path, name, "model metric name");
        if (name == "done")
            throw ConfigError(path + ": 'done' is reserved and cannot be a model metric name");
    }
    for (const auto& [name, values] : entry.layers)
        checkName(path, name, "layer metric name");
    for (const auto& [name, values] : entry.profiles)
        checkName(path, name, "profile name");
    for (const auto& [name, values] : entry.units) {
        checkName(path, name, "per-unit record name");
        if (values.empty() || values.size() != entry.units.begin()->second.size())
            throw ConfigError(path + ": per-unit records of " + where + " are empty or of different lengths");
    }

    // New chunks hold several rows (layerRowChunk): an entry can grow the file by that many rows.
    const std::uintmax_t bytes = entry.valueBytes();
    const std::uintmax_t growth = bytes * (layerRowChunk + 1) + (std::uintmax_t(1) << 18);
    d->write(
        "writing the result of " + where,
        [p = d.get(), run, configId, checkpoint, entry, where] {
            const std::string& path = p->path;
            const H5::Group runGrp = p->runGroup(run);
            const H5::Group cfg = p->configGroup(run, configId);
            const hsize_t checkpoints = checkpointTable.open(runGrp).second;
            if (checkpoint < 0 || static_cast<hsize_t>(checkpoint) >= checkpoints)
                throw ConfigError(path + ": cannot write the result of " + where + ": the run has "
                                  + std::to_string(checkpoints) + " checkpoints");
            const hsize_t layerCount = layerTable.open(runGrp).second;
            for (const auto& [name, values] : entry.layers) {
                if (values.size() != layerCount || layerCount == 0)
                    throw ConfigError(path + ": layer metric '" + name + "' of " + where + ": "
                                      + std::to_string(values.size()) + " values for " + std::to_string(layerCount)
                                      + " layers");
            }
            // A profile row is every layer's channels one after the other, as many as the layer's cols.
            const std::vector<LayerInfo> layerInfos = readLayers(runGrp);
            hsize_t channels = 0;
            for (const LayerInfo& l : layerInfos)
                channels += hsize_t(l.cols);
            std::map<std::string, std::vector<float>> profileRows;
            for (const auto& [name, perLayer] : entry.profiles) {
                bool fits = perLayer.size() == layerCount && layerCount > 0;
                for (size_t l = 0; fits && l < perLayer.size(); ++l)
                    fits = perLayer[l].size() == size_t(layerInfos[l].cols);
                if (!fits)
                    throw ConfigError(path + ": profile '" + name + "' of " + where
                                      + " does not have one value per input " + "channel of each of the "
                                      + std::to_string(layerCount) + " layers");
                auto& row = profileRows[name];
                for (const auto& values : perLayer)
                    row.insert(row.end(), values.begin(), values.end());
            }

            const H5::Group model = cfg.openGroup("model");
            const H5::Group layerGrp = cfg.openGroup("layers");
            // Stores written before profiles existed lack the group: it is added on first use.
            if (!entry.profiles.empty() && !hasLink(cfg, "profiles"))
                createOrderedGroup(cfg, "profiles");
            // Likewise the per-unit sums.
            if (!entry.units.empty() && !hasLink(cfg, "units"))
                createOrderedGroup(cfg, "units");
            const H5::DataSet done = openDataset(model, "done");
            requireShape(done, 1);
            const hsize_t row = static_cast<hsize_t>(checkpoint);
            const hsize_t rows = std::max(extent(done), row + 1);

            // A row being redone loses its done flag first, so a crash in between cannot leave a done
            // row holding a mix of old and new values.
            if (row < extent(done) && readColumn<uint8_t>(done, row + 1)[row] != 0)
                writeAt<uint8_t>(done, row, {0});

            // Every dataset of the config keeps the same row count; rows not written yet read as the
            // fill value (NaN, done = 0).
            std::vector<H5::Group> groups = {model, layerGrp};
            const bool hasProfiles = hasLink(cfg, "profiles");
            if (hasProfiles)
                groups.push_back(cfg.openGroup("profiles"));
            if (hasLink(cfg, "units"))
                groups.push_back(cfg.openGroup("units"));
            const bool rewriting = row < extent(done);
            for (size_t g = 0; g < groups.size(); ++g) {
                const H5::Group& group = groups[g];
                for (const std::string& name : childNames(group)) {
                    const H5::DataSet ds = group.openDataSet(name);
                    const hsize_t size[2] = {std::max(rows, extent(ds)), width(ds)};
                    ds.extend(size);
                    // A row written again holds only the new entry's values: metrics it lacks read NaN.
                    const bool given = g == 0   ? (name == "done" || entry.model.count(name) > 0)
                        : g == 1                ? entry.layers.count(name) > 0
                        : g == 2 && hasProfiles ? entry.profiles.count(name) > 0
                                                : entry.units.count(name) > 0;
                    if (rewriting && !given)
                        writeAt<double>(ds, row, std::vector<double>(width(ds), nan));
                }
            }
            for (const auto& [name, value] : entry.model) {
                const H5::DataSet ds = hasLink(model, name) ? model.openDataSet(name)
                                                            : createColumn<double>(model, name, columnChunk, rows);
                writeAt<double>(ds, row, {value});
            }
            // Layer metrics and profiles: one [checkpoint, cols] dataset each, created on first use.
            const auto writeRow = [&](const H5::Group& group, const std::string& name, const auto& values, hsize_t cols,
                                      const std::string& runHas) {
                using T = typename std::decay_t<decltype(values)>::value_type;
                const H5::DataSet ds = hasLink(group, name) ? group.openDataSet(name)
                                                            : createColumn<T>(group, name, layerRowChunk, rows, cols);
                if (width(ds) != cols)
                    throw FormatError(path + ": " + objectName(ds) + " has " + std::to_string(width(ds)) + " columns, "
                                      + runHas);
                writeAt(ds, row, values);
            };
            for (const auto& [name, values] : entry.layers)
                writeRow(layerGrp, name, values, layerCount, "the run has " + std::to_string(layerCount) + " layers");
            for (const auto& [name, values] : profileRows)
                writeRow(cfg.openGroup("profiles"), name, values, channels,
                         "the run's layers have " + std::to_string(channels) + " input channels");
            // Every entry of a config is evaluated on the same units, so the first fixes the width.
            for (const auto& [name, values] : entry.units)
                writeRow(cfg.openGroup("units"), name, values, hsize_t(values.size()),
                         "this entry has " + std::to_string(values.size()) + " evaluation units");

            // The flag that vouches for the values, last (a store written in place by an older version
            // relied on this order; a published version holds the whole entry or none of it).
            writeAt<uint8_t>(done, row, {1});
        },
        growth);
}

bool Store::hasResult(const std::string& run, const std::string& configId, int checkpoint) const
{
    return d->guard("looking up a result of " + configId + " in run '" + run + "'", [&] {
        const H5::Group runGrp = d->runGroup(run);
        if (checkpoint < 0 || !Private::hasConfig(runGrp, configId))
            return false;
        const H5::Group model = runGrp.openGroup("configs").openGroup(configId).openGroup("model");
        const H5::DataSet done = openDataset(model, "done");
        requireShape(done, 1);
        const hsize_t row = static_cast<hsize_t>(checkpoint);
        return row < extent(done) && readColumn<uint8_t>(done, row + 1)[row] != 0;
    });
}

ConfigResults Store::results(const std::string& run, const std::string& configId) const
{
    return d->guard("reading the results of config '" + configId + "' in run '" + run + "'", [&] {
        const H5::Group cfg = d->configGroup(run, configId);
        const H5::Group model = cfg.openGroup("model");
        const H5::Group layerGrp = cfg.openGroup("layers");
        const H5::DataSet doneDs = openForWholeRead(model, "done");
        requireShape(doneDs, 1);
        // One row per checkpoint, so rows line up with checkpoints() even where nothing is written yet.
        // (A result is only ever written for a checkpoint the run has: flags past them are not read.)
        const H5::Group runGrp = d->runGroup(run);
        const hsize_t rows = checkpointTable.open(runGrp).second;
        const hsize_t layerCount = layerTable.open(runGrp).second;

        ConfigResults res;
        res.configId = configId;
        res.configJson = d->readStringAttr(cfg, "config");
        res.done.assign(rows, 0);
        readRowsInto(doneDs, std::min(rows, extent(doneDs)), res.done.data());

        // Each dataset is read whole with one H5Dread straight into its final (model) or a reused
        // scratch (layers) buffer; every value is touched once more, when a row without its done
        // flag, a crash's leftover, is reported as NaN.
        for (const std::string& name : childNames(model)) {
            if (name == "done")
                continue;
            const H5::DataSet ds = openForWholeRead(model, name);
            requireShape(ds, 1);
            std::vector<double> values(rows, nan);
            readRowsInto(ds, std::min(rows, extent(ds)), values.data());
            for (hsize_t i = 0; i < rows; ++i)
                values[i] = res.done[i] ? values[i] : nan;
            res.model[name] = std::move(values);
        }
        std::vector<double>& flat = d->scratch;
        for (const std::string& name : childNames(layerGrp)) {
            const H5::DataSet ds = openForWholeRead(layerGrp, name);
            requireShape(ds, 2, layerCount); // one value per layer of the run
            const hsize_t cols = width(ds);
            const hsize_t stored = std::min(rows, extent(ds));
            flat.resize(stored * cols);
            readRowsInto(ds, stored, flat.data());
            std::vector<std::vector<double>> matrix;
            matrix.reserve(rows);
            for (hsize_t i = 0; i < rows; ++i) {
                if (i < stored && res.done[i]) {
                    const auto first = flat.begin() + static_cast<std::ptrdiff_t>(i * cols);
                    matrix.emplace_back(first, first + static_cast<std::ptrdiff_t>(cols));
                } else {
                    matrix.emplace_back(cols, nan);
                }
            }
            res.layers[name] = std::move(matrix);
        }
        return res;
    });
}

std::map<std::string, std::vector<double>> Store::unitSums(const std::string& run, const std::string& configId,
                                                           int checkpoint) const
{
    const std::string what = "reading the per-unit sums of config '" + configId + "', checkpoint "
        + std::to_string(checkpoint) + " in run '" + run + "'";
    return d->guard(what, [&] {
        std::map<std::string, std::vector<double>> out;
        const H5::Group cfg = d->configGroup(run, configId);
        const H5::DataSet done = openDataset(cfg.openGroup("model"), "done");
        requireShape(done, 1);
        const hsize_t row = static_cast<hsize_t>(checkpoint);
        if (checkpoint < 0 || row >= extent(done) || readColumn<uint8_t>(done, row + 1)[row] == 0
            || !hasLink(cfg, "units"))
            return out;
        const H5::Group group = cfg.openGroup("units");
        for (const std::string& name : childNames(group)) {
            const H5::DataSet ds = group.openDataSet(name);
            requireShape(ds, 2);
            if (row >= extent(ds))
                continue;
            const hsize_t count = width(ds);
            std::vector<double> values(count);
            H5::DataSpace file = ds.getSpace();
            const hsize_t start[2] = {row, 0};
            const hsize_t size[2] = {1, count};
            file.selectHyperslab(H5S_SELECT_SET, size, start);
            const H5::DataSpace mem(2, size);
            ds.read(values.data(), numTypes<double>().first, mem, file);
            // Entries written before the group existed read as NaN: they have no per-unit sums.
            if (std::any_of(values.begin(), values.end(), [](double v) { return std::isnan(v); }))
                continue;
            out[name] = std::move(values);
        }
        return out;
    });
}

std::vector<std::string> Store::profileNames(const std::string& run, const std::string& configId) const
{
    return d->guard("listing the profiles of config '" + configId + "' in run '" + run + "'", [&] {
        const H5::Group cfg = d->configGroup(run, configId);
        return hasLink(cfg, "profiles") ? childNames(cfg.openGroup("profiles")) : std::vector<std::string>();
    });
}

std::vector<float> Store::profile(const std::string& run, const std::string& configId, const std::string& metric,
                                  int checkpoint, int layer) const
{
    const std::string what = "reading profile '" + metric + "' of config '" + configId + "', checkpoint "
        + std::to_string(checkpoint) + ", layer " + std::to_string(layer) + " in run '" + run + "'";
    return d->guard(what, [&]() -> std::vector<float> {
        const H5::Group runGrp = d->runGroup(run);
        const H5::Group cfg = d->configGroup(run, configId);
        const std::vector<LayerInfo> layerInfos = readLayers(runGrp);
        if (layer < 0 || size_t(layer) >= layerInfos.size())
            throw ConfigError(d->path + ": " + what + ": the run has " + std::to_string(layerInfos.size()) + " layers");
        if (!isValidName(metric) || !hasLink(cfg, "profiles") || !hasLink(cfg.openGroup("profiles"), metric))
            throw ConfigError(d->path + ": " + what + ": no such profile");
        const H5::DataSet done = openDataset(cfg.openGroup("model"), "done");
        requireShape(done, 1);
        const hsize_t row = static_cast<hsize_t>(checkpoint);
        if (checkpoint < 0 || row >= extent(done) || readColumn<uint8_t>(done, row + 1)[row] == 0)
            return {};
        const H5::DataSet ds = cfg.openGroup("profiles").openDataSet(metric);
        hsize_t offset = 0, channels = 0;
        for (size_t l = 0; l < layerInfos.size(); ++l) {
            if (l < size_t(layer))
                offset += hsize_t(layerInfos[l].cols);
            channels += hsize_t(layerInfos[l].cols);
        }
        const hsize_t count = hsize_t(layerInfos[size_t(layer)].cols);
        requireShape(ds, 2, channels); // every layer's input channels, one after the other
        if (row >= extent(ds))
            throw FormatError(d->path + ": " + objectName(ds) + " is smaller than the run's layers need");
        std::vector<float> values(count);
        H5::DataSpace file = ds.getSpace();
        const hsize_t start[2] = {row, offset};
        const hsize_t size[2] = {1, count};
        file.selectHyperslab(H5S_SELECT_SET, size, start);
        const H5::DataSpace mem(2, size);
        ds.read(values.data(), numTypes<float>().first, mem, file);
        return values;
    });
}

void Store::saveFit(const std::string& name, const std::string& lawJson, bool replace)
{
    const std::string& path = d->path;
    checkName(path, name, "fit name");
    checkJson(path, lawJson, "fit '" + name + "'");
    d->requireWritable("saving fit '" + name + "'");
    if (!replace) {
        const std::vector<std::string> names = fitNames();
        if (std::find(names.begin(), names.end(), name) != names.end())
            throw ConfigError(path + ": a fit named '" + name + "' is stored already: choose another name "
                              + "(--name) or replace it (--replace)");
    }
    d->write("saving fit '" + name + "'", [p = d.get(), name, lawJson] {
        const H5::Group root = p->file.openGroup("/");
        const H5::Group fits = hasLink(root, "fits") ? root.openGroup("fits") : createOrderedGroup(root, "fits");
        if (hasLink(fits, name))
            fits.unlink(name);
        writeStringAttr(fits.createGroup(name), "law", lawJson);
    });
}

std::vector<std::string> Store::fitNames() const
{
    return d->guard("listing fits", [&] {
        const H5::Group root = d->file.openGroup("/");
        return hasLink(root, "fits") ? childNames(root.openGroup("fits")) : std::vector<std::string> {};
    });
}

std::string Store::fitJson(const std::string& name) const
{
    const std::vector<std::string> names = fitNames();
    if (std::find(names.begin(), names.end(), name) == names.end()) {
        std::string known;
        for (const std::string& n : names)
            known += (known.empty() ? "" : ", ") + n;
        throw ConfigError(d->path + ": no fit named '" + name + "' (stored fits: " + (known.empty() ? "none" : known)
                          + ")");
    }
    return d->guard("reading fit '" + name + "'",
                    [&] { return d->readStringAttr(d->file.openGroup("fits").openGroup(name), "law"); });
}

std::string hdf5Version()
{
    unsigned major = 0, minor = 0, release = 0;
    if (H5get_libversion(&major, &minor, &release) < 0)
        return "unknown";
    return std::to_string(major) + '.' + std::to_string(minor) + '.' + std::to_string(release);
}

} // namespace qs