// TrajectoryPage as a FigureView: the data behind the plot as CSV, and its colours, fonts and line
// widths on screen and in the paper style.

#include "widgets/pages/trajectory/trajectorypage.h"

#include "models/schedulephases.h"
#include "widgets/plot/plotstyle.h"

#include "core/common/metrics.h"

#include "widgets/plot/qcp.h"

#include <algorithm>

namespace qs {

namespace {

const QColor lrColor(0x8c, 0x8c, 0x8c);

} // namespace

QString TrajectoryPage::csv() const
{
    const RunSnapshot* current = run();
    if (!current)
        return {};
    // The shown run first, then the overlaid ones in store order.
    QList<int> runs = shownRuns();
    runs.removeAll(m_runIndex);
    runs.prepend(m_runIndex);

    QStringList header = {QStringLiteral("run"), QStringLiteral("step"), QStringLiteral("tokens"), QStringLiteral("lr"),
                          QLatin1String(metrics::fpValCe)};
    for (const std::string& id : m_colorIds)
        header << csvField(QString::fromStdString(id));
    // The 95 % bands (trajectoryMetricBand), two columns per config after the values, when the store
    // holds them for a config drawn.
    const bool bands = std::any_of(runs.begin(), runs.end(), [this](int r) {
        const RunSnapshot& shown = *runAt(r);
        for (const ConfigSnapshot& config : shown.configs)
            for (int i = 0; i < int(shown.checkpoints.size()); ++i)
                if (trajectoryMetricBand(config, m_metric, i).valid())
                    return true;
        return false;
    });
    if (bands)
        for (const std::string& id : m_colorIds)
            header << csvField(QString::fromStdString(id) + QStringLiteral("_lo95"))
                   << csvField(QString::fromStdString(id) + QStringLiteral("_hi95"));
    // Multi-stage runs: each checkpoint's stage and where the plot puts it (core/data/stagelayout.h).
    const bool stages = std::any_of(runs.begin(), runs.end(), [this](int r) {
        const StageLayout* layout = stageLayout(r);
        return layout && layout->multiStage();
    });
    if (stages) {
        header << QStringLiteral("stage")
               << (m_xAxis == XAxis::Tokens      ? QStringLiteral("x_tokens")
                       : m_xAxis == XAxis::Order ? QStringLiteral("x_order")
                                                 : QStringLiteral("x_step"));
    }
    QStringList names;
    for (const int r : runs)
        names << runAt(r)->name();
    QString out = QStringLiteral("# %1 of %2 %3 (%4)\n")
                      .arg(metricShortTitle(), runs.size() > 1 ? QStringLiteral("runs") : QStringLiteral("run"),
                           names.join(QStringLiteral(", ")), metricName(m_metric));
    out += header.join(QLatin1Char(',')) + QLatin1Char('\n');
    for (const int r : runs) {
        const RunSnapshot& shown = *runAt(r);
        const QString name = csvField(shown.name());
        for (int i = 0; i < int(shown.checkpoints.size()); ++i) {
            const CheckpointRow& row = shown.checkpoints[size_t(i)];
            QStringList fields = {name, QString::number(row.step), QString::number(row.tokens), csvNumber(row.lr),
                                  csvNumber(row.fpValCe)};
            for (const std::string& id : m_colorIds) {
                const int c = shown.configIndex(id);
                fields << (c < 0 ? QString() : csvNumber(metricValue(shown.configs[size_t(c)], i)));
            }
            for (const std::string& id : bands ? m_colorIds : std::vector<std::string>()) {
                const int c = shown.configIndex(id);
                const MetricBand band =
                    c < 0 ? MetricBand() : trajectoryMetricBand(shown.configs[size_t(c)], m_metric, i);
                fields << csvNumber(band.lower) << csvNumber(band.upper);
            }
            if (stages)
                fields << csvField(QString::fromStdString(row.stage)) << csvNumber(checkpointX(r, i));
            out += fields.join(QLatin1Char(',')) + QLatin1Char('\n');
        }
    }
    return out;
}

void TrajectoryPage::applyColors()
{
    QCustomPlot* customPlot = plot();
    const QPalette colors = stylePalette();
    const Fonts fonts = styleFonts();
    const bool paper = isPaperStyle();
    const double lineWidth = figureStyle().lineWidth; // points, paper only
    applyPlotPalette(customPlot, colors);
    const QColor text = colors.color(QPalette::Text);
    const QColor base = colors.color(QPalette::Base);
    m_title->setTextColor(text);
    m_title->setFont(fonts.title);
    for (QCPAxis* axis : customPlot->axisRect()->axes()) {
        axis->setTickLabelFont(fonts.tick);
        axis->setLabelFont(fonts.label);
        // A column-wide figure has no room for minor ticks or five labels on a value axis.
        axis->setSubTicks(!paper);
        if (axis->orientation() == Qt::Vertical)
            axis->ticker()->setTickCount(paper ? 4 : 5);
    }
    customPlot->legend->setFont(fonts.tick);

    styleAxis(customPlot->yAxis2, lrColor.darker(130));
    // Every run in its own line style and marker when several are drawn; one run keeps the styles
    // of its configs (they differ past the palette's seven colours).
    const bool overlaid = m_runGraphs.size() > 1;
    const double dataWidth = penWidth(2.0, lineWidth);
    const double markerPen = penWidth(1.0, 0.6 * lineWidth);
    const double markerSize = penWidth(6.0, 3.0 * lineWidth);
    for (size_t p = 0; p < m_runGraphs.size(); ++p) {
        const RunGraphs& graphs = m_runGraphs[p];
        const bool shownRun = graphs.run == m_runIndex;
        // The stages of a multi-stage run that branch (ingredients) differ by line style and marker
        // while one run is drawn; overlaid runs keep theirs.
        const StageLayout* layout = stageLayout(graphs.run);
        const bool lanes = !overlaid && layout && layout->multiStage();
        QColor fill = lrColor;
        fill.setAlpha(32);
        graphs.lr->setPen(QPen(lrColor.lighter(115), penWidth(1.2, 0.75 * lineWidth),
                               overlaid ? runPenStyle(int(p)) : Qt::SolidLine));
        graphs.lr->setBrush(shownRun ? QBrush(fill) : QBrush(Qt::NoBrush)); // one shaded schedule
        for (const Series& series : graphs.lrSeries) {
            series.graph->setPen(QPen(lrColor.lighter(115), penWidth(1.2, 0.75 * lineWidth),
                                      overlaid ? runPenStyle(int(p)) : runPenStyle(series.lane)));
            series.graph->setBrush(Qt::NoBrush);
        }
        const RunSnapshot& current = *runAt(graphs.run);
        for (const Series& series : graphs.series) {
            const int c = colorIndex(current.configs[size_t(graphs.configIndices[series.config])].results.configId);
            const QColor color = seriesColor(c);
            const Qt::PenStyle style = overlaid ? runPenStyle(int(p))
                : lanes                         ? runPenStyle(series.lane)
                                                : seriesPenStyle(c);
            series.graph->setPen(QPen(color, dataWidth, style));
            // Past the palette's seven colours the marker tells the configs apart, and a filled one
            // the runs after the first.
            const bool sharedColours = m_colorIds.size() > 7;
            const auto shape = overlaid && !sharedColours ? runShape(int(p))
                : lanes && !sharedColours                 ? runShape(series.lane)
                                                          : seriesShape(c);
            const QColor fill = overlaid && sharedColours && p % 2 == 1 ? color : base;
            series.graph->setScatterStyle(QCPScatterStyle(shape, QPen(color, markerPen), fill, markerSize));
            if (series.upper) {
                QColor band = color;
                band.setAlpha(overlaid ? 28 : 48);
                series.lower->setPen(Qt::NoPen);
                series.upper->setPen(Qt::NoPen);
                series.upper->setBrush(band);
            }
        }
    }
    for (const auto& [key, lane] : m_laneKeys) {
        key->setPen(QPen(text, dataWidth, runPenStyle(lane)));
        key->setScatterStyle(QCPScatterStyle(runShape(lane), QPen(text, markerPen), base, markerSize));
    }
    if (m_fpGraph) {
        for (QCPGraph* graph : QList<QCPGraph*> {m_fpGraph} + m_fpStageGraphs)
            graph->setPen(QPen(text, penWidth(1.5, lineWidth), Qt::DashLine));
        styleAxis(m_fpAxis, text);
    }
    if (m_trainLossGraph) {
        QColor trainColor = text;
        trainColor.setAlpha(150);
        m_trainLossGraph->setPen(QPen(trainColor, penWidth(1.0, 0.75 * lineWidth), Qt::DotLine));
    }
    for (int i = 0; i < m_phaseRects.size(); ++i) {
        if (m_phaseKinds[i] < 0) {
            // Stages: sky blue and orange in turn, lightly, so that neighbours stand apart.
            const int stage = -1 - m_phaseKinds[i];
            const QColor stageColor = stage % 2 == 0 ? QColor(0x56, 0xB4, 0xE9) : QColor(0xE6, 0x9F, 0x00);
            QColor shade = stageColor;
            shade.setAlpha(26);
            m_phaseRects[i]->setPen(Qt::NoPen);
            m_phaseRects[i]->setBrush(shade);
            m_phaseLabels[i]->setColor(stageColor.darker(150));
            QFont labelFont = paper ? fonts.tick : font();
            if (paper)
                labelFont.setPointSizeF(std::max(5.0, labelFont.pointSizeF() - 1.0));
            m_phaseLabels[i]->setFont(labelFont);
            continue;
        }
        // Decay in vermillion (where damage grows), warmup in sky blue, the stable phase unshaded.
        const auto kind = SchedulePhase::Kind(m_phaseKinds[i]);
        const QColor phaseColor = kind == SchedulePhase::Kind::Decay ? QColor(0xD5, 0x5E, 0x00)
            : kind == SchedulePhase::Kind::Warmup                    ? QColor(0x56, 0xB4, 0xE9)
                                                                     : text;
        QColor shade = phaseColor;
        shade.setAlpha(kind == SchedulePhase::Kind::Stable ? 0 : 22);
        m_phaseRects[i]->setPen(Qt::NoPen);
        m_phaseRects[i]->setBrush(shade);
        QColor labelColor = kind == SchedulePhase::Kind::Stable ? text : phaseColor.darker(120);
        if (kind == SchedulePhase::Kind::Stable)
            labelColor.setAlpha(140);
        m_phaseLabels[i]->setColor(labelColor);
        QFont labelFont = paper ? fonts.tick : font();
        if (paper) // annotations: a point smaller than the axes' text
            labelFont.setPointSizeF(std::max(5.0, labelFont.pointSizeF() - 1.0));
        m_phaseLabels[i]->setFont(labelFont);
    }
    if (m_selectionLine) {
        QColor line = text;
        line.setAlpha(150);
        m_selectionLine->setPen(QPen(line, penWidth(1.2, 0.75 * lineWidth), Qt::DashDotLine));
    }
}

} // namespace qs
