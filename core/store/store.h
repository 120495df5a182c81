// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/common/kinds.h"

#include <cstddef>
#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <vector>

namespace qs {

// One line of the trainer's per-step log.
struct LogRow
{
    int64_t step = 0;
    int64_t tokens = 0;
    double lr = 0.0;
    double trainLoss = 0.0;
};

// One periodic validation measurement.
struct ValRow
{
    int64_t step = 0;
    int64_t tokens = 0;
    double valLoss = 0.0;
};

// One point of a scalar series of an imported training log (TensorBoard, W&B): docs/store-format.md.
struct ScalarRow
{
    int64_t step = 0;
    double value = 0.0;
};

struct CheckpointRow
{
    int64_t step = 0;
    int64_t tokens = 0;
    double lr = 0.0;
    double fpValCe = 0.0; // validation CE of the full-precision checkpoint (nats/byte); NaN until measured
    std::string path;     // checkpoint file, relative to the store's folder when inside it
    // "trained" (by the run's own training), "branch" (the parent's checkpoint a branch starts from;
    // the file is the parent's) or "averaged" (LAWA, EMA or a soup; provenance says which).
    std::string kind = "trained";
    // How an averaged or branch checkpoint came about, JSON (docs/store-format.md); empty for trained ones.
    std::string provenance;
    // The training stage the checkpoint belongs to, as a trajectory names it ("stage1",
    // "stage2-ingredient1"; core/hf/stagelayout.h); empty for single-stage runs and older stores.
    std::string stage;
};

struct RunInfo
{
    std::string name;
    std::string modelConfigJson;
    std::string trainConfigJson;
    std::string corpus;     // what the run trained on, in words
    std::string corpusPath; // the text file, relative to the store's folder when inside it
    std::string schedule;   // schedule kind, e.g. "wsd"
    // Where the checkpoints come from when not from the built-in trainer: JSON, e.g. a Hugging Face
    // trajectory's evaluation data (hfrun.h). Empty for trainer runs (and absent from older stores).
    std::string source;
    // The run this one was derived from: a branch (training resumed from the parent's checkpoint at
    // parentStep with another schedule or QAT) or an averaged trajectory (LAWA / EMA / soup; parentStep
    // -1). Empty for root runs.
    std::string parent;
    int64_t parentStep = -1;
};

// The names a store accepts for runs (and config ids, metrics, fits): letters, digits, '-', '_' and
// '.', not "." or "..". ConfigError "invalid run name '<name>' (allowed: …)" otherwise: createRun's
// own check, for callers that name a run before any work (the soup dialog, averaging).
void checkRunName(const std::string& name);

// The HDF5 library loaded, asked at run time ("1.10.8").
std::string hdf5Version();

// All results of one quantization config in one run, in store order (row = checkpoint index,
// column = layer index). Rows whose `done` flag is 0 hold NaN.
struct ConfigResults
{
    std::string configId;
    std::string configJson;
    std::vector<uint8_t> done;
    std::map<std::string, std::vector<double>> model;               // metric -> [checkpoint]
    std::map<std::string, std::vector<std::vector<double>>> layers; // metric -> [checkpoint][layer]
};

// What one (checkpoint, config) evaluation produced.
struct ResultEntry
{
    std::map<std::string, double> model;               // e.g. ce, delta_ce, rel_ce, ppl
    std::map<std::string, std::vector<double>> layers; // e.g. w_rel_err -> one value per layer
    // Per-channel profiles over each layer's input channels, e.g. act_channel_absmax -> [layer][cols].
    std::map<std::string, std::vector<std::vector<float>>> profiles;
    // Per-unit sums over the evaluation's units (metrics::units: tokens, ce, fp_ce, kl, top1), the
    // paired tests' input; every vector one value per unit, as many units in every entry of a config.
    std::map<std::string, std::vector<double>> units = {};

    // The bytes of its values as stored (8 a double, 4 a profile's float), names and indexes left out.
    std::size_t valueBytes() const;
};

// The downstream accuracy of one (checkpoint, config) (docs/downstream.md): scalar metrics ("arc_easy.acc",
// "arc_easy.acc_se", "mean.rel_drop", …), per metric ("acc", "acc_norm", …) whether each document was
// answered right (tasks in protocol order), and each request's log-likelihood.
struct DownstreamEntry
{
    std::map<std::string, double> metrics;
    std::map<std::string, std::vector<uint8_t>> correct;
    std::vector<double> loglik;
};

// Every downstream entry of one config, rows = checkpoints; rows not done hold NaN and 0.
struct DownstreamResults
{
    std::string protocol; // JSON: tasks, documents, few-shot count, limit (empty: nothing stored)
    std::vector<uint8_t> done;
    std::map<std::string, std::vector<double>> metrics;               // name -> [checkpoint]
    std::map<std::string, std::vector<std::vector<uint8_t>>> correct; // metric -> [checkpoint][document]
    std::vector<std::vector<double>> loglik;                          // [checkpoint][request]
};

// The HDF5 results store (layout: docs/store-format.md). The file is never changed in place: every
// change is written to a shadow copy beside it and published with one atomic rename, so a kill, a full
// disk or a failed write at any instant leaves the store as it was before that change, readable by
// QuantScope and h5py (docs/store-format.md, "Crash safety"). One handle at a time may write a store.
// A Store is used by one thread at a time.
class Store
{
public:
    static constexpr int schemaVersion = 1;

    enum class Mode
    {
        ReadOnly,
        ReadWrite,
    };

