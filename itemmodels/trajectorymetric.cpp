// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "itemmodels/trajectorymetric.h"

#include "core/common/metrics.h"

#include <limits>
#include <utility>

namespace qs {

namespace {

constexpr std::pair<TrajectoryMetric, const char*> names[] = {
    {TrajectoryMetric::RelativeCe, metrics::relCe},    {TrajectoryMetric::DeltaCe, metrics::deltaCe},
    {TrajectoryMetric::KlMean, metrics::klMean},       {TrajectoryMetric::KlP99, metrics::klP99},
    {TrajectoryMetric::Top1Agree, metrics::top1Agree}, {TrajectoryMetric::LayerSqnr, metrics::sqnrDb},
};

} // namespace

const char* trajectoryMetricName(TrajectoryMetric metric)
{
    for (const auto& [value, name] : names) {
        if (value == metric)
            return name;
    }
    return "";
}

bool trajectoryMetricFromName(std::string_view name, TrajectoryMetric* metric)
{
    for (const auto& [value, key] : names) {
        if (name == key) {
            *metric = value;
            return true;
        }
    }
    return false;
}

QStringList trajectoryMetricNames()
{
    QStringList list;
    for (const auto& entry : names)
        list << QLatin1String(entry.second);
    return list;
}

double trajectoryMetricValue(const ConfigSnapshot& config, TrajectoryMetric metric, int checkpoint)
{
    switch (metric) {
    case TrajectoryMetric::RelativeCe:
    case TrajectoryMetric::DeltaCe:
    case TrajectoryMetric::KlMean:
    case TrajectoryMetric::KlP99:
        return config.modelMetric(trajectoryMetricName(metric), checkpoint);
    case TrajectoryMetric::Top1Agree:
        return 100.0 * config.modelMetric(metrics::top1Agree, checkpoint);
    case TrajectoryMetric::LayerSqnr:
        return config.meanLayerMetric(metrics::sqnrDb, checkpoint);
    }
    return std::numeric_limits<double>::quiet_NaN();
}

double trajectoryMetricStandardError(const ConfigSnapshot& config, TrajectoryMetric metric, int checkpoint)
{
    const char* name = trajectoryMetricName(metric);
    if (metric == TrajectoryMetric::LayerSqnr || uncertaintyKind(name) != UncertaintyKind::StandardError)
        return std::numeric_limits<double>::quiet_NaN();
    const double se = config.modelMetric(standardErrorName(name), checkpoint);
    return metric == TrajectoryMetric::Top1Agree ? 100.0 * se : se;
}

MetricBand trajectoryMetricBand(const ConfigSnapshot& config, TrajectoryMetric metric, int checkpoint)
{
    // The two-sided 95 % normal quantile.
    constexpr double z = 1.959963984540054;
    const char* name = trajectoryMetricName(metric);
    MetricBand band;
    if (metric == TrajectoryMetric::LayerSqnr)
        return band;
    if (uncertaintyKind(name) == UncertaintyKind::Interval) {
        band.lower = config.modelMetric(lowerBoundName(name), checkpoint);
        band.upper = config.modelMetric(upperBoundName(name), checkpoint);
    } else {
        const double value = trajectoryMetricValue(config, metric, checkpoint);
        const double se = trajectoryMetricStandardError(config, metric, checkpoint);
        band.lower = value - z * se;
        band.upper = value + z * se;
    }
    if (!band.valid())
        return {};
    return band;
}

bool trajectoryMetricHigherIsBetter(TrajectoryMetric metric)
{
    const MetricInfo* info = findMetric(trajectoryMetricName(metric));
    return info && info->higherIsBetter;
}

} // namespace qs
