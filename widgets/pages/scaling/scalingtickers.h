// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Axis tickers of the scaling page's views.

#include "widgets/plot/plotstyle.h"
#include "widgets/plot/qcp.h"

#include <algorithm>
#include <cmath>
#include <vector>

namespace qs {

// Log-axis ticks that label narrow ranges too: QCPAxisTickerLog falls back to linear ticks below 1.6
// decades (25B, 50B, 75B on a log axis). Here: 1, 1.5, 2, 3, 5, 7 × 10^k below 1.2 decades, 1, 2, 5 ×
// 10^k below 2.5, whole decades (every n-th when there are many) above.
class NiceLogTicker : public QCPAxisTickerLog
{
protected:
    QVector<double> createTickVector(double, const QCPRange& range) override
    {
        QVector<double> ticks;
        m_fine = false;
        if (!(range.lower > 0.0 && range.upper > range.lower))
            return ticks;
        const double decades = std::log10(range.upper / range.lower);
        const int first = int(std::floor(std::log10(range.lower))) - 1;
        const int last = int(std::ceil(std::log10(range.upper))) + 1;
        if (decades < 2.5) {
            m_fine = true;
            const std::vector<double> mantissas =
                decades < 1.2 ? std::vector<double> {1, 1.5, 2, 3, 5, 7} : std::vector<double> {1, 2, 5};
            for (int e = first; e <= last; ++e)
                for (const double m : mantissas)
                    ticks << m * std::pow(10.0, e);
            return ticks;
        }
        const int step = std::max(1, int(std::ceil(decades / 8.0)));
        for (int e = int(std::floor(double(first) / step)) * step; e <= last; e += step)
            ticks << std::pow(10.0, e);
        m_step = step;
        return ticks;
    }
    int getSubTickCount(double) override { return m_fine || m_step > 1 ? 0 : 8; }

private:
    bool m_fine = false;
    int m_step = 1;
};

// Log axes of counts labelled 1M, 10B, 1T (formatCount).
class CountLogTicker : public NiceLogTicker
{
protected:
    QString getTickLabel(double tick, const QLocale&, QChar, int) override { return formatCount(tick); }
};

// An axis holding log10 of a count: ticks at whole decades, labelled with the count.
class DecadeTicker : public QCPAxisTicker
{
protected:
    double getTickStep(const QCPRange& range) override { return std::max(1.0, std::ceil(range.size() / 8.0)); }
    int getSubTickCount(double) override { return 0; }
    QString getTickLabel(double tick, const QLocale&, QChar, int) override
    {
        return formatCount(std::pow(10.0, std::round(tick)));
    }
};

} // namespace qs
