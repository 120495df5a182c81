// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "itemmodels/phasespans.h"

#include <algorithm>

namespace qs {

namespace {

struct PeakSpan
{
    double peak = 0.0;
    size_t first = 0;
    size_t last = 0;
};

std::optional<PeakSpan> peakSpan(const std::vector<LogRow>& log)
{
    if (log.size() < 3)
        return std::nullopt;
    PeakSpan s;
    for (const LogRow& row : log)
        s.peak = std::max(s.peak, row.lr);
    if (!(s.peak > 0.0))
        return std::nullopt;
    const double atPeak = s.peak * (1.0 - 1e-3);
    s.first = log.size();
    for (size_t i = 0; i < log.size(); ++i) {
        if (log[i].lr >= atPeak) {
            s.first = std::min(s.first, i);
            s.last = i;
        }
    }
    return s;
}

bool hasStablePhase(const std::vector<LogRow>& log, const PeakSpan& s)
{
    const double span = double(log.back().step - log.front().step);
    return span > 0.0 && double(log[s.last].step - log[s.first].step) >= 0.05 * span;
}

bool decays(const std::vector<LogRow>& log, const PeakSpan& s)
{
    return s.last + 1 < log.size() && log.back().lr < 0.9 * s.peak;
}

} // namespace

std::vector<PhaseSpan> phaseSpans(const std::vector<LogRow>& log)
{
    std::vector<PhaseSpan> phases;
    const auto s = peakSpan(log);
    if (!s)
        return phases;
    if (s->first > 0 && log.front().lr < 0.5 * s->peak)
        phases.push_back({SchedulePhase::Warmup, 0, s->first});
    if (hasStablePhase(log, *s))
        phases.push_back({SchedulePhase::Stable, s->first, s->last});
    if (decays(log, *s))
        phases.push_back({SchedulePhase::Decay, s->last, log.size() - 1});
    return phases;
}

std::optional<size_t> detectDecayStart(const std::vector<LogRow>& log)
{
    const auto s = peakSpan(log);
    if (!s || !hasStablePhase(log, *s) || !decays(log, *s))
        return std::nullopt;
    return s->last;
}

} // namespace qs
