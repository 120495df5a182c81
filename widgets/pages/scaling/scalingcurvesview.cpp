// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "widgets/pages/scaling/scalingcurvesview.h"

#include "core/common/errors.h"
#include "itemmodels/scalingstate.h"
#include "widgets/pages/scaling/scalingfigure.h"
#include "widgets/pages/scaling/scalingtexts.h"
#include "widgets/plot/figureview.h"
#include "widgets/plot/plotstyle.h"
#include "widgets/plot/qcp.h"

#include <algorithm>
#include <cmath>

namespace qs {

using namespace qs::scaling;

namespace {

constexpr int curveSteps = 200;

QVector<double> toVector(const std::vector<double>& values)
{
    return QVector<double>(values.begin(), values.end());
}

} // namespace

void ScalingCurvesView::configureAxes(const ScalingState& state)
{
    configureVariableAxes(state);
}

void ScalingCurvesView::clear()
{
    for (QCPGraph* g : m_graphs)
        m_figure.plot()->removePlottable(g);
    m_graphs.clear();
}

// The quantity against the x variable, one curve per series value.
void ScalingCurvesView::build(const ScalingState& state)
{
    const Law& current = state.law();
    const Quantity q = state.quantity();
    const Variable v = state.variable();
    const std::optional<Variable> seriesVariable = state.seriesVariable();
    const Inputs& inputs = state.inputs();
    const bool logY = state.logY();
    if (const QString missing = missingCoefficients(state, q); !missing.isEmpty())
        return showMessage(missing);
    const auto [lo, hi] = ScalingState::inputRange(v);
    const bool logX = isLogVariable(v);
    std::vector<double> series = state.seriesValues();
    const bool hasSeries = !series.empty();
    if (!hasSeries)
        series = {kNaN};

    QCPAxis* x = m_figure.x();
    QCPAxis* y = m_figure.y();
    QStringList header {QString::fromStdString(variableName(v))};
    std::vector<double> xs;
    std::vector<std::vector<double>> columns;
    std::vector<double> markerKeys, markerValues;
    QString firstError;
    const Quantity quantities[] = {q};
    for (size_t k = 0; k < series.size(); ++k) {
        Inputs base = inputs;
        if (hasSeries)
            base.set(*seriesVariable, series[k]);
        SweepTable table;
        try {
            table = sweep(current, quantities, base, v, lo, hi, curveSteps, logX);
        } catch (const Error& e) {
            if (firstError.isEmpty())
                firstError = QString::fromUtf8(e.what());
            continue;
        }
        std::vector<double> values = table.values.front();
        if (logY)
            std::replace_if(
                values.begin(), values.end(), [](double value) { return !(value > 0.0); }, kNaN);
        auto* graph = new QCPGraph(x, y);
        graph->setData(toVector(table.x), toVector(values), true);
        graph->setName(hasSeries ? ScalingTexts::inputText(*seriesVariable, series[k]) : tr("at the inputs"));
        graph->setProperty("series", int(k));
        m_graphs << graph;
        xs = table.x;
        columns.push_back(values);
        header << (hasSeries ? QStringLiteral("%1 (%2)").arg(QString::fromStdString(quantityName(q)),
                                                             ScalingTexts::inputText(*seriesVariable, series[k]))
                             : QString::fromStdString(quantityName(q)));
        base.set(v, inputs.get(v));
        try {
            const double here = predict(current, q, base);
            if (std::isfinite(here) && (!logY || here > 0.0)) {
                markerKeys.push_back(inputs.get(v));
                markerValues.push_back(here);
            }
        } catch (const Error&) {
        }
    }
    if (m_graphs.isEmpty())
        return showMessage(tr("%1 cannot be drawn here: %2").arg(ScalingTexts::quantityLabel(q), firstError));

    m_figure.setAxisLabel(x, ScalingTexts::variableLabel(v));
    m_figure.setAxisLabel(y, ScalingTexts::quantityLabel(q));
    x->setRange(lo, hi);
    bool found = false;
    QCPRange range;
    for (QCPGraph* graph : m_graphs) {
        bool ok = false;
        const QCPRange r = graph->getValueRange(ok, QCP::sdBoth);
        if (ok)
            range = found ? QCPRange(std::min(range.lower, r.lower), std::max(range.upper, r.upper)) : r;
        found = found || ok;
    }
    if (!found)
        return showMessage(tr("%1 is undefined over this range of %2.")
                               .arg(ScalingTexts::quantityLabel(q), ScalingTexts::variableLabel(v)));
    if (logY)
        range = QCPRange(range.lower / 1.3, range.upper * 1.3);
    else
        range = range.size() > 0 ? QCPRange(range.lower - 0.05 * range.size(), range.upper + 0.05 * range.size())
                                 : QCPRange(range.lower - 0.5, range.upper + 0.5);
    y->setRange(range);

    QCPItemStraightLine* xLine = m_figure.xLine();
    xLine->point1->setCoords(inputs.get(v), 0.0);
    xLine->point2->setCoords(inputs.get(v), 1.0);
    xLine->setVisible(true);
    QCPGraph* marker = m_figure.marker();
    marker->setData(toVector(markerKeys), toVector(markerValues));
    marker->setName(tr("at the inputs"));
    marker->setVisible(!markerKeys.empty());
    if (!markerKeys.empty())
        marker->addToLegend();

    m_csv = header.join(QLatin1Char(',')) + QLatin1Char('\n');
    for (size_t i = 0; i < xs.size(); ++i) {
        QStringList fields {csvNumber(xs[i])};
        for (const std::vector<double>& column : columns)
            fields << csvNumber(column[i]);
        m_csv += fields.join(QLatin1Char(',')) + QLatin1Char('\n');
    }
}

void ScalingCurvesView::applyColors(const ScalingLook& look)
{
    for (QCPGraph* graph : m_graphs) {
        const int k = graph->property("series").toInt();
        graph->setPen(QPen(seriesColor(k), look.lineWidth, seriesPenStyle(k)));
    }
}

QString ScalingCurvesView::toolTipAt(const ScalingState&, const QPointF& pos) const
{
    return valuesAt(m_graphs, pos);
}

QString ScalingCurvesView::heading(const ScalingState& state, const QString& law) const
{
    return tr("%1: %2 against %3")
        .arg(law, ScalingTexts::quantityShort(state.quantity()),
             QString::fromStdString(variableName(state.variable())));
}

bool ScalingCurvesView::varies(const ScalingState& state, Variable v) const
{
    return v == state.variable() || (state.seriesVariable() && v == *state.seriesVariable());
}

} // namespace qs
