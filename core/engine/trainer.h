// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/common/progress.h"
#include "core/config/config.h"

#include <cstdint>
#include <functional>
#include <string>

namespace qs {

class Store;
struct Corpus;

struct TrainSummary
{
    int checkpoints = 0;
    double finalValLoss = 0.0;
    bool reused = false; // the store already held the whole run
};

// Trains the built-in byte-level LM on `corpus` and records run `runName` in `store`: the per-step
// log, periodic validation loss, and a checkpoint (safetensors in `checkpointDir`) every
// `config.checkpointEvery` steps plus step 0 and the last step. A run already complete in the store
// is reused; a run that exists with a different config is an error.
// `afterCheckpoint`, when set, runs after each checkpoint is in the store (its global step), before
// training goes on: the demo sweeps each checkpoint as soon as it exists. It may throw (Cancelled).
// `device` is where the model, its optimizer state and the batches live ("cpu", "cuda", "cuda:N";
// core/engine/compute.h): not part of the run's config, so a run trained on a GPU resumes on a CPU
// and the reverse. Weights are initialised on the CPU, so every device starts from the same ones.
TrainSummary trainRun(const TrainConfig& config, const Corpus& corpus, Store& store, const std::string& runName,
                      const std::string& checkpointDir, const Progress& progress = {},
                      const std::function<void(int64_t step)>& afterCheckpoint = {}, const std::string& device = "cpu");

} // namespace qs
