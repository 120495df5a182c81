// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Everything the GUI shows of one results store, read in one go off the GUI thread and handed
// around as an immutable std::shared_ptr<const StoreSnapshot>.

#include "core/config/config.h"
#include "core/store/store.h"

#include <QMetaType>
#include <QMutex>
#include <QString>

#include <memory>
#include <string>
#include <vector>

namespace qs {

// One quantization config of a run with all its results.
struct ConfigSnapshot
{
    QuantConfig config; // parsed from the stored JSON
    QString label;      // legend text, e.g. "RTN W4 g32 sym"
    ConfigResults results;
    // Downstream accuracy (docs/downstream.md): its protocol (empty: none), done flags and metrics
    // ("arc_easy.score", "mean.rel_drop", …), not the per-document rows.
    DownstreamResults downstream;

    // Model metric `metric` ("rel_ce", "delta_ce", ...) at checkpoint `checkpoint`; NaN if absent or
    // not computed yet.
    double modelMetric(const std::string& metric, int checkpoint) const;
    // Mean over layers of per-layer metric `metric` ("sqnr_db", ...) at `checkpoint`, skipping layers
    // without a finite value; NaN if none has one or the checkpoint is not computed yet.
    double meanLayerMetric(const std::string& metric, int checkpoint) const;
    // Per-layer metric `metric` at `checkpoint`: one value per layer (empty when absent or not computed
    // yet), and the value of layer `layer` (NaN when absent, not computed or out of range).
    std::vector<double> layerMetricRow(const std::string& metric, int checkpoint) const;
    double layerMetric(const std::string& metric, int checkpoint, int layer) const;
    bool isDone(int checkpoint) const;
    // Downstream metric `metric` ("mean.rel_drop") at `checkpoint`; NaN when absent or not scored yet.
    double downstreamMetric(const std::string& metric, int checkpoint) const;
    // Names of the per-layer metrics this config stores (e.g. "w_rel_err"), sorted.
    std::vector<std::string> layerMetricNames() const;
};

struct RunSnapshot
{
    RunInfo info;
    std::vector<LogRow> log;
    std::vector<ValRow> validation;
    std::vector<CheckpointRow> checkpoints;
    std::vector<LayerInfo> layers;
    std::vector<ConfigSnapshot> configs;

    QString name() const { return QString::fromStdString(info.name); }
    int configIndex(const std::string& configId) const; // -1 if absent
};

// The shard stores of a sweep submitted to a cluster (core/store/shards.h) as a snapshot saw them.
struct ShardOverlay
{
    QString folder;          // <store>.shards; empty when the store has none
    QString run;             // the run the plan sweeps
    int tasks = 0;           // tasks in the plan
    int shardsRead = 0;      // shard stores read
    int unmergedEntries = 0; // entries shown from shards that the store does not hold yet
    QString problem;         // why the plan or a shard could not be read ("" if all were)
};

struct StoreSnapshot
{
    QString path;
    std::vector<RunSnapshot> runs;
    // Results of a running cluster sweep before they are merged: the shards' entries that the store
    // lacks are in `runs` as if merged; this says how many there are and where they come from.
    ShardOverlay shards;

    int runIndex(const QString& name) const; // -1 if absent
};

using StoreSnapshotPtr = std::shared_ptr<const StoreSnapshot>;

// Reads the whole store at `path` (opened read-only), and the entries of its shard folder it lacks
// (overlayShards). Throws qs::Error (IoError, FormatError,
// SchemaError, ConfigError) with a message that names the file.
StoreSnapshotPtr loadStoreSnapshot(const QString& path);

// Adds to `snapshot` the entries of the shard stores in <path>.shards/ (the plan's run) that the
// store does not hold, each at its checkpoint of the main run, and the FP CEs the store lacks. Shards
// are read without locks (each has one writer; shards.h); one that cannot be read is skipped and
// named in shards.problem.
void overlayShards(StoreSnapshot& snapshot);

// Whether `a` and `b` hold the same store contents, every number bit for bit (a NaN equals a NaN):
// a reload that finds nothing new need not rebuild any view. Meant for the loading thread; it reads
// every value of both.
bool sameContent(const StoreSnapshot& a, const StoreSnapshot& b);

// HDF5 cannot open a file for writing while this process has it open read-only (the reverse is
// fine). Every read-only open in the Qt layers (snapshot loads, profile reads) holds this mutex for
// its whole read, and a job opening a store for writing holds it just for the open.
QMutex& storeOpenMutex();

// Registers the snapshot types with Qt's meta-type system; call once before queued use.
void registerSnapshotMetaTypes();

} // namespace qs

Q_DECLARE_METATYPE(qs::StoreSnapshotPtr)
