// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
// Downstream accuracy (/runs/<run>/configs/<config-id>/downstream, docs/store-format.md): writing, looking up
// and reading the entries of `quantscope sweep --downstream`.

#include "core/store/store.h"

#include "core/common/errors.h"
#include "core/store/h5util.h"
#include "core/store/storeprivate.h"

#include <nlohmann/json.hpp>

#include <H5Cpp.h>

#include <algorithm>
#include <string>
#include <vector>

namespace qs {
namespace {

using namespace h5;

constexpr hsize_t kRowChunk = 8;

// Two protocols are the same when their JSON values are (key order and spacing aside).
bool sameProtocol(const std::string& a, const std::string& b)
{
    return nlohmann::json::parse(a, nullptr, false) == nlohmann::json::parse(b, nullptr, false);
}

// Store::Private is Store's own: deduced, never named here.
template<class Private>
std::string protocolOf(const H5::Group& cfg, const Private& p)
{
    if (!hasLink(cfg, "downstream"))
        return {};
    return p.readStringAttr(cfg.openGroup("downstream"), "protocol");
}

} // namespace

void Store::writeDownstream(const std::string& run, const std::string& configId, int checkpoint,
                            const std::string& protocol, const DownstreamEntry& entry)
{
    const std::string where = "the downstream accuracy of config '" + configId + "', checkpoint "
        + std::to_string(checkpoint) + " of run '" + run + "'";
    d->requireWritable("writing " + where);
    checkJson(d->path, protocol, "downstream protocol");
    for (const auto& metric : entry.metrics)
        checkName(d->path, metric.first, "downstream metric name");
    for (const auto& [name, values] : entry.correct) {
        checkName(d->path, name, "downstream metric name");
        if (values.empty() || values.size() != entry.correct.begin()->second.size())
            throw ConfigError(d->path + ": the per-document outcomes of " + where
                              + " are empty or of different lengths");
    }
    const std::uintmax_t growth =
        (entry.metrics.size() * 8 + entry.loglik.size() * 8
         + entry.correct.size() * (entry.correct.empty() ? 0 : entry.correct.begin()->second.size()))
            * (kRowChunk + 1)
        + (std::uintmax_t(1) << 18);
    d->write(
        "writing " + where,
        [p = d.get(), run, configId, checkpoint, protocol, entry, where] {
            const std::string& path = p->path;
            const H5::Group runGrp = p->runGroup(run);
            const H5::Group cfg = p->configGroup(run, configId);
            const hsize_t checkpoints = extent(runGrp.openGroup("checkpoints").openDataSet("step"));
            if (checkpoint < 0 || static_cast<hsize_t>(checkpoint) >= checkpoints)
                throw ConfigError(path + ": cannot write " + where + ": the run has " + std::to_string(checkpoints)
                                  + " checkpoints");
            const std::string stored = protocolOf(cfg, *p);
            if (!stored.empty() && !sameProtocol(stored, protocol))
                throw ConfigError(path + ": config '" + configId + "' of run '" + run
                                  + "' holds downstream results of another protocol (stored " + stored + ", now "
                                  + protocol + "): sweep into another store or run");
            H5::Group ds;
            if (stored.empty()) {
                ds = hasLink(cfg, "downstream") ? cfg.openGroup("downstream") : createOrderedGroup(cfg, "downstream");
                writeStringAttr(ds, "protocol", protocol);
                createOrderedGroup(ds, "metrics");
                createOrderedGroup(ds, "correct");
                createColumn<uint8_t>(ds, "done", kRowChunk);
            } else {
                ds = cfg.openGroup("downstream");
            }
            const H5::DataSet done = openDataset(ds, "done");
            requireShape(done, 1);
            const hsize_t row = static_cast<hsize_t>(checkpoint);
            const hsize_t rows = std::max(extent(done), row + 1);
            // A row being redone loses its flag first (as Store::writeResult).
            if (row < extent(done) && readColumn<uint8_t>(done, row + 1)[row] != 0)
                writeAt<uint8_t>(done, row, {0});
            const hsize_t doneSize[1] = {rows};
            done.extend(doneSize);
            const H5::Group metrics = ds.openGroup("metrics");
            const H5::Group correct = ds.openGroup("correct");
            // Every dataset keeps the flags' row count; a metric this entry lacks reads NaN in its row.
            for (const std::string& name : childNames(metrics)) {
                const H5::DataSet col = metrics.openDataSet(name);
                const hsize_t size[1] = {std::max(rows, extent(col))};
                col.extend(size);
                if (!entry.metrics.count(name))
                    writeAt<double>(col, row, {nan});
            }
            for (const auto& [name, value] : entry.metrics) {
                const H5::DataSet col = hasLink(metrics, name) ? metrics.openDataSet(name)
                                                               : createColumn<double>(metrics, name, kRowChunk, rows);
                writeAt<double>(col, row, {value});
            }
            const auto writeRow = [&](const H5::Group& group, const std::string& name, const auto& values) {
                using T = typename std::decay_t<decltype(values)>::value_type;
                const H5::DataSet col = hasLink(group, name)
                    ? group.openDataSet(name)
                    : createColumn<T>(group, name, kRowChunk, rows, values.size());
                if (width(col) != values.size())
                    throw ConfigError(path + ": " + objectName(col) + " has " + std::to_string(width(col))
                                      + " columns and " + where + " " + std::to_string(values.size())
                                      + ": the protocol's documents changed");
                const hsize_t size[2] = {std::max(rows, extent(col)), width(col)};
                col.extend(size);
                writeAt(col, row, values);
            };
            for (const auto& [name, values] : entry.correct)
                writeRow(correct, name, values);
            if (!entry.loglik.empty())
                writeRow(ds, "loglik", entry.loglik);
            writeAt<uint8_t>(done, row, {1});
        },
        growth);
}

bool Store::hasDownstream(const std::string& run, const std::string& configId, int checkpoint) const
{
    return d->guard("looking up the downstream accuracy of " + configId + " in run '" + run + "'", [&] {
        const H5::Group runGrp = d->runGroup(run);
        if (checkpoint < 0 || !Private::hasConfig(runGrp, configId))
            return false;
        const H5::Group cfg = runGrp.openGroup("configs").openGroup(configId);
        if (!hasLink(cfg, "downstream"))
            return false;
        const H5::DataSet done = openDataset(cfg.openGroup("downstream"), "done");
        requireShape(done, 1);
        const hsize_t row = static_cast<hsize_t>(checkpoint);
        return row < extent(done) && readColumn<uint8_t>(done, row + 1)[row] != 0;
    });
}

std::string Store::downstreamProtocol(const std::string& run, const std::string& configId) const
{
    return d->guard("reading the downstream protocol of " + configId + " in run '" + run + "'", [&] {
        const H5::Group runGrp = d->runGroup(run);
        if (!Private::hasConfig(runGrp, configId))
            return std::string();
        return protocolOf(runGrp.openGroup("configs").openGroup(configId), *d);
    });
}

DownstreamResults Store::downstream(const std::string& run, const std::string& configId, bool perDocument) const
{
    return d->guard("reading the downstream accuracy of " + configId + " in run '" + run + "'", [&] {
        DownstreamResults r;
        const H5::Group runGrp = d->runGroup(run);
        if (!Private::hasConfig(runGrp, configId))
            return r;
        const H5::Group cfg = runGrp.openGroup("configs").openGroup(configId);
        r.protocol = protocolOf(cfg, *d);
        if (r.protocol.empty())
            return r;
        const H5::Group ds = cfg.openGroup("downstream");
        const H5::DataSet done = openDataset(ds, "done");
        requireShape(done, 1);
        const hsize_t rows = extent(done);
        r.done = readColumn<uint8_t>(done, rows);
        const H5::Group metrics = ds.openGroup("metrics");
        for (const std::string& name : childNames(metrics)) {
            const H5::DataSet col = metrics.openDataSet(name);
            requireShape(col, 1);
            std::vector<double> values = readColumn<double>(col, std::min(rows, extent(col)));
            values.resize(rows, nan);
            for (hsize_t i = 0; i < rows; ++i)
                if (!r.done[i])
                    values[i] = nan;
            r.metrics[name] = std::move(values);
        }
        const auto matrix = [&](const H5::DataSet& col, auto zero) {
            using T = decltype(zero);
            requireShape(col, 2);
            const hsize_t w = width(col);
            const std::vector<T> flat = readColumn<T>(col, std::min(rows, extent(col)));
            std::vector<std::vector<T>> out(rows);
            for (hsize_t i = 0; i < rows; ++i)
                if (r.done[i] && (i + 1) * w <= flat.size())
                    out[i].assign(flat.begin() + static_cast<std::ptrdiff_t>(i * w),
                                  flat.begin() + static_cast<std::ptrdiff_t>((i + 1) * w));
            return out;
        };
        if (!perDocument)
            return r;
        const H5::Group correct = ds.openGroup("correct");
        for (const std::string& name : childNames(correct))
            r.correct[name] = matrix(correct.openDataSet(name), uint8_t(0));
        if (hasLink(ds, "loglik"))
            r.loglik = matrix(ds.openDataSet("loglik"), double(0));
        return r;
    });
}

} // namespace qs
