// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "widgets/plot/plotstyle.h"

#include <QMouseEvent>

#include <array>
#include <cmath>

namespace qs {

QColor seriesColor(int index)
{
    static const std::array<QColor, 7> colors {
        QColor(0x00, 0x72, 0xB2), // blue
        QColor(0xD5, 0x5E, 0x00), // vermillion
        QColor(0x00, 0x9E, 0x73), // bluish green
        QColor(0xCC, 0x79, 0xA7), // reddish purple
        QColor(0xE6, 0x9F, 0x00), // orange
        QColor(0x56, 0xB4, 0xE9), // sky blue
        QColor(0x00, 0x00, 0x00), // black
    };
    return colors[size_t(std::abs(index)) % colors.size()];
}

Qt::PenStyle seriesPenStyle(int index)
{
    static const Qt::PenStyle styles[] = {Qt::SolidLine, Qt::DashLine, Qt::DotLine, Qt::DashDotLine};
    return styles[(std::abs(index) / 7) % 4];
}

QCPScatterStyle::ScatterShape seriesShape(int index)
{
    static const QCPScatterStyle::ScatterShape shapes[] = {QCPScatterStyle::ssCircle, QCPScatterStyle::ssSquare,
                                                           QCPScatterStyle::ssTriangle, QCPScatterStyle::ssDiamond};
    return shapes[(std::abs(index) / 7) % 4];
}

Qt::PenStyle runPenStyle(int index)
{
    static const Qt::PenStyle styles[] = {Qt::SolidLine, Qt::DashLine, Qt::DotLine, Qt::DashDotLine,
                                          Qt::DashDotDotLine};
    return styles[std::abs(index) % 5];
}

QCPScatterStyle::ScatterShape runShape(int index)
{
    static const QCPScatterStyle::ScatterShape shapes[] = {QCPScatterStyle::ssCircle, QCPScatterStyle::ssSquare,
                                                           QCPScatterStyle::ssTriangle, QCPScatterStyle::ssDiamond,
                                                           QCPScatterStyle::ssCross};
    return shapes[std::abs(index) % 5];
}

QString formatCount(double value)
{
    const double magnitude = std::abs(value);
    struct Unit
    {
        double scale;
        const char* suffix;
    };
    static constexpr std::array<Unit, 4> units {{{1e12, "T"}, {1e9, "B"}, {1e6, "M"}, {1e3, "k"}}};
    for (const Unit& unit : units) {
        if (magnitude >= unit.scale) {
            const double scaled = value / unit.scale;
            const int decimals = std::abs(scaled) >= 100 ? 0 : (std::abs(scaled) >= 10 ? 1 : 2);
            QString text = QString::number(scaled, 'f', decimals);
            // "1.50M" -> "1.5M", "2.00M" -> "2M"
            if (text.contains(QLatin1Char('.'))) {
                while (text.endsWith(QLatin1Char('0')))
                    text.chop(1);
                if (text.endsWith(QLatin1Char('.')))
                    text.chop(1);
            }
            return text + QLatin1String(unit.suffix);
        }
    }
    return QString::number(value, 'g', 6);
}

QString CountAxisTicker::getTickLabel(double tick, const QLocale& locale, QChar formatChar, int precision)
{
    if (std::abs(tick) < 1e3)
        return QCPAxisTicker::getTickLabel(tick, locale, formatChar, precision);
    return formatCount(tick);
}

void styleAxis(QCPAxis* axis, const QColor& color)
{
    axis->setBasePen(QPen(color, 1));
    axis->setTickPen(QPen(color, 1));
    axis->setSubTickPen(QPen(color, 1));
    axis->setTickLabelColor(color);
    axis->setLabelColor(color);
}

void applyPlotPalette(QCustomPlot* plot, const QPalette& palette)
{
    const QColor background = palette.color(QPalette::Base);
    const QColor foreground = palette.color(QPalette::Text);
    plot->setBackground(background);
    QColor grid = foreground;
    grid.setAlpha(35);
    for (QCPAxisRect* rect : plot->axisRects()) {
        for (QCPAxis* axis : rect->axes()) {
            styleAxis(axis, foreground);
            axis->grid()->setPen(QPen(grid, 1, Qt::DotLine));
            axis->grid()->setZeroLinePen(Qt::NoPen);
        }
    }
    plot->legend->setBrush(background);
    plot->legend->setBorderPen(Qt::NoPen);
    plot->legend->setTextColor(foreground);
}

bool isClick(const QPoint& pressPos, const QMouseEvent* release)
{
    return release->button() == Qt::LeftButton && (release->pos() - pressPos).manhattanLength() <= 4;
}

} // namespace qs
