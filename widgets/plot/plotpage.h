// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// What every plot page shares: one QCustomPlot, a throttled replot, colours and fonts redone when the
// palette, style or font changes, the figure style (screen or paper) with its legend placement and
// the fitting of legends and titles to the size drawn at, and the mouse — hover tool tips, and clicks
// told apart from the end of a drag. A page builds its plot in its constructor and implements the
// hooks below; it never connects to the plot's mouse signals itself.

#include "widgets/plot/figureview.h"

#include <QHash>
#include <QPoint>
#include <QTimer>
#include <QWidget>

#include <utility>
#include <vector>

class QCPAxis;
class QCPAxisRect;
class QCPLayoutGrid;
class QCPTextElement;
class QCustomPlot;
class QMouseEvent;

namespace qs {

class PlotPage : public QWidget, public FigureView
{
    Q_OBJECT

public:
    explicit PlotPage(QWidget* parent = nullptr);
    ~PlotPage() override;

    QCustomPlot* plot() const { return m_plot; }
    // Replots at once instead of waiting for the throttle timer (export, tests).
    void replotNow();

    // FigureView: keeps `style`, places the legend for it, restyles the page (applyColors(),
    // figureStyleChanged()) and replots at once.
    void applyFigureStyle(const FigureStyle& style) override;
    void beginExportStyle(const FigureStyle& style) override;
    void endExportStyle() override;
    const FigureStyle& figureStyle() const { return m_style; }
    bool isPaperStyle() const { return m_style.kind == FigureStyle::Kind::Paper; }

protected:
    // Replots within ~40 ms, once however often it is asked for in between.
    void scheduleReplot();

    // Colours, fonts and pen widths of everything the page draws, from the palette and font (screen)
    // or the figure style (paper). Called on palette, style and font changes and by
    // applyFigureStyle(); the page calls it after it created new plottables or items.
    virtual void applyColors() = 0;
    // After applyFigureStyle() restyled the page, before it replots (e.g. hide the selection marks).
    virtual void figureStyleChanged() { }

    // What the current style draws with: the widget's palette and font on screen; black on white and
    // the style's font for paper (tick labels, axis labels and legend at fontPt, the title bold).
    QPalette stylePalette() const;
    struct Fonts
    {
        QFont tick;
        QFont label;
        QFont title;
    };
    Fonts styleFonts() const;
    // A line `screenPx` logical pixels wide on screen, `paperPt` points wide in a paper figure.
    double penWidth(double screenPx, double paperPt) const;
    // Colours the axes of `rect` like applyPlotPalette() does the plot's (axis rects the plot does
    // not know as its own, e.g. those of a colour scale, get it here too).
    void styleAxes(QCPAxisRect* rect, const QPalette& palette) const;

    // The plot's legend lives in `row` (a grid in row `layoutRow` of the plot layout, the legend in
    // its cell (0, 1) between two stretching spacers) for the screen and the "below" style, in the
    // inset of `insideRect` for "inside", nowhere for "none" (the row leaves the layout, so it takes
    // no space). `columns`: how many columns the legend has below the plot when the width allows.
    void setLegendPlaces(QCPLayoutGrid* row, int layoutRow, QCPAxisRect* insideRect, int columns);
    QCPLayoutGrid* legendRow() const { return m_legendRow; }

    // Text elements (titles) whose text is broken into lines at spaces wherever it is wider than the
    // element is laid out; set their text through setWrappedText(), not QCPTextElement::setText().
    void setWrappedText(QCPTextElement* element, const QString& text);
    QString wrappedText(QCPTextElement* element) const { return m_wrapped.value(element); }
    // The same for an axis label, broken to the length of its axis.
    void setWrappedLabel(QCPAxis* axis, const QString& label);
    // An element (the page's title) shown on screen only: a paper figure's caption says what the
    // title would. In the paper style it leaves its grid (and its row when it was alone there, so
    // the row takes no space); it comes back to the same cell for the screen.
    void setScreenOnly(QCPTextElement* element);

    // Mouse hooks, in plot widget pixels: the hover text at `pos` (empty: no tool tip), a click at
    // `pos` (a left press and release within a few pixels), and a move with a button held.
    virtual QString toolTipAt(const QPointF& pos) const;
    virtual void clickedAt(const QPointF& pos);
    virtual void dragging() { }

    void changeEvent(QEvent* event) override;

private:
    void restyle(const FigureStyle& style); // applyFigureStyle() without the replot
    void placeLegend();
    void placeScreenOnly();
    void fitLayout();
    bool fitLegend();
    bool fitTexts();
    void onMouseMove(QMouseEvent* event);
    void onMouseRelease(QMouseEvent* event);

    QCustomPlot* m_plot = nullptr;
    QTimer m_replotTimer;
    QPoint m_pressPos;
    FigureStyle m_style;
    QCPLayoutGrid* m_legendRow = nullptr;
    int m_legendLayoutRow = -1;
    QCPAxisRect* m_legendRect = nullptr;
    int m_legendColumns = 1;
    struct LegendLook
    {
        QSize iconSize;
        int iconTextPadding = 0;
        QMargins margins;
        int columnSpacing = 0;
        QMargins insetMargins; // of the axis rect's inset that takes the legend "inside"
    };
    LegendLook m_screenLegend;                 // the page's legend look on screen; paper figures get a compact one
    QHash<QCPTextElement*, QString> m_wrapped; // element → its full text
    QHash<QCPAxis*, QString> m_wrappedLabels;  // axis → its full label
    struct Cell
    {
        QCPLayoutGrid* grid = nullptr;
        int row = -1;
        int column = -1;
        bool rowRemoved = false;
        double rowStretch = 1.0;
    };
    std::vector<std::pair<QCPTextElement*, Cell>> m_screenOnly; // element and where it goes on screen
};

} // namespace qs
