// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "widgets/pages/trajectory/trajectorypage.h"

#include "itemmodels/phasespans.h"
#include "itemmodels/selection.h"
#include "widgets/pages/trajectory/trajectorystyle.h"
#include "widgets/plot/plotstyle.h"

#include "widgets/plot/qcp.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

namespace qs {

TrajectoryPage::TrajectoryPage(Selection* selection, QWidget* parent)
    : PlotPage(parent)
    , m_selection(selection)
{
    QCustomPlot* customPlot = plot();
    customPlot->addLayer(QStringLiteral("schedule"), customPlot->layer(QStringLiteral("grid")), QCustomPlot::limAbove);
    m_backLayer = customPlot->layer(QStringLiteral("schedule"));
    m_axes = new TrajectoryAxes(customPlot, this);
    m_runs = new TrajectoryRuns(customPlot, m_backLayer, m_axes, this);
    m_shading = std::make_unique<TrajectoryShading>(customPlot, m_backLayer, m_axes);
    m_export = std::make_unique<TrajectoryExport>(m_runs, m_axes);

    auto* hint = new QLabel(tr("Hover for values, click a checkpoint to inspect its layers, "
                               "wheel to zoom, double-click to reset"),
                            this);
    hint->setEnabled(false);
    hint->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred); // never widens the window
    hint->setAlignment(Qt::AlignRight | Qt::AlignVCenter);

    auto* controls = new QHBoxLayout;
    controls->setContentsMargins(0, 0, 0, 0);
    m_axes->addControls(controls);
    controls->addSpacing(12);
    m_runs->addControls(controls);
    controls->addWidget(hint, 1);

    customPlot->setObjectName(QStringLiteral("trajectoryPlot"));
    customPlot->setMinimumSize(320, 220);
    customPlot->setInteractions(QCP::iRangeDrag | QCP::iRangeZoom);
    customPlot->axisRect()->setRangeDrag(Qt::Horizontal);
    customPlot->axisRect()->setRangeZoom(Qt::Horizontal);
    customPlot->setAntialiasedElements(QCP::aeAll);
    customPlot->setNoAntialiasingOnDrag(false);

    m_title = new QCPTextElement(customPlot, QString(), QFont(font().family(), font().pointSize() + 2, QFont::Bold));
    customPlot->plotLayout()->insertRow(0);
    customPlot->plotLayout()->addElement(0, 0, m_title);
    setScreenOnly(m_title);

    // Legend in its own row under the axis rect, so it never hides data; empty stretching cells left
    // and right keep it at its natural width, centred.
    customPlot->legend->setRowSpacing(0);
    customPlot->legend->setColumnSpacing(14);
    auto* legendRow = new QCPLayoutGrid;
    customPlot->plotLayout()->addElement(2, 0, legendRow);
    legendRow->addElement(0, 0, new QCPLayoutElement(customPlot));
    legendRow->addElement(0, 2, new QCPLayoutElement(customPlot));
    legendRow->setColumnStretchFactors({1.0, 0.001, 1.0});
    legendRow->setMargins(QMargins(0, 0, 0, 4));
    customPlot->plotLayout()->setRowStretchFactor(2, 0.001);
    customPlot->plotLayout()->setRowSpacing(2);
    setLegendPlaces(legendRow, 2, customPlot->axisRect(), 5);

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addLayout(controls);
    layout->addWidget(customPlot, 1);

    connect(m_axes, &TrajectoryAxes::xAxisChanged, this, [this](TrajectoryAxis axis) {
        m_autoRange = true;
        rebuild();
        Q_EMIT xAxisChanged(axis);
    });
    connect(m_axes, &TrajectoryAxes::metricChanged, this, [this](Metric metric) {
        rebuild();
        Q_EMIT metricChanged(metric);
    });
    connect(m_axes, &TrajectoryAxes::fpLossChanged, this, &TrajectoryPage::rebuild);
    connect(m_axes, &TrajectoryAxes::logXChanged, this, [this] {
        m_autoRange = true;
        rebuild();
    });
    connect(m_runs, &TrajectoryRuns::overlaysChanged, this, [this] {
        rebuild();
        Q_EMIT overlayRunsChanged();
    });
    connect(customPlot, &QCustomPlot::mouseWheel, this, [this] { m_autoRange = false; });
    connect(customPlot, &QCustomPlot::mouseDoubleClick, this, [this] {
        m_autoRange = true;
        rebuild();
    });

