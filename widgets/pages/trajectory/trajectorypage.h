#pragma once

// The trajectory page: for one run, the learning-rate schedule (right axis) and the quantization
// damage of every config at every checkpoint (left axis), optionally the FP validation loss. Other
// runs of the store can be overlaid: every config keeps its colour, every run has its own line style
// and marker, and a click on a point of an overlaid run selects that run and checkpoint. A multi-stage
// run (OLMo-2's stage 1, then stage-2 ingredients that count steps from 0 again) is laid out along
// cumulative steps or tokens (core/data/stagelayout.h): every stage is its own series that starts where
// its parent stage ended, ingredients side by side in their own line styles, the stages shaded.

#include "core/data/stagelayout.h"
#include "models/storesnapshot.h"
#include "models/trajectorymetric.h"
#include "widgets/plot/plotpage.h"

#include <QList>
#include <QStringList>

#include <functional>
#include <optional>
#include <vector>

class QCheckBox;
class QComboBox;
class QCPAxis;
class QCPGraph;
class QCPItemRect;
class QCPItemStraightLine;
class QCPItemText;
class QCPLayer;
class QCPTextElement;
class QToolButton;

namespace qs {

class Selection;

// A point of a trajectory graph: x, y and the checkpoint it shows (−1 for a log row).
struct TrajectoryPoint
{
    double x;
    double y;
    int checkpoint = -1;
};

class TrajectoryPage : public PlotPage
{
    Q_OBJECT

public:
    // Step and Tokens are cumulative over the stages of a multi-stage run; Order counts checkpoints
    // along each branch (0, 1, 2, …).
    enum class XAxis
    {
        Step,
        Tokens,
        Order,
    };
    // RelativeCe, DeltaCe, KlMean, KlP99, Top1Agree (in %), LayerSqnr (mean over layers):
    // models/trajectorymetric.h says what each is and computes it.
    using Metric = TrajectoryMetric;

    // With a `selection`, the page shows the selection's snapshot and run and marks its checkpoint,
    // and a click writes the run and checkpoint back to it. Without one, setSnapshot() says what to
    // show and clicks are only signalled (checkpointSelected, pointSelected).
    explicit TrajectoryPage(Selection* selection = nullptr, QWidget* parent = nullptr);
    ~TrajectoryPage() override;

    // Shows run `runIndex` of `snapshot` (nothing when out of range). Keeps the selected checkpoint
    // and the user's zoom when the same run is shown again (a periodic reload).
    void setSnapshot(StoreSnapshotPtr snapshot, int runIndex);
    const StoreSnapshotPtr& snapshot() const { return m_snapshot; }
    int runIndex() const { return m_runIndex; }
    const RunSnapshot* run() const;
    Selection* selection() const { return m_selection; }

    QCPGraph* lrGraph() const { return runLrGraph(m_runIndex); }
    QCPGraph* fpLossGraph() const { return m_fpGraph; }
    // An imported run's training loss from its log, beside the FP loss; nullptr when not drawn.
    QCPGraph* trainLossGraph() const { return m_trainLossGraph; }
    // One graph per quantization config of the shown run, in the run's config order; the
    // full-precision reference (config "fp") has none.
    QList<QCPGraph*> configGraphs() const { return runConfigGraphs(m_runIndex); }
    // The graph of the run's config `configIndex`; nullptr for the FP reference or out of range.
    QCPGraph* configGraph(int configIndex) const { return runConfigGraph(m_runIndex, configIndex); }
    // The 95 % band's lower and upper edges around that config's line (its first segment); nulls when
    // the store holds no uncertainty for the metric (trajectoryMetricBand).
    std::pair<QCPGraph*, QCPGraph*> configBand(int configIndex) const;

    // Overlaid runs, by name: they stay across reloads (a run missing from a snapshot is drawn again
    // when it comes back). The shown run is always drawn and never in this list.
    QStringList overlayRuns() const;
    void setOverlayRuns(const QStringList& names);
    void setRunOverlaid(int runIndex, bool on);
    // Branches: with it on (the default), the shown run's family is drawn too — the runs it branched
    // or was averaged from (RunInfo::parent, up the chain) and every run branched or averaged from it
    // (down the chain). A branch's first checkpoint is its fork, so its curve leaves the parent's there.
    bool showsBranches() const { return m_showBranches; }
    void setShowBranches(bool on);
    // Indices of run `runIndex`'s family, without the run itself, in store order.
    QList<int> familyOf(int runIndex) const;
    // Indices of the drawn runs (the shown one, its family and the overlaid runs), in store order;
    // a run's position in this list picks its line style and marker (runPenStyle, runShape).
    QList<int> shownRuns() const;
    // The graphs of run `runIndex` (nullptr / empty when it is not drawn).
    QList<QCPGraph*> runConfigGraphs(int runIndex) const;
    QCPGraph* runConfigGraph(int runIndex, int configIndex) const;
    QCPGraph* runLrGraph(int runIndex) const;

