// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/common/timeleft.h"

#include <algorithm>

namespace qs {

void TimeLeft::plan(const std::string& kind, double units, double prior)
{
    Kind& k = m_kinds[kind];
    k.units = std::max(units, 0.0);
    k.prior = std::max(prior, 0.0);
}

void TimeLeft::planRemaining(const std::string& kind, double units, double prior)
{
    Kind& k = m_kinds[kind];
    k.units = k.doneUnits + std::max(units, 0.0);
    k.prior = std::max(prior, 0.0);
}

void TimeLeft::done(const std::string& kind, double units, double seconds)
{
    Kind& k = m_kinds[kind];
    k.doneUnits += std::max(units, 0.0);
    k.seconds += std::max(seconds, 0.0);
    k.units = std::max(k.units, k.doneUnits);
}

double TimeLeft::unitSeconds(const Kind& k) const
{
    if (k.doneUnits > 0.0 && k.seconds > 0.0)
        return k.seconds / k.doneUnits;
    // How far the priors are off is a question per kind of work: the typical answer of the kinds
    // measured, each counted once (not weighted by its units, or the many training steps would hide
    // what the first sweep entries show).
    double rates = 0.0;
    int measured = 0;
    for (const auto& [name, other] : m_kinds) {
        if (other.doneUnits > 0.0 && other.seconds > 0.0 && other.prior > 0.0) {
            rates += other.seconds / (other.doneUnits * other.prior);
            ++measured;
        }
    }
    if (measured == 0)
        return -1.0;
    return k.prior * rates / measured;
}

double TimeLeft::secondsLeft() const
{
    double left = 0.0;
    for (const auto& [name, k] : m_kinds) {
        const double remaining = k.units - k.doneUnits;
        if (remaining <= 0.0)
            continue;
        const double each = unitSeconds(k);
        if (each < 0.0)
            return -1.0;
        left += remaining * each;
    }
    return left;
}

double TimeLeft::fraction() const
{
    // Each unit weighs what it is estimated to take; before anything is measured, its prior.
    const bool measured = secondsLeft() >= 0.0;
    double done = 0.0, all = 0.0;
    for (const auto& [name, k] : m_kinds) {
        const double each = measured ? unitSeconds(k) : k.prior;
        done += k.doneUnits * each;
        all += k.units * each;
    }
    return all > 0.0 ? std::clamp(done / all, 0.0, 1.0) : 0.0;
}

} // namespace qs