    if (m_selection) {
        connect(m_selection, &Selection::snapshotChanged, this, &TrajectoryPage::followSelection);
        connect(m_selection, &Selection::runChanged, this, &TrajectoryPage::followSelection);
        connect(m_selection, &Selection::checkpointChanged, this, &TrajectoryPage::selectCheckpoint);
    }
    rebuild();
    if (m_selection)
        followSelection();
}

TrajectoryPage::~TrajectoryPage() = default;

void TrajectoryPage::followSelection()
{
    setSnapshot(m_selection->snapshot(), m_selection->runIndex());
    selectCheckpoint(m_selection->checkpoint());
}

void TrajectoryPage::setSnapshot(StoreSnapshotPtr snapshot, int runIndex)
{
    const StoreSnapshotPtr& shown = m_runs->snapshot();
    if (snapshot == shown && runIndex == m_runs->runIndex())
        return; // snapshots are immutable: nothing changed
    const RunSnapshot* before = run();
    const bool sameStore = shown && snapshot && shown->path == snapshot->path;
    const RunSnapshot* next = snapshot && runIndex >= 0 && runIndex < int(snapshot->runs.size())
        ? &snapshot->runs[size_t(runIndex)]
        : nullptr;
    const bool sameRun = sameStore && before && next && before->info.name == next->info.name;
    // A reload, or an overlaid run becoming the shown one: the user's zoom stays.
    const bool wasDrawn = sameStore && next && (sameRun || m_runs->isOverlaid(next->name()));
    m_runs->setShownRun(std::move(snapshot), runIndex);
    if (!wasDrawn)
        m_autoRange = true;
    if (!sameRun)
        m_selected = -1;
    const RunSnapshot* current = run();
    if (current && m_selected >= int(current->checkpoints.size()))
        m_selected = -1;
    m_axes->layOutRuns(m_runs->snapshot().get());
    // A multi-stage run is read along its tokens when every checkpoint says them.
    const StageLayout* layout = m_axes->stageLayout(runIndex);
    const bool toTokens = !sameRun && layout && layout->multiStage() && m_axes->xAxis() != TrajectoryAxis::Tokens
        && std::all_of(current->checkpoints.begin(), current->checkpoints.end(),
                       [](const CheckpointRow& row) { return row.tokens > 0; });
    if (toTokens) {
        const QSignalBlocker blocker(m_axes); // drawn once, below
        m_axes->setXAxis(TrajectoryAxis::Tokens);
    }
    rebuild();
    if (toTokens)
        Q_EMIT xAxisChanged(TrajectoryAxis::Tokens);
}

void TrajectoryPage::selectCheckpoint(int index)
{
    const RunSnapshot* current = run();
    if (!current || index < 0 || index >= int(current->checkpoints.size()) || index == m_selected)
        return;
    m_selected = index;
    updateSelectionMarker();
    scheduleReplot();
    Q_EMIT checkpointSelected(index);
}