    XAxis xAxis() const { return m_xAxis; }
    // Showing a multi-stage run whose checkpoints all say their tokens switches to Tokens (the count
    // stages are compared by: a stage may change the batch size); the user may switch back.
    void setXAxis(XAxis axis);
    // Where run `runIndex`'s checkpoints sit on the x axes (one segment for a run without stages).
    const StageLayout* stageLayout(int runIndex) const;
    // x of checkpoint `checkpoint` of run `runIndex` on the current axis.
    double checkpointX(int runIndex, int checkpoint) const;
    // The graphs drawn for run `runIndex` and config `configIndex`, one per stage segment in segment
    // order (the first is runConfigGraph's); with their checkpoints, point by point.
    QList<QCPGraph*> stageGraphs(int runIndex, int configIndex) const;
    std::vector<int> graphCheckpoints(const QCPGraph* graph) const;
    Metric metric() const { return m_metric; }
    void setMetric(Metric metric);
    // The metric named as on the command line (trajectoryMetricNames(): "rel_ce", "delta_ce", "kl_mean",
    // "kl_p99", "top1_agree", "sqnr_db"); false for any other name.
    static bool metricFromName(const QString& name, Metric* metric);
    static QStringList metricNames();
    static QString metricName(Metric metric);
    // What the page plots for `config` at `checkpoint` under the current metric; NaN when absent.
    double metricValue(const ConfigSnapshot& config, int checkpoint) const;
    bool showsFpLoss() const { return m_showFpLoss; }
    void setShowFpLoss(bool show);

    int selectedCheckpoint() const { return m_selected; }
    // Marks checkpoint `index` of the shown run and emits checkpointSelected() when it changed.
    void selectCheckpoint(int index);
    // What a click on a point does: selects checkpoint `checkpoint` of run `runIndex` — in the
    // selection when the page has one (an overlaid run becomes the shown run, the run shown so far
    // is overlaid instead) — and emits pointSelected().
    void selectPoint(int runIndex, int checkpoint);

    // x range (in the current x unit) shaded as the LR decay phase, if the log shows one (never for a
    // multi-stage run or the checkpoint order: the stages are shaded, or nothing).
    std::optional<std::pair<double, double>> decayRange() const;
    // Index into `log` of the last step at peak LR before a decay that follows a stable phase.
    static std::optional<size_t> detectDecayStart(const std::vector<LogRow>& log);
    // Names of the shaded schedule phases, in x order ("warmup", "stable", "LR decay"), or for a
    // multi-stage run of its stages ("stage 1", "stage 2 · 3 ingredients").
    QStringList phaseLabels() const;
    // The shaded x ranges, in the order of phaseLabels().
    QList<std::pair<double, double>> phaseRanges() const;
    bool logX() const { return m_logX; }
    void setLogX(bool on);

    // FigureView
    QString viewName() const override { return QStringLiteral("trajectory"); }
    QCustomPlot* figurePlot() const override { return run() ? plot() : nullptr; }
    // run, step, tokens, lr, fp_val_ce, then the metric of every quantized config (column = config
    // id): one row per checkpoint of every drawn run, the shown run first.
    QString csv() const override;

