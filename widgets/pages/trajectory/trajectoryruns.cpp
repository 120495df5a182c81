// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "widgets/pages/trajectory/trajectoryruns.h"

#include "widgets/pages/trajectory/trajectoryaxes.h"
#include "widgets/pages/trajectory/trajectorystyle.h"
#include "widgets/plot/plotstyle.h"

#include "widgets/plot/qcp.h"

#include <QCheckBox>
#include <QHBoxLayout>
#include <QMenu>
#include <QSignalBlocker>
#include <QToolButton>

#include <algorithm>
#include <cmath>

namespace qs {

namespace {

using Point = TrajectoryPoint;

const QColor lrColor(0x8c, 0x8c, 0x8c);

// Sets `graph`'s data sorted by x; returns the points' checkpoints in that order.
std::vector<int> setSortedData(QCPGraph* graph, std::vector<Point> points)
{
    std::stable_sort(points.begin(), points.end(), [](const Point& a, const Point& b) { return a.x < b.x; });
    QVector<double> keys;
    QVector<double> values;
    std::vector<int> checkpoints;
    keys.reserve(qsizetype(points.size()));
    values.reserve(qsizetype(points.size()));
    for (const Point& p : points) {
        keys.append(p.x);
        values.append(p.y);
        checkpoints.push_back(p.checkpoint);
    }
    graph->setData(keys, values, true);
    return checkpoints;
}

} // namespace

TrajectoryRuns::TrajectoryRuns(QCustomPlot* plot, QCPLayer* backLayer, const TrajectoryAxes* axes, QWidget* page)
    : QObject(page)
    , m_plot(plot)
    , m_backLayer(backLayer)
    , m_axes(axes)
{
    m_branchCheck = new QCheckBox(tr("&Branches"), page);
    m_branchCheck->setObjectName(QStringLiteral("branchCheck"));
    m_branchCheck->setToolTip(tr("Also draw the run's family: the run it branched or was averaged from, and the "
                                 "cooldown branches and averaged runs made from it"));
    m_branchCheck->setChecked(true);
    m_branchCheck->setVisible(false); // while no run of the store has a parent

    m_runsButton = new QToolButton(page);
    m_runsButton->setObjectName(QStringLiteral("runsButton"));
    m_runsButton->setText(tr("&Runs"));
    m_runsButton->setToolTip(tr("Overlay other runs of the store: every run gets its own line style and marker, "
                                "every config keeps its colour"));
    m_runsButton->setPopupMode(QToolButton::InstantPopup);
    m_runsButton->setMenu(new QMenu(m_runsButton));
    m_runsButton->setVisible(false); // while the store holds one run
    connect(m_runsButton->menu(), &QMenu::aboutToShow, this, &TrajectoryRuns::fillRunsMenu);
    connect(m_branchCheck, &QCheckBox::toggled, this, &TrajectoryRuns::setShowBranches);
}

void TrajectoryRuns::addControls(QHBoxLayout* layout) const
{
    layout->addWidget(m_branchCheck);
    layout->addWidget(m_runsButton);
}

void TrajectoryRuns::setShownRun(StoreSnapshotPtr snapshot, int runIndex)
{
    m_snapshot = std::move(snapshot);
    m_runIndex = runIndex;
}

const RunSnapshot* TrajectoryRuns::runAt(int runIndex) const
{
    if (!m_snapshot || runIndex < 0 || runIndex >= int(m_snapshot->runs.size()))
        return nullptr;
    return &m_snapshot->runs[size_t(runIndex)];
}

QStringList TrajectoryRuns::overlayRuns() const
{
    QStringList names = m_overlays;
    if (const RunSnapshot* current = shownRun())
        names.removeAll(current->name());
    return names;
}

void TrajectoryRuns::setOverlayRuns(const QStringList& names)
{
    QStringList unique;
    for (const QString& name : names) {
        if (!unique.contains(name))
            unique << name;
    }
    if (unique == m_overlays)
        return;
    m_overlays = unique;
    Q_EMIT overlaysChanged();
}

void TrajectoryRuns::setRunOverlaid(int runIndex, bool on)
{
    const RunSnapshot* other = runAt(runIndex);
    if (!other || runIndex == m_runIndex)
        return;
    QStringList names = m_overlays;
    names.removeAll(other->name());
    if (on)
        names << other->name();
    setOverlayRuns(names);
}

void TrajectoryRuns::overlayShownRunFor(const QString& name)
{
    QStringList names = m_overlays;
    names.removeAll(name);
    if (const RunSnapshot* current = shownRun(); current && !names.contains(current->name()))
        names << current->name();
    m_overlays = names;
}

void TrajectoryRuns::setShowBranches(bool on)
{
    if (on == m_showBranches)
        return;
    m_showBranches = on;
    {
        const QSignalBlocker block(m_branchCheck);
        m_branchCheck->setChecked(on);
    }
    Q_EMIT overlaysChanged();
}

QList<int> TrajectoryRuns::familyOf(int runIndex) const
{
    QList<int> family;
    if (!m_snapshot || runIndex < 0 || runIndex >= int(m_snapshot->runs.size()))
        return family;
    const auto& runs = m_snapshot->runs;
    const auto parentOf = [&](int i) {
        return m_snapshot->runIndex(QString::fromStdString(runs[size_t(i)].info.parent));
    };
    // Up: the parent chain (a cycle cannot be stored, but a hand-edited file is not trusted).
    for (int p = parentOf(runIndex); p >= 0 && p != runIndex && !family.contains(p); p = parentOf(p))
        family << p;
    // Down: every run whose chain reaches runIndex.
    for (int i = 0; i < int(runs.size()); ++i) {
        QList<int> seen;
        for (int p = parentOf(i); p >= 0 && !seen.contains(p); p = parentOf(p)) {
            if (p == runIndex) {
                if (!family.contains(i))
                    family << i;
                break;
            }
            seen << p;
        }
    }
    std::sort(family.begin(), family.end());
    return family;
}

QList<int> TrajectoryRuns::shownRuns() const
{
    QList<int> runs;
    if (!shownRun())
        return runs;
    const QList<int> family = m_showBranches ? familyOf(m_runIndex) : QList<int>();
    for (int i = 0; i < int(m_snapshot->runs.size()); ++i) {
        if (i == m_runIndex || family.contains(i) || m_overlays.contains(m_snapshot->runs[size_t(i)].name()))
            runs << i;
    }
    return runs;
}

void TrajectoryRuns::clear()
{
    m_runGraphs.clear();
    m_colorIds.clear();
    m_fpGraph = nullptr;
    m_trainLossGraph = nullptr;
    m_fpStageGraphs.clear();
    m_runsButton->setVisible(m_snapshot && m_snapshot->runs.size() > 1);
    m_branchCheck->setVisible(m_snapshot
                              && std::any_of(m_snapshot->runs.begin(), m_snapshot->runs.end(),
                                             [](const RunSnapshot& r) { return !r.info.parent.empty(); }));
}

void TrajectoryRuns::draw(const QList<int>& runs, Extent* extent)
{
    // Colours follow the config: the shown run's configs in its order, then those only other runs have.
    for (const int r : QList<int> {m_runIndex} + runs) {
        for (const ConfigSnapshot& config : runAt(r)->configs) {
            const std::string& id = config.results.configId;
            if (!config.config.isFullPrecision()
                && std::find(m_colorIds.begin(), m_colorIds.end(), id) == m_colorIds.end())
                m_colorIds.push_back(id);
        }
    }
    for (const int r : runs)
        addRunGraphs(r, extent);
    if (m_axes->showsFpLoss())
        addFpLossGraph(*shownRun(), extent);
    fillLegend();
}

void TrajectoryRuns::addRunGraphs(int runIndex, Extent* extent)
{
    const RunSnapshot& current = *runAt(runIndex);
    const StageLayout& layout = *m_axes->stageLayout(runIndex);
    const auto extendX = [&](double x) {
        extent->xMin = std::min(extent->xMin, x);
        extent->xMax = std::max(extent->xMax, x);
    };
    RunGraphs graphs;
    graphs.run = runIndex;

    // Learning rate: light filled area on the right axis, behind everything else. The log is one
    // step axis; the stages of a multi-stage run (and the checkpoint order) take the checkpoints' LR.
    const auto addLr = [&]() {
        QCPGraph* graph = m_plot->addGraph(m_plot->xAxis, m_plot->yAxis2);
        graph->setLayer(m_backLayer);
        graph->setName(runLabel(runIndex, tr("learning rate")));
        return graph;
    };
    graphs.lr = addLr();
    if (!layout.multiStage() && m_axes->xAxis() != TrajectoryAxis::Order) {
        std::vector<Point> lrPoints;
        lrPoints.reserve(current.log.size());
        for (const LogRow& row : current.log) {
            if (!std::isfinite(row.lr)) // an imported log's loss without an LR
                continue;
            lrPoints.push_back({m_axes->logRowX(row), row.lr});
            extendX(lrPoints.back().x);
            extent->lrMax = std::max(extent->lrMax, row.lr);
        }
        setSortedData(graphs.lr, std::move(lrPoints));
    } else {
        auto segments = m_axes->segmentPoints(runIndex, [&](int c) { return current.checkpoints[size_t(c)].lr; });
        for (size_t s = 0; s < segments.size(); ++s) {
            for (const Point& p : segments[s]) {
                extendX(p.x);
                extent->lrMax = std::max(extent->lrMax, p.y);
            }
            Series series;
            series.graph = s == 0 ? graphs.lr : addLr();
            series.lane = layout.segments[s].lane;
            series.checkpoints = setSortedData(series.graph, std::move(segments[s]));
            if (s > 0)
                graphs.lrSeries.push_back(std::move(series));
        }
    }
    for (int i = 0; i < int(current.checkpoints.size()); ++i)
        extendX(m_axes->checkpointX(runIndex, i));

    // The metric per config, markers at checkpoints, a line per stage segment; not-yet-computed
    // checkpoints are left out, and so is the FP reference, which every metric compares against.
    const TrajectoryMetric metric = m_axes->metric();
    for (size_t c = 0; c < current.configs.size(); ++c) {
        const ConfigSnapshot& config = current.configs[c];
        if (config.config.isFullPrecision())
            continue;
        auto segments = m_axes->segmentPoints(runIndex, [&](int i) { return m_axes->metricValue(config, i); });
        auto lowers =
            m_axes->segmentPoints(runIndex, [&](int i) { return trajectoryMetricBand(config, metric, i).lower; });
        auto uppers =
            m_axes->segmentPoints(runIndex, [&](int i) { return trajectoryMetricBand(config, metric, i).upper; });
        const int position = int(graphs.configs.size());
        for (size_t s = 0; s < segments.size(); ++s) {
            for (const Point& p : segments[s]) {
                extent->yMin = std::min(extent->yMin, p.y);
                extent->yMax = std::max(extent->yMax, p.y);
            }
            Series series;
            // The band first, so that the line is drawn over it.
            if (s < lowers.size() && !lowers[s].empty()) {
                series.lower = m_plot->addGraph(m_plot->xAxis, m_plot->yAxis);
                series.upper = m_plot->addGraph(m_plot->xAxis, m_plot->yAxis);
                for (const Point& p : lowers[s])
                    extent->yMin = std::min(extent->yMin, p.y);
                for (const Point& p : uppers[s])
                    extent->yMax = std::max(extent->yMax, p.y);
                setSortedData(series.lower, std::move(lowers[s]));
                setSortedData(series.upper, std::move(uppers[s]));
                series.upper->setChannelFillGraph(series.lower);
                for (QCPGraph* edge : {series.lower, series.upper}) {
                    edge->setSelectable(QCP::stNone);
                    edge->setName(runLabel(runIndex, config.label) + tr(" (95 % band)"));
                }
            }
            series.graph = m_plot->addGraph(m_plot->xAxis, m_plot->yAxis);
            series.graph->setName(runLabel(runIndex, config.label));
            series.config = position;
            series.lane = layout.segments[s].lane;
            series.checkpoints = setSortedData(series.graph, std::move(segments[s]));
            if (s == 0) {
                graphs.configs.append(series.graph);
                graphs.configIndices.append(int(c));
            }
            graphs.series.push_back(std::move(series));
        }
    }
    m_runGraphs.push_back(std::move(graphs));
}

void TrajectoryRuns::addFpLossGraph(const RunSnapshot& current, Extent* extent)
{
    // The periodic validation log, or the checkpoints' FP CE when there is none (or when the x axis
    // is one the log cannot follow: the stages' sums, the checkpoint order).
    const auto addGraph = [&]() {
        QCPGraph* graph = m_plot->addGraph(m_plot->xAxis, m_axes->fpAxis());
        graph->setName(runLabel(m_runIndex, tr("FP val loss")));
        return graph;
    };
    m_fpGraph = addGraph();
    const StageLayout& layout = *m_axes->stageLayout(m_runIndex);
    const bool logAxis = !layout.multiStage() && m_axes->xAxis() != TrajectoryAxis::Order;
    std::vector<std::vector<Point>> segments;
    if (!current.validation.empty() && logAxis) {
        segments.emplace_back();
        for (const ValRow& row : current.validation) {
            if (std::isfinite(row.valLoss))
                segments[0].push_back(
                    {m_axes->xAxis() == TrajectoryAxis::Tokens ? double(row.tokens) : double(row.step), row.valLoss});
        }
    } else {
        segments = m_axes->segmentPoints(m_runIndex, [&](int c) { return current.checkpoints[size_t(c)].fpValCe; });
    }
    // An imported run's training loss, from its own log (the built-in trainer's runs have validation),
    // on the log's own step axis only.
    std::vector<Point> trainPoints;
    if (!current.info.source.empty() && logAxis) {
        for (const LogRow& row : current.log) {
            if (std::isfinite(row.trainLoss))
                trainPoints.push_back({m_axes->logRowX(row), row.trainLoss});
        }
    }
    double lo = qInf();
    double hi = -qInf();
    const auto extend = [&](const Point& p) {
        extent->xMin = std::min(extent->xMin, p.x);
        extent->xMax = std::max(extent->xMax, p.x);
        lo = std::min(lo, p.y);
        hi = std::max(hi, p.y);
    };
    for (size_t s = 0; s < segments.size(); ++s) {
        for (const Point& p : segments[s])
            extend(p);
        QCPGraph* graph = s == 0 ? m_fpGraph : addGraph();
        if (s > 0)
            m_fpStageGraphs << graph;
        setSortedData(graph, std::move(segments[s]));
    }
    for (const Point& p : trainPoints)
        extend(p);
    if (!trainPoints.empty()) {
        m_trainLossGraph = m_plot->addGraph(m_plot->xAxis, m_axes->fpAxis());
        m_trainLossGraph->setName(runLabel(m_runIndex, tr("train loss")));
        setSortedData(m_trainLossGraph, std::move(trainPoints));
    }
    m_axes->fpAxis()->setRange(TrajectoryAxes::paddedRange(lo, hi, false, 0.05));
}

void TrajectoryRuns::fillLegend()
{
    // The configs run by run, then the context series.
    m_plot->legend->clearItems();
    for (const RunGraphs& graphs : m_runGraphs) {
        for (QCPGraph* graph : graphs.configs)
            graph->addToLegend();
    }
    // A family drawn with Branches (often many runs) keeps one LR entry, the shown run's: its
    // members' LR lines are drawn in their run's style but not listed.
    const QList<int> family = m_showBranches ? familyOf(m_runIndex) : QList<int>();
    for (const RunGraphs& graphs : m_runGraphs) {
        const QString name = m_snapshot->runs[size_t(graphs.run)].name();
        if (!family.contains(graphs.run) || m_overlays.contains(name))
            graphs.lr->addToLegend();
    }
    if (m_fpGraph)
        m_fpGraph->addToLegend();
    if (m_trainLossGraph)
        m_trainLossGraph->addToLegend();
}

const TrajectoryRuns::RunGraphs* TrajectoryRuns::runGraphs(int runIndex) const
{
    const auto it = std::find_if(m_runGraphs.begin(), m_runGraphs.end(),
                                 [runIndex](const RunGraphs& graphs) { return graphs.run == runIndex; });
    return it == m_runGraphs.end() ? nullptr : &*it;
}

QList<QCPGraph*> TrajectoryRuns::runConfigGraphs(int runIndex) const
{
    const RunGraphs* graphs = runGraphs(runIndex);
    return graphs ? graphs->configs : QList<QCPGraph*>();
}

QCPGraph* TrajectoryRuns::runConfigGraph(int runIndex, int configIndex) const
{
    const RunGraphs* graphs = runGraphs(runIndex);
    const qsizetype i = graphs ? graphs->configIndices.indexOf(configIndex) : -1;
    return i < 0 ? nullptr : graphs->configs.at(i);
}

QCPGraph* TrajectoryRuns::runLrGraph(int runIndex) const
{
    const RunGraphs* graphs = runGraphs(runIndex);
    return graphs ? graphs->lr : nullptr;
}

QList<QCPGraph*> TrajectoryRuns::stageGraphs(int runIndex, int configIndex) const
{
    QList<QCPGraph*> out;
    const RunGraphs* graphs = runGraphs(runIndex);
    if (!graphs)
        return out;
    for (const Series& series : graphs->series) {
        if (graphs->configIndices.at(series.config) == configIndex)
            out << series.graph;
    }
    return out;
}

std::vector<int> TrajectoryRuns::graphCheckpoints(const QCPGraph* graph) const
{
    for (const RunGraphs& graphs : m_runGraphs) {
        for (const auto* list : {&graphs.series, &graphs.lrSeries}) {
            for (const Series& series : *list) {
                if (series.graph == graph)
                    return series.checkpoints;
            }
        }
    }
    return {};
}

std::pair<QCPGraph*, QCPGraph*> TrajectoryRuns::configBand(int configIndex) const
{
    const RunGraphs* graphs = runGraphs(m_runIndex);
    if (!graphs)
        return {};
    for (const Series& series : graphs->series)
        if (graphs->configIndices.at(series.config) == configIndex)
            return {series.lower, series.upper};
    return {};
}

int TrajectoryRuns::colorIndex(const std::string& configId) const
{
    const auto it = std::find(m_colorIds.begin(), m_colorIds.end(), configId);
    return it == m_colorIds.end() ? 0 : int(it - m_colorIds.begin());
}

QString TrajectoryRuns::runLabel(int runIndex, const QString& name) const
{
    const RunSnapshot* other = runAt(runIndex);
    if (!other || shownRuns().size() < 2)
        return name;
    return tr("%1 · %2").arg(other->name(), name);
}

void TrajectoryRuns::fillRunsMenu()
{
    QMenu* menu = m_runsButton->menu();
    menu->clear();
    if (!m_snapshot)
        return;
    const QList<int> family = m_showBranches ? familyOf(m_runIndex) : QList<int>();
    for (int i = 0; i < int(m_snapshot->runs.size()); ++i) {
        const QString name = m_snapshot->runs[size_t(i)].name();
        QAction* action = menu->addAction(family.contains(i) ? tr("%1 (family)").arg(name) : name);
        action->setCheckable(true);
        action->setChecked(i == m_runIndex || family.contains(i) || m_overlays.contains(name));
        if (i == m_runIndex || family.contains(i)) {
            action->setEnabled(false); // the selected run and, with Branches on, its family are always drawn
            continue;
        }
        connect(action, &QAction::toggled, this, [this, name](bool on) {
            if (m_snapshot)
                setRunOverlaid(m_snapshot->runIndex(name), on);
        });
    }
}

std::pair<int, int> TrajectoryRuns::pointNearPixel(const QPointF& pos, double maxDistance) const
{
    std::pair<int, int> best {-1, -1};
    double bestDistance = maxDistance;
    // The shown run first: where points of two runs coincide, it wins.
    std::vector<const RunGraphs*> order;
    for (const RunGraphs& graphs : m_runGraphs)
        order.insert(graphs.run == m_runIndex ? order.begin() : order.end(), &graphs);
    for (const RunGraphs* graphs : order) {
        for (const Series& series : graphs->series) {
            const QCPGraph* graph = series.graph;
            size_t j = 0;
            for (auto it = graph->data()->constBegin(); it != graph->data()->constEnd(); ++it, ++j) {
                const double distance = std::hypot(graph->keyAxis()->coordToPixel(it->key) - pos.x(),
                                                   graph->valueAxis()->coordToPixel(it->value) - pos.y());
                if (distance < bestDistance) {
                    bestDistance = distance;
                    best = {graphs->run, series.checkpoints[j]};
                }
            }
        }
    }
    return best;
}

void TrajectoryRuns::applyColors(const TrajectoryStyle& style)
{
    styleAxis(m_plot->yAxis2, lrColor.darker(130));
    // Every run in its own line style and marker when several are drawn; one run keeps the styles
    // of its configs (they differ past the palette's seven colours).
    const bool overlaid = m_runGraphs.size() > 1;
    const double lineWidth = style.lineWidth;
    const double dataWidth = style.penWidth(2.0, lineWidth);
    const double markerPen = style.penWidth(1.0, 0.6 * lineWidth);
    const double markerSize = style.penWidth(6.0, 3.0 * lineWidth);
    for (size_t p = 0; p < m_runGraphs.size(); ++p) {
        const RunGraphs& graphs = m_runGraphs[p];
        const bool shownRun = graphs.run == m_runIndex;
        // The stages of a multi-stage run that branch (ingredients) differ by line style and marker
        // while one run is drawn; overlaid runs keep theirs.
        const StageLayout* layout = m_axes->stageLayout(graphs.run);
        const bool lanes = !overlaid && layout && layout->multiStage();
        QColor fill = lrColor;
        fill.setAlpha(32);
        graphs.lr->setPen(QPen(lrColor.lighter(115), style.penWidth(1.2, 0.75 * lineWidth),
                               overlaid ? runPenStyle(int(p)) : Qt::SolidLine));
        graphs.lr->setBrush(shownRun ? QBrush(fill) : QBrush(Qt::NoBrush)); // one shaded schedule
        for (const Series& series : graphs.lrSeries) {
            series.graph->setPen(QPen(lrColor.lighter(115), style.penWidth(1.2, 0.75 * lineWidth),
                                      overlaid ? runPenStyle(int(p)) : runPenStyle(series.lane)));
            series.graph->setBrush(Qt::NoBrush);
        }
        const RunSnapshot& current = *runAt(graphs.run);
        for (const Series& series : graphs.series) {
            const int c = colorIndex(current.configs[size_t(graphs.configIndices[series.config])].results.configId);
            const QColor color = seriesColor(c);
            const Qt::PenStyle penStyle = overlaid ? runPenStyle(int(p))
                : lanes                            ? runPenStyle(series.lane)
                                                   : seriesPenStyle(c);
            series.graph->setPen(QPen(color, dataWidth, penStyle));
            // Past the palette's seven colours the marker tells the configs apart, and a filled one
            // the runs after the first.
            const bool sharedColours = m_colorIds.size() > 7;
            const auto shape = overlaid && !sharedColours ? runShape(int(p))
                : lanes && !sharedColours                 ? runShape(series.lane)
                                                          : seriesShape(c);
            const QColor markerFill = overlaid && sharedColours && p % 2 == 1 ? color : style.base;
            series.graph->setScatterStyle(QCPScatterStyle(shape, QPen(color, markerPen), markerFill, markerSize));
            if (series.upper) {
                QColor band = color;
                band.setAlpha(overlaid ? 28 : 48);
                series.lower->setPen(Qt::NoPen);
                series.upper->setPen(Qt::NoPen);
                series.upper->setBrush(band);
            }
        }
    }
    if (m_fpGraph) {
        for (QCPGraph* graph : QList<QCPGraph*> {m_fpGraph} + m_fpStageGraphs)
            graph->setPen(QPen(style.text, style.penWidth(1.5, lineWidth), Qt::DashLine));
        styleAxis(m_axes->fpAxis(), style.text);
    }
    if (m_trainLossGraph) {
        QColor trainColor = style.text;
        trainColor.setAlpha(150);
        m_trainLossGraph->setPen(QPen(trainColor, style.penWidth(1.0, 0.75 * lineWidth), Qt::DotLine));
    }
}

} // namespace qs