void TrajectoryPage::rebuild()
{
    QCustomPlot* customPlot = plot();
    customPlot->clearGraphs();
    customPlot->clearItems();
    m_runs->clear();
    m_shading->clear();
    m_selectionLine = nullptr;

    const int shownIndex = runIndex();
    const StageLayout* layout = m_axes->stageLayout(shownIndex);
    const bool stages = layout && layout->multiStage();
    m_axes->applyToPlot(stages);
    setWrappedLabel(customPlot->yAxis, m_axes->metricAxisLabel());

    const RunSnapshot* current = run();
    if (!current) {
        setWrappedText(m_title, snapshot() ? tr("This store holds no runs") : tr("No store open"));
        applyColors();
        scheduleReplot();
        return;
    }
    const QList<int> runs = shownRuns();
    QStringList names;
    for (const int r : runs)
        names << m_runs->runAt(r)->name();
    setWrappedText(m_title, tr("%1: quantization damage along training").arg(names.join(QStringLiteral(", "))));

    TrajectoryRuns::Extent extent;
    m_runs->draw(runs, &extent);
    if (stages)
        m_shading->addStages(shownIndex); // the log's schedule phases do not follow the stages' counts
    else if (m_axes->xAxis() != TrajectoryAxis::Order)
        m_shading->addPhases(*current);
    m_selectionLine = new QCPItemStraightLine(customPlot);
    m_selectionLine->setClipToAxisRect(true);
    m_selectionLine->point1->setAxes(customPlot->xAxis, customPlot->yAxis);
    m_selectionLine->point2->setAxes(customPlot->xAxis, customPlot->yAxis);

    // While a run is still training, keep the x axis at the planned length so the plot fills in
    // instead of rescaling at every reload.
    double xMin = extent.xMin;
    double xMax = extent.xMax;
    for (const int r : runs) {
        if (const auto planned = m_axes->plannedEnd(*m_runs->runAt(r)))
            xMax = std::max(xMax, *planned);
    }
    if (logX()) {
        // A log axis starts at the first positive x (checkpoint 0 and step 0 are not drawable).
        double positive = qInf();
        for (const int r : runs) {
            for (int i = 0; i < int(m_runs->runAt(r)->checkpoints.size()); ++i) {
                if (checkpointX(r, i) > 0.0)
                    positive = std::min(positive, checkpointX(r, i));
            }
        }
        xMin = std::isfinite(positive) ? positive : 1.0;
    }
    if (m_autoRange && logX()) {
        customPlot->xAxis->setRange(xMin / 1.2, std::max(xMax, xMin) * 1.2);
    } else if (m_autoRange) {
        // A little room at both ends so the first and last markers are not cut by the axes.
        if (xMin <= xMax)
            customPlot->xAxis->setRange(xMin == xMax
                                            ? QCPRange(xMin - 1.0, xMax + 1.0)
                                            : QCPRange(xMin - 0.01 * (xMax - xMin), xMax + 0.01 * (xMax - xMin)));
        else
            customPlot->xAxis->setRange(0.0, 1.0);
    }
    // Damage metrics grow from 0; agreement and SQNR live far from it.
    const bool fromZero = !trajectoryMetricHigherIsBetter(metric());
    customPlot->yAxis->setRange(extent.yMin <= extent.yMax
                                    ? TrajectoryAxes::paddedRange(extent.yMin, extent.yMax, fromZero)
                                    : QCPRange(0.0, 1.0));
    customPlot->yAxis2->setRange(0.0, extent.lrMax > 0.0 ? extent.lrMax * 1.1 : 1.0);

    applyColors();
    updateSelectionMarker();
    scheduleReplot();
}

void TrajectoryPage::applyColors()
{
    QCustomPlot* customPlot = plot();
    const QPalette colors = stylePalette();
    const Fonts fonts = styleFonts();
    const bool paper = isPaperStyle();
    applyPlotPalette(customPlot, colors);
    const QColor text = colors.color(QPalette::Text);
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

    TrajectoryStyle style;
    style.text = text;
    style.base = colors.color(QPalette::Base);
    style.tick = fonts.tick;
    style.screenFont = font();
    style.paper = paper;
    style.lineWidth = figureStyle().lineWidth; // points, paper only
    style.penWidth = [this](double screenPx, double paperPt) { return penWidth(screenPx, paperPt); };
    m_runs->applyColors(style);
    m_shading->applyColors(style);
    if (m_selectionLine) {
        QColor line = text;
        line.setAlpha(150);
        m_selectionLine->setPen(QPen(line, penWidth(1.2, 0.75 * style.lineWidth), Qt::DashDotLine));
    }
}

void TrajectoryPage::updateSelectionMarker()
{
    const RunSnapshot* current = run();
    if (!m_selectionLine)
        return;
    // A figure shows the data, not what the user selected.
    const bool visible = current && !isPaperStyle() && m_selected >= 0 && m_selected < int(current->checkpoints.size());
    m_selectionLine->setVisible(visible);
    if (visible) {
        const double x = checkpointX(runIndex(), m_selected);
        m_selectionLine->point1->setCoords(x, 0.0);
        m_selectionLine->point2->setCoords(x, 1.0);
    }
}

void TrajectoryPage::figureStyleChanged()
{
    updateSelectionMarker();
}

std::optional<std::pair<double, double>> TrajectoryPage::decayRange() const
{
    const RunSnapshot* current = run();
    return current ? m_shading->decayRange(*current, runIndex()) : std::nullopt;
}

