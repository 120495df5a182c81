// TrajectoryPage: several runs on one plot — which runs are drawn, their graphs, the Runs menu, and
// what the mouse finds and selects among their points.

#include "widgets/pages/trajectory/trajectorypage.h"

#include "models/selection.h"

#include "widgets/plot/qcp.h"

#include <QCheckBox>
#include <QMenu>
#include <QSignalBlocker>
#include <QToolButton>

#include <algorithm>
#include <cmath>

namespace qs {

QStringList TrajectoryPage::overlayRuns() const
{
    QStringList names = m_overlays;
    if (const RunSnapshot* current = run())
        names.removeAll(current->name());
    return names;
}

void TrajectoryPage::setOverlayRuns(const QStringList& names)
{
    QStringList unique;
    for (const QString& name : names) {
        if (!unique.contains(name))
            unique << name;
    }
    if (unique == m_overlays)
        return;
    m_overlays = unique;
    rebuild();
    Q_EMIT overlayRunsChanged();
}

void TrajectoryPage::setRunOverlaid(int runIndex, bool on)
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

void TrajectoryPage::setShowBranches(bool on)
{
    if (on == m_showBranches)
        return;
    m_showBranches = on;
    {
        const QSignalBlocker block(m_branchCheck);
        m_branchCheck->setChecked(on);
    }
    rebuild();
    Q_EMIT overlayRunsChanged();
}

QList<int> TrajectoryPage::familyOf(int runIndex) const
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

QList<int> TrajectoryPage::shownRuns() const
{
    QList<int> runs;
    if (!run())
        return runs;
    const QList<int> family = m_showBranches ? familyOf(m_runIndex) : QList<int>();
    for (int i = 0; i < int(m_snapshot->runs.size()); ++i) {
        if (i == m_runIndex || family.contains(i) || m_overlays.contains(m_snapshot->runs[size_t(i)].name()))
            runs << i;
    }
    return runs;
}

const TrajectoryPage::RunGraphs* TrajectoryPage::runGraphs(int runIndex) const
{
    const auto it = std::find_if(m_runGraphs.begin(), m_runGraphs.end(),
                                 [runIndex](const RunGraphs& graphs) { return graphs.run == runIndex; });
    return it == m_runGraphs.end() ? nullptr : &*it;
}

QList<QCPGraph*> TrajectoryPage::runConfigGraphs(int runIndex) const
{
    const RunGraphs* graphs = runGraphs(runIndex);
    return graphs ? graphs->configs : QList<QCPGraph*>();
}

QCPGraph* TrajectoryPage::runConfigGraph(int runIndex, int configIndex) const
{
    const RunGraphs* graphs = runGraphs(runIndex);
    const qsizetype i = graphs ? graphs->configIndices.indexOf(configIndex) : -1;
    return i < 0 ? nullptr : graphs->configs.at(i);
}

QList<QCPGraph*> TrajectoryPage::stageGraphs(int runIndex, int configIndex) const
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

std::pair<QCPGraph*, QCPGraph*> TrajectoryPage::configBand(int configIndex) const
{
    const RunGraphs* graphs = runGraphs(m_runIndex);
    if (!graphs)
        return {};
    for (const Series& series : graphs->series)
        if (graphs->configIndices.at(series.config) == configIndex)
            return {series.lower, series.upper};
    return {};
}

std::vector<int> TrajectoryPage::graphCheckpoints(const QCPGraph* graph) const
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

QCPGraph* TrajectoryPage::runLrGraph(int runIndex) const
{
    const RunGraphs* graphs = runGraphs(runIndex);
    return graphs ? graphs->lr : nullptr;
}

int TrajectoryPage::colorIndex(const std::string& configId) const
{
    const auto it = std::find(m_colorIds.begin(), m_colorIds.end(), configId);
    return it == m_colorIds.end() ? 0 : int(it - m_colorIds.begin());
}

QString TrajectoryPage::runLabel(int runIndex, const QString& name) const
{
    const RunSnapshot* other = runAt(runIndex);
    if (!other || shownRuns().size() < 2)
        return name;
    return tr("%1 · %2").arg(other->name(), name);
}

void TrajectoryPage::fillRunsMenu()
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

std::pair<int, int> TrajectoryPage::pointNearPixel(const QPointF& pos, double maxDistance) const
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

void TrajectoryPage::selectPoint(int runIndex, int checkpoint)
{
    const RunSnapshot* target = runAt(runIndex);
    if (!target || checkpoint < 0 || checkpoint >= int(target->checkpoints.size()))
        return;
    if (runIndex != m_runIndex) {
        if (m_selection) {
            // The clicked run becomes the selected one; the run shown so far stays drawn, overlaid.
            QStringList names = m_overlays;
            names.removeAll(target->name());
            if (const RunSnapshot* current = run(); current && !names.contains(current->name()))
                names << current->name();
            m_overlays = names;
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
    const auto [runIndex, checkpoint] = pointNearPixel(pos, 10.0);
    if (runIndex >= 0)
        return describeCheckpoint(runIndex, checkpoint);
    const int index = checkpointNearPixel(pos.x());
    return index < 0 ? QString() : describeCheckpoint(index);
}

void TrajectoryPage::clickedAt(const QPointF& pos)
{
    if (!plot()->axisRect()->rect().contains(pos.toPoint()))
        return;
    const auto [runIndex, checkpoint] = pointNearPixel(pos, 10.0);
    if (runIndex >= 0) {
        selectPoint(runIndex, checkpoint);
        return;
    }
    const int index = checkpointNearPixel(pos.x(), 20.0);
    if (index >= 0)
        selectPoint(m_runIndex, index);
}

} // namespace qs
