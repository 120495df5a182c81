// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The time a job has left, from what it has measured of its own parts. A job plans its kinds of work
// (training steps, FP references, each sweep config) with a prior cost per unit in any common unit
// (the demo's: training steps), and reports each part done with its wall time. A kind already measured
// is estimated at its own mean seconds per unit; a kind not yet measured at its prior times the mean,
// over the kinds measured so far, of their seconds per prior unit. So the estimate holds from the first
// measured part, and each kind is corrected by its own measurements as soon as one of it has run. The
// clock is the caller's, so tests run it on a fake one.

#include <map>
#include <string>

namespace qs {

class TimeLeft
{
public:
    // `units` of `kind` in all (done ones included), each costing about `prior`; planning a kind again
    // replaces its count and prior and keeps what was measured.
    void plan(const std::string& kind, double units, double prior);
    // `units` of `kind` still to do from now, besides those already reported done.
    void planRemaining(const std::string& kind, double units, double prior);
    // `units` more of `kind` are done; they took `seconds`.
    void done(const std::string& kind, double units, double seconds);
    // Seconds left; negative while nothing has been measured.
    double secondsLeft() const;
    // The share done, weighted by the estimated cost of each kind (the priors until anything is
    // measured): a progress bar that moves in step with the time.
    double fraction() const;

private:
    struct Kind
    {
        double units = 0.0; // planned, in all
        double prior = 0.0;
        double doneUnits = 0.0;
        double seconds = 0.0; // measured over doneUnits
    };
    // Seconds per unit of `k`: measured, else the prior at the rate measured so far (negative when
    // nothing is measured).
    double unitSeconds(const Kind& k) const;
    std::map<std::string, Kind> m_kinds;
};

} // namespace qs
