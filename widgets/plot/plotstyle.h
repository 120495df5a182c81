// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Shared look of QuantScope's plots: colour-blind-safe colours, count formatting, tick labels.

#include "widgets/plot/qcp.h"

#include <QColor>
#include <QPalette>
#include <QPoint>
#include <QString>

class QMouseEvent;

namespace qs {

// Okabe–Ito palette without yellow (too light on white), in the order series get them.
QColor seriesColor(int index);
// Past the palette's 7 colours, series differ by line style and marker too: solid circles first,
// then dashed squares, dotted triangles, dash-dotted diamonds.
Qt::PenStyle seriesPenStyle(int index);
QCPScatterStyle::ScatterShape seriesShape(int index);
// Runs overlaid on one plot keep their configs' colours and differ by line style and marker: the
// first run solid with circles, then dashed squares, dotted triangles, dash-dotted diamonds,
// dash-dot-dotted crosses.
Qt::PenStyle runPenStyle(int index);
QCPScatterStyle::ScatterShape runShape(int index);

// "950", "12.3k", "4.1M", "2.5B" (no unit).
QString formatCount(double value);

// Tick labels as counts with k/M/B/T suffixes (for token axes).
class CountAxisTicker : public QCPAxisTicker
{
protected:
    QString getTickLabel(double tick, const QLocale& locale, QChar formatChar, int precision) override;
};

// A left-button release within a few pixels of where the button went down: a click that selects,
// not the end of a drag that pans.
bool isClick(const QPoint& pressPos, const QMouseEvent* release);

// Colours axes, labels, grid and background of `plot` from `palette` (Base/Text roles).
void applyPlotPalette(QCustomPlot* plot, const QPalette& palette);
void styleAxis(QCPAxis* axis, const QColor& color);

} // namespace qs
