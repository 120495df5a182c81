// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/analysis/sensitivityreport.h"

#include "core/common/errors.h"
#include "core/common/metrics.h"
#include "core/common/statistics.h"
#include "core/store/store.h"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace qs {

namespace {

bool anyFinite(const std::vector<double>& values)
{
    return std::any_of(values.begin(), values.end(), [](double v) { return std::isfinite(v); });
}

const std::vector<std::vector<double>>* column(const ConfigResults& results, const char* name)
{
    const auto it = results.layers.find(name);
    return it == results.layers.end() ? nullptr : &it->second;
}

// ρ over the layers where both are finite.
std::pair<std::vector<double>, std::vector<double>> finitePairs(const std::vector<double>& x,
                                                                const std::vector<double>& y)
{
    std::pair<std::vector<double>, std::vector<double>> pairs;
    for (size_t i = 0; i < x.size() && i < y.size(); ++i) {
        if (std::isfinite(x[i]) && std::isfinite(y[i])) {
            pairs.first.push_back(x[i]);
            pairs.second.push_back(y[i]);
        }
    }
    return pairs;
}

} // namespace

double layerRankAgreement(const std::vector<double>& estimate, const std::vector<double>& measured)
{
    const auto pairs = finitePairs(estimate, measured);
    return stats::rankCorrelation(pairs.first, pairs.second);
}

SensitivityReport sensitivityReport(const Store& store, const std::string& run, const std::string& config,
                                    const std::string& rankBy)
{
    const std::vector<std::string> rankable = {metrics::loiKl, metrics::loiDeltaCe, metrics::looKl, metrics::looDeltaCe,
                                               metrics::fisherEst};
    if (std::find(rankable.begin(), rankable.end(), rankBy) == rankable.end())
        throw ConfigError("layers are ranked by a sensitivity metric (loi_kl, loi_delta_ce, loo_kl, loo_delta_ce, "
                          "fisher_est), not '"
                          + rankBy + "'");
    if (!store.hasRun(run))
        throw ConfigError(store.path() + ": no run named '" + run + "'");
    const auto ids = store.configIds(run);
    if (std::find(ids.begin(), ids.end(), config) == ids.end())
        throw ConfigError(store.path() + ": run '" + run + "' has no config '" + config + "'");
    const ConfigResults results = store.results(run, config);
    SensitivityReport report;
    report.config = config;
    const auto* loi = column(results, metrics::loiDeltaCe);
    if (!loi)
        return report;
    const auto at = [&](const char* name, size_t row) {
        const auto* c = column(results, name);
        return c && row < c->size() ? (*c)[row] : std::vector<double>(loi->at(row).size(), std::nan(""));
    };
    const auto deltaCe = results.model.find(metrics::deltaCe);
    for (size_t row = 0; row < loi->size(); ++row) {
        if (row >= results.done.size() || !results.done[row] || !anyFinite((*loi)[row]))
            continue;
        SensitivityAtCheckpoint s;
        s.checkpoint = int(row);
        s.loiDeltaCe = (*loi)[row];
        s.loiKl = at(metrics::loiKl, row);
        s.looDeltaCe = at(metrics::looDeltaCe, row);
        s.looKl = at(metrics::looKl, row);
        s.fisherEstimate = at(metrics::fisherEst, row);
        s.deltaCe =
            deltaCe != results.model.end() && row < deltaCe->second.size() ? deltaCe->second[row] : std::nan("");
        s.ranking.resize(s.loiDeltaCe.size());
        std::iota(s.ranking.begin(), s.ranking.end(), 0);
        const std::vector<double> by = at(rankBy.c_str(), row);
        // Leave-one-out: the lower the damage without the layer, the more it matters.
        const double sign = rankBy == metrics::looKl || rankBy == metrics::looDeltaCe ? -1.0 : 1.0;
        const auto key = [&](int l) {
            const double v = sign * by[size_t(l)];
            return std::isfinite(v) ? v : -std::numeric_limits<double>::infinity();
        };
        std::stable_sort(s.ranking.begin(), s.ranking.end(), [&](int a, int b) { return key(a) > key(b); });
        const auto ce = finitePairs(s.fisherEstimate, s.loiDeltaCe);
        const auto kl = finitePairs(s.fisherEstimate, s.loiKl);
        s.rhoDeltaCe = layerRankAgreement(s.fisherEstimate, s.loiDeltaCe);
        s.rhoKl = layerRankAgreement(s.fisherEstimate, s.loiKl);
        s.pDeltaCe = std::isfinite(s.rhoDeltaCe) ? stats::rankCorrelationPValue(ce.first, ce.second) : std::nan("");
        s.pKl = std::isfinite(s.rhoKl) ? stats::rankCorrelationPValue(kl.first, kl.second) : std::nan("");
        report.checkpoints.push_back(std::move(s));
    }
    return report;
}

std::vector<std::string> configsWithSensitivity(const Store& store, const std::string& run)
{
    std::vector<std::string> configs;
    for (const std::string& id : store.configIds(run)) {
        const ConfigResults results = store.results(run, id);
        const auto* loi = column(results, metrics::loiDeltaCe);
        if (loi && std::any_of(loi->begin(), loi->end(), anyFinite))
            configs.push_back(id);
    }
    return configs;
}

} // namespace qs
