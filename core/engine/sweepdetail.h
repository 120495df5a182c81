// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Pieces the two sweeps share: the built-in trainer's runs (sweep.cpp) and Hugging Face
// trajectories (hfsweep.cpp). Include only from core .cpp files: this header pulls in libtorch.

#include "core/config/config.h"
#include "core/engine/compute.h"
#include "core/engine/evaluate.h"
#include "core/engine/quantizemodel.h"
#include "core/store/store.h"

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
// The configs (in order) whose result for `checkpoint` the store does not hold yet.
std::vector<const QuantConfig*> missingConfigs(const Store& store, const std::string& run,
                                               const std::vector<QuantConfig>& configs, int checkpoint);
// The store entry of one (checkpoint, config): model metrics, their uncertainty and the per-unit sums
// from `units`, per-layer columns from `reports` (and the input statistics for the FP reference).
ResultEntry makeEntry(const QuantConfig& config, const EvaluationUnits& units, const std::vector<LayerReport>& reports);

} // namespace qs::sweepdetail
