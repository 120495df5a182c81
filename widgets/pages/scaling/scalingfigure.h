// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The scaling page's one figure, as its four views share it: the title, the main axes, a colour scale
// right of them (contour), a residual panel below them (measured), the legend row, and the marks every
// view may use — the inputs as a point, a vertical line at the input, the zero line of the residuals
// and a note inside the plot. Each view adds and removes its own plottables (scalingview.h).

#include <QColor>
#include <QFont>
#include <QPalette>
#include <QString>

#include <functional>

class QCPAxis;
class QCPAxisRect;
class QCPColorScale;
class QCPGraph;
class QCPItemStraightLine;
class QCPItemText;
class QCPLayoutGrid;
class QCPTextElement;
class QCustomPlot;

namespace qs {

// What the page's current style draws with (PlotPage: screen or paper), for the views' colours.
struct ScalingLook
{
    QColor background;
    QColor foreground;
    QFont tickFont;
    QFont labelFont;
    QFont titleFont;
    double lineWidth = 1.8;        // data lines
    double markerSize = 7.0;       // measured points
    double outlineWidth = 1.5;     // outlines of markers
    double isoLineWidth = 1.2;     // contour iso-lines
    double inputMarkerSize = 10.0; // the inputs' diamond
    double colorBarWidth = 14.0;
};

class ScalingFigure
{
public:
    // Sets axis labels the way the page wraps them (PlotPage::setWrappedLabel).
    using LabelAxis = std::function<void(QCPAxis*, const QString&)>;

    // Lays the figure out in `plot`, the title in `titleFont`.
    ScalingFigure(QCustomPlot* plot, const QFont& titleFont, LabelAxis labelAxis);

    QCustomPlot* plot() const { return m_plot; }
    QCPTextElement* title() const { return m_title; }
    QCPAxisRect* mainRect() const { return m_mainRect; }
    QCPAxis* x() const;
    QCPAxis* y() const;
    QCPAxisRect* residualRect() const { return m_residualRect; }
    QCPColorScale* colorScale() const { return m_scale; }
    // The grid of row 2 that holds the legend (PlotPage::setLegendPlaces).
    QCPLayoutGrid* legendRow() const { return m_legendRow; }
    QCPGraph* marker() const { return m_marker; }
    QCPItemStraightLine* xLine() const { return m_xLine; }
    QCPItemStraightLine* zeroLine() const { return m_zeroLine; }

    // The colour scale and the residual panel in the layout or out of it (out, they take no room);
    // the main axes' grid off under a colour map; both axis labels cleared.
    void arrange(bool colorScale, bool residuals);
    // The marks hidden and emptied, the note gone.
    void clear();
    void setAxisLabel(QCPAxis* axis, const QString& label) const { m_labelAxis(axis, label); }
    // A remark inside the plot, top left (broken into lines: QCPItemText does not wrap).
    void setNote(const QString& text);
    QString note() const { return m_noteText; }
    // Colours and fonts of the shared parts; the main axes' grid shown or not.
    void applyColors(const ScalingLook& look, bool grid);

private:
    QCustomPlot* m_plot;
    LabelAxis m_labelAxis;
    QCPTextElement* m_title = nullptr;
    QCPLayoutGrid* m_content = nullptr;
    QCPLayoutGrid* m_legendRow = nullptr;
    QCPAxisRect* m_mainRect = nullptr;
    QCPAxisRect* m_residualRect = nullptr;
    QCPColorScale* m_scale = nullptr;
    QCPGraph* m_marker = nullptr;
    QCPItemStraightLine* m_xLine = nullptr;
    QCPItemStraightLine* m_zeroLine = nullptr;
    QCPItemText* m_noteItem = nullptr;
    QString m_noteText;
};

} // namespace qs
