// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "widgets/pages/scaling/scalingviewbar.h"

#include "widgets/pages/scaling/scalingtexts.h"

#include <QCheckBox>
#include <QComboBox>
#include <QCoreApplication>
#include <QHBoxLayout>
#include <QLabel>

namespace qs {

using namespace qs::scaling;
using View = ScalingState::View;

namespace {

// The bar's texts are the scaling page's: they keep its translation context (translations/*.ts).
class PageText
{
    Q_DECLARE_TR_FUNCTIONS(qs::ScalingPage)
};

QComboBox* newCombo(const QString& name, QWidget* parent)
{
    auto* combo = new QComboBox(parent);
    combo->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    combo->setObjectName(name);
    return combo;
}

} // namespace

ScalingViewBar::ScalingViewBar(ScalingState* state, QWidget* parent)
    : QWidget(parent)
    , m_state(state)
{
    m_viewCombo = newCombo(QStringLiteral("scalingViewCombo"), this);
    m_viewCombo->addItem(PageText::tr("Curves"), int(View::Curves));
    m_viewCombo->addItem(PageText::tr("Contour map N × D"), int(View::Contour));
    m_viewCombo->addItem(PageText::tr("QAT fraction f* vs S"), int(View::QatFraction));
    m_viewCombo->addItem(PageText::tr("Measured points and residuals"), int(View::Measured));
    auto* viewLabel = new QLabel(PageText::tr("Vie&w:"), this);
    viewLabel->setBuddy(m_viewCombo);
    m_quantityCombo = newCombo(QStringLiteral("scalingQuantityCombo"), this);
    auto* quantityLabel = new QLabel(PageText::tr("&Quantity:"), this);
    quantityLabel->setBuddy(m_quantityCombo);
    m_variableCombo = newCombo(QStringLiteral("scalingVariableCombo"), this);
    auto* variableLabel = new QLabel(PageText::tr("&x:"), this);
    variableLabel->setBuddy(m_variableCombo);
    m_seriesCombo = newCombo(QStringLiteral("scalingSeriesCombo"), this);
    auto* seriesLabel = new QLabel(PageText::tr("&Series:"), this);
    seriesLabel->setBuddy(m_seriesCombo);
    m_logYCheck = new QCheckBox(PageText::tr("Log &y"), this);
    m_logYCheck->setObjectName(QStringLiteral("scalingLogYCheck"));
    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    for (QWidget* w : std::initializer_list<QWidget*> {viewLabel, m_viewCombo, quantityLabel, m_quantityCombo,
                                                       variableLabel, m_variableCombo, seriesLabel, m_seriesCombo})
        layout->addWidget(w);
    layout->addWidget(m_logYCheck);
    layout->addStretch(1);

    connect(m_viewCombo, &QComboBox::activated, this,
            [this](int index) { m_state->setView(View(m_viewCombo->itemData(index).toInt())); });
    connect(m_quantityCombo, &QComboBox::activated, this,
            [this](int index) { m_state->setQuantity(Quantity(m_quantityCombo->itemData(index).toInt())); });
    connect(m_variableCombo, &QComboBox::activated, this,
            [this](int index) { m_state->setVariable(Variable(m_variableCombo->itemData(index).toInt())); });
    connect(m_seriesCombo, &QComboBox::activated, this, [this](int index) {
        const int v = m_seriesCombo->itemData(index).toInt();
        m_state->setSeriesVariable(v < 0 ? std::nullopt : std::optional<Variable>(Variable(v)));
    });
    connect(m_logYCheck, &QCheckBox::clicked, m_state, &ScalingState::setLogY);
    connect(m_state, &ScalingState::lawReplaced, this, [this] {
        fillQuantityCombo();
        fillVariableCombos();
    });
    connect(m_state, &ScalingState::shownChanged, this, &ScalingViewBar::syncShown);
}

void ScalingViewBar::fill()
{
    fillQuantityCombo();
    syncShown();
}

void ScalingViewBar::fillQuantityCombo()
{
    const QSignalBlocker blocker(m_quantityCombo);
    m_quantityCombo->clear();
    const auto text = [](Quantity q) {
        switch (q) {
        case Quantity::Loss:
            return PageText::tr("loss L");
        case Quantity::FpLoss:
            return PageText::tr("FP loss");
        case Quantity::Delta:
            return PageText::tr("δ from quantization");
        case Quantity::EffectiveFraction:
            return PageText::tr("N_eff / N");
        case Quantity::EffectiveParameters:
            return PageText::tr("N_eff");
        case Quantity::OptimalQatFraction:
            return PageText::tr("f* (optimal)");
        case Quantity::DirectQatFraction:
            return PageText::tr("f̂ (direct fit)");
        case Quantity::TokensPerParameterByte:
            return PageText::tr("S");
        }
        return QString();
    };
    for (const Quantity q : m_state->availableQuantities()) {
        m_quantityCombo->addItem(text(q), int(q));
        m_quantityCombo->setItemData(m_quantityCombo->count() - 1, ScalingTexts::quantityLabel(q), Qt::ToolTipRole);
    }
    m_quantityCombo->setCurrentIndex(m_quantityCombo->findData(int(m_state->quantity())));
    m_logYCheck->setChecked(m_state->logY());
}

void ScalingViewBar::fillVariableCombos()
{
    const auto text = [](Variable v) {
        switch (v) {
        case Variable::N:
            return PageText::tr("N (parameters)");
        case Variable::D:
            return PageText::tr("D (tokens)");
        case Variable::G:
            return PageText::tr("G (group size)");
        case Variable::Bits:
            return PageText::tr("B (bits)");
        case Variable::QatFraction:
            return PageText::tr("f (QAT fraction)");
        }
        return QString();
    };
    const Variable x = m_state->variable();
    const std::optional<Variable> series = m_state->seriesVariable();
    const QSignalBlocker blockX(m_variableCombo);
    const QSignalBlocker blockSeries(m_seriesCombo);
    m_variableCombo->clear();
    m_seriesCombo->clear();
    m_seriesCombo->addItem(PageText::tr("none"), -1);
    for (const Variable v : m_state->lawVariables()) {
        m_variableCombo->addItem(text(v), int(v));
        if (v != x)
            m_seriesCombo->addItem(text(v), int(v));
    }
    m_variableCombo->setCurrentIndex(m_variableCombo->findData(int(x)));
    m_seriesCombo->setCurrentIndex(m_seriesCombo->findData(series ? int(*series) : -1));
}

void ScalingViewBar::syncShown()
{
    m_viewCombo->setCurrentIndex(m_viewCombo->findData(int(m_state->view())));
    m_quantityCombo->setCurrentIndex(m_quantityCombo->findData(int(m_state->quantity())));
    m_logYCheck->setChecked(m_state->logY());
    fillVariableCombos();
}

void ScalingViewBar::enableFor(View view)
{
    const bool curves = view == View::Curves;
    const bool measured = view == View::Measured;
    m_quantityCombo->setEnabled(view != View::QatFraction);
    m_variableCombo->setEnabled(curves || measured);
    m_seriesCombo->setEnabled(curves);
    m_logYCheck->setEnabled(curves || measured);
}

} // namespace qs
