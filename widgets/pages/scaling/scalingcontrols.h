// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The scaling page's left-hand controls over its state (itemmodels/scalingstate.h): the law chooser
// (kind, W4A4 variant, Chinchilla preset, load and save), the inputs N, D, G, B and f with the law's
// predictions at them, the coefficient table, the measured points and the fit (with its progress and
// Cancel), and the status line. They write to the state and follow its signals.

#include <QWidget>

#include <array>

class QComboBox;
class QLabel;
class QProgressBar;
class QPushButton;
class QTableView;

namespace qs {

class ScalingInputRow;
class ScalingState;

class ScalingControls : public QWidget
{
    Q_OBJECT

public:
    explicit ScalingControls(ScalingState* state, QWidget* parent = nullptr);

    // Shows the law's predictions at the inputs (the page calls it when it redraws).
    void setReadout(const QString& text);

private:
    QWidget* buildLawBox();
    QWidget* buildInputBox();
    void connectState();
    void chooseFromCombos();
    void syncChooser();
    void syncInputs();
    void syncData();
    void syncStatus();
    void lawReplaced();
    void setFitting(bool on);
    void askFit();

    ScalingState* m_state;
    QComboBox* m_kindCombo = nullptr;
    QComboBox* m_variantCombo = nullptr;
    QComboBox* m_presetCombo = nullptr;
    QPushButton* m_loadLawButton = nullptr;
    QPushButton* m_saveLawButton = nullptr;
    QPushButton* m_openDataButton = nullptr;
    QPushButton* m_fitButton = nullptr;
    QPushButton* m_cancelButton = nullptr;
    QProgressBar* m_progress = nullptr;
    QLabel* m_dataLabel = nullptr;
    QLabel* m_statusLabel = nullptr;
    QLabel* m_readoutLabel = nullptr;
    QTableView* m_table = nullptr;
    std::array<ScalingInputRow*, 5> m_rows {}; // by scaling::Variable
};

} // namespace qs
