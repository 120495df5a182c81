// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Scaling-law data from a results store: the points the sweep engine and the trainer produced, in the
// form core/scalinglaws fits (ScalingData), and a run's PTQ-degradation trajectory.
//
// What a store point is, per law:
//   chinchilla  one point per checkpoint with tokens > 0 and a measured FP validation CE:
//               N = the run's parameter count (ModelConfig::parameterCount, embeddings included, as
//               Chinchilla counts), D = tokens, loss = FP validation CE (nats per byte for the
//               built-in byte-level models).
//   w4a4        one point per (checkpoint, config) of the configs that match the variant, with δ =
//               the stored delta_ce (CE(Ŵ) − CE(W)) and G = the config's group size (per channel /
//               per token: the run's d_model):
//                 w4a16        weights at 4 bits, activations at 16, no per-kind rule
//                 w16a4        weights unquantized, activations at 4 bits, no per-kind rule
//                 w16a4-fc2a8  weights unquantized, activations at 4 bits but the FC2 (down) input at 8
//                 w4a4         weights and activations at 4 bits, no per-kind rule
//   qat         needs QAT runs (D_fp, D_qat), which stores do not hold yet: qs::ConfigError saying to
//               bring a CSV.
// Points whose value is NaN (not measured yet) are skipped.

#include "itemmodels/storesnapshot.h"

#include "core/scalinglaws/data.h"
#include "core/scalinglaws/laws.h"
#include "core/scalinglaws/ptq.h"

#include <QStringList>

#include <optional>
#include <string>
#include <vector>

namespace qs {

// `runs`: names of the runs to take points from; empty = every run. qs::ConfigError naming the store
// when a run is absent or no point matches (e.g. no config of the variant).
scaling::ScalingData scalingDataFromSnapshot(const StoreSnapshot& snapshot, scaling::LawKind kind,
                                             std::optional<scaling::W4A4Variant> variant, const QStringList& runs = {});

// Whether `config` is what the W4A4-law variant describes (see above).
bool configMatchesVariant(const QuantConfig& config, scaling::W4A4Variant variant);

// The model metrics a PTQ-degradation analysis offers, the default first: relative CE, ΔCE, KL mean.
const std::vector<std::string>& ptqDamageMetrics();

// The run's checkpoints as PTQ-degradation points: step, tokens, LR and the model metric `metric`
// (ptqDamageMetrics(), or any other model metric) of the run's config `configIndex` (NaN where not
// measured).
std::vector<scaling::PtqTrajectoryPoint> ptqTrajectory(const RunSnapshot& run, int configIndex,
                                                       const std::string& metric);

} // namespace qs
