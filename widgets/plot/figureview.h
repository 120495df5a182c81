// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// What every plot page offers for papers: its plot as a figure (PDF/SVG/PNG through
// figureexport.h, styled for a paper or the screen) and the data behind it as CSV.

#include "itemmodels/figurewords.h"

#include <QColor>
#include <QString>

class QCustomPlot;

namespace qs {

// How a figure looks. The screen style follows the widget palette; the paper style is black on white
// with the given font and line widths, sized for a journal column.
struct FigureStyle
{
    // The enumerations and their command-line words: itemmodels/figurewords.h.
    using Kind = FigureKind;     // Screen, Paper
    using Legend = FigureLegend; // Inside, Below, None

    Kind kind = Kind::Screen;
    QString fontFamily = QStringLiteral("DejaVu Sans");
    // Paper: all text (a paper figure has no title: its caption says what one would). A legend that
    // does not fit its place in this size gets up to 2 pt smaller text, 6 pt at least.
    double fontPt = 8.0;
    double lineWidth = 1.2; // data lines in points (figurePointsToPixels), at any DPI
    Legend legend = Legend::Below;

    static FigureStyle paper() { return {Kind::Paper, QStringLiteral("DejaVu Sans"), 8.0, 1.2, Legend::Below}; }
    static FigureStyle screen() { return {}; }
};

class FigureView
{
public:
    virtual ~FigureView() = default;

    // Name used on the command line and in file names: "trajectory", "heatmap", "breakdown", "outliers".
    virtual QString viewName() const = 0;
    // The plot as shown; nullptr when the page has nothing to show.
    virtual QCustomPlot* figurePlot() const = 0;
    // The numbers behind what is shown, as CSV with a header row (RFC 4180 quoting, '.' decimals,
    // NaN written as an empty field). Empty when nothing is shown.
    virtual QString csv() const = 0;
    // Restyles the plot (fonts, line widths, colours, legend) for export or back for the screen.
    virtual void applyFigureStyle(const FigureStyle& style) = 0;
    // The same around an export, which lays the plot out at its own size: beginExportStyle() need not
    // redraw the widget, endExportStyle() gives the screen style back and may redraw it later. Saves
    // two full replots of the widget per export on the GUI thread.
    virtual void beginExportStyle(const FigureStyle& style) { applyFigureStyle(style); }
    virtual void endExportStyle() { applyFigureStyle(FigureStyle::screen()); }
};

// One CSV field: quoted when it holds a comma, quote or newline; NaN as empty.
QString csvField(const QString& text);
QString csvNumber(double value);

// Figures are laid out in logical pixels at the DPI QFontMetrics measures text with (Qt's default DPI:
// the screen's, 96 on the offscreen platform), so that fonts set in points keep their size on paper
// (figureexport.h). Pen widths and marker sizes given in points, like FigureStyle::lineWidth, are
// figurePointsToPixels(points) logical pixels.
int figureLayoutDpi();
double figurePointsToPixels(double points);

} // namespace qs
