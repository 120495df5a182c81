// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/common/evaluationunits.h"

#include "core/common/errors.h"
#include "core/common/metrics.h"
#include "core/common/statistics.h"

#include <cmath>

namespace qs {

EvaluationUnits EvaluationUnits::reference(std::vector<double> tokens, std::vector<double> fpCe)
{
    EvaluationUnits u;
    u.ce = fpCe;
    u.kl.assign(tokens.size(), 0.0);
    u.top1 = tokens;
    u.tokens = std::move(tokens);
    u.fpCe = std::move(fpCe);
    return u;
}

std::map<std::string, double> modelMetrics(const EvaluationUnits& u)
{
    const std::size_t n = u.units();
    if (n == 0)
        throw ConfigError("evaluation: no units");
    for (const auto* v : {&u.fpCe, &u.ce, &u.kl, &u.top1})
        if (v->size() != n)
            throw ConfigError("evaluation: per-unit sums of different lengths");
    if (u.tokenKl.size() != u.tokenUnit.size())
        throw ConfigError("evaluation: per-token KL and units of different lengths");

    std::map<std::string, double> m;
    const auto put = [&](const char* name, const stats::Estimate& e) {
        m[name] = e.value;
        m[standardErrorName(name)] = e.se;
    };
    const stats::Estimate ce = stats::weightedMean(u.ce, u.tokens);
    const stats::Estimate fpCe = stats::weightedMean(u.fpCe, u.tokens);
    put(metrics::ce, ce);
    put(metrics::fpCe, fpCe);
    // ΔCE and relative CE keep their definitions from the two means; their errors are the paired ones.
    stats::Estimate delta = stats::pairedDifference(u.fpCe, u.ce, u.tokens);
    delta.value = ce.value - fpCe.value;
    put(metrics::deltaCe, delta);
    stats::Estimate rel = stats::pairedRelativeChange(u.fpCe, u.ce);
    rel.value = ce.value / fpCe.value - 1.0;
    put(metrics::relCe, rel);
    put(metrics::ppl, {std::exp(ce.value), std::exp(ce.value) * ce.se, n});
    put(metrics::klMean, stats::weightedMean(u.kl, u.tokens));
    put(metrics::top1Agree, stats::weightedMean(u.top1, u.tokens));
    m[metrics::evalUnits] = double(n);

    stats::Bootstrap bootstrap;
    bootstrap.resamples = 1000;
    for (const auto& [name, q] : {std::pair {metrics::klMedian, 0.5}, std::pair {metrics::klP99, 0.99}}) {
        if (u.tokenKl.empty()) {
            m[name] = m[lowerBoundName(name)] = m[upperBoundName(name)] = 0.0;
            continue;
        }
        const std::vector<double> kl(u.tokenKl.begin(), u.tokenKl.end());
        if (n < 2) {
            m[name] = stats::quantileInterval(kl, u.tokenUnit, n, q, metrics::intervalLevel, bootstrap).value;
            m[lowerBoundName(name)] = m[upperBoundName(name)] = std::numeric_limits<double>::quiet_NaN();
            continue;
        }
        const stats::QuantileEstimate e =
            stats::quantileInterval(kl, u.tokenUnit, n, q, metrics::intervalLevel, bootstrap);
        m[name] = e.value;
        m[lowerBoundName(name)] = e.interval.lower;
        m[upperBoundName(name)] = e.interval.upper;
    }
    return m;
}

std::map<std::string, std::vector<double>> unitRecords(const EvaluationUnits& u)
{
    return {{metrics::units::tokens, u.tokens},
            {metrics::units::ce, u.ce},
            {metrics::units::fpCe, u.fpCe},
            {metrics::units::kl, u.kl},
            {metrics::units::top1, u.top1}};
}

} // namespace qs
