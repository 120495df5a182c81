// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "itemmodels/activationprofile.h"

#include "itemmodels/storesnapshot.h"

#include "core/common/kinds.h"
#include "core/common/metrics.h"
#include "core/store/store.h"

#include <QMutexLocker>

#include <algorithm>
#include <cmath>

namespace qs {

ActivationProfileRead readActivationProfile(const std::string& path, const std::string& run, int checkpoint, int layer)
{
    ActivationProfileRead read;
    try {
        const QMutexLocker lock(&storeOpenMutex());
        const Store store = Store::open(path, Store::Mode::ReadOnly);
        const std::vector<std::string> names = store.profileNames(run, fpConfigId);
        read.storeHasProfiles = std::find(names.begin(), names.end(), metrics::actChannelAbsmax) != names.end();
        if (read.storeHasProfiles)
            read.values = store.profile(run, fpConfigId, metrics::actChannelAbsmax, checkpoint, layer);
    } catch (const std::exception& e) {
        read.error = QString::fromStdString(e.what());
    }
    return read;
}

ChannelTrackRead readChannelTrack(const std::string& path, const std::string& run, int layer, double threshold)
{
    ChannelTrackRead read;
    try {
        const QMutexLocker lock(&storeOpenMutex());
        const Store store = Store::open(path, Store::Mode::ReadOnly);
        const ConfigResults fp = store.results(run, fpConfigId);
        std::vector<std::vector<float>> profiles;
        for (size_t k = 0; k < fp.done.size(); ++k) {
            if (!fp.done[k])
                continue;
            std::vector<float> values = store.profile(run, fpConfigId, metrics::actChannelAbsmax, int(k), layer);
            if (values.empty())
                continue;
            read.checkpoints.push_back(int(k));
            profiles.push_back(std::move(values));
        }
        read.track = trackLayer(profiles, threshold);
        for (const ChannelTrack& c : read.track.channels) {
            std::vector<float> row;
            for (const auto& profile : profiles)
                row.push_back(profile[size_t(c.channel)]);
            read.absmax.push_back(std::move(row));
        }
        const auto& channels = read.track.channels;
        for (int r = 0; r < int(channels.size()); ++r)
            read.rows.push_back(r);
        std::stable_sort(read.rows.begin(), read.rows.end(),
                         [&](int a, int b) { return channels[size_t(a)].first < channels[size_t(b)].first; });
    } catch (const std::exception& e) {
        read.error = QString::fromStdString(e.what());
    }
    return read;
}

int countAbove(const std::vector<float>& values, double threshold)
{
    return int(std::count_if(values.begin(), values.end(), [threshold](float v) { return v > threshold; }));
}

ChannelHistogram channelHistogram(const std::vector<float>& values, double threshold)
{
    ChannelHistogram h;
    if (values.empty())
        return h;
    const double top = std::max(double(*std::max_element(values.begin(), values.end())), 0.0);
    // Rice's rule for the number of bins, then a width that puts the threshold on an edge.
    const int bins = std::clamp(int(std::ceil(2.0 * std::cbrt(double(values.size())))), 6, 40);
    h.width = top > 0.0 ? top / bins : 1.0;
    if (top > threshold)
        h.width = threshold / std::max(1.0, std::round(threshold / h.width));
    h.counts.assign(size_t(std::max(1.0, std::ceil(top / h.width))), 0);
    for (const float v : values) {
        double edges = double(v) / h.width;
        if (std::abs(edges - std::round(edges)) < 1e-9)
            edges = std::round(edges); // a value on an edge (the threshold) belongs to the bin below
        const int bin = std::clamp(int(std::ceil(edges)) - 1, 0, int(h.counts.size()) - 1);
        ++h.counts[size_t(bin)];
    }
    return h;
}

} // namespace qs
