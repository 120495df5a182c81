// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Per-layer metrics of a run as the pages offer them: which metrics a config has (its own, then the FP
// reference's input-activation statistics), which config holds one, which to show by default, and a
// layer metric summarized per module kind.

#include "itemmodels/storesnapshot.h"

#include <string>
#include <vector>

namespace qs {

// The per-layer metrics a page can show for config `configIndex` of `run`: the ones that config
// stores (the weight error, SQNR, GPTQ loss and damping first, the rest after them by name), then the
// FP reference's input-activation statistics (act_*), which only config "fp" measures.
std::vector<std::string> layerMetricChoices(const RunSnapshot& run, int configIndex);
// The config whose results hold `metric` for the selected config: "fp" for act_* metrics (nullptr
// when the run has no FP reference), the selected config otherwise (nullptr when out of range).
const ConfigSnapshot* layerMetricSource(const RunSnapshot& run, int configIndex, const std::string& metric);
// The metric to show among `choices`: `current` when offered, else the weight error — or, for the FP
// reference (`fullPrecision`), whose weights are exact, the input kurtosis — when offered, else the
// first choice; empty without choices.
std::string defaultLayerMetric(const std::vector<std::string>& choices, bool fullPrecision, const std::string& current);

// The module kinds present in `layers`, in block order (q k v o gate up down), other kinds after
// them by name.
std::vector<std::string> layerKindsInOrder(const std::vector<LayerInfo>& layers);

// The mean over blocks of one layer metric, per module kind.
struct KindMean
{
    std::string kind;
    double mean = 0.0; // NaN when no layer of the kind has a finite value
    int count = 0;     // layers with a finite value in the mean
};
// `values[i]` belongs to `layers[i]` (missing values count as NaN); one entry per kind of
// layerKindsInOrder(layers), in that order.
std::vector<KindMean> meanByKind(const std::vector<LayerInfo>& layers, const std::vector<double>& values);

} // namespace qs
