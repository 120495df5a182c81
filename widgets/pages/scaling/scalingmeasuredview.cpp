// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "widgets/pages/scaling/scalingmeasuredview.h"

#include "core/common/errors.h"
#include "itemmodels/scalingstate.h"
#include "widgets/pages/scaling/scalingfigure.h"
#include "widgets/pages/scaling/scalingtexts.h"
#include "widgets/plot/figureview.h"
#include "widgets/plot/plotstyle.h"
#include "widgets/plot/qcp.h"

#include <QFileInfo>

#include <algorithm>
#include <cmath>

namespace qs {

using namespace qs::scaling;

namespace {

constexpr int maxGroupCurves = 24;
constexpr int lawSteps = 120;

// The measured value of the quantity at a point: the loss, or δ (given, or loss − fp_loss).
double measuredValue(const ScalingPoint& p, Quantity q)
{
    if (q == Quantity::Delta)
        return std::isnan(p.delta) ? p.loss - p.fpLoss : p.delta;
    return p.loss;
}

QString pointInputs(const Inputs& in, const QList<Variable>& variables)
{
    QStringList parts;
    for (const Variable v : variables) {
        const double value = in.get(v);
        if (!std::isnan(value))
            parts << ScalingTexts::inputText(v, value);
    }
    return parts.join(QStringLiteral(", "));
}

} // namespace

void ScalingMeasuredView::configureAxes(const ScalingState& state)
{
    configureVariableAxes(state);
}

void ScalingMeasuredView::clear()
{
    for (QList<QCPGraph*>* graphs : {&m_curveGraphs, &m_pointGraphs, &m_residualGraphs}) {
        for (QCPGraph* g : *graphs)
            m_figure.plot()->removePlottable(g);
        graphs->clear();
    }
    m_pointRefs.clear();
}

void ScalingMeasuredView::build(const ScalingState& state)
{
    const Law& current = state.law();
    const ScalingData& data = state.measuredData();
    const Quantity q = state.quantity();
    const Variable v = state.variable();
    const bool logY = state.logY();
    if (data.points.empty())
        return showMessage(tr("No measured points yet. Open a CSV of your runs (Open data…); its columns are N, D, "
                              "G, bits, D_fp, D_qat, loss, delta, fp_loss, heldout and label (docs/scaling.md)."));
    if (q != Quantity::Loss && q != Quantity::Delta)
        return showMessage(tr("Measured points carry the loss and δ: choose one of them as the quantity."));
    if (!state.dataError().isEmpty())
        return showMessage(tr("The measured points cannot be shown with the %1 law: %2")
                               .arg(QString::fromStdString(current.displayName()), state.dataError()));

    // Groups: points that share every input but x, in the order of the file.
    QList<Variable> others = state.lawVariables();
    others.removeAll(v);
    const bool logX = isLogVariable(v);
    std::vector<std::pair<QString, std::vector<size_t>>> groups;
    int skipped = 0;
    double xLo = qInf(), xHi = -qInf();
    for (size_t i = 0; i < data.points.size(); ++i) {
        const ScalingPoint& p = data.points[i];
        const Inputs in = inputsOf(p);
        const double x = in.get(v), y = measuredValue(p, q);
        if (!std::isfinite(x) || !std::isfinite(y) || (logX && x <= 0.0) || (logY && y <= 0.0)) {
            ++skipped;
            continue;
        }
        xLo = std::min(xLo, x);
        xHi = std::max(xHi, x);
        const QString key = pointInputs(in, others);
        auto it = std::find_if(groups.begin(), groups.end(), [&](const auto& g) { return g.first == key; });
        if (it == groups.end()) {
            groups.push_back({key, {}});
            it = groups.end() - 1;
        }
        it->second.push_back(i);
    }
    if (groups.empty())
        return showMessage(
            tr("None of the %n measured point(s) has both %1 and %2%3.", nullptr, int(data.points.size()))
                .arg(QString::fromStdString(variableName(v)), QString::fromStdString(quantityName(q)),
                     logY ? tr(" > 0 (log y)") : QString()));

    // The law's curves span the data, a little beyond, within the variable's domain.
    const auto [domainLo, domainHi] = ScalingState::inputRange(v);
    double lo = logX ? xLo / 1.5 : xLo - 0.05 * std::max(xHi - xLo, 1.0);
    double hi = logX ? xHi * 1.5 : xHi + 0.05 * std::max(xHi - xLo, 1.0);
    if (v == Variable::G || v == Variable::Bits || v == Variable::QatFraction) {
        lo = std::max(lo, domainLo);
        hi = std::min(hi, domainHi);
    }
    const QString missing = missingCoefficients(state, q);
    const bool lawOk = missing.isEmpty();

    QCPAxis* x = m_figure.x();
    QCPAxis* y = m_figure.y();
    QCPAxis* rx = m_figure.residualRect()->axis(QCPAxis::atBottom);
    QCPAxis* ry = m_figure.residualRect()->axis(QCPAxis::atLeft);
    m_csv = QStringLiteral("label,line,held_out,%1,measured_%2,predicted_%2,residual_percent\n")
                .arg(QString::fromStdString(variableName(v)), QString::fromStdString(quantityName(q)));
    double maxResidual = 0.0;
    QCPRange yRange;
    bool haveY = false;
    const Quantity quantities[] = {q};
    for (size_t k = 0; k < groups.size(); ++k) {
        const auto& [key, members] = groups[k];
        const QString name = key.isEmpty() ? tr("measured") : key;
        QVector<double> trainX, trainY, heldX, heldY, resX, resY;
        std::vector<size_t> trainIndex, heldIndex;
        for (const size_t i : members) {
            const ScalingPoint& p = data.points[i];
            const Inputs in = inputsOf(p);
            const double px = in.get(v), py = measuredValue(p, q);
            (p.heldOut ? heldX : trainX) << px;
            (p.heldOut ? heldY : trainY) << py;
            (p.heldOut ? heldIndex : trainIndex).push_back(i);
            yRange = haveY ? QCPRange(std::min(yRange.lower, py), std::max(yRange.upper, py)) : QCPRange(py, py);
            haveY = true;
            double predicted = kNaN;
            if (lawOk) {
                try {
                    predicted = predict(current, q, in);
                } catch (const Error&) {
                }
            }
            const double residual = 100.0 * (py - predicted) / predicted;
            if (std::isfinite(residual)) {
                resX << px;
                resY << residual;
                maxResidual = std::max(maxResidual, std::abs(residual));
            }
            m_csv += QStringLiteral("%1,%2,%3,%4,%5,%6,%7\n")
                         .arg(csvField(QString::fromStdString(p.label)), QString::number(p.line),
                              QString::number(p.heldOut ? 1 : 0), csvNumber(px), csvNumber(py), csvNumber(predicted),
                              csvNumber(residual));
        }
        const auto addPoints = [&](const QVector<double>& xs, const QVector<double>& ys,
                                   const std::vector<size_t>& indices, bool heldOut) {
            if (xs.isEmpty())
                return;
            auto* graph = new QCPGraph(x, y);
            graph->setData(xs, ys);
            graph->setLineStyle(QCPGraph::lsNone);
            graph->setName(heldOut ? tr("%1, held out").arg(name) : name);
            graph->setProperty("series", int(k));
            graph->setProperty("heldOut", heldOut);
            m_pointGraphs << graph;
            for (int i = 0; i < xs.size(); ++i)
                m_pointRefs.push_back({graph, xs[i], ys[i], indices[size_t(i)]});
        };
        addPoints(trainX, trainY, trainIndex, false);
        addPoints(heldX, heldY, heldIndex, true);
        if (!resX.isEmpty()) {
            auto* residuals = new QCPGraph(rx, ry);
            residuals->setData(resX, resY);
            residuals->setLineStyle(QCPGraph::lsNone);
            residuals->setProperty("series", int(k));
            residuals->removeFromLegend();
            m_residualGraphs << residuals;
        }
        if (lawOk && int(k) < maxGroupCurves) {
            Inputs base = inputsOf(data.points[members.front()]);
            try {
                const SweepTable table = sweep(current, quantities, base, v, lo, hi, lawSteps, logX);
                std::vector<double> values = table.values.front();
                if (logY)
                    std::replace_if(
                        values.begin(), values.end(), [](double value) { return !(value > 0.0); }, kNaN);
                auto* curve = new QCPGraph(x, y);
                curve->setData(QVector<double>(table.x.begin(), table.x.end()),
                               QVector<double>(values.begin(), values.end()), true);
                curve->setName(tr("law, %1").arg(name));
                curve->setProperty("series", int(k));
                curve->removeFromLegend();
                m_curveGraphs << curve;
                bool ok = false;
                const QCPRange r = curve->getValueRange(ok, QCP::sdBoth);
                if (ok)
                    yRange = QCPRange(std::min(yRange.lower, r.lower), std::max(yRange.upper, r.upper));
            } catch (const Error&) {
            }
        }
    }
    QStringList notes;
    if (!lawOk)
        notes << missing;
    if (skipped > 0)
        notes << tr("%n point(s) without %1 or %2 left out.", nullptr, skipped)
                     .arg(QString::fromStdString(variableName(v)), QString::fromStdString(quantityName(q)));
    if (int(groups.size()) > maxGroupCurves)
        notes << tr("Law curves for the first %1 groups only.").arg(maxGroupCurves);
    m_figure.setNote(notes.join(QLatin1Char(' ')));

    x->setRange(lo, hi);
    if (logY)
        y->setRange(yRange.lower / 1.3, yRange.upper * 1.3);
    else
        y->setRange(yRange.lower - 0.08 * std::max(yRange.size(), 1e-3),
                    yRange.upper + 0.08 * std::max(yRange.size(), 1e-3));
    const double r = std::max(1.0, maxResidual * 1.2);
    ry->setRange(-r, r);
    rx->setRange(lo, hi);
    m_figure.setAxisLabel(y, tr("measured %1").arg(ScalingTexts::quantityShort(q)));
    m_figure.setAxisLabel(rx, ScalingTexts::variableLabel(v));
    m_figure.setAxisLabel(ry, tr("residual (%)"));
    m_figure.zeroLine()->setVisible(true);
}

void ScalingMeasuredView::applyColors(const ScalingLook& look)
{
    for (QCPGraph* graph : m_curveGraphs)
        graph->setPen(QPen(seriesColor(graph->property("series").toInt()), look.lineWidth, Qt::SolidLine));
    for (QCPGraph* graph : m_pointGraphs) {
        const int k = graph->property("series").toInt();
        const bool heldOut = graph->property("heldOut").toBool();
        graph->setScatterStyle(QCPScatterStyle(seriesShape(k), QPen(seriesColor(k), look.outlineWidth),
                                               heldOut ? QBrush(look.background) : QBrush(seriesColor(k)),
                                               look.markerSize));
    }
    for (QCPGraph* graph : m_residualGraphs) {
        const int k = graph->property("series").toInt();
        graph->setScatterStyle(QCPScatterStyle(seriesShape(k), QPen(seriesColor(k), look.outlineWidth),
                                               QBrush(seriesColor(k)), look.markerSize * 0.8));
    }
}

QString ScalingMeasuredView::toolTipAt(const ScalingState& state, const QPointF& pos) const
{
    const ScalingData& data = state.measuredData();
    QCPAxis* x = m_figure.x();
    QCPAxis* y = m_figure.y();
    const PointRef* best = nullptr;
    double bestDistance = 8.0;
    for (const PointRef& ref : m_pointRefs) {
        const double distance = std::hypot(x->coordToPixel(ref.x) - pos.x(), y->coordToPixel(ref.y) - pos.y());
        if (distance <= bestDistance) {
            bestDistance = distance;
            best = &ref;
        }
    }
    if (!best || best->index >= data.points.size())
        return {};
    const ScalingPoint& p = data.points[best->index];
    const Inputs in = inputsOf(p);
    const QString quantity = QString::fromStdString(quantityName(state.quantity()));
    QStringList lines;
    if (!p.label.empty())
        lines << QString::fromStdString(p.label);
    lines << tr("line %1 of %2").arg(p.line).arg(QFileInfo(QString::fromStdString(data.source)).fileName());
    lines << pointInputs(in, state.lawVariables());
    lines << tr("measured %1 = %2").arg(quantity, QString::number(best->y, 'g', 5));
    try {
        const double predicted = predict(state.law(), state.quantity(), in);
        lines << tr("law: %1 (residual %2 %)")
                     .arg(QString::number(predicted, 'g', 5),
                          QString::number(100.0 * (best->y - predicted) / predicted, 'f', 2));
    } catch (const Error&) {
    }
    if (p.heldOut)
        lines << tr("held out of the fit");
    return lines.join(QLatin1Char('\n'));
}

QString ScalingMeasuredView::heading(const ScalingState& state, const QString& law) const
{
    return tr("%1: measured %2 against %3 (%4)")
        .arg(law, ScalingTexts::quantityShort(state.quantity()), QString::fromStdString(variableName(state.variable())),
             QFileInfo(QString::fromStdString(state.measuredData().source)).fileName());
}

bool ScalingMeasuredView::varies(const ScalingState&, Variable) const
{
    return true;
}

} // namespace qs
