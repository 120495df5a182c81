// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The scaling page's measured points: the user's points (CSV, data.h) of the loss or δ against the x
// variable, grouped by the other inputs (held-out points hollow), the law's curve through each group,
// and the relative residuals in a panel below.

#include "widgets/pages/scaling/scalingview.h"

#include <vector>

namespace qs {

class ScalingMeasuredView : public ScalingView
{
    Q_DECLARE_TR_FUNCTIONS(qs::ScalingPage)

public:
    using ScalingView::ScalingView;

    // The law per group; the measured points per group (training, then held out); residuals per group.
    QList<QCPGraph*> curveGraphs() const { return m_curveGraphs; }
    QList<QCPGraph*> pointGraphs() const { return m_pointGraphs; }
    QList<QCPGraph*> residualGraphs() const { return m_residualGraphs; }

    bool usesResiduals() const override { return true; }
    void configureAxes(const ScalingState& state) override;
    void clear() override;
    void applyColors(const ScalingLook& look) override;
    QString toolTipAt(const ScalingState& state, const QPointF& pos) const override;

protected:
    void build(const ScalingState& state) override;
    QString heading(const ScalingState& state, const QString& law) const override;
    bool varies(const ScalingState& state, scaling::Variable variable) const override;

private:
    QList<QCPGraph*> m_curveGraphs;
    QList<QCPGraph*> m_pointGraphs;
    QList<QCPGraph*> m_residualGraphs;
    // The point behind each point-graph entry, for tool tips.
    struct PointRef
    {
        QCPGraph* graph;
        double x, y;
        size_t index; // into the measured points
    };
    std::vector<PointRef> m_pointRefs;
};

} // namespace qs
