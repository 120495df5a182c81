// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The scaling page's f* vs S: the compute-optimal QAT law's optimal QAT fraction f* against tokens per
// parameter byte S at the inputs' N and B, with the direct fit f̂ = exp(−a/ln S) (Dremov et al.); f̂
// alone, with a note, while the law's δ coefficients are unset.

#include "widgets/pages/scaling/scalingview.h"

namespace qs {

class ScalingFractionView : public ScalingView
{
    Q_DECLARE_TR_FUNCTIONS(qs::ScalingPage)

public:
    explicit ScalingFractionView(ScalingFigure& figure);

    QCPGraph* directFractionGraph() const { return m_fhatGraph; }
    QCPGraph* optimalFractionGraph() const { return m_fstarGraph; }

    void configureAxes(const ScalingState& state) override;
    void clear() override;
    void applyColors(const ScalingLook& look) override;
    QString toolTipAt(const ScalingState& state, const QPointF& pos) const override;

protected:
    void build(const ScalingState& state) override;
    QString heading(const ScalingState& state, const QString& law) const override;
    bool varies(const ScalingState& state, scaling::Variable variable) const override;

private:
    QCPGraph* m_fhatGraph = nullptr;
    QCPGraph* m_fstarGraph = nullptr;
};

} // namespace qs
