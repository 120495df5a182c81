// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The trajectory page's axes and what they measure: the x unit (step, tokens or the checkpoint order,
// cumulative over the stages of a multi-stage run: core/hf/stagelayout.h) and whether it is
// logarithmic, the metric on the left axis with its labels and number format, and the FP validation
// loss on its own axis right of the learning rate's. It owns the controls that choose them, sets up the
// learning rate's axis and owns the FP loss axis, and where every run's checkpoints and log rows sit on the x axis; it signals each change
// of choice, and the page draws again.

#include "core/hf/stagelayout.h"
#include "itemmodels/storesnapshot.h"
#include "itemmodels/trajectorymetric.h"

#include <QObject>
#include <QStringList>

#include <functional>
#include <optional>
#include <vector>

class QCheckBox;
class QComboBox;
class QCPAxis;
class QCPRange;
class QCustomPlot;
class QHBoxLayout;
class QLabel;
class QWidget;

namespace qs {

// A point of a trajectory graph: x, y and the checkpoint it shows (−1 for a log row).
struct TrajectoryPoint
{
    double x;
    double y;
    int checkpoint = -1;
};

class TrajectoryAxes : public QObject
{
    Q_OBJECT

public:
    using Metric = TrajectoryMetric;

    // The controls are made as children of `page`, the FP loss axis in `plot`'s axis rect.
    TrajectoryAxes(QCustomPlot* plot, QWidget* page);

    // The metric and x-axis combo boxes with their labels, then the FP loss and log x check boxes.
    void addControls(QHBoxLayout* layout) const;

    TrajectoryAxis xAxis() const { return m_xAxis; }
    void setXAxis(TrajectoryAxis axis);
    Metric metric() const { return m_metric; }
    void setMetric(Metric metric);
    bool showsFpLoss() const { return m_showFpLoss; }
    void setShowFpLoss(bool show);
    bool logX() const { return m_logX; }
    void setLogX(bool on);

    // The metric named as on the command line (trajectoryMetricNames()); false for any other name.
    static bool metricFromName(const QString& name, Metric* metric);
    static QStringList metricNames();
    static QString metricName(Metric metric);
    // What the page plots for `config` at `checkpoint` under the current metric; NaN when absent.
    double metricValue(const ConfigSnapshot& config, int checkpoint) const;
    QString metricAxisLabel() const;
    QString metricShortTitle() const;
    QString formatMetricValue(double value) const;

    // Lays out the checkpoints of every run of `snapshot` (none without a snapshot).
    void layOutRuns(const StoreSnapshot* snapshot);
    // Where run `runIndex`'s checkpoints sit on the x axes (one segment for a run without stages).
    const StageLayout* stageLayout(int runIndex) const;
    // x of checkpoint `checkpoint` of run `runIndex` on the current axis; NaN when there is none.
    double checkpointX(int runIndex, int checkpoint) const;
    // x of a row of a run's log: its step or tokens (the log follows no stages and no checkpoint order).
    double logRowX(const LogRow& row) const;
    // Per stage segment of run `runIndex`: the points of `value` (NaN: left out), each later segment
    // starting with its parent's last checkpoint so that the lines join.
    std::vector<std::vector<TrajectoryPoint>> segmentPoints(int runIndex,
                                                            const std::function<double(int)>& value) const;
    // Where the x axis of a run ends once its training is complete (from its stored TrainConfig).
    std::optional<double> plannedEnd(const RunSnapshot& run) const;

    // The right axis of the FP validation loss (and an imported run's training loss).
    QCPAxis* fpAxis() const { return m_fpAxis; }
    // Gives the x axis the label and ticks of the current unit (`stages`: the shown run has several)
    // and shows the FP loss axis with its loss.
    void applyToPlot(bool stages);
    // [lo, hi] with room at both ends (`fromZero`: from 0 when all values are positive).
    static QCPRange paddedRange(double lo, double hi, bool fromZero, double padding = 0.08);

Q_SIGNALS:
    void xAxisChanged(qs::TrajectoryAxis axis);
    void metricChanged(qs::TrajectoryMetric metric);
    void fpLossChanged(bool show);
    void logXChanged(bool on);

private:
    QCustomPlot* m_plot = nullptr;
    TrajectoryAxis m_xAxis = TrajectoryAxis::Step;
    Metric m_metric = Metric::RelativeCe;
    bool m_showFpLoss = false;
    bool m_logX = false;
    std::vector<StageLayout> m_layouts; // per run of the snapshot

    QComboBox* m_metricCombo = nullptr;
    QLabel* m_metricLabel = nullptr;
    QComboBox* m_xCombo = nullptr;
    QLabel* m_xLabel = nullptr;
    QCheckBox* m_fpCheck = nullptr;
    QCheckBox* m_logCheck = nullptr;
    QCPAxis* m_fpAxis = nullptr;
};

} // namespace qs
