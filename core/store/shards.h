// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// A sweep split into tasks that run elsewhere (a SLURM job array, or local worker processes) and write
// shard stores, folded back into the main store by a merge (docs/cluster.md).
//
// The shard folder `<store>.shards/` beside the main store holds the plan (plan.json: the run, the
// configs, which checkpoints each task sweeps, the submissions so far), one shard store per task
// (task-<N>.h5) and its log (task-<N>.log). The plan is made from what the main store is missing, and
// every shard store is created when the plan is, by the submitting process: a task only ever opens its
// own shard, its one writer, so shards are written and read without file locks (Store::Locking::None),
// which on NFS or Lustre may fail or hang. A shard is an ordinary store (the run, its layers, the task's
// checkpoints with absolute paths, the configs, and the entries the main store already held for those
// checkpoints, so the task skips them): `quantscope sweep` on it resumes it, h5py reads it.

#include "core/config/config.h"

#include <cstdint>
#include <string>
#include <vector>

namespace qs {

class Store;
struct ResultEntry;

// "<store>.shards" beside the store.
std::string shardFolder(const std::string& storePath);

struct ShardTask
{
    int index = 0;
    std::vector<int> checkpoints; // indices into the main store's checkpoints of the run
    std::vector<int64_t> steps;   // their steps (for messages)
};

// One submission of some of a plan's tasks: a SLURM array job, or a run of local workers.
struct ShardSubmission
{
    std::string job;        // SLURM job id ("4711"); "local" for local workers
    std::vector<int> tasks; // the array indices it runs
    std::string submitted;  // ISO 8601, UTC
};

struct ShardPlan
{
    std::string folder; // the shard folder (absolute); not stored in plan.json
    std::string store;  // the main store (absolute)
    std::string run;
    std::vector<QuantConfig> configs; // "fp" first, then the user's
    std::vector<ShardTask> tasks;
    std::vector<ShardSubmission> submissions;
    std::string created; // ISO 8601, UTC

    std::string planPath() const;
    std::string shardPath(int task) const; // <folder>/task-<N>.h5
    std::string logPath(int task) const;   // <folder>/task-<N>.log
    int expectedEntries(int task) const;   // its checkpoints × configs
    // The last submission that ran `task` (its job id), or "" if none did.
    std::string jobOf(int task) const;

    std::string toJson() const;
    // FormatError naming `what` for anything but a plan this version wrote.
    static ShardPlan fromJson(const std::string& json, const std::string& what);
    // <folder>/plan.json; IoError if absent or unreadable, FormatError if malformed.
    static ShardPlan load(const std::string& folder);
    // Written to a temporary file and renamed over plan.json: a kill leaves the old plan or the new one.
    void save() const;
};

// The missing work of `run`: every checkpoint that lacks the result of one of `configs` (or of the FP
// reference, always included) goes to a task, `perTask` checkpoints per task in checkpoint order. No
// task at all when nothing is missing. Every config of the plan, the FP reference included, computes in
// `computeDtype` (a canonical name: canonicalComputeDtype; checkComputeDtype in core/hf/hfrun.h says
// whether the run takes it). ConfigError if the run is absent or a config id is stored with other
// parameters.
ShardPlan planShards(const Store& store, const std::string& run, const std::vector<QuantConfig>& configs, int perTask,
                     const std::string& computeDtype = "float32");

// Creates the shard store of every task of `plan` (replacing one left from an earlier plan) from the
// main store `main`, and writes plan.json. IoError naming the file on failure.
void createShards(const Store& main, const ShardPlan& plan);

struct ShardProgress
{
    bool exists = false;
    int stored = 0;    // (checkpoint, config) entries in the shard
    int expected = 0;  // plan.expectedEntries(task)
    std::string error; // why the shard could not be read (then stored is 0)
    bool complete() const { return exists && error.empty() && stored >= expected; }
};
ShardProgress shardProgress(const ShardPlan& plan, int task);

struct MergeReport
{
    int shards = 0;                      // shard stores read
    int added = 0;                       // entries written to the main store
    int alreadyThere = 0;                // entries the main store held, with the same values
    std::vector<std::string> incomplete; // shards with entries still missing ("task-2.h5: 1 of 4 entries")
};

// Folds `shards` into the store at `storePath`. Everything is read and checked before anything is
// written: each shard must hold the same run (name, model and training config, corpus, layers), its
// configs the same JSON, and each checkpoint a checkpoint of the main run (same step and file); an
// entry the main store already holds must have the same values. Any difference is a ConfigError naming
// the shard, and for values the config, checkpoint step and metric; the main store is then unchanged.
// Each shard's new entries are published as one change, so a merge killed midway leaves whole shards
// merged and the next merge adds the rest; merging again adds nothing.
MergeReport mergeShards(const std::string& storePath, const std::vector<std::string>& shards);

// Entry `checkpoint` of config `configId` as stored (model and layer metrics, profiles).
ResultEntry readEntry(const Store& store, const std::string& run, const std::string& configId, int checkpoint);
// "" if equal (NaN equals NaN), else the first difference in words: "ce: 3.25 vs 3.5".
std::string entryDifference(const ResultEntry& a, const ResultEntry& b);

} // namespace qs
