// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// What a sweep's per-layer sensitivity says: per checkpoint of one config, the layers ranked
// by their measured leave-one-in damage, and how far the cheap Fisher estimate agrees with that ranking
// (Spearman's ρ over the layers), so a user knows when the estimate can stand in for the measurement.

#include <string>
#include <vector>

namespace qs {

class Store;

struct SensitivityAtCheckpoint
{
    int checkpoint = 0; // row of the run's checkpoint table
    // Per layer (the run's layer order): the stored sensitivity metrics.
    std::vector<double> loiDeltaCe, loiKl, looDeltaCe, looKl, fisherEstimate;
    std::vector<int> ranking; // layers by the report's metric, largest first (NaN last)
    double deltaCe = 0.0;     // the config's own ΔCE (every layer quantized)
    // Spearman's ρ between the Fisher estimate and the measured leave-one-in ΔCE and KL over the layers,
    // with their permutation p-values.
    double rhoDeltaCe = 0.0, rhoKl = 0.0, pDeltaCe = 1.0, pKl = 1.0;
};

struct SensitivityReport
{
    std::string config;
    std::vector<SensitivityAtCheckpoint> checkpoints; // those whose entry holds the sensitivity metrics
};

// Layers ranked by `rankBy`, one of the sensitivity metrics (metrics::loiKl by default: KL is never
// negative, where a layer's ΔCE alone can be, by its first-order term or by noise). Throws ConfigError
// naming the run, config or metric when the store lacks them or the metric is not one of those.
SensitivityReport sensitivityReport(const Store& store, const std::string& run, const std::string& config,
                                    const std::string& rankBy = "loi_kl");

// Spearman's ρ between an estimate and a measurement over the layers where both are finite (NaN with
// fewer than 3 such layers or a constant side).
double layerRankAgreement(const std::vector<double>& estimate, const std::vector<double>& measured);

// The quantized configs of `run` whose results hold per-layer sensitivity somewhere, in store order.
std::vector<std::string> configsWithSensitivity(const Store& store, const std::string& run);

} // namespace qs
