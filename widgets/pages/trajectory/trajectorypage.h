#pragma once

// The trajectory page: for one run, the learning-rate schedule (right axis) and the quantization
// damage of every config at every checkpoint (left axis), optionally the FP validation loss. Other
// runs of the store can be overlaid: every config keeps its colour, every run has its own line style
// and marker, and a click on a point of an overlaid run selects that run and checkpoint.

#include "models/storesnapshot.h"
#include "models/trajectorymetric.h"
#include "widgets/plot/plotpage.h"

#include <QList>
#include <QStringList>

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

class TrajectoryPage : public PlotPage
{
    Q_OBJECT

public:
    enum class XAxis
    {
        Step,
        Tokens,
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
    void setXAxis(XAxis axis);
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

    // x range (in the current x unit) shaded as the LR decay phase, if the log shows one.
    std::optional<std::pair<double, double>> decayRange() const;
    // Index into `log` of the last step at peak LR before a decay that follows a stable phase.
    static std::optional<size_t> detectDecayStart(const std::vector<LogRow>& log);
    // Names of the shaded schedule phases, in x order ("warmup", "stable", "LR decay").
    QStringList phaseLabels() const;
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
    // The graphs of one drawn run; `checkpoints[i][j]`: the checkpoint of point j of configs[i].
    struct RunGraphs
    {
        int run = -1;
        QCPGraph* lr = nullptr;
        QList<QCPGraph*> configs;
        QList<int> configIndices;
        std::vector<std::vector<int>> checkpoints;
    };

    void followSelection();
    void rebuild();
    void addRunGraphs(int runIndex, double* yMin, double* yMax, double* lrMax, double* xMin, double* xMax);
    void addFpLossGraph(const RunSnapshot& run, double* xMin, double* xMax);
    void addPhases(const RunSnapshot& run);
    void fillRunsMenu();
    void updateSelectionMarker();
    const RunGraphs* runGraphs(int runIndex) const;
    const RunSnapshot* runAt(int runIndex) const;
    int colorIndex(const std::string& configId) const;
    QString runLabel(int runIndex, const QString& name) const;
    double checkpointX(const CheckpointRow& row) const;
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
    QList<int> m_phaseKinds; // SchedulePhase::Kind of each rect
    QCPItemStraightLine* m_selectionLine = nullptr;
};

} // namespace qs
