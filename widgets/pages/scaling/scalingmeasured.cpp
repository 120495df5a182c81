// ScalingPage: the measured view (points over the law, residuals below), colours and tool tips.

#include "widgets/pages/scaling/scalingpage.h"

#include "core/common/errors.h"
#include "widgets/pages/heatmappage.h"
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
        if (std::isnan(value))
            continue;
        const QString symbol = v == Variable::Bits ? QStringLiteral("B") : QString::fromStdString(variableName(v));
        parts << ScalingPage::tr("%1 = %2").arg(symbol, v == Variable::N || v == Variable::D
                                                            ? formatCount(value)
                                                            : QString::number(value, 'g', 3));
    }
    return parts.join(QStringLiteral(", "));
}

} // namespace

void ScalingPage::buildMeasured()
{
    const Law& current = law();
    const Quantity q = m_quantity;
    const Variable v = m_variable;
    if (m_data.points.empty())
        return showMessage(tr("No measured points yet. Open a CSV of your runs (Open data…); its columns are N, D, "
                              "G, bits, D_fp, D_qat, loss, delta, fp_loss, heldout and label (docs/scaling.md)."));
    if (q != Quantity::Loss && q != Quantity::Delta)
        return showMessage(tr("Measured points carry the loss and δ: choose one of them as the quantity."));
    if (!m_dataError.isEmpty())
        return showMessage(tr("The measured points cannot be shown with the %1 law: %2")
                               .arg(QString::fromStdString(current.displayName()), m_dataError));

    // Groups: points that share every input but x, in the order of the file.
    QList<Variable> others = lawVariables();
    others.removeAll(v);
    const bool logX = isLogVariable(v);
    std::vector<std::pair<QString, std::vector<size_t>>> groups;
    int skipped = 0;
    double xLo = qInf(), xHi = -qInf();
    for (size_t i = 0; i < m_data.points.size(); ++i) {
        const ScalingPoint& p = m_data.points[i];
        const Inputs in = inputsOf(p);
        const double x = in.get(v), y = measuredValue(p, q);
        if (!std::isfinite(x) || !std::isfinite(y) || (logX && x <= 0.0) || (m_logY && y <= 0.0)) {
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
        return showMessage(tr("None of the %n measured point(s) has both %1 and %2%3.", nullptr, int(m_data.points.size()))
                               .arg(QString::fromStdString(variableName(v)), QString::fromStdString(quantityName(q)),
                                    m_logY ? tr(" > 0 (log y)") : QString()));

    // The law's curves span the data, a little beyond, within the variable's domain.
    const auto [domainLo, domainHi] = inputRange(v);
    double lo = logX ? xLo / 1.5 : xLo - 0.05 * std::max(xHi - xLo, 1.0);
    double hi = logX ? xHi * 1.5 : xHi + 0.05 * std::max(xHi - xLo, 1.0);
    if (v == Variable::G || v == Variable::Bits || v == Variable::QatFraction) {
        lo = std::max(lo, domainLo);
        hi = std::min(hi, domainHi);
    }
    const QString missing = missingCoefficients(q);
    const bool lawOk = missing.isEmpty();

    QCPAxis* x = m_mainRect->axis(QCPAxis::atBottom);
    QCPAxis* y = m_mainRect->axis(QCPAxis::atLeft);
    QCPAxis* rx = m_residualRect->axis(QCPAxis::atBottom);
    QCPAxis* ry = m_residualRect->axis(QCPAxis::atLeft);
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
            const ScalingPoint& p = m_data.points[i];
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
            Inputs base = inputsOf(m_data.points[members.front()]);
            try {
                const SweepTable table = sweep(current, quantities, base, v, lo, hi, lawSteps, logX);
                std::vector<double> values = table.values.front();
                if (m_logY)
                    std::replace_if(values.begin(), values.end(), [](double value) { return !(value > 0.0); }, kNaN);
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
    setNote(notes.join(QLatin1Char(' ')));

    x->setRange(lo, hi);
    if (m_logY)
        y->setRange(yRange.lower / 1.3, yRange.upper * 1.3);
    else
        y->setRange(yRange.lower - 0.08 * std::max(yRange.size(), 1e-3), yRange.upper + 0.08 * std::max(yRange.size(), 1e-3));
    const double r = std::max(1.0, maxResidual * 1.2);
    ry->setRange(-r, r);
    rx->setRange(lo, hi);
    setWrappedLabel(y, tr("measured %1").arg(quantityShort(q)));
    setWrappedLabel(rx, variableLabel(v));
    setWrappedLabel(ry, tr("residual (%)"));
    m_zeroLine->setVisible(true);
}

void ScalingPage::applyColors()
{
    const QPalette colors = stylePalette();
    const Fonts fonts = styleFonts();
    const QColor background = colors.color(QPalette::Base);
    const QColor foreground = colors.color(QPalette::Text);
    applyPlotPalette(plot(), colors);
    styleAxes(m_residualRect, colors);
    styleAxis(m_scale->axis(), foreground);
    m_title->setTextColor(foreground);
    m_title->setFont(fonts.title);
    QList<QCPAxis*> axes = m_mainRect->axes();
    axes << m_residualRect->axes() << m_scale->axis();
    for (QCPAxis* axis : axes) {
        axis->setTickLabelFont(fonts.tick);
        axis->setLabelFont(fonts.label);
    }
    const bool contour = m_view == View::Contour;
    m_mainRect->axis(QCPAxis::atBottom)->grid()->setVisible(!contour);
    m_mainRect->axis(QCPAxis::atLeft)->grid()->setVisible(!contour);
    m_scale->setBarWidth(qRound(penWidth(14.0, 7.0)));
    m_map->setGradient(viridisGradient(background.lightness() < 128 ? QColor(0x60, 0x60, 0x60) : QColor(0xC8, 0xC8, 0xC8)));

    const double width = penWidth(1.8, figureStyle().lineWidth);
    const double marker = penWidth(7.0, 4.0);
    for (QCPGraph* graph : m_curveGraphs) {
        const int k = graph->property("series").toInt();
        graph->setPen(QPen(seriesColor(k), width, m_view == View::Measured ? Qt::SolidLine : seriesPenStyle(k)));
    }
    for (QCPGraph* graph : m_pointGraphs) {
        const int k = graph->property("series").toInt();
        const bool heldOut = graph->property("heldOut").toBool();
        graph->setScatterStyle(QCPScatterStyle(seriesShape(k), QPen(seriesColor(k), penWidth(1.5, 0.8)),
                                               heldOut ? QBrush(background) : QBrush(seriesColor(k)), marker));
    }
    for (QCPGraph* graph : m_residualGraphs) {
        const int k = graph->property("series").toInt();
        graph->setScatterStyle(QCPScatterStyle(seriesShape(k), QPen(seriesColor(k), penWidth(1.5, 0.8)),
                                               QBrush(seriesColor(k)), marker * 0.8));
    }
    m_fhatGraph->setPen(QPen(seriesColor(0), width));
    m_fstarGraph->setPen(QPen(seriesColor(1), width, Qt::DashLine));
    m_marker->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssDiamond, QPen(foreground, penWidth(1.5, 0.8)),
                                              QBrush(background), penWidth(10.0, 5.0)));
    QColor faint = foreground;
    faint.setAlpha(110);
    m_xLine->setPen(QPen(faint, 1.0, Qt::DashLine));
    m_zeroLine->setPen(QPen(faint, 1.0));
    // Iso-lines: white over viridis reads on every colour; labels dark on a light patch.
    for (QCPCurve* curve : m_isoCurves)
        curve->setPen(QPen(QColor(255, 255, 255, 220), penWidth(1.2, 0.7)));
    QFont small = fonts.tick;
    small.setPointSizeF(std::max(6.0, small.pointSizeF() - 1.0));
    for (QCPItemText* label : m_isoLabels) {
        label->setFont(small);
        label->setColor(Qt::black);
        label->setBrush(QColor(255, 255, 255, 200));
    }
    m_noteItem->setFont(fonts.tick);
    m_noteItem->setColor(foreground);
    QColor patch = background;
    patch.setAlpha(220);
    m_noteItem->setBrush(patch);
    scheduleReplot();
}

QString ScalingPage::toolTipAt(const QPointF& pos) const
{
    if (!m_message.isEmpty() || !m_mainRect->rect().contains(pos.toPoint()))
        return {};
    QCPAxis* x = m_mainRect->axis(QCPAxis::atBottom);
    QCPAxis* y = m_mainRect->axis(QCPAxis::atLeft);
    switch (m_view) {
    case View::Contour: {
        const double n = std::pow(10.0, x->pixelToCoord(pos.x()));
        const double d = std::pow(10.0, y->pixelToCoord(pos.y()));
        Inputs in = m_inputs;
        in.N = n;
        in.D = d;
        try {
            return tr("N = %1, D = %2 (%3 tokens per parameter)\n%4 = %5")
                .arg(formatCount(n), formatCount(d), QString::number(d / n, 'g', 3),
                     QString::fromStdString(quantityName(m_quantity)), QString::number(predict(law(), m_quantity, in), 'g', 4));
        } catch (const Error& e) {
            return QString::fromUtf8(e.what());
        }
    }
    case View::Measured: {
        const PointRef* best = nullptr;
        double bestDistance = 8.0;
        for (const PointRef& ref : m_pointRefs) {
            const double distance = std::hypot(x->coordToPixel(ref.x) - pos.x(), y->coordToPixel(ref.y) - pos.y());
            if (distance <= bestDistance) {
                bestDistance = distance;
                best = &ref;
            }
        }
        if (!best || best->index >= m_data.points.size())
            return {};
        const ScalingPoint& p = m_data.points[best->index];
        const Inputs in = inputsOf(p);
        QStringList lines;
        if (!p.label.empty())
            lines << QString::fromStdString(p.label);
        lines << tr("line %1 of %2").arg(p.line).arg(QFileInfo(QString::fromStdString(m_data.source)).fileName());
        lines << pointInputs(in, lawVariables());
        lines << tr("measured %1 = %2").arg(QString::fromStdString(quantityName(m_quantity)), QString::number(best->y, 'g', 5));
        try {
            const double predicted = predict(law(), m_quantity, in);
            lines << tr("law: %1 (residual %2 %)")
                         .arg(QString::number(predicted, 'g', 5),
                              QString::number(100.0 * (best->y - predicted) / predicted, 'f', 2));
        } catch (const Error&) {
        }
        if (p.heldOut)
            lines << tr("held out of the fit");
        return lines.join(QLatin1Char('\n'));
    }
    case View::Curves:
    case View::QatFraction: {
        const double key = x->pixelToCoord(pos.x());
        QStringList lines {QStringLiteral("%1 = %2").arg(x->label().section(QLatin1Char(' '), 0, 0),
                                                          QString::number(key, 'g', 4))};
        QList<QCPGraph*> graphs = m_curveGraphs;
        graphs << m_fhatGraph << m_fstarGraph;
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
    }
    return {};
}

} // namespace qs
