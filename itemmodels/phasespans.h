// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The phases of a learning-rate schedule as a run's per-step log shows them: warmup (LR rising to its
// peak), stable (LR at the peak), decay (LR falling from the peak to the end), each the span of log
// rows it covers. The trajectory view shades them, so that quantization error can be read against the
// phase it happens in.

#include "core/config/schedule.h"
#include "core/store/store.h"

#include <cstddef>
#include <optional>
#include <vector>

namespace qs {

// The rows of a run's log that one phase of its schedule covers.
struct PhaseSpan
{
    SchedulePhase phase;
    size_t first = 0; // log rows, inclusive
    size_t last = 0;
};

// Phases in order. Warmup: the rows before the LR first reaches its peak, when it starts below half
// the peak. Stable: first to last row at the peak (within 0.1 %), when that lasts at least 5 % of the
// run. Decay: from the last row at the peak to the end, when the LR ends below 90 % of the peak. A
// constant schedule is one stable phase; a cosine one is warmup + decay; WSD all three.
std::vector<PhaseSpan> phaseSpans(const std::vector<LogRow>& log);

// Index into `log` of the last step at peak LR before a decay that follows a stable phase (WSD).
std::optional<size_t> detectDecayStart(const std::vector<LogRow>& log);

} // namespace qs
