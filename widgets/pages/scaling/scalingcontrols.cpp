// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "widgets/pages/scaling/scalingcontrols.h"

#include "core/common/errors.h"
#include "itemmodels/coefficientmodel.h"
#include "itemmodels/scalingstate.h"
#include "widgets/pages/scaling/scalinginputs.h"

#include <QCheckBox>
#include <QComboBox>
#include <QCoreApplication>
#include <QDialog>
#include <QDialogButtonBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QSpinBox>
#include <QTableView>
#include <QVBoxLayout>

#include <cmath>

namespace qs {

using namespace qs::scaling;

namespace {

// The controls' texts are the scaling page's: they keep its translation context (translations/*.ts).
class PageText
{
    Q_DECLARE_TR_FUNCTIONS(qs::ScalingPage)
};

} // namespace

ScalingControls::ScalingControls(ScalingState* state, QWidget* parent)
    : QWidget(parent)
    , m_state(state)
{
    QWidget* lawBox = buildLawBox();
    QWidget* inputBox = buildInputBox();

    m_table = new QTableView(this);
    m_table->setObjectName(QStringLiteral("scalingCoefficientTable"));
    m_table->setModel(state->coefficientModel());
    m_table->verticalHeader()->setVisible(false);
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setEditTriggers(QAbstractItemView::DoubleClicked | QAbstractItemView::EditKeyPressed
                             | QAbstractItemView::AnyKeyPressed);
    m_table->setMinimumHeight(160);
    m_table->resizeColumnsToContents();
    connect(state->coefficientModel(), &QAbstractItemModel::modelReset, m_table,
            [this] { m_table->resizeColumnsToContents(); });

    m_openDataButton = new QPushButton(PageText::tr("Open &data…"), this);
    m_openDataButton->setToolTip(
        PageText::tr("Measured points as CSV: columns N, D, G, bits, D_fp, D_qat, loss, delta, "
                     "fp_loss, heldout, label (docs/scaling.md)"));
    m_fitButton = new QPushButton(PageText::tr("&Fit to data…"), this);
    m_fitButton->setToolTip(
        PageText::tr("Fit the law's unset and fitted coefficients to the measured points (Huber loss "
                     "on log residuals, L-BFGS from a grid of starts, bootstrap CIs)"));
    m_dataLabel = new QLabel(PageText::tr("no measured points"), this);
    m_dataLabel->setObjectName(QStringLiteral("scalingDataLabel"));
    m_dataLabel->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    auto* dataRow = new QHBoxLayout;
    dataRow->addWidget(m_openDataButton);
    dataRow->addWidget(m_fitButton);
    dataRow->addWidget(m_dataLabel, 1);

    m_progress = new QProgressBar(this);
    m_progress->setObjectName(QStringLiteral("scalingFitProgress"));
    m_progress->setRange(0, 1000);
    m_progress->setTextVisible(true);
    m_cancelButton = new QPushButton(PageText::tr("Cancel"), this);
    auto* fitRow = new QHBoxLayout;
    fitRow->addWidget(m_progress, 1);
    fitRow->addWidget(m_cancelButton);
    m_progress->setVisible(false);
    m_cancelButton->setVisible(false);

    m_statusLabel = new QLabel(this);
    m_statusLabel->setObjectName(QStringLiteral("scalingStatus"));
    m_statusLabel->setWordWrap(true);
    m_statusLabel->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_statusLabel->setVisible(false);

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 4, 0);
    layout->addWidget(lawBox);
    layout->addWidget(inputBox);
    layout->addWidget(new QLabel(PageText::tr("Coefficients (double-click a value to edit):"), this));
    layout->addWidget(m_table, 1);
    layout->addLayout(dataRow);
    layout->addLayout(fitRow);
    layout->addWidget(m_statusLabel);

    connectState();
    lawReplaced();
    syncData();
    syncStatus();
}

