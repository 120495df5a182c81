// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// What a trajectory plots per config and checkpoint: a model metric of the store, or a quantity made
// from one (top-1 agreement in percent, the mean over layers of the layer SQNR). Named on the command
// line (`quantscope figure --metric`) and in recipes by the store metric it comes from.

#include "itemmodels/storesnapshot.h"

#include <QStringList>

#include <cmath>
#include <limits>
#include <string_view>

namespace qs {

enum class TrajectoryMetric
{
    RelativeCe, // "rel_ce": CE(Ŵ)/CE(W) − 1
    DeltaCe,    // "delta_ce": CE(Ŵ) − CE(W)
    KlMean,     // "kl_mean": mean KL of the quantized next-byte distribution from the FP one (nats)
    KlP99,      // "kl_p99": its 99th percentile over tokens
    Top1Agree,  // 100 · "top1_agree": % of tokens whose argmax is the FP argmax
    LayerSqnr,  // mean over layers of "sqnr_db" (layers without a value skipped)
};

// The store metric `metric` is made from (metrics::relCe, …; metrics::sqnrDb for LayerSqnr), which is
// also its command-line name.
const char* trajectoryMetricName(TrajectoryMetric metric);
// The metric named `name` on the command line; false for any other name.
bool trajectoryMetricFromName(std::string_view name, TrajectoryMetric* metric);
// Every command-line name, in the order of the enumeration.
QStringList trajectoryMetricNames();
// The value plotted for `config` at `checkpoint`; NaN when absent or not computed yet.
double trajectoryMetricValue(const ConfigSnapshot& config, TrajectoryMetric metric, int checkpoint);
// The 95 % band of the value plotted, in its units: value ± 1.96 standard errors, or the stored bootstrap
// interval of KL's 99th percentile (core/common/metrics.h, "_se", "_lo", "_hi"). Both bounds NaN when
// the store holds no uncertainty for it (entries written before standard errors were stored; the mean
// layer SQNR has none).
struct MetricBand
{
    double lower = std::numeric_limits<double>::quiet_NaN();
    double upper = std::numeric_limits<double>::quiet_NaN();
    bool valid() const { return std::isfinite(lower) && std::isfinite(upper); }
};
MetricBand trajectoryMetricBand(const ConfigSnapshot& config, TrajectoryMetric metric, int checkpoint);
// The standard error of the value plotted, in its units; NaN when there is none (KL p99 has an interval).
double trajectoryMetricStandardError(const ConfigSnapshot& config, TrajectoryMetric metric, int checkpoint);
// Whether larger values are better (agreement, SQNR): such metrics live far from 0, damage grows from it.
bool trajectoryMetricHigherIsBetter(TrajectoryMetric metric);

} // namespace qs
