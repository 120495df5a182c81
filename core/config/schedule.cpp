// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/config/schedule.h"

#include <algorithm>
#include <cmath>

namespace qs {

int64_t decayStart(const ScheduleConfig& s, int64_t totalSteps)
{
    if (s.kind != ScheduleKind::Wsd)
        return totalSteps;
    const auto decaySteps = static_cast<int64_t>(std::llround(s.decayFraction * double(totalSteps)));
    return std::max<int64_t>(s.warmupSteps, totalSteps - decaySteps);
}

double learningRate(const ScheduleConfig& s, int64_t step, int64_t totalSteps)
{
    step = std::clamp<int64_t>(step, 0, std::max<int64_t>(totalSteps - 1, 0));
    if (step < s.warmupSteps)
        return s.peakLr * double(step + 1) / double(s.warmupSteps);

    // Progress through the post-warmup part, 0 at its first step and 1 at the last step of the run.
    auto progress = [&](int64_t begin) {
        const int64_t span = totalSteps - 1 - begin;
        return span <= 0 ? 1.0 : std::clamp(double(step - begin) / double(span), 0.0, 1.0);
    };

    switch (s.kind) {
    case ScheduleKind::Constant:
        return s.peakLr;
    case ScheduleKind::Cosine: {
        const double t = progress(s.warmupSteps);
        return s.minLr + 0.5 * (s.peakLr - s.minLr) * (1.0 + std::cos(M_PI * t));
    }
    case ScheduleKind::Linear:
        return s.peakLr + (s.minLr - s.peakLr) * progress(s.warmupSteps);
    case ScheduleKind::Wsd: {
        const int64_t start = decayStart(s, totalSteps);
        if (step < start)
            return s.peakLr;
        // Linear from peak (at the decay's first step) to minLr at the last step.
        return s.peakLr + (s.minLr - s.peakLr) * progress(start);
    }
    }
    return s.peakLr;
}

SchedulePhase schedulePhase(const ScheduleConfig& s, int64_t step, int64_t totalSteps)
{
    if (step < s.warmupSteps)
        return SchedulePhase::Warmup;
    switch (s.kind) {
    case ScheduleKind::Constant:
        return SchedulePhase::Stable;
    case ScheduleKind::Cosine:
    case ScheduleKind::Linear:
        return SchedulePhase::Decay;
    case ScheduleKind::Wsd:
        return step < decayStart(s, totalSteps) ? SchedulePhase::Stable : SchedulePhase::Decay;
    }
    return SchedulePhase::Stable;
}

} // namespace qs