QWidget* ScalingControls::buildLawBox()
{
    auto* lawBox = new QGroupBox(PageText::tr("Law"), this);
    m_kindCombo = new QComboBox(lawBox);
    m_kindCombo->setObjectName(QStringLiteral("scalingKindCombo"));
    m_kindCombo->addItem(PageText::tr("Chinchilla: L(N, D)"), int(LawKind::Chinchilla));
    m_kindCombo->addItem(PageText::tr("W4A4 QAT law: δ(N, D, G) (Chen et al.)"), int(LawKind::W4A4));
    m_kindCombo->addItem(PageText::tr("Compute-optimal QAT: f*, δ(N, D_fp, D_qat, B) (Dremov et al.)"),
                         int(LawKind::Qat));
    m_variantCombo = new QComboBox(lawBox);
    m_variantCombo->setObjectName(QStringLiteral("scalingVariantCombo"));
    m_variantCombo->addItem(PageText::tr("w4a16 (weight-only)"), int(W4A4Variant::WeightOnly));
    m_variantCombo->addItem(PageText::tr("w16a4 (activation-only)"), int(W4A4Variant::ActivationOnly));
    m_variantCombo->addItem(PageText::tr("w16a4-fc2a8 (FC2 input at 8 bits)"), int(W4A4Variant::ActivationOnlyFc2At8));
    m_variantCombo->addItem(PageText::tr("w4a4 (weights and activations)"), int(W4A4Variant::Full));
    m_presetCombo = new QComboBox(lawBox);
    m_presetCombo->setObjectName(QStringLiteral("scalingPresetCombo"));
    m_presetCombo->addItem(PageText::tr("Hoffmann et al. 2022"), int(ChinchillaPreset::Hoffmann2022));
    m_presetCombo->addItem(PageText::tr("Besiroglu et al. 2024"), int(ChinchillaPreset::Besiroglu2024));
    m_presetCombo->addItem(PageText::tr("none (unset, to be fitted)"), int(ChinchillaPreset::None));
    m_presetCombo->addItem(PageText::tr("as loaded or fitted"), -1);
    m_presetCombo->setToolTip(PageText::tr("Published coefficients of L(N, D) = E + A/N^α + B/D^β"));
    m_loadLawButton = new QPushButton(PageText::tr("&Load law…"), lawBox);
    m_loadLawButton->setToolTip(PageText::tr("Open a law saved as JSON (quantscope fit writes them)"));
    m_saveLawButton = new QPushButton(PageText::tr("Sa&ve law…"), lawBox);
    auto* lawButtons = new QHBoxLayout;
    lawButtons->addWidget(m_loadLawButton);
    lawButtons->addWidget(m_saveLawButton);
    lawButtons->addStretch(1);
    auto* lawForm = new QFormLayout(lawBox);
    lawForm->addRow(PageText::tr("La&w:"), m_kindCombo);
    lawForm->addRow(PageText::tr("V&ariant:"), m_variantCombo);
    lawForm->addRow(PageText::tr("&Chinchilla part:"), m_presetCombo);
    lawForm->addRow(lawButtons);
    return lawBox;
}

QWidget* ScalingControls::buildInputBox()
{
    auto* inputBox = new QGroupBox(PageText::tr("Inputs"), this);
    auto* inputLayout = new QVBoxLayout(inputBox);
    const QString labels[] = {PageText::tr("N:"), PageText::tr("D:"), PageText::tr("G:"), PageText::tr("B:"),
                              PageText::tr("f:")};
    const QString tips[] = {
        PageText::tr("Parameters (raw count; 7e9 or 7B)"), PageText::tr("Training tokens (raw count; 2e12 or 2T)"),
        PageText::tr("Quantization group size in input channels (per-channel: the layer's input dimension)"),
        PageText::tr("Weight bit width"), PageText::tr("QAT fraction f = D_qat / D of the training tokens")};
    for (const Variable v : ScalingState::allVariables) {
        const ScalingState::InputSpec spec = ScalingState::inputSpec(v);
        auto* row = new ScalingInputRow(labels[int(v)], spec.lo, spec.hi, isLogVariable(v), spec.decimals, inputBox);
        row->setObjectName(QStringLiteral("scalingInput_%1").arg(QString::fromStdString(variableName(v))));
        row->setToolTip(tips[int(v)]);
        row->label()->setMinimumWidth(row->fontMetrics().horizontalAdvance(QStringLiteral("MM:")));
        row->setValue(m_state->inputs().get(v));
        connect(row, &ScalingInputRow::valueChanged, m_state, [this, v](double value) { m_state->setInput(v, value); });
        m_rows[size_t(v)] = row;
        inputLayout->addWidget(row);
    }
    m_readoutLabel = new QLabel(inputBox);
    m_readoutLabel->setObjectName(QStringLiteral("scalingReadout"));
    m_readoutLabel->setWordWrap(false); // the readout breaks its lines itself
    m_readoutLabel->setTextInteractionFlags(Qt::TextSelectableByMouse);
    inputLayout->addWidget(m_readoutLabel);
    return inputBox;
}

