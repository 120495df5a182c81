// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Outlier channels followed across checkpoints, from the per-channel input profiles the FP
// reference stores (profiles/act_channel_absmax): at every checkpoint, which input channels of a layer
// exceed the threshold (LLM.int8()'s 6), whether each is new there or persists from the previous
// checkpoint measured, when each channel first appeared and for how long it stayed; and how the
// number of outliers along the run goes with a config's error (the W4A4 error of Chen et al. 2025).
// What `quantscope outliers` prints and the outlier inspector's channel × checkpoint view shows.

#include "core/common/metrics.h"

#include <string>
#include <vector>

namespace qs {

class Store;

// One channel that is an outlier at some checkpoint. Checkpoints are indices into the tracked ones
// (OutlierTracking::checkpoints), not store rows.
struct ChannelTrack
{
    int channel = 0;
    int first = 0;      // where it first exceeds the threshold
    int last = 0;       // where it last does
    int count = 0;      // at how many tracked checkpoints it does
    int firstRun = 0;   // how many tracked checkpoints in a row it stays from its first appearance
    bool atEnd = false; // an outlier at the last tracked checkpoint
    float peak = 0.0f;  // its largest max |x| over the tracked checkpoints
};

struct LayerOutlierTrack
{
    // Per tracked checkpoint: outlier channels, of which new (not an outlier at the previous tracked
    // checkpoint; every one at the first) and persistent (an outlier there too).
    std::vector<int> outliers, fresh, persistent;
    std::vector<ChannelTrack> channels; // in channel order
};

// Tracks one layer: profiles[k] is the layer's per-channel max |x| at tracked checkpoint k (every row
// as long as the layer's input). Throws qs::ConfigError for rows of different lengths.
LayerOutlierTrack trackLayer(const std::vector<std::vector<float>>& profiles, double threshold);

struct OutlierTracking
{
    double threshold = metrics::outlierThreshold;
    std::vector<int> checkpoints;          // store rows with a profile, in order
    std::vector<LayerOutlierTrack> layers; // one per layer of the run
};

// Every layer of `run` at every checkpoint whose FP reference has a profile. ConfigError when the run
// has no FP reference or no profile (swept before profiles were stored), naming the run.
OutlierTracking trackOutliers(const Store& store, const std::string& run, double threshold = metrics::outlierThreshold);

// How the outliers along the run go with a config's error: Spearman's ρ (and its permutation p-value)
// between the number of outlier channels per tracked checkpoint — over every layer, and over the FC2
// (down_proj) inputs only — and the config's model metric there (checkpoints it has not computed are
// left out).
struct OutlierCorrelation
{
    std::string config, metric;
    int points = 0;
    double rhoAll = 0.0, pAll = 1.0; // every layer's outliers
    double rhoFc2 = 0.0, pFc2 = 1.0; // down_proj inputs only
};

OutlierCorrelation correlateOutliers(const Store& store, const std::string& run, const OutlierTracking& tracking,
                                     const std::string& configId, const std::string& metric = metrics::deltaCe);

// The run's W4A4 config (4-bit weights and activations, no per-kind overrides) when it has one, else
// any config with 4-bit integer activations (the outlier analysis is of absmax integer grids); "" when none.
std::string w4a4Config(const Store& store, const std::string& run);

} // namespace qs
