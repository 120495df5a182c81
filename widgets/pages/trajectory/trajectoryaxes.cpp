// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "widgets/pages/trajectory/trajectoryaxes.h"

#include "core/common/errors.h"
#include "core/config/config.h"
#include "itemmodels/metricnames.h"
#include "widgets/plot/plotstyle.h"

#include "widgets/plot/qcp.h"

#include <QCheckBox>
#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QSignalBlocker>

#include <cmath>

namespace qs {

TrajectoryAxes::TrajectoryAxes(QCustomPlot* plot, QWidget* page)
    : QObject(page)
    , m_plot(plot)
{
    m_metricCombo = new QComboBox(page);
    m_metricCombo->setObjectName(QStringLiteral("metricCombo"));
    for (const Metric metric : {Metric::RelativeCe, Metric::DeltaCe, Metric::KlMean, Metric::KlP99})
        m_metricCombo->addItem(MetricNames::shortTitle(trajectoryMetricName(metric)), int(metric));
    m_metricCombo->addItem(tr("same top-1 (%)"), int(Metric::Top1Agree));
    m_metricCombo->addItem(tr("mean layer SQNR (dB)"), int(Metric::LayerSqnr));
    m_metricCombo->setToolTip(tr("What the left axis shows for every quantization config: the change of the "
                                 "validation CE, the KL divergence of the quantized next-byte distribution from "
                                 "the full-precision one, the share of bytes whose most likely prediction stays "
                                 "the same, or the layers' output SQNR"));
    m_metricLabel = new QLabel(tr("&Metric:"), page);
    m_metricLabel->setBuddy(m_metricCombo);

    // In the order of TrajectoryAxis.
    m_xCombo = new QComboBox(page);
    m_xCombo->setObjectName(QStringLiteral("xAxisCombo"));
    m_xCombo->addItem(tr("step"));
    m_xCombo->addItem(tr("tokens"));
    m_xCombo->addItem(tr("checkpoint order"));
    m_xLabel = new QLabel(tr("&X axis:"), page);
    m_xLabel->setBuddy(m_xCombo);

    m_fpCheck = new QCheckBox(tr("&FP val loss"), page);
    m_fpCheck->setObjectName(QStringLiteral("fpLossCheck"));
    m_fpCheck->setToolTip(tr("Also show the validation loss of the full-precision model"));

    m_logCheck = new QCheckBox(tr("&Log x"), page);
    m_logCheck->setObjectName(QStringLiteral("logXCheck"));
    m_logCheck->setToolTip(tr("Logarithmic x axis (checkpoint 0 is not drawn)"));

    m_plot->yAxis2->setVisible(true);
    m_plot->yAxis2->setLabel(tr("learning rate"));
    m_plot->yAxis->setPadding(6);
    m_fpAxis = m_plot->axisRect()->addAxis(QCPAxis::atRight);
    m_fpAxis->setLabel(tr("FP validation loss (nats)"));
    m_fpAxis->setVisible(false);
    m_fpAxis->setOffset(8);

    connect(m_xCombo, &QComboBox::currentIndexChanged, this, [this](int index) { setXAxis(TrajectoryAxis(index)); });
    connect(m_metricCombo, &QComboBox::currentIndexChanged, this,
            [this](int index) { setMetric(Metric(m_metricCombo->itemData(index).toInt())); });
    connect(m_fpCheck, &QCheckBox::toggled, this, &TrajectoryAxes::setShowFpLoss);
    connect(m_logCheck, &QCheckBox::toggled, this, &TrajectoryAxes::setLogX);
}

void TrajectoryAxes::addControls(QHBoxLayout* layout) const
{
    layout->addWidget(m_metricLabel);
    layout->addWidget(m_metricCombo);
    layout->addSpacing(12);
    layout->addWidget(m_xLabel);
    layout->addWidget(m_xCombo);
    layout->addSpacing(12);
    layout->addWidget(m_fpCheck);
    layout->addWidget(m_logCheck);
}

void TrajectoryAxes::setXAxis(TrajectoryAxis axis)
{
    if (axis == m_xAxis)
        return;
    m_xAxis = axis;
    {
        const QSignalBlocker blocker(m_xCombo);
        m_xCombo->setCurrentIndex(int(axis));
    }
    Q_EMIT xAxisChanged(axis);
}

void TrajectoryAxes::setMetric(Metric metric)
{
    if (metric == m_metric)
        return;
    m_metric = metric;
    {
        const QSignalBlocker blocker(m_metricCombo);
        m_metricCombo->setCurrentIndex(m_metricCombo->findData(int(metric)));
    }
    Q_EMIT metricChanged(metric);
}

void TrajectoryAxes::setShowFpLoss(bool show)
{
    if (show == m_showFpLoss)
        return;
    m_showFpLoss = show;
    {
        const QSignalBlocker blocker(m_fpCheck);
        m_fpCheck->setChecked(show);
    }
    Q_EMIT fpLossChanged(show);
}

void TrajectoryAxes::setLogX(bool on)
{
    if (on == m_logX)
        return;
    m_logX = on;
    {
        const QSignalBlocker block(m_logCheck);
        m_logCheck->setChecked(on);
    }
    m_plot->xAxis->setScaleType(on ? QCPAxis::stLogarithmic : QCPAxis::stLinear);
    Q_EMIT logXChanged(on);
}

bool TrajectoryAxes::metricFromName(const QString& name, Metric* metric)
{
    return trajectoryMetricFromName(name.toStdString(), metric);
}

QString TrajectoryAxes::metricName(Metric metric)
{
    return QString::fromLatin1(trajectoryMetricName(metric));
}

QStringList TrajectoryAxes::metricNames()
{
    return trajectoryMetricNames();
}

double TrajectoryAxes::metricValue(const ConfigSnapshot& config, int checkpoint) const
{
    return trajectoryMetricValue(config, m_metric, checkpoint);
}

QString TrajectoryAxes::metricAxisLabel() const
{
    switch (m_metric) {
    case Metric::RelativeCe:
        break;
    case Metric::DeltaCe:
        return tr("ΔCE = CE(Ŵ) − CE(W) (nats)");
    case Metric::KlMean:
        return tr("KL mean, KL(FP ‖ quantized) (nats per token)");
    case Metric::KlP99:
        return tr("KL p99, KL(FP ‖ quantized) (nats per token)");
    case Metric::Top1Agree:
        return tr("same top-1 as FP (% of tokens)");
    case Metric::LayerSqnr:
        return tr("mean layer SQNR (dB)");
    }
    return tr("relative CE (CE(Ŵ)/CE(W) − 1)");
}

QString TrajectoryAxes::metricShortTitle() const
{
    switch (m_metric) {
    case Metric::RelativeCe:
        break;
    case Metric::DeltaCe:
    case Metric::KlMean:
    case Metric::KlP99:
    case Metric::Top1Agree:
        return MetricNames::shortTitle(trajectoryMetricName(m_metric));
    case Metric::LayerSqnr:
        return tr("mean SQNR");
    }
    return tr("rel. CE");
}

QString TrajectoryAxes::formatMetricValue(double value) const
{
    if (m_metric == Metric::Top1Agree)
        return tr("%1 %").arg(QString::number(value, 'f', 2));
    if (m_metric == Metric::LayerSqnr)
        return tr("%1 dB").arg(QString::number(value, 'f', 2));
    return QString::number(value, 'g', 5);
}

void TrajectoryAxes::layOutRuns(const StoreSnapshot* snapshot)
{
    m_layouts.clear();
    if (snapshot) {
        for (const RunSnapshot& r : snapshot->runs)
            m_layouts.push_back(layoutStages(r.checkpoints));
    }
}

const StageLayout* TrajectoryAxes::stageLayout(int runIndex) const
{
    return runIndex >= 0 && runIndex < int(m_layouts.size()) ? &m_layouts[size_t(runIndex)] : nullptr;
}

double TrajectoryAxes::checkpointX(int runIndex, int checkpoint) const
{
    const StageLayout* layout = stageLayout(runIndex);
    return layout && checkpoint >= 0 && checkpoint < int(layout->segmentOf.size()) ? layout->x(m_xAxis, checkpoint)
                                                                                   : qQNaN();
}

double TrajectoryAxes::logRowX(const LogRow& row) const
{
    return m_xAxis == TrajectoryAxis::Tokens ? double(row.tokens) : double(row.step);
}

std::vector<std::vector<TrajectoryPoint>> TrajectoryAxes::segmentPoints(int runIndex,
                                                                        const std::function<double(int)>& value) const
{
    const StageLayout* layout = stageLayout(runIndex);
    std::vector<std::vector<TrajectoryPoint>> out(layout ? layout->segments.size() : 0);
    for (size_t s = 0; s < out.size(); ++s) {
        const StageSegment& segment = layout->segments[s];
        std::vector<int> members;
        if (segment.parent >= 0) {
            // The parent's checkpoint furthest along: the line leaves the parent's there.
            int join = -1;
            for (const int c : layout->segments[size_t(segment.parent)].checkpoints) {
                if (join < 0 || checkpointX(runIndex, c) >= checkpointX(runIndex, join))
                    join = c;
            }
            if (join >= 0)
                members.push_back(join);
        }
        members.insert(members.end(), segment.checkpoints.begin(), segment.checkpoints.end());
        for (const int c : members) {
            const double y = value(c);
            if (std::isfinite(y))
                out[s].push_back({checkpointX(runIndex, c), y, c});
        }
    }
    return out;
}

std::optional<double> TrajectoryAxes::plannedEnd(const RunSnapshot& run) const
{
    if (run.log.empty() || run.info.trainConfigJson.empty() || m_xAxis == TrajectoryAxis::Order)
        return std::nullopt;
    int64_t steps = 0;
    try {
        steps = TrainConfig::fromJson(run.info.trainConfigJson).steps;
    } catch (const Error&) {
        return std::nullopt; // only a range hint: a config this build cannot read changes nothing else
    }
    const LogRow& last = run.log.back();
    if (m_xAxis == TrajectoryAxis::Step)
        return double(steps);
    if (last.step <= 0)
        return std::nullopt;
    return double(last.tokens) / double(last.step) * double(steps);
}

void TrajectoryAxes::applyToPlot(bool stages)
{
    QCPAxis* x = m_plot->xAxis;
    if (m_xAxis == TrajectoryAxis::Order)
        x->setLabel(tr("checkpoint (in training order)"));
    else if (stages)
        x->setLabel(m_xAxis == TrajectoryAxis::Tokens ? tr("tokens (summed over the stages)")
                                                      : tr("step (summed over the stages)"));
    else
        x->setLabel(m_xAxis == TrajectoryAxis::Tokens ? tr("tokens") : tr("step"));
    if (m_logX) {
        x->setTicker(QSharedPointer<QCPAxisTickerLog>::create());
    } else if (m_xAxis == TrajectoryAxis::Order) {
        // Whole checkpoints only.
        auto ticker = QSharedPointer<QCPAxisTickerFixed>::create();
        ticker->setTickStep(1.0);
        ticker->setScaleStrategy(QCPAxisTickerFixed::ssMultiples);
        x->setTicker(ticker);
    } else if (m_xAxis == TrajectoryAxis::Tokens || stages) { // summed steps run long: "1.5k", not "1500"
        x->setTicker(QSharedPointer<CountAxisTicker>::create());
    } else {
        x->setTicker(QSharedPointer<QCPAxisTicker>::create());
    }
    m_fpAxis->setVisible(m_showFpLoss);
}

QCPRange TrajectoryAxes::paddedRange(double lo, double hi, bool fromZero, double padding)
{
    if (!std::isfinite(lo) || !std::isfinite(hi))
        return QCPRange(0.0, 1.0);
    if (fromZero)
        lo = std::min(lo, 0.0);
    double span = hi - lo;
    if (span <= 0.0)
        span = std::abs(hi) > 0.0 ? std::abs(hi) : 1.0;
    return QCPRange(fromZero && lo >= 0.0 ? lo : lo - padding * span, hi + padding * span);
}

} // namespace qs
