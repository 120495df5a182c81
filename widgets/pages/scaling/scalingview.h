// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// One view of the scaling page (curves, contour map, f* vs S, measured points): it draws the state
// (itemmodels/scalingstate.h) into the page's shared figure (scalingfigure.h) with plottables of its own,
// removes them again, colours them, says what is under the mouse, and keeps the CSV of what it drew.
// When it cannot draw (coefficients unset, no points) its message stands in for the plot.

#include "core/scalinglaws/query.h"

#include <QCoreApplication>
#include <QList>
#include <QPointF>
#include <QString>

class QCPGraph;

namespace qs {

class ScalingFigure;
class ScalingState;
struct ScalingLook;

class ScalingView
{
    Q_DECLARE_TR_FUNCTIONS(qs::ScalingPage)

public:
    explicit ScalingView(ScalingFigure& figure);
    virtual ~ScalingView();
    ScalingView(const ScalingView&) = delete;
    ScalingView& operator=(const ScalingView&) = delete;

    // Which shared parts of the figure the view lays out.
    virtual bool usesColorScale() const { return false; }
    virtual bool usesResiduals() const { return false; }
    // Scale types and tickers of the axes, before draw().
    virtual void configureAxes(const ScalingState& state) = 0;
    // Draws `state`; message() then says why nothing could be drawn (empty when it was), csv() holds
    // the numbers drawn.
    void draw(const ScalingState& state);
    // Removes what draw() added.
    virtual void clear() = 0;
    virtual void applyColors(const ScalingLook& look) = 0;
    // The hover text at `pos` (plot pixels, inside the main axes); empty for none.
    virtual QString toolTipAt(const ScalingState& state, const QPointF& pos) const = 0;
    // The law, what the view shows, and the inputs it holds fixed.
    QString title(const ScalingState& state) const;
    QString message() const { return m_message; }
    QString csv() const { return m_csv; }

protected:
    virtual void build(const ScalingState& state) = 0;
    // "<law>: δ against D" and the like.
    virtual QString heading(const ScalingState& state, const QString& law) const = 0;
    // Whether the view varies `variable` (the title does not list it among the fixed inputs).
    virtual bool varies(const ScalingState& state, scaling::Variable variable) const = 0;

    // The first message wins.
    void showMessage(const QString& text);
    // Why `quantity` cannot be drawn with the law as it is (unset coefficients); empty when it can.
    static QString missingCoefficients(const ScalingState& state, scaling::Quantity quantity);
    // Axes of the curves and measured views: x on the variable's scale (also the residual panel's),
    // y on a log scale or not.
    void configureVariableAxes(const ScalingState& state);
    // The values of `graphs` at the mouse's x, one line each, under the x value.
    QString valuesAt(const QList<QCPGraph*>& graphs, const QPointF& pos) const;

    ScalingFigure& m_figure;
    QString m_csv;

private:
    QString m_message;
};

} // namespace qs
