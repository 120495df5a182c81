// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The runs the trajectory page draws, and their graphs. The shown run is always drawn; with Branches
// on, so is its family (the runs it branched or was averaged from, and those branched or averaged from
// it), and the user may overlay any other run of the store by name (the Runs menu). Every config keeps
// its colour across the runs, every run has its own line style and marker, and each stage segment of a
// multi-stage run is a graph of its own. It owns the store snapshot with the shown run, the Branches
// and Runs controls and every data graph — the configs' metric with its 95 % band, the learning rate,
// the FP validation loss and an imported run's training loss — and finds the drawn point under the mouse.

#include "itemmodels/storesnapshot.h"

#include <QList>
#include <QObject>
#include <QStringList>

#include <limits>
#include <string>
#include <utility>
#include <vector>

class QCheckBox;
class QCPGraph;
class QCPLayer;
class QCustomPlot;
class QHBoxLayout;
class QPointF;
class QToolButton;
class QWidget;

namespace qs {

class TrajectoryAxes;
struct TrajectoryStyle;

class TrajectoryRuns : public QObject
{
    Q_OBJECT

public:
    // The controls are made as children of `page`; the graphs are drawn in `plot`, the learning rate on
    // `backLayer`, along the axes `axes` chooses.
    TrajectoryRuns(QCustomPlot* plot, QCPLayer* backLayer, const TrajectoryAxes* axes, QWidget* page);

    // The Branches check box and the Runs menu button.
    void addControls(QHBoxLayout* layout) const;

    // Run `runIndex` of `snapshot` is the shown one (nothing is drawn until draw()).
    void setShownRun(StoreSnapshotPtr snapshot, int runIndex);
    const StoreSnapshotPtr& snapshot() const { return m_snapshot; }
    int runIndex() const { return m_runIndex; }
    const RunSnapshot* shownRun() const { return runAt(m_runIndex); }
    // Run `runIndex` of the snapshot; nullptr when out of range.
    const RunSnapshot* runAt(int runIndex) const;

    // Overlaid runs, by name: they stay across snapshots (a run missing from one is drawn again when it
    // comes back). The shown run is never in this list. Setting them signals overlaysChanged().
    QStringList overlayRuns() const;
    void setOverlayRuns(const QStringList& names);
    void setRunOverlaid(int runIndex, bool on);
    bool isOverlaid(const QString& name) const { return m_overlays.contains(name); }
    // Before run `name` becomes the shown one: the run shown so far stays drawn, overlaid instead of it.
    // Nothing is redrawn and nothing signalled (the new snapshot and run follow).
    void overlayShownRunFor(const QString& name);
    bool showsBranches() const { return m_showBranches; }
    void setShowBranches(bool on);
    // Indices of run `runIndex`'s family, without the run itself, in store order.
    QList<int> familyOf(int runIndex) const;
    // Indices of the drawn runs (the shown one, its family with Branches and the overlaid runs), in store
    // order; a run's position in this list picks its line style and marker (runPenStyle, runShape).
    QList<int> shownRuns() const;

    // The x and y ranges of what draw() drew.
    struct Extent
    {
        double xMin = std::numeric_limits<double>::infinity();
        double xMax = -std::numeric_limits<double>::infinity();
        double yMin = std::numeric_limits<double>::infinity();
        double yMax = -std::numeric_limits<double>::infinity();
        double lrMax = 0.0;
    };
    // Forgets the graphs (the page cleared the plot) and shows the controls the store calls for.
    void clear();
    // Draws the graphs of `runs` (shownRuns()), the shown run's FP loss when the axes show it, and lists
    // them in the legend; widens `extent` to what it drew.
    void draw(const QList<int>& runs, Extent* extent);
    void applyColors(const TrajectoryStyle& style);

    // The graphs of run `runIndex` (nullptr / empty when it is not drawn): one per quantization config in
    // the run's config order (the FP reference has none), each its first stage segment's line.
    QList<QCPGraph*> runConfigGraphs(int runIndex) const;
    QCPGraph* runConfigGraph(int runIndex, int configIndex) const;
    QCPGraph* runLrGraph(int runIndex) const;
    // The graphs drawn for run `runIndex` and config `configIndex`, one per stage segment in segment
    // order; and the checkpoint of each point of a graph.
    QList<QCPGraph*> stageGraphs(int runIndex, int configIndex) const;
    std::vector<int> graphCheckpoints(const QCPGraph* graph) const;
    // The 95 % band's lower and upper edges around the shown run's config `configIndex` (its first
    // segment); nulls when the store holds no uncertainty for the metric (trajectoryMetricBand).
    std::pair<QCPGraph*, QCPGraph*> configBand(int configIndex) const;
    QCPGraph* fpLossGraph() const { return m_fpGraph; }
    QCPGraph* trainLossGraph() const { return m_trainLossGraph; }
    // The config ids drawn, in colour order: the shown run's configs in its order, then those only other
    // runs have.
    const std::vector<std::string>& configIds() const { return m_colorIds; }

    // The drawn data point nearest to `pos` (plot pixels) within `maxDistance` pixels, as run and
    // checkpoint indices; {-1, -1} if none. Where points of two runs coincide, the shown run's wins.
    std::pair<int, int> pointNearPixel(const QPointF& pos, double maxDistance) const;

Q_SIGNALS:
    // The overlaid runs or Branches changed: the page draws again.
    void overlaysChanged();

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

    void addRunGraphs(int runIndex, Extent* extent);
    void addFpLossGraph(const RunSnapshot& run, Extent* extent);
    void fillLegend();
    void fillRunsMenu();
    const RunGraphs* runGraphs(int runIndex) const;
    int colorIndex(const std::string& configId) const;
    QString runLabel(int runIndex, const QString& name) const;

    QCustomPlot* m_plot = nullptr;
    QCPLayer* m_backLayer = nullptr;
    const TrajectoryAxes* m_axes = nullptr;
    StoreSnapshotPtr m_snapshot;
    int m_runIndex = -1;
    QStringList m_overlays; // run names, in the order they were added
    bool m_showBranches = true;

    QCheckBox* m_branchCheck = nullptr;
    QToolButton* m_runsButton = nullptr;
    std::vector<RunGraphs> m_runGraphs;  // drawn runs in store order
    std::vector<std::string> m_colorIds; // config ids in colour order
    QCPGraph* m_fpGraph = nullptr;
    QCPGraph* m_trainLossGraph = nullptr;
    QList<QCPGraph*> m_fpStageGraphs; // the FP loss of segments after the first
};

} // namespace qs