    // File locks. Flock: HDF5's shared lock on a read-only open and QuantScope's writer lock, so that
    // one handle at a time writes and a writer never reuses a file a reader still reads (the default).
    // None: no lock is ever taken, for a file with one writer by construction on a file system whose
    // locks fail or hang (NFS, Lustre): a cluster task's shard store (shards.h). A writer without locks
    // then publishes every change from a fresh copy, so readers of an older version are never disturbed.
    enum class Locking
    {
        Flock,
        None,
    };

    // Creates a new store (published complete, open for writing); throws IoError if the file exists or
    // cannot be created.
    static Store create(const std::string& path, Locking locking = Locking::Flock);
    // Opens an existing store; throws IoError (missing/unreadable; for writing: read-only file or
    // folder, or another writer has it), FormatError (not HDF5 / not a QuantScope store) or SchemaError
    // (other schema version), each naming the file.
    static Store open(const std::string& path, Mode mode = Mode::ReadOnly, Locking locking = Locking::Flock);
    // Opens the store if it exists, creates it otherwise.
    static Store openOrCreate(const std::string& path);

    Store(Store&&) noexcept;
    Store& operator=(Store&&) noexcept;
    ~Store();

    const std::string& path() const;

    // Several changes published as one. Between beginBatch() and commitBatch() writes go to the shadow
    // copy and reads see them; the store changes at commitBatch(), with all of them. abandonBatch()
    // (or destroying the Store, or a failed write) drops them. Use StoreBatch.
    void beginBatch();
    void commitBatch();
    void abandonBatch();

    std::vector<std::string> runs() const;
    bool hasRun(const std::string& run) const;
    void createRun(const RunInfo& info, const std::vector<LayerInfo>& layers);
    RunInfo runInfo(const std::string& run) const;
    std::vector<LayerInfo> layers(const std::string& run) const;

    void appendLog(const std::string& run, const std::vector<LogRow>& rows);
    std::vector<LogRow> log(const std::string& run) const;
    void appendValidation(const std::string& run, const std::vector<ValRow>& rows);
    std::vector<ValRow> validation(const std::string& run) const;
    // The scalar series of a run's imported training log, by tag (any text: "train/loss", "lr-AdamW"),
    // under /runs/<run>/scalars/. Appending to a tag the run lacks creates its series.
    void appendScalars(const std::string& run, const std::string& tag, const std::vector<ScalarRow>& rows);
    std::vector<std::string> scalarTags(const std::string& run) const;                    // in the order first appended
    std::vector<ScalarRow> scalars(const std::string& run, const std::string& tag) const; // empty when absent

    // Returns the new checkpoint's index.
    int appendCheckpoint(const std::string& run, const CheckpointRow& row);
    void setCheckpointFpCe(const std::string& run, int index, double fpValCe);
    std::vector<CheckpointRow> checkpoints(const std::string& run) const;

    // Registers a quantization config (idempotent; the JSON of an existing id must match).
    void ensureConfig(const std::string& run, const std::string& configId, const std::string& configJson);
    std::vector<std::string> configIds(const std::string& run) const;
    std::string configJson(const std::string& run, const std::string& configId) const;

    void writeResult(const std::string& run, const std::string& configId, int checkpoint, const ResultEntry& entry);
    bool hasResult(const std::string& run, const std::string& configId, int checkpoint) const;
    ConfigResults results(const std::string& run, const std::string& configId) const;
    // The per-unit sums of one entry (ResultEntry::units); empty when that checkpoint's row is not done
    // or was written without them (by a version that did not store per-unit sums yet).
    std::map<std::string, std::vector<double>> unitSums(const std::string& run, const std::string& configId,
                                                        int checkpoint) const;
    // Downstream accuracy (storedownstream.cpp). Every entry of a config is under one protocol, fixed by
    // its first: writing another is a ConfigError naming both. Rows are redone like results.
    void writeDownstream(const std::string& run, const std::string& configId, int checkpoint,
                         const std::string& protocol, const DownstreamEntry& entry);
    bool hasDownstream(const std::string& run, const std::string& configId, int checkpoint) const;
    std::string downstreamProtocol(const std::string& run, const std::string& configId) const; // "" if none
    // `perDocument` false: the protocol, flags and metrics only (what a view plots), not the outcomes and
    // log-likelihoods.
    DownstreamResults downstream(const std::string& run, const std::string& configId, bool perDocument = true) const;
    // Profiles are read one (checkpoint, layer) at a time: names, then one layer's values (empty when
    // that checkpoint's row is not done).
    std::vector<std::string> profileNames(const std::string& run, const std::string& configId) const;
    std::vector<float> profile(const std::string& run, const std::string& configId, const std::string& metric,
                               int checkpoint, int layer) const;

    // Scaling-law fits (docs/scaling.md), one JSON document each under /fits/<name>. Saving under a
    // name that exists is a ConfigError unless `replace` (then the old document is overwritten).
    void saveFit(const std::string& name, const std::string& lawJson, bool replace = false);
    std::vector<std::string> fitNames() const;          // empty when the store has no /fits group
    std::string fitJson(const std::string& name) const; // ConfigError listing the fits when absent

private:
    struct Private;
    explicit Store(std::unique_ptr<Private> d);
    std::unique_ptr<Private> d;
};

// A batch of a store's changes for one scope: published by commit(), dropped otherwise.
class StoreBatch
{
public:
    explicit StoreBatch(Store& store)
        : m_store(store)
    {
        m_store.beginBatch();
    }
    ~StoreBatch()
    {
        if (!m_done)
            m_store.abandonBatch();
    }
    StoreBatch(const StoreBatch&) = delete;
    StoreBatch& operator=(const StoreBatch&) = delete;

    void commit()
    {
        m_done = true;
        m_store.commitBatch();
    }

private:
    Store& m_store;
    bool m_done = false;
};

} // namespace qs