void ScalingControls::connectState()
{
    connect(m_kindCombo, &QComboBox::activated, this, &ScalingControls::chooseFromCombos);
    connect(m_variantCombo, &QComboBox::activated, this, &ScalingControls::chooseFromCombos);
    connect(m_presetCombo, &QComboBox::activated, this, &ScalingControls::chooseFromCombos);
    connect(m_loadLawButton, &QPushButton::clicked, this, [this] {
        const QString path = QFileDialog::getOpenFileName(this, PageText::tr("Load Law"), QString(),
                                                          PageText::tr("Scaling laws (*.json);;All files (*)"));
        if (!path.isEmpty())
            m_state->loadLaw(path);
    });
    connect(m_saveLawButton, &QPushButton::clicked, this, [this] {
        QString path = QFileDialog::getSaveFileName(this, PageText::tr("Save Law"), QString(),
                                                    PageText::tr("Scaling laws (*.json)"));
        if (path.isEmpty())
            return;
        if (QFileInfo(path).suffix().isEmpty())
            path += QStringLiteral(".json");
        if (m_state->saveLaw(path))
            m_state->setStatus(PageText::tr("Saved %1").arg(path), false);
    });
    connect(m_openDataButton, &QPushButton::clicked, this, [this] {
        const QString path = QFileDialog::getOpenFileName(this, PageText::tr("Open Measured Points"), QString(),
                                                          PageText::tr("CSV files (*.csv);;All files (*)"));
        if (!path.isEmpty() && m_state->openCsv(path))
            m_state->setView(ScalingState::View::Measured);
    });
    connect(m_fitButton, &QPushButton::clicked, this, &ScalingControls::askFit);
    connect(m_cancelButton, &QPushButton::clicked, m_state, &ScalingState::cancelFit);

    connect(m_state, &ScalingState::lawReplaced, this, &ScalingControls::lawReplaced);
    connect(m_state, &ScalingState::inputsChanged, this, &ScalingControls::syncInputs);
    connect(m_state, &ScalingState::dataChanged, this, &ScalingControls::syncData);
    connect(m_state, &ScalingState::statusChanged, this, &ScalingControls::syncStatus);
    connect(m_state, &ScalingState::fittingChanged, this, &ScalingControls::setFitting);
    connect(m_state, &ScalingState::fitProgressChanged, this,
            [this](double fraction, const QString& message, const QString& eta) {
                m_progress->setValue(int(std::lround(fraction * 1000.0)));
                m_progress->setFormat(eta.isEmpty() ? PageText::tr("%1 (%p%)").arg(message)
                                                    : PageText::tr("%1 (%p%, %2)").arg(message, eta));
            });
}

void ScalingControls::setReadout(const QString& text)
{
    m_readoutLabel->setText(text);
}

void ScalingControls::chooseFromCombos()
{
    const int preset = m_presetCombo->currentData().toInt();
    const auto kind = LawKind(m_kindCombo->currentData().toInt());
    const auto variant = W4A4Variant(m_variantCombo->currentData().toInt());
    const Law& law = m_state->law();
    if (preset < 0) {
        // "As loaded or fitted": keep the coefficients when the kind stays.
        if (kind == law.kind() && (kind != LawKind::W4A4 || law.variant() == variant))
            return;
        m_state->chooseLaw(kind, variant, ChinchillaPreset::None);
        return;
    }
    m_state->chooseLaw(kind, variant, ChinchillaPreset(preset));
}

void ScalingControls::syncChooser()
{
    const Law& current = m_state->law();
    m_kindCombo->setCurrentIndex(m_kindCombo->findData(int(current.kind())));
    if (current.variant())
        m_variantCombo->setCurrentIndex(m_variantCombo->findData(int(*current.variant())));
    m_variantCombo->setEnabled(current.kind() == LawKind::W4A4 && !m_state->isFitting());
    const std::optional<ChinchillaPreset> preset = m_state->chinchillaPreset();
    m_presetCombo->setCurrentIndex(m_presetCombo->findData(preset ? int(*preset) : -1));
}

