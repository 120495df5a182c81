// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "widgets/pages/scaling/scalingcontourview.h"

#include "core/common/errors.h"
#include "itemmodels/scalingstate.h"
#include "widgets/pages/heatmappage.h"
#include "widgets/pages/scaling/scalingcontour.h"
#include "widgets/pages/scaling/scalingfigure.h"
#include "widgets/pages/scaling/scalingtexts.h"
#include "widgets/pages/scaling/scalingtickers.h"
#include "widgets/plot/figureview.h"

#include <algorithm>
#include <cmath>

namespace qs {

using namespace qs::scaling;

namespace {

constexpr int contourSamples = 81;
const QColor nanGrey(0xC8, 0xC8, 0xC8);

} // namespace

ScalingContourView::ScalingContourView(ScalingFigure& figure)
    : ScalingView(figure)
{
    m_map = new QCPColorMap(figure.x(), figure.y());
    m_map->setInterpolate(false);
    m_map->setTightBoundary(false);
    m_map->setColorScale(figure.colorScale());
    m_map->setGradient(viridisGradient(nanGrey));
    m_map->removeFromLegend();
}

void ScalingContourView::configureAxes(const ScalingState&)
{
    for (QCPAxis* axis : {m_figure.x(), m_figure.y()}) {
        axis->setScaleType(QCPAxis::stLinear);
        axis->setTicker(QSharedPointer<DecadeTicker>::create());
    }
    m_figure.x()->setRange(std::log10(ScalingState::inputRange(Variable::N).first),
                           std::log10(ScalingState::inputRange(Variable::N).second));
    m_figure.y()->setRange(std::log10(ScalingState::inputRange(Variable::D).first),
                           std::log10(ScalingState::inputRange(Variable::D).second));
}

void ScalingContourView::clear()
{
    for (QCPCurve* c : m_isoCurves)
        m_figure.plot()->removePlottable(c);
    m_isoCurves.clear();
    for (QCPItemText* t : m_isoLabels)
        m_figure.plot()->removeItem(t);
    m_isoLabels.clear();
    m_map->setVisible(false);
}

void ScalingContourView::build(const ScalingState& state)
{
    const Law& current = state.law();
    const Quantity q = state.quantity();
    if (const QString missing = missingCoefficients(state, q); !missing.isEmpty())
        return showMessage(missing);
    const auto [nLo, nHi] = ScalingState::inputRange(Variable::N);
    const auto [dLo, dHi] = ScalingState::inputRange(Variable::D);
    ContourGrid grid;
    grid.nx = grid.ny = contourSamples;
    grid.x0 = std::log10(nLo), grid.x1 = std::log10(nHi);
    grid.y0 = std::log10(dLo), grid.y1 = std::log10(dHi);
    grid.z.assign(size_t(grid.nx) * size_t(grid.ny), kNaN);
    Inputs in = state.inputs();
    QString firstError;
    double lo = qInf(), hi = -qInf();
    for (int j = 0; j < grid.ny; ++j) {
        for (int i = 0; i < grid.nx; ++i) {
            in.N = std::pow(10.0, grid.x(i));
            in.D = std::pow(10.0, grid.y(j));
            double z = kNaN;
            try {
                z = predict(current, q, in);
            } catch (const Error& e) {
                if (firstError.isEmpty())
                    firstError = QString::fromUtf8(e.what());
            }
            grid.z[size_t(j) * size_t(grid.nx) + size_t(i)] = z;
            if (std::isfinite(z)) {
                lo = std::min(lo, z);
                hi = std::max(hi, z);
            }
        }
    }
    if (!(lo <= hi))
        return showMessage(tr("%1 cannot be drawn here: %2").arg(ScalingTexts::quantityLabel(q), firstError));

    const bool logColor = lo > 0.0 && hi > 20.0 * lo;
    QCPColorScale* scale = m_figure.colorScale();
    m_map->data()->setSize(grid.nx, grid.ny);
    m_map->data()->setRange(QCPRange(grid.x0, grid.x1), QCPRange(grid.y0, grid.y1));
    for (int j = 0; j < grid.ny; ++j)
        for (int i = 0; i < grid.nx; ++i)
            m_map->data()->setCell(i, j, grid.at(i, j));
    m_map->setDataScaleType(logColor ? QCPAxis::stLogarithmic : QCPAxis::stLinear);
    m_map->setDataRange(lo < hi ? QCPRange(lo, hi) : QCPRange(lo - 0.5, hi + 0.5));
    scale->axis()->setTicker(logColor ? QSharedPointer<QCPAxisTicker>(QSharedPointer<NiceLogTicker>::create())
                                      : QSharedPointer<QCPAxisTicker>::create());
    m_figure.setAxisLabel(scale->axis(),
                          logColor ? tr("%1, log scale").arg(ScalingTexts::quantityLabel(q))
                                   : ScalingTexts::quantityLabel(q));
    m_map->setVisible(true);

    // Iso-lines at round levels, each level labelled once, on its longest line.
    ContourGrid shaped = grid;
    if (logColor) {
        for (double& z : shaped.z)
            z = z > 0.0 ? std::log10(z) : kNaN;
    }
    QCPAxis* x = m_figure.x();
    QCPAxis* y = m_figure.y();
    for (const double level : contourLevels(lo, hi, logColor, 7)) {
        const auto lines = qs::isoLines(shaped, logColor ? std::log10(level) : level);
        const std::vector<QPointF>* longest = nullptr;
        for (const std::vector<QPointF>& line : lines) {
            if (line.size() < 2)
                continue;
            QVector<double> keys, values;
            for (const QPointF& p : line) {
                keys << p.x();
                values << p.y();
            }
            auto* curve = new QCPCurve(x, y);
            curve->setData(keys, values);
            curve->removeFromLegend();
            curve->setSelectable(QCP::stNone);
            m_isoCurves.push_back(curve);
            if (!longest || line.size() > longest->size())
                longest = &line;
        }
        if (longest && longest->size() >= 4) {
            auto* label = new QCPItemText(m_figure.plot());
            label->setLayer(QStringLiteral("marks"));
            label->setClipAxisRect(m_figure.mainRect());
            label->position->setAxes(x, y);
            label->position->setCoords((*longest)[longest->size() / 2]);
            label->setText(QString::number(level, 'g', 3));
            label->setPadding(QMargins(2, 0, 2, 0));
            m_isoLabels.push_back(label);
        }
    }

    x->setRange(grid.x0, grid.x1);
    y->setRange(grid.y0, grid.y1);
    m_figure.setAxisLabel(x, ScalingTexts::variableLabel(Variable::N));
    m_figure.setAxisLabel(y, ScalingTexts::variableLabel(Variable::D));
    QCPGraph* marker = m_figure.marker();
    marker->setData(QVector<double> {std::log10(state.inputs().N)}, QVector<double> {std::log10(state.inputs().D)});
    marker->setName(tr("the inputs (N, D)"));
    marker->setVisible(true);
    marker->addToLegend();

    m_csv = QStringLiteral("N,D,%1\n").arg(QString::fromStdString(quantityName(q)));
    for (int j = 0; j < grid.ny; ++j)
        for (int i = 0; i < grid.nx; ++i)
            m_csv += QStringLiteral("%1,%2,%3\n")
                         .arg(csvNumber(std::pow(10.0, grid.x(i))), csvNumber(std::pow(10.0, grid.y(j))),
                              csvNumber(grid.at(i, j)));
}

void ScalingContourView::applyColors(const ScalingLook& look)
{
    m_map->setGradient(viridisGradient(look.background.lightness() < 128 ? QColor(0x60, 0x60, 0x60) : nanGrey));
    // Iso-lines: white over viridis reads on every colour; labels dark on a light patch.
    for (QCPCurve* curve : m_isoCurves)
        curve->setPen(QPen(QColor(255, 255, 255, 220), look.isoLineWidth));
    QFont small = look.tickFont;
    small.setPointSizeF(std::max(6.0, small.pointSizeF() - 1.0));
    for (QCPItemText* label : m_isoLabels) {
        label->setFont(small);
        label->setColor(Qt::black);
        label->setBrush(QColor(255, 255, 255, 200));
    }
}

QString ScalingContourView::toolTipAt(const ScalingState& state, const QPointF& pos) const
{
    const double n = std::pow(10.0, m_figure.x()->pixelToCoord(pos.x()));
    const double d = std::pow(10.0, m_figure.y()->pixelToCoord(pos.y()));
    Inputs in = state.inputs();
    in.N = n;
    in.D = d;
    try {
        return tr("N = %1, D = %2 (%3 tokens per parameter)\n%4 = %5")
            .arg(formatCount(n), formatCount(d), QString::number(d / n, 'g', 3),
                 QString::fromStdString(quantityName(state.quantity())),
                 QString::number(predict(state.law(), state.quantity(), in), 'g', 4));
    } catch (const Error& e) {
        return QString::fromUtf8(e.what());
    }
}

QString ScalingContourView::heading(const ScalingState& state, const QString& law) const
{
    return tr("%1: %2 over N × D").arg(law, ScalingTexts::quantityShort(state.quantity()));
}

bool ScalingContourView::varies(const ScalingState&, Variable v) const
{
    return v == Variable::N || v == Variable::D;
}

} // namespace qs
