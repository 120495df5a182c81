// TrajectoryPage: the metrics it plots, their names and labels, the schedule phases, hover texts.

#include "widgets/pages/trajectory/trajectorypage.h"

#include "models/metricnames.h"
#include "models/schedulephases.h"
#include "widgets/plot/plotstyle.h"

#include "core/common/errors.h"
#include "core/data/config.h"

#include "widgets/plot/qcp.h"

#include <cmath>

namespace qs {

double TrajectoryPage::metricValue(const ConfigSnapshot& config, int checkpoint) const
{
    return trajectoryMetricValue(config, m_metric, checkpoint);
}

bool TrajectoryPage::metricFromName(const QString& name, Metric* metric)
{
    return trajectoryMetricFromName(name.toStdString(), metric);
}

QString TrajectoryPage::metricName(Metric metric)
{
    return QString::fromLatin1(trajectoryMetricName(metric));
}

QStringList TrajectoryPage::metricNames()
{
    return trajectoryMetricNames();
}

QString TrajectoryPage::metricAxisLabel() const
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

QString TrajectoryPage::metricShortTitle() const
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

QString TrajectoryPage::formatMetricValue(double value) const
{
    if (m_metric == Metric::Top1Agree)
        return tr("%1 %").arg(QString::number(value, 'f', 2));
    if (m_metric == Metric::LayerSqnr)
        return tr("%1 dB").arg(QString::number(value, 'f', 2));
    return QString::number(value, 'g', 5);
}

std::optional<size_t> TrajectoryPage::detectDecayStart(const std::vector<LogRow>& log)
{
    return qs::detectDecayStart(log);
}

std::optional<double> TrajectoryPage::plannedEnd(const RunSnapshot& run) const
{
    if (run.log.empty() || run.info.trainConfigJson.empty() || m_xAxis == XAxis::Order)
        return std::nullopt;
    int64_t steps = 0;
    try {
        steps = TrainConfig::fromJson(run.info.trainConfigJson).steps;
    } catch (const Error&) {
        return std::nullopt; // only a range hint: a config this build cannot read changes nothing else
    }
    const LogRow& last = run.log.back();
    if (m_xAxis == XAxis::Step)
        return double(steps);
    if (last.step <= 0)
        return std::nullopt;
    return double(last.tokens) / double(last.step) * double(steps);
}

std::optional<std::pair<double, double>> TrajectoryPage::decayRange() const
{
    const RunSnapshot* current = run();
    const StageLayout* layout = stageLayout(m_runIndex);
    // The log's phases are shaded on a single-stage run's steps or tokens only (as addPhases does).
    if (!current || (layout && layout->multiStage()) || m_xAxis == XAxis::Order)
        return std::nullopt;
    for (const SchedulePhase& phase : schedulePhases(current->log)) {
        if (phase.kind == SchedulePhase::Kind::Decay)
            return std::make_pair(logRowX(current->log[phase.first]), logRowX(current->log[phase.last]));
    }
    return std::nullopt;
}

QList<std::pair<double, double>> TrajectoryPage::phaseRanges() const
{
    QList<std::pair<double, double>> ranges;
    for (const QCPItemRect* rect : m_phaseRects)
        ranges << std::make_pair(rect->topLeft->coords().x(), rect->bottomRight->coords().x());
    return ranges;
}

QStringList TrajectoryPage::phaseLabels() const
{
    QStringList labels;
    for (const QCPItemText* label : m_phaseLabels)
        labels << label->text();
    return labels;
}

QString TrajectoryPage::describeCheckpoint(int runIndex, int index) const
{
    const RunSnapshot* current = runAt(runIndex);
    if (!current || index < 0 || index >= int(current->checkpoints.size()))
        return {};
    const CheckpointRow& row = current->checkpoints[size_t(index)];
    QStringList lines;
    if (shownRuns().size() > 1)
        lines << tr("run %1").arg(current->name());
    lines << tr("checkpoint %1: step %2, %3 tokens").arg(index).arg(row.step).arg(formatCount(double(row.tokens)));
    if (const StageLayout* layout = stageLayout(runIndex); layout && layout->multiStage()) {
        // The step and tokens as the stage counts them, then where the plot puts the checkpoint.
        lines << tr("%1, at %2 steps and %3 tokens in all")
                     .arg(row.stage.empty() ? tr("no stage") : QString::fromStdString(stageLabel(row.stage)))
                     .arg(layout->steps[size_t(index)], 0, 'f', 0)
                     .arg(formatCount(layout->tokens[size_t(index)]));
    }
    QString fp = std::isfinite(row.fpValCe) ? QString::number(row.fpValCe, 'f', 4) : tr("not measured");
    lines << tr("LR %1, FP val CE %2").arg(QString::number(row.lr, 'g', 4), fp);
    const QString metricTitle = metricShortTitle();
    for (const ConfigSnapshot& config : current->configs) {
        if (config.config.isFullPrecision())
            continue;
        const double value = metricValue(config, index);
        // A done checkpoint without the value: a store written before this metric existed.
        QString text = std::isfinite(value) ? formatMetricValue(value)
            : config.isDone(index)          ? tr("not in the store")
                                            : tr("not computed yet");
        // Its uncertainty over the evaluation units: ± the standard error, or KL p99's 95 % interval.
        if (std::isfinite(value)) {
            const double se = trajectoryMetricStandardError(config, m_metric, index);
            const MetricBand band = trajectoryMetricBand(config, m_metric, index);
            if (std::isfinite(se))
                text = tr("%1 ± %2 (s.e.)").arg(text, formatMetricValue(se));
            else if (band.valid())
                text = tr("%1 (95 % interval %2 – %3)")
                           .arg(text, formatMetricValue(band.lower), formatMetricValue(band.upper));
        }
        lines << tr("%1: %2 %3").arg(config.label, metricTitle, text);
    }
    return lines.join(QLatin1Char('\n'));
}

} // namespace qs
