// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "widgets/pages/trajectory/trajectoryexport.h"

#include "core/common/metrics.h"
#include "widgets/pages/trajectory/trajectoryaxes.h"
#include "widgets/pages/trajectory/trajectoryruns.h"
#include "widgets/plot/figureview.h"

#include <algorithm>

namespace qs {

TrajectoryExport::TrajectoryExport(const TrajectoryRuns* runs, const TrajectoryAxes* axes)
    : m_runs(runs)
    , m_axes(axes)
{
}

QString TrajectoryExport::csv() const
{
    if (!m_runs->shownRun())
        return {};
    const TrajectoryMetric metric = m_axes->metric();
    const std::vector<std::string>& ids = m_runs->configIds();
    // The shown run first, then the overlaid ones in store order.
    QList<int> runs = m_runs->shownRuns();
    runs.removeAll(m_runs->runIndex());
    runs.prepend(m_runs->runIndex());

    QStringList header = {QStringLiteral("run"), QStringLiteral("step"), QStringLiteral("tokens"), QStringLiteral("lr"),
                          QLatin1String(metrics::fpValCe)};
    for (const std::string& id : ids)
        header << csvField(QString::fromStdString(id));
    // The 95 % bands (trajectoryMetricBand), two columns per config after the values, when the store
    // holds them for a config drawn.
    const bool bands = std::any_of(runs.begin(), runs.end(), [&](int r) {
        const RunSnapshot& shown = *m_runs->runAt(r);
        for (const ConfigSnapshot& config : shown.configs)
            for (int i = 0; i < int(shown.checkpoints.size()); ++i)
                if (trajectoryMetricBand(config, metric, i).valid())
                    return true;
        return false;
    });
    if (bands)
        for (const std::string& id : ids)
            header << csvField(QString::fromStdString(id) + QStringLiteral("_lo95"))
                   << csvField(QString::fromStdString(id) + QStringLiteral("_hi95"));
    // Multi-stage runs: each checkpoint's stage and where the plot puts it (core/hf/stagelayout.h).
    const bool stages = std::any_of(runs.begin(), runs.end(), [this](int r) {
        const StageLayout* layout = m_axes->stageLayout(r);
        return layout && layout->multiStage();
    });
    if (stages) {
        header << QStringLiteral("stage")
               << (m_axes->xAxis() == TrajectoryAxis::Tokens      ? QStringLiteral("x_tokens")
                       : m_axes->xAxis() == TrajectoryAxis::Order ? QStringLiteral("x_order")
                                                                  : QStringLiteral("x_step"));
    }
    QStringList names;
    for (const int r : runs)
        names << m_runs->runAt(r)->name();
    QString out = QStringLiteral("# %1 of %2 %3 (%4)\n")
                      .arg(m_axes->metricShortTitle(), runs.size() > 1 ? QStringLiteral("runs") : QStringLiteral("run"),
                           names.join(QStringLiteral(", ")), TrajectoryAxes::metricName(metric));
    out += header.join(QLatin1Char(',')) + QLatin1Char('\n');
    for (const int r : runs) {
        const RunSnapshot& shown = *m_runs->runAt(r);
        const QString name = csvField(shown.name());
        for (int i = 0; i < int(shown.checkpoints.size()); ++i) {
            const CheckpointRow& row = shown.checkpoints[size_t(i)];
            QStringList fields = {name, QString::number(row.step), QString::number(row.tokens), csvNumber(row.lr),
                                  csvNumber(row.fpValCe)};
            for (const std::string& id : ids) {
                const int c = shown.configIndex(id);
                fields << (c < 0 ? QString() : csvNumber(m_axes->metricValue(shown.configs[size_t(c)], i)));
            }
            for (const std::string& id : bands ? ids : std::vector<std::string>()) {
                const int c = shown.configIndex(id);
                const MetricBand band =
                    c < 0 ? MetricBand() : trajectoryMetricBand(shown.configs[size_t(c)], metric, i);
                fields << csvNumber(band.lower) << csvNumber(band.upper);
            }
            if (stages)
                fields << csvField(QString::fromStdString(row.stage)) << csvNumber(m_axes->checkpointX(r, i));
            out += fields.join(QLatin1Char(',')) + QLatin1Char('\n');
        }
    }
    return out;
}

} // namespace qs
