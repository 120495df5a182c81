// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <functional>
#include <string>

namespace qs {

struct ProgressInfo
{
    double fraction = 0.0; // 0..1 of the whole job
    std::string message;   // what is happening now, for a status line
    // The job's own estimate of the time it has left (timeleft.h); negative when it has none, and the
    // throttle extrapolates from the fraction.
    double secondsLeft = -1.0;
};

// Long core functions take a Progress callback. Returning false asks the job to stop: the core then
// throws qs::Cancelled at the next safe point (never in the middle of a store write).
using Progress = std::function<bool(const ProgressInfo&)>;

inline bool reportProgress(const Progress& progress, double fraction, const std::string& message,
                           double secondsLeft = -1.0)
{
    return !progress || progress(ProgressInfo {fraction, message, secondsLeft});
}

} // namespace qs
