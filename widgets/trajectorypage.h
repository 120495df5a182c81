#pragma once

// The trajectory page: for one run, the learning-rate schedule (right axis) and the quantization
// damage of every config at every checkpoint (left axis), optionally the FP validation loss.

#include "figureview.h"
#include "storesnapshot.h"

#include <QList>
#include <QTimer>
#include <QWidget>

#include <optional>

class QCheckBox;
class QComboBox;
class QCustomPlot;
class QCPAxis;
class QCPGraph;
class QCPItemRect;
class QCPItemStraightLine;
class QCPItemText;
class QCPLayer;
class QCPLayoutGrid;
class QCPTextElement;
class QMouseEvent;

namespace qs {

class TrajectoryPage : public QWidget, public FigureView
{
    Q_OBJECT

public:
    enum class XAxis
    {
        Step,
        Tokens,
    };
    enum class Metric
    {
        RelativeCe, // "rel_ce": CE(Ŵ)/CE(W) − 1
        DeltaCe,    // "delta_ce": CE(Ŵ) − CE(W)
        KlMean,     // "kl_mean": mean KL of the quantized next-byte distribution from the FP one (nats)
        KlP99,      // "kl_p99": its 99th percentile over tokens
        Top1Agree,  // 100 · "top1_agree": % of tokens whose argmax is the FP argmax
        LayerSqnr,  // mean over layers of "sqnr_db" (layers without a value skipped)
    };

    explicit TrajectoryPage(QWidget* parent = nullptr);
    ~TrajectoryPage() override;

    // Shows run `runIndex` of `snapshot` (nothing when out of range). Keeps the selected checkpoint
    // and the user's zoom when the same run is shown again (a periodic reload).
    void setSnapshot(StoreSnapshotPtr snapshot, int runIndex);
    const StoreSnapshotPtr& snapshot() const { return m_snapshot; }
    int runIndex() const { return m_runIndex; }
    const RunSnapshot* run() const;

    QCustomPlot* plot() const { return m_plot; }
    QCPGraph* lrGraph() const { return m_lrGraph; }
    QCPGraph* fpLossGraph() const { return m_fpGraph; }
    // One graph per quantization config, in the run's config order; the full-precision reference
    // (config "fp") has none.
    const QList<QCPGraph*>& configGraphs() const { return m_configGraphs; }
    // The graph of the run's config `configIndex`; nullptr for the FP reference or out of range.
    QCPGraph* configGraph(int configIndex) const;

    XAxis xAxis() const { return m_xAxis; }
    void setXAxis(XAxis axis);
    Metric metric() const { return m_metric; }
    void setMetric(Metric metric);
    // The metric named as on the command line ("rel_ce", "delta_ce", "kl_mean", "kl_p99", "top1_agree",
    // "sqnr_db"); false for any other name.
    static bool metricFromName(const QString& name, Metric* metric);
    static QStringList metricNames();
    static QString metricName(Metric metric);
    // What the page plots for `config` at `checkpoint` under the current metric; NaN when absent.
    double metricValue(const ConfigSnapshot& config, int checkpoint) const;
    bool showsFpLoss() const { return m_showFpLoss; }
    void setShowFpLoss(bool show);

    int selectedCheckpoint() const { return m_selected; }
    // Marks checkpoint `index` and emits checkpointSelected() when it changed.
    void selectCheckpoint(int index);

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
    QCustomPlot* figurePlot() const override { return run() ? m_plot : nullptr; }
    // step, tokens, lr, fp_val_ce, then the metric of every quantized config (column = config id).
    QString csv() const override;
    void applyFigureStyle(const FigureStyle& style) override;

    // The checkpoint whose x is nearest to pixel column `x`; -1 if none within `maxDistance` pixels
    // (negative: any distance).
    int checkpointNearPixel(double x, double maxDistance = -1.0) const;
    // Hover text for checkpoint `index`: step, tokens, LR, FP CE and the metric per config.
    QString describeCheckpoint(int index) const;

    // Replots at once instead of waiting for the throttle timer (export, tests).
    void replotNow();

Q_SIGNALS:
    void checkpointSelected(int index);
    void xAxisChanged(qs::TrajectoryPage::XAxis axis);
    void metricChanged(qs::TrajectoryPage::Metric metric);

protected:
    void changeEvent(QEvent* event) override;

private:
    void rebuild();
    void scheduleReplot();
    void applyColors();
    void updateSelectionMarker();
    double checkpointX(const CheckpointRow& row) const;
    // Where the x axis of a run ends once its training is complete (from its stored TrainConfig).
    std::optional<double> plannedEnd(const RunSnapshot& run) const;
    double logRowX(const LogRow& row) const;
    QString metricAxisLabel() const;
    QString metricShortTitle() const;
    QString formatMetricValue(double value) const;

    void onMouseMove(QMouseEvent* event);
    void onMousePress(QMouseEvent* event);
    void onMouseRelease(QMouseEvent* event);

    StoreSnapshotPtr m_snapshot;
    int m_runIndex = -1;
    XAxis m_xAxis = XAxis::Step;
    Metric m_metric = Metric::RelativeCe;
    bool m_showFpLoss = false;
    int m_selected = -1;
    bool m_autoRange = true;
    QPoint m_pressPos;

    QComboBox* m_xCombo = nullptr;
    QComboBox* m_metricCombo = nullptr;
    QCheckBox* m_fpCheck = nullptr;
    QCustomPlot* m_plot = nullptr;
    QCPTextElement* m_title = nullptr;
    QCPAxis* m_fpAxis = nullptr;
    QCPLayer* m_backLayer = nullptr;
    QCPGraph* m_lrGraph = nullptr;
    QCPGraph* m_fpGraph = nullptr;
    QList<QCPGraph*> m_configGraphs;
    QList<int> m_graphConfigs; // run config index of each config graph
    QList<QCPItemRect*> m_phaseRects;
    QList<QCPItemText*> m_phaseLabels;
    QList<int> m_phaseKinds; // SchedulePhase::Kind of each rect
    bool m_logX = false;
    std::optional<FigureStyle> m_figureStyle; // set while exporting in a paper style
    QCheckBox* m_logCheck = nullptr;
    QCPLayoutGrid* m_legendRow = nullptr; // holds the legend under the axes (screen, "below")
    void placeLegend(bool inside);
    QCPItemStraightLine* m_selectionLine = nullptr;
    QTimer m_replotTimer;
};

} // namespace qs
