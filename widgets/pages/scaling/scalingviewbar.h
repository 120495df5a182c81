// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The row above the scaling page's figure: which view (curves, contour, f* vs S, measured), which
// quantity, the x variable and the series variable of the curves, and log y. It writes to the state
// (itemmodels/scalingstate.h) and follows it.

#include "itemmodels/scalingstate.h"

#include <QWidget>

class QCheckBox;
class QComboBox;

namespace qs {

class ScalingViewBar : public QWidget
{
    Q_OBJECT

public:
    // Empty until fill().
    explicit ScalingViewBar(ScalingState* state, QWidget* parent = nullptr);

    // Fills the choices from the state (later changes follow by themselves).
    void fill();

    // Enables the choices `view` uses (the page calls it when it redraws).
    void enableFor(ScalingState::View view);

private:
    void fillQuantityCombo();
    void fillVariableCombos();
    void syncShown();

    ScalingState* m_state;
    QComboBox* m_viewCombo = nullptr;
    QComboBox* m_quantityCombo = nullptr;
    QComboBox* m_variableCombo = nullptr;
    QComboBox* m_seriesCombo = nullptr;
    QCheckBox* m_logYCheck = nullptr;
};

} // namespace qs
