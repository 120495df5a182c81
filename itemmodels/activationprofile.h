// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The per-channel input profile of one layer (the FP reference's act_channel_absmax: max |x| of every
// input channel on the calibration set), read from the store on demand, and what the outlier page
// makes of it: the channels above the outlier threshold and their histogram.

#include "core/analysis/outliertracking.h"

#include <QString>

#include <string>
#include <vector>

namespace qs {

struct ActivationProfileRead
{
    std::vector<float> values;    // one per input channel; empty when not measured (or not stored)
    bool storeHasProfiles = true; // false: the FP reference of the run stores no channel profile at all
    QString error;                // why the store could not be read; empty when it could
};

// Layer `layer`'s channel profile at checkpoint `checkpoint` of run `run` in the store at `path`,
// opened read-only under storeOpenMutex() and closed again. Meant for a worker thread; never throws.
ActivationProfileRead readActivationProfile(const std::string& path, const std::string& run, int checkpoint, int layer);

// One layer's outlier channels followed across every checkpoint the FP reference measured
// (core/analysis/outliertracking.h), for the outlier page's channel × checkpoint view.
struct ChannelTrackRead
{
    std::vector<int> checkpoints;           // store rows, in order
    LayerOutlierTrack track;                // over those checkpoints
    std::vector<std::vector<float>> absmax; // [track.channels index][checkpoint]: max |x| of each outlier channel
    std::vector<int> rows; // track.channels indices in the view's row order: by first appearance, then channel
    QString error;         // why the store could not be read; empty when it could
};

// Reads every profile of layer `layer` of run `run` (store opened read-only under storeOpenMutex()).
// Meant for a worker thread; never throws.
ChannelTrackRead readChannelTrack(const std::string& path, const std::string& run, int layer, double threshold);

// How many of `values` exceed `threshold`.
int countAbove(const std::vector<float>& values, double threshold);

// Channel maxima binned as (lo, hi]: bin b holds the values in (b·width, (b + 1)·width], the first also
// 0 and below. With `threshold` on a bin edge (whenever the values reach past it), the bins right of
// it hold exactly the values above it.
struct ChannelHistogram
{
    double width = 1.0;
    std::vector<int> counts;
};
// Rice's rule for the number of bins (2·∛n, 6 to 40) over [0, max], then the width made a divisor of
// `threshold` when the maximum exceeds it. Empty counts for no values.
ChannelHistogram channelHistogram(const std::vector<float>& values, double threshold);

} // namespace qs
