// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "itemmodels/storesnapshot.h"

#include "core/common/errors.h"
#include "core/store/shards.h"

#include <QFileInfo>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <tuple>

namespace qs {

namespace {

constexpr double nan = std::numeric_limits<double>::quiet_NaN();

bool sameBits(double a, double b)
{
    return std::memcmp(&a, &b, sizeof a) == 0; // NOLINT(bugprone-suspicious-memory-comparison): NaNs too
}

bool sameBits(const std::vector<double>& a, const std::vector<double>& b)
{
    return a.size() == b.size() && (a.empty() || std::memcmp(a.data(), b.data(), a.size() * sizeof(double)) == 0);
}

ConfigSnapshot readConfig(const Store& store, const std::string& run, const std::string& configId)
{
    ConfigSnapshot snapshot;
    snapshot.results = store.results(run, configId);
    snapshot.downstream = store.downstream(run, configId, /*perDocument=*/false);
    try {
        snapshot.config = QuantConfig::fromJson(snapshot.results.configJson.empty() ? store.configJson(run, configId)
                                                                                    : snapshot.results.configJson);
    } catch (const Error& e) {
        throw FormatError(store.path() + ": run '" + run + "', config '" + configId
                          + "': unreadable config JSON: " + e.what());
    }
    if (snapshot.results.configId.empty())
        snapshot.results.configId = configId;
    snapshot.label = QString::fromStdString(snapshot.config.label());
    return snapshot;
}

RunSnapshot readRun(const Store& store, const std::string& run)
{
    RunSnapshot snapshot;
    snapshot.info = store.runInfo(run);
    if (snapshot.info.name.empty())
        snapshot.info.name = run;
    snapshot.log = store.log(run);
    snapshot.validation = store.validation(run);
    snapshot.checkpoints = store.checkpoints(run);
    snapshot.layers = store.layers(run);
    for (const std::string& id : store.configIds(run))
        snapshot.configs.push_back(readConfig(store, run, id));
    return snapshot;
}

} // namespace

double ConfigSnapshot::downstreamMetric(const std::string& metric, int checkpoint) const
{
    const auto it = downstream.metrics.find(metric);
    if (it == downstream.metrics.end() || checkpoint < 0 || checkpoint >= int(it->second.size())
        || checkpoint >= int(downstream.done.size()) || !downstream.done[size_t(checkpoint)])
        return nan;
    return it->second[size_t(checkpoint)];
}

double ConfigSnapshot::modelMetric(const std::string& metric, int checkpoint) const
{
    const auto it = results.model.find(metric);
    if (it == results.model.end() || checkpoint < 0 || checkpoint >= int(it->second.size()))
        return nan;
    return isDone(checkpoint) ? it->second[size_t(checkpoint)] : nan;
}

std::vector<double> ConfigSnapshot::layerMetricRow(const std::string& metric, int checkpoint) const
{
    const auto it = results.layers.find(metric);
    if (it == results.layers.end() || !isDone(checkpoint) || checkpoint >= int(it->second.size()))
        return {};
    return it->second[size_t(checkpoint)];
}

double ConfigSnapshot::layerMetric(const std::string& metric, int checkpoint, int layer) const
{
    const auto it = results.layers.find(metric);
    if (it == results.layers.end() || !isDone(checkpoint) || layer < 0 || checkpoint >= int(it->second.size())
        || layer >= int(it->second[size_t(checkpoint)].size()))
        return nan;
    return it->second[size_t(checkpoint)][size_t(layer)];
}

double ConfigSnapshot::meanLayerMetric(const std::string& metric, int checkpoint) const
{
    const auto it = results.layers.find(metric);
    if (it == results.layers.end() || !isDone(checkpoint) || checkpoint >= int(it->second.size()))
        return nan;
    double sum = 0.0;
    int count = 0;
    for (const double value : it->second[size_t(checkpoint)]) {
        if (std::isfinite(value)) {
            sum += value;
            ++count;
        }
    }
    return count > 0 ? sum / count : nan;
}

bool ConfigSnapshot::isDone(int checkpoint) const
{
    return checkpoint >= 0 && checkpoint < int(results.done.size()) && results.done[size_t(checkpoint)] != 0;
}

std::vector<std::string> ConfigSnapshot::layerMetricNames() const
{
    std::vector<std::string> names;
    for (const auto& entry : results.layers)
        names.push_back(entry.first); // std::map: already sorted
    return names;
}

int RunSnapshot::configIndex(const std::string& configId) const
{
    for (size_t i = 0; i < configs.size(); ++i) {
        if (configs[i].results.configId == configId)
            return int(i);
    }
    return -1;
}

int StoreSnapshot::runIndex(const QString& name) const
{
    for (size_t i = 0; i < runs.size(); ++i) {
        if (runs[i].name() == name)
            return int(i);
    }
    return -1;
}

QMutex& storeOpenMutex()
{
    static QMutex mutex;
    return mutex;
}

StoreSnapshotPtr loadStoreSnapshot(const QString& path)
{
    const std::string file = path.toStdString();
    auto snapshot = std::make_shared<StoreSnapshot>();
    snapshot->path = path;
    try {
        const QMutexLocker lock(&storeOpenMutex());
        const Store store = Store::open(file, Store::Mode::ReadOnly);
        for (const std::string& run : store.runs())
            snapshot->runs.push_back(readRun(store, run));
        overlayShards(*snapshot);
    } catch (const Cancelled&) {
        throw;
    } catch (const Error& e) {
        // The core names the file; make sure the message does even if a lower layer forgot.
        if (std::string(e.what()).find(file) != std::string::npos)
            throw;
        throw FormatError(file + ": " + e.what());
    } catch (const std::exception& e) {
        throw FormatError(file + ": " + e.what());
    }
    return snapshot;
}

void overlayShards(StoreSnapshot& snapshot)
{
    const std::string folder = shardFolder(snapshot.path.toStdString());
    if (!QFileInfo::exists(QString::fromStdString(folder) + QStringLiteral("/plan.json")))
        return;
    ShardOverlay& overlay = snapshot.shards;
    overlay.folder = QString::fromStdString(folder);
    ShardPlan plan;
    try {
        plan = ShardPlan::load(folder);
    } catch (const Error& e) {
        overlay.problem = QString::fromUtf8(e.what());
        return;
    }
    overlay.run = QString::fromStdString(plan.run);
    overlay.tasks = int(plan.tasks.size());
    const int r = snapshot.runIndex(overlay.run);
    if (r < 0)
        return;
    RunSnapshot& run = snapshot.runs[size_t(r)];
    const size_t checkpoints = run.checkpoints.size(), layers = run.layers.size();
    for (const ShardTask& task : plan.tasks) {
        const std::string path = plan.shardPath(task.index);
        if (!QFileInfo::exists(QString::fromStdString(path)))
            continue;
        try {
            const Store shard = Store::open(path, Store::Mode::ReadOnly, Store::Locking::None);
            const auto rows = shard.checkpoints(plan.run);
            if (rows.size() != task.checkpoints.size())
                throw FormatError(path + ": holds " + std::to_string(rows.size()) + " checkpoints, its task "
                                  + std::to_string(task.checkpoints.size()));
            for (size_t j = 0; j < rows.size(); ++j) {
                CheckpointRow& row = run.checkpoints.at(size_t(task.checkpoints[j]));
                if (!std::isfinite(row.fpValCe) && std::isfinite(rows[j].fpValCe))
                    row.fpValCe = rows[j].fpValCe;
            }
            const auto ids = shard.configIds(plan.run);
            for (const QuantConfig& c : plan.configs) {
                if (std::find(ids.begin(), ids.end(), c.id()) == ids.end())
                    continue;
                const ConfigResults from = shard.results(plan.run, c.id());
                int index = run.configIndex(c.id());
                if (index < 0) {
                    ConfigSnapshot added;
                    added.config = c;
                    added.label = QString::fromStdString(c.label());
                    added.results.configId = c.id();
                    added.results.configJson = c.toJson();
                    run.configs.push_back(std::move(added));
                    index = int(run.configs.size()) - 1;
                }
                ConfigResults& to = run.configs[size_t(index)].results;
                to.done.resize(checkpoints, 0);
                for (size_t j = 0; j < rows.size(); ++j) {
                    const size_t i = size_t(task.checkpoints[j]);
                    if (j >= from.done.size() || !from.done[j] || i >= checkpoints || to.done[i])
                        continue;
                    for (const auto& [metric, values] : from.model) {
                        auto& column = to.model[metric];
                        column.resize(checkpoints, nan);
                        column[i] = values.at(j);
                    }
                    for (const auto& [metric, rowsOf] : from.layers) {
                        auto& matrix = to.layers[metric];
                        matrix.resize(checkpoints, std::vector<double>(layers, nan));
                        matrix[i] = rowsOf.at(j);
                    }
                    to.done[i] = 1;
                    ++overlay.unmergedEntries;
                }
            }
            ++overlay.shardsRead;
        } catch (const std::exception& e) {
            // A shard being created or damaged, or of a stale plan: shown without it, and said.
            overlay.problem = QString::fromUtf8(e.what());
        }
    }
}

bool sameContent(const StoreSnapshot& a, const StoreSnapshot& b)
{
    if (a.path != b.path || a.runs.size() != b.runs.size() || a.shards.unmergedEntries != b.shards.unmergedEntries
        || a.shards.problem != b.shards.problem)
        return false;
    const auto sameInfo = [](const RunInfo& i, const RunInfo& j) {
        return std::tie(i.name, i.modelConfigJson, i.trainConfigJson, i.corpus, i.corpusPath, i.schedule, i.source)
            == std::tie(j.name, j.modelConfigJson, j.trainConfigJson, j.corpus, j.corpusPath, j.schedule, j.source);
    };
    const auto sameLog = [](const LogRow& i, const LogRow& j) {
        return i.step == j.step && i.tokens == j.tokens && sameBits(i.lr, j.lr) && sameBits(i.trainLoss, j.trainLoss);
    };
    const auto sameVal = [](const ValRow& i, const ValRow& j) {
        return i.step == j.step && i.tokens == j.tokens && sameBits(i.valLoss, j.valLoss);
    };
    const auto sameCheckpoint = [](const CheckpointRow& i, const CheckpointRow& j) {
        return i.step == j.step && i.tokens == j.tokens && sameBits(i.lr, j.lr) && sameBits(i.fpValCe, j.fpValCe)
            && i.path == j.path && i.kind == j.kind;
    };
    const auto sameLayer = [](const LayerInfo& i, const LayerInfo& j) {
        return std::tie(i.name, i.block, i.kind, i.rows, i.cols) == std::tie(j.name, j.block, j.kind, j.rows, j.cols);
    };
    const auto sameMetric = [](const auto& m, const auto& n) {
        return m.first == n.first && sameBits(m.second, n.second);
    };
    const auto sameMatrix = [](const auto& m, const auto& n) {
        return m.first == n.first
            && std::ranges::equal(m.second, n.second, [](const auto& u, const auto& v) { return sameBits(u, v); });
    };
    for (size_t r = 0; r < a.runs.size(); ++r) {
        const RunSnapshot& x = a.runs[r];
        const RunSnapshot& y = b.runs[r];
        if (!sameInfo(x.info, y.info) || !std::ranges::equal(x.log, y.log, sameLog)
            || !std::ranges::equal(x.validation, y.validation, sameVal)
            || !std::ranges::equal(x.checkpoints, y.checkpoints, sameCheckpoint)
            || !std::ranges::equal(x.layers, y.layers, sameLayer) || x.configs.size() != y.configs.size())
            return false;
        for (size_t c = 0; c < x.configs.size(); ++c) {
            // The parsed config and its label follow from the JSON.
            const ConfigResults& i = x.configs[c].results;
            const ConfigResults& j = y.configs[c].results;
            if (i.configId != j.configId || i.configJson != j.configJson || i.done != j.done
                || !std::ranges::equal(i.model, j.model, sameMetric)
                || !std::ranges::equal(i.layers, j.layers, sameMatrix))
                return false;
            const DownstreamResults& u = x.configs[c].downstream;
            const DownstreamResults& v = y.configs[c].downstream;
            if (u.protocol != v.protocol || u.done != v.done || !std::ranges::equal(u.metrics, v.metrics, sameMetric))
                return false;
        }
    }
    return true;
}

void registerSnapshotMetaTypes()
{
    qRegisterMetaType<StoreSnapshotPtr>();
}

} // namespace qs