std::optional<size_t> TrajectoryPage::detectDecayStart(const std::vector<LogRow>& log)
{
    return qs::detectDecayStart(log);
}

int TrajectoryPage::checkpointNearPixel(double x, double maxDistance) const
{
    const RunSnapshot* current = run();
    if (!current)
        return -1;
    int best = -1;
    double bestDistance = qInf();
    for (size_t i = 0; i < current->checkpoints.size(); ++i) {
        const double distance = std::abs(plot()->xAxis->coordToPixel(checkpointX(runIndex(), int(i))) - x);
        if (distance < bestDistance) {
            bestDistance = distance;
            best = int(i);
        }
    }
    if (maxDistance >= 0.0 && bestDistance > maxDistance)
        return -1;
    return best;
}

void TrajectoryPage::selectPoint(int runIndex, int checkpoint)
{
    const RunSnapshot* target = m_runs->runAt(runIndex);
    if (!target || checkpoint < 0 || checkpoint >= int(target->checkpoints.size()))
        return;
    if (runIndex != this->runIndex()) {
        if (m_selection) {
            // The clicked run becomes the selected one; the run shown so far stays drawn, overlaid.
            m_runs->overlayShownRunFor(target->name());
            m_selection->setRun(runIndex); // the page follows: setSnapshot(…, runIndex)
            m_selection->setCheckpoint(checkpoint);
            Q_EMIT overlayRunsChanged();
        }
        Q_EMIT pointSelected(runIndex, checkpoint);
        return;
    }
    if (m_selection)
        m_selection->setCheckpoint(checkpoint);
    selectCheckpoint(checkpoint);
    Q_EMIT pointSelected(runIndex, checkpoint);
}

QString TrajectoryPage::toolTipAt(const QPointF& pos) const
{
    if (!plot()->axisRect()->rect().contains(pos.toPoint()))
        return {};
    // A point under the mouse describes its checkpoint (of an overlaid run, or of one of the stages
    // that share an x); elsewhere the nearest checkpoint of the shown run.
    const auto [pointRun, checkpoint] = pointNearPixel(pos, 10.0);
    if (pointRun >= 0)
        return describeCheckpoint(pointRun, checkpoint);
    const int index = checkpointNearPixel(pos.x());
    return index < 0 ? QString() : describeCheckpoint(index);
}

void TrajectoryPage::clickedAt(const QPointF& pos)
{
    if (!plot()->axisRect()->rect().contains(pos.toPoint()))
        return;
    const auto [pointRun, checkpoint] = pointNearPixel(pos, 10.0);
    if (pointRun >= 0) {
        selectPoint(pointRun, checkpoint);
        return;
    }
    const int index = checkpointNearPixel(pos.x(), 20.0);
    if (index >= 0)
        selectPoint(runIndex(), index);
}

QString TrajectoryPage::describeCheckpoint(int runIndex, int index) const
{
    const RunSnapshot* current = m_runs->runAt(runIndex);
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
    const QString metricTitle = m_axes->metricShortTitle();
    const Metric shownMetric = metric();
    for (const ConfigSnapshot& config : current->configs) {
        if (config.config.isFullPrecision())
            continue;
        const double value = metricValue(config, index);
        // A done checkpoint without the value: a store written before this metric existed.
        QString text = std::isfinite(value) ? m_axes->formatMetricValue(value)
            : config.isDone(index)          ? tr("not in the store")
                                            : tr("not computed yet");
        // Its uncertainty over the evaluation units: ± the standard error, or KL p99's 95 % interval.
        if (std::isfinite(value)) {
            const double se = trajectoryMetricStandardError(config, shownMetric, index);
            const MetricBand band = trajectoryMetricBand(config, shownMetric, index);
            if (std::isfinite(se))
                text = tr("%1 ± %2 (s.e.)").arg(text, m_axes->formatMetricValue(se));
            else if (band.valid())
                text = tr("%1 (95 % interval %2 – %3)")
                           .arg(text, m_axes->formatMetricValue(band.lower), m_axes->formatMetricValue(band.upper));
        }
        lines << tr("%1: %2 %3").arg(config.label, metricTitle, text);
    }
    return lines.join(QLatin1Char('\n'));
}

} // namespace qs
