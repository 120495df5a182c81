// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "itemmodels/layermetrics.h"

#include "core/common/kinds.h"
#include "core/common/metrics.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <tuple>

namespace qs {

std::vector<std::string> layerMetricChoices(const RunSnapshot& run, int configIndex)
{
    std::vector<std::string> names;
    if (configIndex >= 0 && configIndex < int(run.configs.size()))
        names = run.configs[size_t(configIndex)].layerMetricNames();
    // The known metrics first in a sensible order, the rest after them alphabetically.
    static const std::vector<std::string> preferred {metrics::wRelErr, metrics::sqnrDb, metrics::gptqLoss,
                                                     metrics::dampUsed};
    std::stable_sort(names.begin(), names.end(), [](const std::string& a, const std::string& b) {
        const auto rank = [](const std::string& n) {
            const auto it = std::find(preferred.begin(), preferred.end(), n);
            return it == preferred.end() ? int(preferred.size()) : int(it - preferred.begin());
        };
        return rank(a) < rank(b);
    });
    const int fp = run.configIndex(fpConfigId);
    if (fp >= 0) {
        for (const std::string& name : run.configs[size_t(fp)].layerMetricNames()) {
            if (isInputStatistic(name) && std::find(names.begin(), names.end(), name) == names.end())
                names.push_back(name);
        }
    }
    return names;
}

const ConfigSnapshot* layerMetricSource(const RunSnapshot& run, int configIndex, const std::string& metric)
{
    if (isInputStatistic(metric)) {
        const int fp = run.configIndex(fpConfigId);
        return fp < 0 ? nullptr : &run.configs[size_t(fp)];
    }
    if (configIndex < 0 || configIndex >= int(run.configs.size()))
        return nullptr;
    return &run.configs[size_t(configIndex)];
}

std::string defaultLayerMetric(const std::vector<std::string>& choices, bool fullPrecision, const std::string& current)
{
    const auto offered = [&](const std::string& name) {
        return std::find(choices.begin(), choices.end(), name) != choices.end();
    };
    if (offered(current))
        return current;
    const std::string preferred = fullPrecision ? metrics::actKurtosis : metrics::wRelErr;
    return offered(preferred) ? preferred : choices.empty() ? std::string() : choices.front();
}

std::vector<std::string> layerKindsInOrder(const std::vector<LayerInfo>& layers)
{
    std::vector<std::string> kinds;
    for (const LayerInfo& layer : layers) {
        if (std::find(kinds.begin(), kinds.end(), layer.kind) == kinds.end())
            kinds.push_back(layer.kind);
    }
    std::sort(kinds.begin(), kinds.end(), [](const std::string& a, const std::string& b) {
        return std::tuple(layerKindOrder(a), a) < std::tuple(layerKindOrder(b), b);
    });
    return kinds;
}

std::vector<KindMean> meanByKind(const std::vector<LayerInfo>& layers, const std::vector<double>& values)
{
    std::vector<KindMean> means;
    for (const std::string& kind : layerKindsInOrder(layers)) {
        double sum = 0.0;
        int count = 0;
        for (size_t i = 0; i < layers.size() && i < values.size(); ++i) {
            if (layers[i].kind == kind && std::isfinite(values[i])) {
                sum += values[i];
                ++count;
            }
        }
        means.push_back({kind, count > 0 ? sum / count : std::numeric_limits<double>::quiet_NaN(), count});
    }
    return means;
}

} // namespace qs
