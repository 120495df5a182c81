// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The trajectory page: for one run, the learning-rate schedule (right axis) and the quantization
// damage of every config at every checkpoint (left axis), optionally the FP validation loss. Other
// runs of the store can be overlaid: every config keeps its colour, every run has its own line style
// and marker, and a click on a point of an overlaid run selects that run and checkpoint. A multi-stage
// run (OLMo-2's stage 1, then stage-2 ingredients that count steps from 0 again) is laid out along
// cumulative steps or tokens (core/hf/stagelayout.h): every stage is its own series that starts where
// its parent stage ended, ingredients side by side in their own line styles, the stages shaded.
//
// The page assembles its parts — the axes and metric (TrajectoryAxes), the runs it draws
// (TrajectoryRuns), the shaded phases or stages (TrajectoryShading), the CSV export (TrajectoryExport)
// — and owns what joins them: the title, the selected checkpoint, the zoom, the mouse.

#include "widgets/pages/trajectory/trajectoryaxes.h"
#include "widgets/pages/trajectory/trajectoryexport.h"
#include "widgets/pages/trajectory/trajectoryruns.h"
#include "widgets/pages/trajectory/trajectoryshading.h"
#include "widgets/plot/plotpage.h"

#include <QList>
#include <QStringList>

#include <memory>
#include <optional>
#include <vector>

class QCPGraph;
class QCPItemStraightLine;
class QCPLayer;
class QCPTextElement;

namespace qs {

class Selection;

class TrajectoryPage : public PlotPage
{
    Q_OBJECT

public:
    // RelativeCe, DeltaCe, KlMean, KlP99, Top1Agree (in %), LayerSqnr (mean over layers):
    // itemmodels/trajectorymetric.h says what each is and computes it.
    using Metric = TrajectoryMetric;

    // With a `selection`, the page shows the selection's snapshot and run and marks its checkpoint,
    // and a click writes the run and checkpoint back to it. Without one, setSnapshot() says what to
    // show and clicks are only signalled (checkpointSelected, pointSelected).
    explicit TrajectoryPage(Selection* selection = nullptr, QWidget* parent = nullptr);
    ~TrajectoryPage() override;

    // Shows run `runIndex` of `snapshot` (nothing when out of range). Keeps the selected checkpoint
    // and the user's zoom when the same run is shown again (a periodic reload).
    void setSnapshot(StoreSnapshotPtr snapshot, int runIndex);
    const StoreSnapshotPtr& snapshot() const { return m_runs->snapshot(); }
    int runIndex() const { return m_runs->runIndex(); }
    const RunSnapshot* run() const { return m_runs->shownRun(); }
    Selection* selection() const { return m_selection; }

    // The graphs of the shown run (TrajectoryRuns says what each is): its LR, its FP loss and an
    // imported run's training loss (nullptr when not drawn), one graph per quantization config in the
    // run's config order (the FP reference has none), and the 95 % band around a config's line.
    QCPGraph* lrGraph() const { return m_runs->runLrGraph(runIndex()); }
    QCPGraph* fpLossGraph() const { return m_runs->fpLossGraph(); }
    QCPGraph* trainLossGraph() const { return m_runs->trainLossGraph(); }
    QList<QCPGraph*> configGraphs() const { return m_runs->runConfigGraphs(runIndex()); }
    QCPGraph* configGraph(int configIndex) const { return m_runs->runConfigGraph(runIndex(), configIndex); }
    std::pair<QCPGraph*, QCPGraph*> configBand(int configIndex) const { return m_runs->configBand(configIndex); }

    // The runs drawn besides the shown one (TrajectoryRuns): overlaid by name, and with Branches (the
    // default) the shown run's family.
    QStringList overlayRuns() const { return m_runs->overlayRuns(); }
    void setOverlayRuns(const QStringList& names) { m_runs->setOverlayRuns(names); }
    void setRunOverlaid(int runIndex, bool on) { m_runs->setRunOverlaid(runIndex, on); }
    bool showsBranches() const { return m_runs->showsBranches(); }
    void setShowBranches(bool on) { m_runs->setShowBranches(on); }
    QList<int> familyOf(int runIndex) const { return m_runs->familyOf(runIndex); }
    QList<int> shownRuns() const { return m_runs->shownRuns(); }
    QList<QCPGraph*> runConfigGraphs(int runIndex) const { return m_runs->runConfigGraphs(runIndex); }
    QCPGraph* runConfigGraph(int runIndex, int configIndex) const
    {
        return m_runs->runConfigGraph(runIndex, configIndex);
    }
    QCPGraph* runLrGraph(int runIndex) const { return m_runs->runLrGraph(runIndex); }
    QList<QCPGraph*> stageGraphs(int runIndex, int configIndex) const
    {
        return m_runs->stageGraphs(runIndex, configIndex);
    }
    std::vector<int> graphCheckpoints(const QCPGraph* graph) const { return m_runs->graphCheckpoints(graph); }