    // The checkpoint of the shown run whose x is nearest to pixel column `x`; -1 if none within
    // `maxDistance` pixels (negative: any distance).
    int checkpointNearPixel(double x, double maxDistance = -1.0) const;
    // The drawn data point nearest to `pos` (plot pixels) within `maxDistance` pixels, as run and
    // checkpoint indices; {-1, -1} if none.
    std::pair<int, int> pointNearPixel(const QPointF& pos, double maxDistance) const;
    // Hover text for checkpoint `index` of the shown run (or of run `runIndex`): step, tokens, LR,
    // FP CE and the metric per config.
    QString describeCheckpoint(int index) const { return describeCheckpoint(m_runIndex, index); }
    QString describeCheckpoint(int runIndex, int index) const;

Q_SIGNALS:
    void checkpointSelected(int index);
    void pointSelected(int runIndex, int checkpoint);
    void overlayRunsChanged();
    void xAxisChanged(qs::TrajectoryPage::XAxis axis);
    void metricChanged(qs::TrajectoryPage::Metric metric);

protected:
    void applyColors() override;
    void figureStyleChanged() override;
    QString toolTipAt(const QPointF& pos) const override;
    void clickedAt(const QPointF& pos) override;
    void dragging() override { m_autoRange = false; } // the user drags the x range

private:
    // One line of a drawn run: a config's (or the LR's, `config` −1) points in one stage segment;
    // `checkpoints[j]`: the checkpoint of point j.
    struct Series
    {
        QCPGraph* graph = nullptr;
        // The 95 % band around a config's line (trajectoryMetricBand), the space between them filled;
        // null where the store holds no uncertainty for the metric.
        QCPGraph* lower = nullptr;
        QCPGraph* upper = nullptr;
        int config = -1; // position in RunGraphs::configs
        int lane = 0;    // StageSegment::lane: the line style of an ingredient
        std::vector<int> checkpoints;
    };
    // The graphs of one drawn run: configs[i] (the first segment's line of config configIndices[i])
    // and lr are the ones the legend lists; `series` holds every config line of every segment.
    struct RunGraphs
    {
        int run = -1;
        QCPGraph* lr = nullptr;
        QList<QCPGraph*> configs;
        QList<int> configIndices;
        std::vector<Series> series;
        std::vector<Series> lrSeries; // the LR of segments after the first
    };

    void followSelection();
    void rebuild();
    void addRunGraphs(int runIndex, double* yMin, double* yMax, double* lrMax, double* xMin, double* xMax);
    void addFpLossGraph(const RunSnapshot& run, double* xMin, double* xMax);
    void addPhases(const RunSnapshot& run);
    void addStages();
    QCPItemRect* addShade(double x0, double x1, const QString& text, Qt::Alignment horizontal, double labelX);
    // Per stage segment of run `runIndex`: the points of `value` (NaN: left out), each later segment
    // starting with its parent's last checkpoint so that the lines join.
    std::vector<std::vector<TrajectoryPoint>> segmentPoints(int runIndex,
                                                            const std::function<double(int)>& value) const;
    void fillRunsMenu();
    void updateSelectionMarker();
    const RunGraphs* runGraphs(int runIndex) const;
    const RunSnapshot* runAt(int runIndex) const;
    int colorIndex(const std::string& configId) const;
    QString runLabel(int runIndex, const QString& name) const;
    // Where the x axis of a run ends once its training is complete (from its stored TrainConfig).
    std::optional<double> plannedEnd(const RunSnapshot& run) const;
    double logRowX(const LogRow& row) const;
    QString metricAxisLabel() const;
    QString metricShortTitle() const;
    QString formatMetricValue(double value) const;

    Selection* m_selection = nullptr;
    StoreSnapshotPtr m_snapshot;
    int m_runIndex = -1;
    QStringList m_overlays; // run names, in the order they were added
    bool m_showBranches = true;
    XAxis m_xAxis = XAxis::Step;
    Metric m_metric = Metric::RelativeCe;
    bool m_showFpLoss = false;
    int m_selected = -1;
    bool m_autoRange = true;
    bool m_logX = false;

    QComboBox* m_xCombo = nullptr;
    QComboBox* m_metricCombo = nullptr;
    QCheckBox* m_fpCheck = nullptr;
    QCheckBox* m_logCheck = nullptr;
    QCheckBox* m_branchCheck = nullptr;
    QToolButton* m_runsButton = nullptr;
    QCPTextElement* m_title = nullptr;
    QCPAxis* m_fpAxis = nullptr;
    QCPLayer* m_backLayer = nullptr;
    QCPGraph* m_fpGraph = nullptr;
    QCPGraph* m_trainLossGraph = nullptr;
    std::vector<RunGraphs> m_runGraphs;  // drawn runs in store order
    std::vector<std::string> m_colorIds; // config ids in colour order
    QList<QCPItemRect*> m_phaseRects;
    QList<QCPItemText*> m_phaseLabels;
    QList<int> m_phaseKinds;            // SchedulePhase::Kind of each rect; −1 − k for the k-th stage region
    std::vector<StageLayout> m_layouts; // per run of the snapshot
    QList<QCPGraph*> m_fpStageGraphs;   // the FP loss of segments after the first
    QList<std::pair<QCPGraph*, int>> m_laneKeys; // legend entries naming the ingredients' line styles
    QCPItemStraightLine* m_selectionLine = nullptr;
};

} // namespace qs
