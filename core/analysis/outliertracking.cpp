// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/analysis/outliertracking.h"

#include "core/common/errors.h"
#include "core/common/kinds.h"
#include "core/common/statistics.h"
#include "core/config/config.h"
#include "core/store/store.h"

#include <algorithm>
#include <cmath>

namespace qs {

LayerOutlierTrack trackLayer(const std::vector<std::vector<float>>& profiles, double threshold)
{
    LayerOutlierTrack t;
    if (profiles.empty())
        return t;
    const std::size_t channels = profiles.front().size();
    for (const auto& row : profiles)
        if (row.size() != channels)
            throw ConfigError("outlier tracking: profiles of " + std::to_string(channels) + " and "
                              + std::to_string(row.size()) + " channels");
    const int n = int(profiles.size());
    t.outliers.assign(size_t(n), 0);
    t.fresh.assign(size_t(n), 0);
    t.persistent.assign(size_t(n), 0);
    const auto above = [&](int k, std::size_t c) { return double(profiles[size_t(k)][c]) > threshold; };
    for (std::size_t c = 0; c < channels; ++c) {
        ChannelTrack track;
        track.channel = int(c);
        track.first = -1;
        for (int k = 0; k < n; ++k) {
            track.peak = std::max(track.peak, profiles[size_t(k)][c]);
            if (!above(k, c))
                continue;
            ++t.outliers[size_t(k)];
            if (k > 0 && above(k - 1, c))
                ++t.persistent[size_t(k)];
            else
                ++t.fresh[size_t(k)];
            if (track.first < 0)
                track.first = k;
            track.last = k;
            ++track.count;
        }
        if (track.first < 0)
            continue;
        while (track.first + track.firstRun < n && above(track.first + track.firstRun, c))
            ++track.firstRun;
        track.atEnd = above(n - 1, c);
        t.channels.push_back(track);
    }
    return t;
}

OutlierTracking trackOutliers(const Store& store, const std::string& run, double threshold)
{
    if (!(threshold >= 0.0) || !std::isfinite(threshold))
        throw ConfigError("outlier threshold " + std::to_string(threshold) + " must be a number ≥ 0");
    const std::vector<std::string> ids = store.configIds(run);
    if (std::find(ids.begin(), ids.end(), fpConfigId) == ids.end())
        throw ConfigError("run '" + run + "' has no FP reference ('" + fpConfigId
                          + "'): sweep it first; the FP reference measures the input profiles");
    const std::vector<std::string> names = store.profileNames(run, fpConfigId);
    if (std::find(names.begin(), names.end(), metrics::actChannelAbsmax) == names.end())
        throw ConfigError("run '" + run + "' has no per-channel input profiles (" + metrics::actChannelAbsmax
                          + "): it was swept before QuantScope stored them; sweep it into a new store");
    const ConfigResults fp = store.results(run, fpConfigId);
    const std::size_t layers = store.layers(run).size();
    OutlierTracking tracking;
    tracking.threshold = threshold;
    std::vector<std::vector<std::vector<float>>> perLayer(layers); // [layer][tracked checkpoint][channel]
    for (std::size_t k = 0; k < fp.done.size(); ++k) {
        if (!fp.done[k])
            continue;
        std::vector<std::vector<float>> rows;
        for (std::size_t l = 0; l < layers; ++l)
            rows.push_back(store.profile(run, fpConfigId, metrics::actChannelAbsmax, int(k), int(l)));
        if (std::any_of(rows.begin(), rows.end(), [](const auto& r) { return r.empty(); }))
            continue; // a row written without the profile
        tracking.checkpoints.push_back(int(k));
        for (std::size_t l = 0; l < layers; ++l)
            perLayer[l].push_back(std::move(rows[l]));
    }
    for (const auto& profiles : perLayer)
        tracking.layers.push_back(trackLayer(profiles, threshold));
    return tracking;
}

OutlierCorrelation correlateOutliers(const Store& store, const std::string& run, const OutlierTracking& tracking,
                                     const std::string& configId, const std::string& metric)
{
    OutlierCorrelation c;
    c.config = configId;
    c.metric = metric;
    const ConfigResults results = store.results(run, configId);
    const auto values = results.model.find(metric);
    if (values == results.model.end())
        throw ConfigError("config '" + configId + "' of run '" + run + "' has no metric '" + metric + "'");
    const auto layers = store.layers(run);
    std::vector<double> all, fc2, error;
    for (std::size_t k = 0; k < tracking.checkpoints.size(); ++k) {
        const auto row = size_t(tracking.checkpoints[k]);
        if (row >= values->second.size() || !std::isfinite(values->second[row]))
            continue;
        double a = 0.0, f = 0.0;
        for (std::size_t l = 0; l < tracking.layers.size(); ++l) {
            a += tracking.layers[l].outliers[k];
            if (layers[l].kind == layerkinds::down)
                f += tracking.layers[l].outliers[k];
        }
        all.push_back(a);
        fc2.push_back(f);
        error.push_back(values->second[row]);
    }
    c.points = int(error.size());
    c.rhoAll = stats::rankCorrelation(all, error);
    c.pAll = stats::rankCorrelationPValue(all, error);
    c.rhoFc2 = stats::rankCorrelation(fc2, error);
    c.pFc2 = stats::rankCorrelationPValue(fc2, error);
    return c;
}

std::string w4a4Config(const Store& store, const std::string& run)
{
    std::string fallback;
    for (const std::string& id : store.configIds(run)) {
        QuantConfig config;
        try {
            config = QuantConfig::fromJson(store.configJson(run, id));
        } catch (const Error&) {
            continue; // a config this build cannot read is not the one
        }
        if (config.actBits != 4 || config.actFormat != ActFormat::Int)
            continue;
        if (config.bits == 4 && (config.method == QuantMethod::Rtn || config.method == QuantMethod::Gptq)
            && config.overrides.empty())
            return id;
        if (fallback.empty())
            fallback = id;
    }
    return fallback;
}

} // namespace qs
