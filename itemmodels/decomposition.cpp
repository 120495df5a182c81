// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "itemmodels/decomposition.h"

#include "core/common/metrics.h"

#include <cmath>
#include <functional>
#include <limits>

namespace qs {

namespace {

constexpr double nan = std::numeric_limits<double>::quiet_NaN();

bool sameWeights(const QuantConfig& a, const QuantConfig& b)
{
    if (a.method != b.method || a.bits != b.bits || a.groupSize != b.groupSize || a.symmetric != b.symmetric
        || a.doubleQuant != b.doubleQuant || a.element != b.element)
        return false;
    // The GPTQ options that make a different config id make a different weight quantizer.
    return a.method != QuantMethod::Gptq
        || (a.actOrder == b.actOrder && a.calibSequences == b.calibSequences && a.calibSeqLen == b.calibSeqLen);
}

bool sameActivations(const QuantConfig& a, const QuantConfig& b)
{
    return a.actBits == b.actBits && a.actGroupSize == b.actGroupSize && a.actFormat == b.actFormat;
}

int findConfig(const RunSnapshot& run, const std::function<bool(const QuantConfig&)>& match)
{
    for (size_t i = 0; i < run.configs.size(); ++i) {
        const QuantConfig& c = run.configs[i].config;
        if (c.overrides.empty() && match(c))
            return int(i);
    }
    return -1;
}

DecompositionTrio trioFor(const RunSnapshot& run, const QuantConfig& weights, const QuantConfig& acts)
{
    DecompositionTrio trio;
    trio.weightOnly = findConfig(run, [&](const QuantConfig& c) { return c.actBits == 16 && sameWeights(c, weights); });
    trio.activationOnly = findConfig(
        run, [&](const QuantConfig& c) { return c.method == QuantMethod::None && sameActivations(c, acts); });
    trio.both =
        findConfig(run, [&](const QuantConfig& c) { return sameWeights(c, weights) && sameActivations(c, acts); });
    return trio;
}

} // namespace

DecompositionTrio DecompositionTrio::find(const RunSnapshot& run, int configIndex)
{
    if (configIndex < 0 || configIndex >= int(run.configs.size()))
        return {};
    const QuantConfig& selected = run.configs[size_t(configIndex)].config;
    const bool weights = selected.method != QuantMethod::None;
    const bool acts = selected.actBits < 16;
    if (weights && acts)
        return trioFor(run, selected, selected);
    if (!weights && !acts)
        return {}; // the FP reference
    // Weight-only or activation-only: the first "both" config of the run that shares its settings.
    DecompositionTrio partial;
    for (const ConfigSnapshot& other : run.configs) {
        const QuantConfig& c = other.config;
        if (!c.overrides.empty() || c.method == QuantMethod::None || c.actBits == 16)
            continue;
        if ((weights && sameWeights(c, selected)) || (!weights && sameActivations(c, selected))) {
            const DecompositionTrio trio = trioFor(run, c, c);
            if (trio.isValid())
                return trio;
            if (partial.both < 0)
                partial = trio;
        }
    }
    if (partial.both < 0) {
        // No "both" config at all: say what the selected config itself stands for.
        partial = trioFor(run, selected, selected);
        partial.both = -1;
    }
    return partial;
}

double DecompositionValues::ratio() const
{
    const double total = sum();
    if (!std::isfinite(both) || !std::isfinite(total) || total == 0.0)
        return nan;
    return both / total;
}

const std::vector<std::string>& decompositionMetrics()
{
    static const std::vector<std::string> names {metrics::klMean, metrics::deltaCe};
    return names;
}

DecompositionValues decompositionValues(const RunSnapshot& run, const DecompositionTrio& trio,
                                        const std::string& metric, int checkpoint)
{
    if (!trio.isValid() || trio.weightOnly >= int(run.configs.size()) || trio.activationOnly >= int(run.configs.size())
        || trio.both >= int(run.configs.size()))
        return {nan, nan, nan};
    const auto value = [&](int config) { return run.configs[size_t(config)].modelMetric(metric, checkpoint); };
    return {value(trio.weightOnly), value(trio.activationOnly), value(trio.both)};
}

} // namespace qs
