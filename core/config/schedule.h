// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/config/config.h"

#include <cstdint>

namespace qs {

enum class SchedulePhase
{
    Warmup,
    Stable, // constant LR (WSD's plateau, or the whole constant schedule after warmup)
    Decay,
};

// LR used for the update of step `step` (0-based) of a run of `totalSteps` steps.
//  - warmup: linear from peakLr/warmupSteps at step 0 up to peakLr at step warmupSteps-1;
//  - constant: peakLr;
//  - cosine: minLr + (peak-min)/2 (1 + cos(pi t)), t from 0 at the end of warmup to 1 at the last step;
//  - linear: peak down to minLr linearly over the same t;
//  - WSD: peakLr until the decay starts at totalSteps - round(decayFraction * totalSteps), then linear
//    to minLr at the last step.
double learningRate(const ScheduleConfig& schedule, int64_t step, int64_t totalSteps);
SchedulePhase schedulePhase(const ScheduleConfig& schedule, int64_t step, int64_t totalSteps);
// First step of the WSD decay (totalSteps when the schedule has no decay phase).
int64_t decayStart(const ScheduleConfig& schedule, int64_t totalSteps);

} // namespace qs