    // The axes (TrajectoryAxes). Showing a multi-stage run whose checkpoints all say their tokens
    // switches the x axis to Tokens (the count stages are compared by: a stage may change the batch
    // size); the user may switch back.
    TrajectoryAxis xAxis() const { return m_axes->xAxis(); }
    void setXAxis(TrajectoryAxis axis) { m_axes->setXAxis(axis); }
    const StageLayout* stageLayout(int runIndex) const { return m_axes->stageLayout(runIndex); }
    double checkpointX(int runIndex, int checkpoint) const { return m_axes->checkpointX(runIndex, checkpoint); }
    Metric metric() const { return m_axes->metric(); }
    void setMetric(Metric metric) { m_axes->setMetric(metric); }
    static bool metricFromName(const QString& name, Metric* metric)
    {
        return TrajectoryAxes::metricFromName(name, metric);
    }
    static QStringList metricNames() { return TrajectoryAxes::metricNames(); }
    static QString metricName(Metric metric) { return TrajectoryAxes::metricName(metric); }
    double metricValue(const ConfigSnapshot& config, int checkpoint) const
    {
        return m_axes->metricValue(config, checkpoint);
    }
    bool showsFpLoss() const { return m_axes->showsFpLoss(); }
    void setShowFpLoss(bool show) { m_axes->setShowFpLoss(show); }
    bool logX() const { return m_axes->logX(); }
    void setLogX(bool on) { m_axes->setLogX(on); }

    int selectedCheckpoint() const { return m_selected; }
    // Marks checkpoint `index` of the shown run and emits checkpointSelected() when it changed.
    void selectCheckpoint(int index);
    // What a click on a point does: selects checkpoint `checkpoint` of run `runIndex` — in the
    // selection when the page has one (an overlaid run becomes the shown run, the run shown so far
    // is overlaid instead) — and emits pointSelected().
    void selectPoint(int runIndex, int checkpoint);

    // The shaded regions (TrajectoryShading): the x range of the LR decay phase, if the shown run's log
    // shows one; the names of the shaded phases or stages in x order, and their x ranges.
    std::optional<std::pair<double, double>> decayRange() const;
    QStringList phaseLabels() const { return m_shading->labels(); }
    QList<std::pair<double, double>> phaseRanges() const { return m_shading->ranges(); }
    // Index into `log` of the last step at peak LR before a decay that follows a stable phase.
    static std::optional<size_t> detectDecayStart(const std::vector<LogRow>& log);

    // FigureView
    QString viewName() const override { return QStringLiteral("trajectory"); }
    QCustomPlot* figurePlot() const override { return run() ? plot() : nullptr; }
    QString csv() const override { return m_export->csv(); }

    // The checkpoint of the shown run whose x is nearest to pixel column `x`; -1 if none within
    // `maxDistance` pixels (negative: any distance).
    int checkpointNearPixel(double x, double maxDistance = -1.0) const;
    // The drawn data point nearest to `pos` (plot pixels) within `maxDistance` pixels, as run and
    // checkpoint indices; {-1, -1} if none.
    std::pair<int, int> pointNearPixel(const QPointF& pos, double maxDistance) const
    {
        return m_runs->pointNearPixel(pos, maxDistance);
    }
    // Hover text for checkpoint `index` of the shown run (or of run `runIndex`): step, tokens, LR,
    // FP CE and the metric per config.
    QString describeCheckpoint(int index) const { return describeCheckpoint(runIndex(), index); }
    QString describeCheckpoint(int runIndex, int index) const;

Q_SIGNALS:
    void checkpointSelected(int index);
    void pointSelected(int runIndex, int checkpoint);
    void overlayRunsChanged();
    void xAxisChanged(qs::TrajectoryAxis axis);
    void metricChanged(qs::TrajectoryPage::Metric metric);

protected:
    void applyColors() override;
    void figureStyleChanged() override;
    QString toolTipAt(const QPointF& pos) const override;
    void clickedAt(const QPointF& pos) override;
    void dragging() override { m_autoRange = false; } // the user drags the x range

private:
    void followSelection();
    void rebuild();
    void updateSelectionMarker();

    Selection* m_selection = nullptr;
    int m_selected = -1;
    bool m_autoRange = true;

    QCPTextElement* m_title = nullptr;
    QCPLayer* m_backLayer = nullptr; // the learning rate and the shaded regions, behind the data
    QCPItemStraightLine* m_selectionLine = nullptr;
    TrajectoryAxes* m_axes = nullptr;
    TrajectoryRuns* m_runs = nullptr;
    std::unique_ptr<TrajectoryShading> m_shading;
    std::unique_ptr<TrajectoryExport> m_export;
};

} // namespace qs