void ScalingControls::lawReplaced()
{
    syncChooser();
    const QList<Variable> used = m_state->lawVariables();
    for (const Variable v : ScalingState::allVariables) {
        const bool on = used.contains(v);
        m_rows[size_t(v)]->setEnabled(on);
        if (!on)
            m_rows[size_t(v)]->setToolTip(PageText::tr("Not an input of this law"));
    }
}

void ScalingControls::syncInputs()
{
    // Only rows that differ: the row the user moves already shows the value (and its slider stays put).
    for (const Variable v : ScalingState::allVariables) {
        const double value = m_state->inputs().get(v);
        if (m_rows[size_t(v)]->value() != value)
            m_rows[size_t(v)]->setValue(value);
    }
}

void ScalingControls::syncData()
{
    const ScalingData& data = m_state->measuredData();
    const QString source = QFileInfo(QString::fromStdString(data.source)).fileName();
    m_dataLabel->setText(data.points.empty() ? PageText::tr("no measured points")
                                             : PageText::tr("%1: %n point(s)", nullptr, int(data.points.size()))
                                                   .arg(source.isEmpty() ? PageText::tr("measured") : source));
    m_dataLabel->setToolTip(QString::fromStdString(data.source));
}

void ScalingControls::syncStatus()
{
    const QString text = m_state->statusMessage();
    m_statusLabel->setText(text);
    m_statusLabel->setVisible(!text.isEmpty());
    // Vermillion, darker: a warning that reads on light and dark backgrounds.
    m_statusLabel->setStyleSheet(m_state->statusIsError() ? QStringLiteral("color: #b03a00") : QString());
}

void ScalingControls::setFitting(bool on)
{
    m_progress->setVisible(on);
    m_progress->setValue(0);
    m_progress->setFormat(PageText::tr("starting (%p%)"));
    m_cancelButton->setVisible(on);
    for (QWidget* w :
         std::initializer_list<QWidget*> {m_kindCombo, m_presetCombo, m_loadLawButton, m_openDataButton, m_fitButton})
        w->setEnabled(!on);
    m_variantCombo->setEnabled(!on && m_state->law().kind() == LawKind::W4A4);
}

void ScalingControls::askFit()
{
    QDialog dialog(this);
    dialog.setWindowTitle(PageText::tr("Fit to Data"));
    auto* target = new QComboBox(&dialog);
    target->addItem(PageText::tr("automatic (δ for the QAT laws when the data have it, else the loss)"),
                    int(FitTarget::Auto));
    target->addItem(PageText::tr("loss"), int(FitTarget::Loss));
    if (m_state->law().kind() != LawKind::Chinchilla)
        target->addItem(PageText::tr("δ"), int(FitTarget::Delta));
    auto* refit = new QCheckBox(PageText::tr("Also refit published and hand-edited coefficients"), &dialog);
    refit->setToolTip(PageText::tr("By default only unset and previously fitted coefficients are free"));
    auto* resamples = new QSpinBox(&dialog);
    resamples->setRange(0, 1000);
    resamples->setValue(100);
    resamples->setToolTip(PageText::tr("Bootstrap resamples for the 95 % intervals (0: no intervals)"));
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, &dialog);
    auto* form = new QFormLayout(&dialog);
    form->addRow(PageText::tr("Fit on:"), target);
    form->addRow(refit);
    form->addRow(PageText::tr("Bootstrap resamples:"), resamples);
    form->addRow(buttons);
    connect(buttons, &QDialogButtonBox::accepted, &dialog, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, &dialog, &QDialog::reject);
    if (dialog.exec() != QDialog::Accepted)
        return;
    FitOptions options;
    options.target = FitTarget(target->currentData().toInt());
    options.bootstrapResamples = resamples->value();
    if (refit->isChecked()) {
        try {
            options.freeCoefficients = m_state->refittableCoefficients(options.target);
        } catch (const Error& e) {
            m_state->setStatus(PageText::tr("Cannot fit: %1").arg(QString::fromUtf8(e.what())), true);
            return;
        }
    }
    m_state->startFit(options);
}

} // namespace qs
