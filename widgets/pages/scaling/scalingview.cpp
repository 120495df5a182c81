// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "widgets/pages/scaling/scalingview.h"

#include "itemmodels/scalingstate.h"
#include "widgets/pages/scaling/scalingfigure.h"
#include "widgets/pages/scaling/scalingtexts.h"
#include "widgets/pages/scaling/scalingtickers.h"

#include <QStringList>

namespace qs {

using namespace qs::scaling;

ScalingView::ScalingView(ScalingFigure& figure)
    : m_figure(figure)
{
}

ScalingView::~ScalingView() = default;

void ScalingView::draw(const ScalingState& state)
{
    m_message.clear();
    m_csv.clear();
    build(state);
}

void ScalingView::showMessage(const QString& text)
{
    if (m_message.isEmpty())
        m_message = text;
}

QString ScalingView::missingCoefficients(const ScalingState& state, Quantity quantity)
{
    const QStringList unset = state.unsetCoefficients(quantity);
    if (unset.isEmpty())
        return {};
    return tr("%1 cannot be drawn: the %2 law's coefficients %3 are unset. Fit the law to measured points "
              "(Fit to data…), load a fitted law (Load law…), or type values into the coefficient table.")
        .arg(ScalingTexts::quantityLabel(quantity), QString::fromStdString(state.law().displayName()),
             unset.join(QStringLiteral(", ")));
}

QString ScalingView::title(const ScalingState& state) const
{
    const Law& current = state.law();
    QString lawTitle;
    switch (current.kind()) {
    case LawKind::Chinchilla:
        lawTitle = tr("Chinchilla law");
        break;
    case LawKind::W4A4:
        lawTitle = tr("W4A4 QAT law, %1").arg(QString::fromStdString(variantName(*current.variant())));
        break;
    case LawKind::Qat:
        lawTitle = tr("compute-optimal QAT law");
        break;
    }
    // The inputs held fixed in this view.
    QStringList fixed;
    for (const Variable v : state.lawVariables()) {
        if (!varies(state, v))
            fixed << ScalingTexts::inputText(v, state.inputs().get(v));
    }
    const QString at = fixed.join(QStringLiteral(", "));
    const QString text = heading(state, lawTitle);
    return at.isEmpty() ? text : tr("%1 at %2").arg(text, at);
}

void ScalingView::configureVariableAxes(const ScalingState& state)
{
    const auto logTicker = [](Variable v) -> QSharedPointer<QCPAxisTicker> {
        if (v == Variable::G) {
            auto ticker = QSharedPointer<QCPAxisTickerLog>::create();
            ticker->setLogBase(2.0);
            return ticker;
        }
        return QSharedPointer<CountLogTicker>::create();
    };
    const bool logX = isLogVariable(state.variable());
    for (QCPAxis* axis : {m_figure.x(), m_figure.residualRect()->axis(QCPAxis::atBottom)}) {
        axis->setScaleType(logX ? QCPAxis::stLogarithmic : QCPAxis::stLinear);
        axis->setTicker(logX ? logTicker(state.variable()) : QSharedPointer<QCPAxisTicker>::create());
    }
    m_figure.y()->setScaleType(state.logY() ? QCPAxis::stLogarithmic : QCPAxis::stLinear);
    m_figure.y()->setTicker(state.logY() ? QSharedPointer<QCPAxisTicker>(QSharedPointer<NiceLogTicker>::create())
                                         : QSharedPointer<QCPAxisTicker>::create());
}

QString ScalingView::valuesAt(const QList<QCPGraph*>& graphs, const QPointF& pos) const
{
    QCPAxis* x = m_figure.x();
    const double key = x->pixelToCoord(pos.x());
    QStringList lines {
        QStringLiteral("%1 = %2").arg(x->label().section(QLatin1Char(' '), 0, 0), QString::number(key, 'g', 4))};
    for (QCPGraph* graph : graphs) {
        if (!graph->visible() || graph->data()->isEmpty())
            continue;
        auto it = graph->data()->findBegin(key, false);
        if (it == graph->data()->constEnd())
            continue;
        lines << tr("%1: %2").arg(graph->name(), QString::number(it->value, 'g', 4));
    }
    return lines.join(QLatin1Char('\n'));
}

} // namespace qs
