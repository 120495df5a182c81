// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/common/progressthrottle.h"

#include <algorithm>
#include <cmath>

namespace qs {

ProgressThrottle::ProgressThrottle(Options options)
    : m_options(options)
{
}

void ProgressThrottle::restart()
{
    m_lastShown = -1.0;
    m_lastFraction = -1.0;
    m_lastMessage.clear();
    m_shownEnd = false;
}

double ProgressThrottle::estimateEta(double fraction, double elapsedSeconds) const
{
    if (!(fraction >= m_options.etaMinFraction) || fraction >= 1.0 || elapsedSeconds < m_options.etaMinSeconds)
        return -1.0;
    return elapsedSeconds * (1.0 - fraction) / fraction;
}

std::optional<ProgressThrottle::Update> ProgressThrottle::offer(const ProgressInfo& info, double nowSeconds)
{
    const double fraction = std::clamp(std::isfinite(info.fraction) ? info.fraction : 0.0, 0.0, 1.0);
    const bool first = m_lastShown < 0.0;
    const bool end = fraction >= 1.0 && !m_shownEnd;
    if (!first && !end) {
        const bool moved =
            std::abs(fraction - m_lastFraction) >= m_options.minFractionStep && fraction != m_lastFraction;
        const bool newMessage = m_options.showNewMessages && info.message != m_lastMessage;
        if (!moved && !newMessage)
            return std::nullopt;
        if (nowSeconds - m_lastShown < m_options.minIntervalSeconds)
            return std::nullopt;
    }
    m_lastShown = std::max(nowSeconds, 0.0);
    m_lastFraction = fraction;
    m_lastMessage = info.message;
    m_shownEnd = m_shownEnd || fraction >= 1.0;
    double eta = estimateEta(fraction, nowSeconds);
    if (eta >= 0.0 && info.secondsLeft >= 0.0)
        eta = info.secondsLeft; // the job's own estimate, from the measured cost of its parts
    return Update {fraction, info.message, nowSeconds, eta};
}

std::string formatEta(double seconds)
{
    if (!(seconds >= 0.0) || !std::isfinite(seconds))
        return {};
    if (seconds < 60.0)
        return "about " + std::to_string(std::max(1L, std::lround(seconds))) + " s left";
    if (seconds < 3600.0)
        return "about " + std::to_string(std::lround(seconds / 60.0)) + " min left";
    const long minutes = std::lround(seconds / 60.0);
    return "about " + std::to_string(minutes / 60) + " h " + std::to_string(minutes % 60) + " min left";
}

} // namespace qs
