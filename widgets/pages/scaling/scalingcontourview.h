// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The scaling page's contour map: N × D (log10 N, log10 D as coordinates) coloured by the quantity,
// on a log colour scale when it spans more than a factor 20, with iso-lines at round levels, each
// level labelled once on its longest line (scalingcontour.h).

#include "widgets/pages/scaling/scalingview.h"

#include <vector>

class QCPColorMap;
class QCPCurve;
class QCPItemText;

namespace qs {

class ScalingContourView : public ScalingView
{
    Q_DECLARE_TR_FUNCTIONS(qs::ScalingPage)

public:
    explicit ScalingContourView(ScalingFigure& figure);

    // Cell (i, j) sits at x = log10 N, y = log10 D (cellToCoord).
    QCPColorMap* colorMap() const { return m_map; }
    const std::vector<QCPCurve*>& isoLines() const { return m_isoCurves; }
    const std::vector<QCPItemText*>& isoLabels() const { return m_isoLabels; }

    bool usesColorScale() const override { return true; }
    void configureAxes(const ScalingState& state) override;
    void clear() override;
    void applyColors(const ScalingLook& look) override;
    QString toolTipAt(const ScalingState& state, const QPointF& pos) const override;

protected:
    void build(const ScalingState& state) override;
    QString heading(const ScalingState& state, const QString& law) const override;
    bool varies(const ScalingState& state, scaling::Variable variable) const override;

private:
    QCPColorMap* m_map = nullptr;
    std::vector<QCPCurve*> m_isoCurves;
    std::vector<QCPItemText*> m_isoLabels;
};

} // namespace qs
