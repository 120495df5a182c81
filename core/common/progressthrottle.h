// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// One throttle for progress reports, shared by the GUI's jobs and the command line's console line: it
// decides which of the core's many progress calls are worth showing (not more often than an interval,
// not for steps under a fraction, the end once) and estimates the time left: the job's own estimate
// when it gives one (ProgressInfo::secondsLeft), else by extrapolating the fraction done so far.
// The clock is passed in, so tests run it on a fake one.

#include "core/common/progress.h"

#include <optional>
#include <string>

namespace qs {

class ProgressThrottle
{
public:
    struct Options
    {
        double minIntervalSeconds = 0.1; // between two shown updates
        double minFractionStep = 0.001;  // an update that moved less is not shown...
        bool showNewMessages = true;     // ...unless its message is new (when this is set)
        double etaMinFraction = 0.01;    // no time-left estimate before this much is done...
        double etaMinSeconds = 2.0;      // ...and this much time has passed

        // A status bar: ~10 updates a second, steps of 0.1 %, every new message.
        static Options gui() { return {}; }
        // A console line rewritten in place: 5 updates a second.
        static Options terminal() { return {0.2, 0.0, true, 0.01, 0.0}; }
        // A log (stderr not a terminal): a line per 5 %.
        static Options log() { return {0.0, 0.05, false, 0.01, 0.0}; }
    };

    struct Update
    {
        double fraction = 0.0; // clamped to [0, 1]
        std::string message;
        double elapsedSeconds = 0.0;
        double etaSeconds = -1.0; // time left; negative when unknown
    };

    explicit ProgressThrottle(Options options = Options::gui());

    // Forgets what was shown: the next offer() is shown.
    void restart();
    // The update to show for `info` at `nowSeconds` (seconds since the work started), or nothing when
    // it is not worth showing. The first update and the first at 100 % are always shown.
    std::optional<Update> offer(const ProgressInfo& info, double nowSeconds);

    // Time left after `elapsedSeconds` with `fraction` done; negative when too little is known.
    double estimateEta(double fraction, double elapsedSeconds) const;

private:
    Options m_options;
    double m_lastShown = -1.0; // seconds; negative before the first
    double m_lastFraction = -1.0;
    std::string m_lastMessage;
    bool m_shownEnd = false;
};

// "about 12 s left", "about 3 min left", "about 1 h 5 min left"; empty for a negative (unknown) time.
// The English words of Job::formatEta, which the GUI shows translated.
std::string formatEta(double seconds);

} // namespace qs
