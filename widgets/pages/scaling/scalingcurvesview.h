// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The scaling page's curves: a quantity (loss, δ, …) against the x variable over its whole range,
// one curve per value of the series variable (several G, bits, N, …), the inputs marked on each.

#include "widgets/pages/scaling/scalingview.h"

namespace qs {

class ScalingCurvesView : public ScalingView
{
    Q_DECLARE_TR_FUNCTIONS(qs::ScalingPage)

public:
    using ScalingView::ScalingView;

    // One per series value, in the order of ScalingState::seriesValues().
    QList<QCPGraph*> graphs() const { return m_graphs; }

    void configureAxes(const ScalingState& state) override;
    void clear() override;
    void applyColors(const ScalingLook& look) override;
    QString toolTipAt(const ScalingState& state, const QPointF& pos) const override;

protected:
    void build(const ScalingState& state) override;
    QString heading(const ScalingState& state, const QString& law) const override;
    bool varies(const ScalingState& state, scaling::Variable variable) const override;

private:
    QList<QCPGraph*> m_graphs;
};

} // namespace qs
