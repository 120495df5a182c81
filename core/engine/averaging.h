// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/common/progress.h"
#include "core/config/averagingspec.h"
#include "core/hf/hfaverage.h"

#include <cstdint>
#include <string>
#include <vector>

namespace qs {

class Store;

// Weight averaging over a trajectory (LAWA and model soups, as in "Training Dynamics Impact Post-Training Quantization
// Robustness"). Every result is a new run of averaged checkpoints (kind "averaged", each row's provenance naming its
// sources) linked to its parent, so sweeps, the explorer and fits treat it like any trajectory. Averages are taken in
// float64 and saved as F32 safetensors under `checkpointDir`. Runs already in the store are extended, never recomputed.
// Runs of Hugging Face revisions (hfrun.h) are averaged by core/hf/hfaverage.h instead: each average a revision folder
// under `checkpointDir` in the ingredients' dtype, sharded at `hfShardBytes`.

// LAWA: run `<run>.lawa<window>` (`.lawa<window>s<stride>` for stride > 1) whose checkpoint at step t is
// the uniform average of the parent's last `window` checkpoints up to t, taking every `stride`-th
// (the paper: checkpoints every 500 steps, window 5). Averaged checkpoints of the parent are skipped.
// `window` in [lawaMinWindow, lawaMaxWindow], `stride` in [1, lawaMaxStride] (core/config/averagingspec.h;
// ConfigError otherwise).
AveragingSummary lawaRun(Store& store, const std::string& run, int window, int stride, const std::string& checkpointDir,
                         const Progress& progress = {}, uint64_t hfShardBytes = kHfDefaultShardBytes);

// A model soup: run `name` (parent: the first ingredient's run) with one checkpoint, the weighted
// average of the ingredients (step and tokens of the latest). All must share the model config. The
// name (checkRunName) and the ingredients are checked and the average written before the run is
// created, so a refused or cancelled soup leaves the store as it was.
AveragingSummary soupRun(Store& store, const std::string& name, std::vector<SoupIngredient> ingredients,
                         const std::string& checkpointDir, uint64_t hfShardBytes = kHfDefaultShardBytes,
                         const Progress& progress = {});

// The weighted average of QuantScope checkpoint files, written to `out` (F32). Throws naming the
// file whose model config differs from the first's.
void averageCheckpointFiles(const std::vector<std::string>& paths, const std::vector<double>& weights,
                            const std::string& out, int64_t step, int64_t tokens);

} // namespace qs
