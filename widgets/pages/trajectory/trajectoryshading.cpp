// TrajectoryPage: the regions shaded behind the data — the schedule's phases, or the stages of a
// multi-stage run with a legend key per line style.

#include "widgets/pages/trajectory/trajectorypage.h"

#include "core/data/revision.h"
#include "models/schedulephases.h"

#include "widgets/plot/qcp.h"

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

namespace qs {

QCPItemRect* TrajectoryPage::addShade(double x0, double x1, const QString& text, Qt::Alignment horizontal,
                                      double labelX)
{
    auto* rect = new QCPItemRect(plot());
    rect->setLayer(m_backLayer);
    rect->setClipToAxisRect(true);
    for (QCPItemPosition* pos : {rect->topLeft, rect->bottomRight}) {
        pos->setAxes(plot()->xAxis, plot()->yAxis);
        pos->setTypeX(QCPItemPosition::ptPlotCoords);
        pos->setTypeY(QCPItemPosition::ptAxisRectRatio);
    }
    rect->topLeft->setCoords(x0, 0.0);
    rect->bottomRight->setCoords(x1, 1.0);
    auto* label = new QCPItemText(plot());
    label->setLayer(m_backLayer);
    label->setClipToAxisRect(true);
    label->position->setAxes(plot()->xAxis, plot()->yAxis);
    label->position->setTypeX(QCPItemPosition::ptPlotCoords);
    label->position->setTypeY(QCPItemPosition::ptAxisRectRatio);
    label->position->setCoords(labelX, 0.0);
    label->setPositionAlignment(Qt::AlignTop | horizontal);
    label->setPadding(QMargins(2, 3, 2, 2));
    label->setText(text);
    m_phaseRects << rect;
    m_phaseLabels << label;
    return rect;
}

void TrajectoryPage::addPhases(const RunSnapshot& current)
{
    // The schedule's phases, shaded behind the data: quantization damage is read against them.
    const std::vector<SchedulePhase> phases = schedulePhases(current.log);
    for (size_t p = 0; p < phases.size(); ++p) {
        const SchedulePhase& phase = phases[p];
        const double x0 = logRowX(current.log[phase.first]);
        const double x1 = logRowX(current.log[phase.last]);
        // The first phase's label starts at its left edge and the last one's ends at its right edge:
        // centred, a short warmup's or decay's label would run out of the axes and be cut.
        Qt::Alignment horizontal = Qt::AlignHCenter;
        double x = (x0 + x1) / 2.0;
        if (p == 0 && phases.size() > 1) {
            horizontal = Qt::AlignLeft;
            x = x0;
        } else if (p + 1 == phases.size() && phases.size() > 1) {
            horizontal = Qt::AlignRight;
            x = x1;
        }
        addShade(x0, x1,
                 phase.kind == SchedulePhase::Kind::Warmup       ? tr("warmup")
                     : phase.kind == SchedulePhase::Kind::Stable ? tr("stable")
                                                                 : tr("LR decay"),
                 horizontal, x);
        m_phaseKinds << int(phase.kind);
    }
}

void TrajectoryPage::addStages()
{
    // One shaded region per stage, from where its parent ended to its last checkpoint; sibling stages
    // (the ingredients of stage 2) share one, and a legend entry per line style names each of them.
    const StageLayout& layout = *stageLayout(m_runIndex);
    struct Region
    {
        std::vector<int> segments;
        double x0 = qInf();
        double x1 = -qInf();
    };
    std::vector<Region> regions;
    for (int s = 0; s < int(layout.segments.size()); ++s) {
        const StageSegment& segment = layout.segments[size_t(s)];
        const bool sibling = !regions.empty() && segment.parent >= 0
            && layout.segments[size_t(regions.back().segments.front())].parent == segment.parent
            && stageNumber(segment.stage) == stageNumber(layout.segments[size_t(regions.back().segments.front())].stage)
            && stageNumber(segment.stage) >= 0;
        if (!sibling)
            regions.emplace_back();
        Region& region = regions.back();
        region.segments.push_back(s);
        for (const int c : segment.checkpoints) {
            region.x0 = std::min(region.x0, checkpointX(m_runIndex, c));
            region.x1 = std::max(region.x1, checkpointX(m_runIndex, c));
        }
        if (segment.parent >= 0) { // starts where the parent ended
            double parentEnd = -qInf();
            for (const int c : layout.segments[size_t(segment.parent)].checkpoints)
                parentEnd = std::max(parentEnd, checkpointX(m_runIndex, c));
            region.x0 = std::min(region.x0, parentEnd);
        }
    }
    for (size_t r = 0; r < regions.size(); ++r) {
        const Region& region = regions[r];
        const StageSegment& first = layout.segments[size_t(region.segments.front())];
        QString text;
        if (region.segments.size() == 1) {
            text = first.stage.empty() ? tr("no stage") : QString::fromStdString(stageLabel(first.stage));
        } else {
            const bool ingredients = std::all_of(region.segments.begin(), region.segments.end(), [&](int s) {
                return layout.segments[size_t(s)].stage.find("ingredient") != std::string::npos;
            });
            const std::int64_t stage = stageNumber(first.stage);
            const auto count = qsizetype(region.segments.size());
            text = ingredients ? tr("stage %1 · %2 ingredients").arg(stage).arg(count)
                               : tr("stage %1 · %2 branches").arg(stage).arg(count);
        }
        Qt::Alignment horizontal = Qt::AlignHCenter;
        double x = (region.x0 + region.x1) / 2.0;
        if (r == 0) {
            horizontal = Qt::AlignLeft;
            x = region.x0;
        } else if (r + 1 == regions.size()) {
            horizontal = Qt::AlignRight;
            x = region.x1;
        }
        addShade(region.x0, region.x1, text, horizontal, x);
        m_phaseKinds << -1 - int(r);
    }
    // Line styles: one key per lane once stages branch.
    int lanes = 0;
    for (const StageSegment& segment : layout.segments)
        lanes = std::max(lanes, segment.lane + 1);
    for (int lane = 0; lanes > 1 && lane < lanes; ++lane) {
        const auto it = std::find_if(layout.segments.begin(), layout.segments.end(),
                                     [lane](const StageSegment& s) { return s.lane == lane; });
        QCPGraph* key = plot()->addGraph(plot()->xAxis, plot()->yAxis);
        key->setName(it->stage.empty() ? tr("no stage") : QString::fromStdString(stageLabel(it->stage)));
        key->addToLegend();
        m_laneKeys << std::make_pair(key, lane);
    }
}

} // namespace qs
