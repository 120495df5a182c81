// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "widgets/pages/scaling/scalingfractionview.h"

#include "core/common/errors.h"
#include "itemmodels/scalingstate.h"
#include "widgets/pages/scaling/scalingfigure.h"
#include "widgets/pages/scaling/scalingtickers.h"
#include "widgets/plot/figureview.h"

#include <cmath>

namespace qs {

using namespace qs::scaling;

namespace {

QVector<double> toVector(const std::vector<double>& values)
{
    return QVector<double>(values.begin(), values.end());
}

} // namespace

ScalingFractionView::ScalingFractionView(ScalingFigure& figure)
    : ScalingView(figure)
{
    m_fhatGraph = new QCPGraph(figure.x(), figure.y());
    m_fstarGraph = new QCPGraph(figure.x(), figure.y());
}

void ScalingFractionView::configureAxes(const ScalingState&)
{
    QCPAxis* x = m_figure.x();
    QCPAxis* y = m_figure.y();
    x->setScaleType(QCPAxis::stLogarithmic);
    x->setTicker(QSharedPointer<CountLogTicker>::create());
    y->setScaleType(QCPAxis::stLinear);
    y->setTicker(QSharedPointer<QCPAxisTicker>::create());
}

void ScalingFractionView::clear()
{
    for (QCPGraph* g : {m_fhatGraph, m_fstarGraph}) {
        g->data()->clear();
        g->setVisible(false);
        g->removeFromLegend();
    }
}

// f* against S at the inputs' N and B, with the direct fit f̂(S).
void ScalingFractionView::build(const ScalingState& state)
{
    const Law& current = state.law();
    const Inputs& inputs = state.inputs();
    if (current.kind() != LawKind::Qat)
        return showMessage(tr("The optimal QAT fraction f* and its direct fit f̂ belong to the compute-optimal QAT "
                              "law (Dremov et al. 2025): choose it under Law."));
    if (const QString missing = missingCoefficients(state, Quantity::DirectQatFraction); !missing.isEmpty())
        return showMessage(missing);
    const double a = current.value("a_f");
    const double N = inputs.N, bits = inputs.bits;
    const bool lawOk = missingCoefficients(state, Quantity::OptimalQatFraction).isEmpty();
    // S = 10^(k/40): whole decades are exact samples.
    std::vector<double> s, fhat, fstar;
    for (int k = 4; k <= 240; ++k) {
        const double S = std::pow(10.0, k / 40.0);
        s.push_back(S);
        fhat.push_back(directQatFraction(S, a));
        double f = kNaN;
        if (lawOk) {
            try {
                f = optimalQatFraction(current, N, S * N * bits / 8.0, bits).fraction;
            } catch (const Error&) {
            }
        }
        fstar.push_back(f);
    }
    m_fhatGraph->setData(toVector(s), toVector(fhat), true);
    m_fhatGraph->setName(tr("direct fit f̂ = exp(−%1 / ln S)").arg(QString::number(a, 'g', 5)));
    m_fhatGraph->setVisible(true);
    m_fhatGraph->addToLegend();
    if (lawOk) {
        m_fstarGraph->setData(toVector(s), toVector(fstar), true);
        m_fstarGraph->setName(tr("law's optimum f* (N = %1, B = %2)").arg(formatCount(N), QString::number(bits)));
        m_fstarGraph->setVisible(true);
        m_fstarGraph->addToLegend();
    } else {
        m_figure.setNote(tr("f* needs the QAT law's δ coefficients, which are unset: fit them to measured points or "
                            "type them into the table. f̂ is drawn alone."));
    }
    const double here = inputs.D / (N * bits / 8.0);
    if (here > 1.0) {
        QVector<double> keys {here}, values {directQatFraction(here, a)};
        if (lawOk) {
            try {
                keys << here;
                values << optimalQatFraction(current, N, inputs.D, bits).fraction;
            } catch (const Error&) {
                keys.pop_back();
            }
        }
        QCPGraph* marker = m_figure.marker();
        marker->setData(keys, values);
        marker->setName(tr("the inputs: S = %1").arg(QString::number(here, 'g', 4)));
        marker->setVisible(true);
        marker->addToLegend();
    }
    QCPAxis* x = m_figure.x();
    QCPAxis* y = m_figure.y();
    x->setRange(s.front(), s.back());
    y->setRange(0.0, 1.0);
    m_figure.setAxisLabel(x, tr("S = D / (N·B/8), tokens per parameter byte"));
    m_figure.setAxisLabel(y, tr("QAT fraction f = D_qat / D"));

    m_csv = QStringLiteral("S,f_hat,f_star\n");
    for (size_t i = 0; i < s.size(); ++i)
        m_csv += QStringLiteral("%1,%2,%3\n").arg(csvNumber(s[i]), csvNumber(fhat[i]), csvNumber(fstar[i]));
}

void ScalingFractionView::applyColors(const ScalingLook& look)
{
    m_fhatGraph->setPen(QPen(seriesColor(0), look.lineWidth));
    m_fstarGraph->setPen(QPen(seriesColor(1), look.lineWidth, Qt::DashLine));
}

QString ScalingFractionView::toolTipAt(const ScalingState&, const QPointF& pos) const
{
    return valuesAt({m_fhatGraph, m_fstarGraph}, pos);
}

QString ScalingFractionView::heading(const ScalingState&, const QString& law) const
{
    return tr("%1: optimal QAT fraction against S").arg(law);
}

bool ScalingFractionView::varies(const ScalingState&, Variable v) const
{
    return v == Variable::D || v == Variable::QatFraction;
}

} // namespace qs
