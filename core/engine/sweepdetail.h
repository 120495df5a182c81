// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Pieces the two sweeps share: the built-in trainer's runs (sweep.cpp) and Hugging Face
// trajectories (hfsweep.cpp). Include only from core .cpp files: this header pulls in libtorch.

#include "core/common/progress.h"
#include "core/config/config.h"
#include "core/downstream/mcmetrics.h"
#include "core/downstream/requests.h"
#include "core/engine/compute.h"
#include "core/engine/downstreamscore.h"
#include "core/engine/evaluate.h"
#include "core/engine/quantizemodel.h"
#include "core/engine/sweep.h"
#include "core/store/store.h"

#include <functional>
#include <map>
#include <optional>

#include <string>
#include <vector>

namespace qs::sweepdetail {

// A checkpoint path of the store, made absolute (relative ones are relative to the store's folder).
std::string resolveCheckpointPath(const Store& store, const std::string& path);
// The inverse for storing: relative to the store's folder when inside it (so the folder can move as a
// whole), absolute otherwise.
std::string storeRelativePath(const Store& store, const std::string& path);
// +inf and NaN are stored as NaN ("nothing to measure").
double finiteOrNan(double value);
// The configs (in order) whose result for `checkpoint` the store does not hold yet (with `downstream`: or
// whose downstream accuracy).
std::vector<const QuantConfig*> missingConfigs(const Store& store, const std::string& run,
                                               const std::vector<QuantConfig>& configs, int checkpoint,
                                               bool downstream = false);
// The store entry of one (checkpoint, config): model metrics, their uncertainty and the per-unit sums
// from `units`, per-layer columns from `reports` (and the input statistics for the FP reference).
ResultEntry makeEntry(const QuantConfig& config, const EvaluationUnits& units, const std::vector<LayerReport>& reports);

// The downstream plan of a sweep (`make` renders it) when options ask for tasks, after checking that no
// config holds downstream entries of another protocol; none otherwise. ConfigError without a task folder.
std::optional<DownstreamPlan> downstreamPlanFor(const Store& store, const std::string& run,
                                                const std::vector<QuantConfig>& configs, const SweepOptions& options,
                                                const std::function<DownstreamPlan()>& make);
// The FP config's stored per-document outcomes at `checkpoint`; Error when it has none.
std::map<std::string, std::vector<uint8_t>> storedFpCorrect(const Store& store, const std::string& run, int checkpoint);

// Scores multiple-choice requests with `forward` ([B, T] int64 ids -> [B, T, vocab] logits), longest first in
// batches of `batchTokens` padded tokens (fewer where the batch's logits would pass 2^28 floats), each
// input cut to `maxLength` as lm-eval cuts it (downstreamscore.cpp).
std::vector<McRequestScore> scoreRequests(const std::function<torch::Tensor(const torch::Tensor&)>& forward,
                                          const std::vector<McTokens>& requests, int64_t maxLength, int64_t vocab,
                                          int64_t batchTokens, const Progress& progress = {});

} // namespace qs::sweepdetail
