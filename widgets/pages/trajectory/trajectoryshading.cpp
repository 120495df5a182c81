// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "widgets/pages/trajectory/trajectoryshading.h"

#include "core/formats/revision.h"
#include "itemmodels/phasespans.h"
#include "widgets/pages/trajectory/trajectoryaxes.h"
#include "widgets/pages/trajectory/trajectorystyle.h"
#include "widgets/plot/plotstyle.h"

#include "widgets/plot/qcp.h"

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

namespace qs {

TrajectoryShading::TrajectoryShading(QCustomPlot* plot, QCPLayer* layer, const TrajectoryAxes* axes)
    : m_plot(plot)
    , m_layer(layer)
    , m_axes(axes)
{
}

void TrajectoryShading::clear()
{
    m_rects.clear();
    m_labels.clear();
    m_kinds.clear();
    m_laneKeys.clear();
}

QCPItemRect* TrajectoryShading::addShade(double x0, double x1, const QString& text, Qt::Alignment horizontal,
                                         double labelX)
{
    auto* rect = new QCPItemRect(m_plot);
    rect->setLayer(m_layer);
    rect->setClipToAxisRect(true);
    for (QCPItemPosition* pos : {rect->topLeft, rect->bottomRight}) {
        pos->setAxes(m_plot->xAxis, m_plot->yAxis);
        pos->setTypeX(QCPItemPosition::ptPlotCoords);
        pos->setTypeY(QCPItemPosition::ptAxisRectRatio);
    }
    rect->topLeft->setCoords(x0, 0.0);
    rect->bottomRight->setCoords(x1, 1.0);
    auto* label = new QCPItemText(m_plot);
    label->setLayer(m_layer);
    label->setClipToAxisRect(true);
    label->position->setAxes(m_plot->xAxis, m_plot->yAxis);
    label->position->setTypeX(QCPItemPosition::ptPlotCoords);
    label->position->setTypeY(QCPItemPosition::ptAxisRectRatio);
    label->position->setCoords(labelX, 0.0);
    label->setPositionAlignment(Qt::AlignTop | horizontal);
    label->setPadding(QMargins(2, 3, 2, 2));
    label->setText(text);
    m_rects << rect;
    m_labels << label;
    return rect;
}

void TrajectoryShading::addPhases(const RunSnapshot& current)
{
    const std::vector<PhaseSpan> spans = phaseSpans(current.log);
    for (size_t p = 0; p < spans.size(); ++p) {
        const PhaseSpan& span = spans[p];
        const double x0 = m_axes->logRowX(current.log[span.first]);
        const double x1 = m_axes->logRowX(current.log[span.last]);
        // The first phase's label starts at its left edge and the last one's ends at its right edge:
        // centred, a short warmup's or decay's label would run out of the axes and be cut.
        Qt::Alignment horizontal = Qt::AlignHCenter;
        double x = (x0 + x1) / 2.0;
        if (p == 0 && spans.size() > 1) {
            horizontal = Qt::AlignLeft;
            x = x0;
        } else if (p + 1 == spans.size() && spans.size() > 1) {
            horizontal = Qt::AlignRight;
            x = x1;
        }
        addShade(x0, x1,
                 span.phase == SchedulePhase::Warmup       ? tr("warmup")
                     : span.phase == SchedulePhase::Stable ? tr("stable")
                                                           : tr("LR decay"),
                 horizontal, x);
        m_kinds << int(span.phase);
    }
}

void TrajectoryShading::addStages(int runIndex)
{
    // One shaded region per stage, from where its parent ended to its last checkpoint; sibling stages
    // (the ingredients of stage 2) share one, and a legend entry per line style names each of them.
    const StageLayout& layout = *m_axes->stageLayout(runIndex);
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
            region.x0 = std::min(region.x0, m_axes->checkpointX(runIndex, c));
            region.x1 = std::max(region.x1, m_axes->checkpointX(runIndex, c));
        }
        if (segment.parent >= 0) { // starts where the parent ended
            double parentEnd = -qInf();
            for (const int c : layout.segments[size_t(segment.parent)].checkpoints)
                parentEnd = std::max(parentEnd, m_axes->checkpointX(runIndex, c));
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
        m_kinds << -1 - int(r);
    }
    // Line styles: one key per lane once stages branch.
    int lanes = 0;
    for (const StageSegment& segment : layout.segments)
        lanes = std::max(lanes, segment.lane + 1);
    for (int lane = 0; lanes > 1 && lane < lanes; ++lane) {
        const auto it = std::find_if(layout.segments.begin(), layout.segments.end(),
                                     [lane](const StageSegment& s) { return s.lane == lane; });
        QCPGraph* key = m_plot->addGraph(m_plot->xAxis, m_plot->yAxis);
        key->setName(it->stage.empty() ? tr("no stage") : QString::fromStdString(stageLabel(it->stage)));
        key->addToLegend();
        m_laneKeys << std::make_pair(key, lane);
    }
}

QStringList TrajectoryShading::labels() const
{
    QStringList texts;
    for (const QCPItemText* label : m_labels)
        texts << label->text();
    return texts;
}

QList<std::pair<double, double>> TrajectoryShading::ranges() const
{
    QList<std::pair<double, double>> out;
    for (const QCPItemRect* rect : m_rects)
        out << std::make_pair(rect->topLeft->coords().x(), rect->bottomRight->coords().x());
    return out;
}

std::optional<std::pair<double, double>> TrajectoryShading::decayRange(const RunSnapshot& run, int runIndex) const
{
    const StageLayout* layout = m_axes->stageLayout(runIndex);
    // The log's phases are shaded on a single-stage run's steps or tokens only (as addPhases does).
    if ((layout && layout->multiStage()) || m_axes->xAxis() == TrajectoryAxis::Order)
        return std::nullopt;
    for (const PhaseSpan& span : phaseSpans(run.log)) {
        if (span.phase == SchedulePhase::Decay)
            return std::make_pair(m_axes->logRowX(run.log[span.first]), m_axes->logRowX(run.log[span.last]));
    }
    return std::nullopt;
}

void TrajectoryShading::applyColors(const TrajectoryStyle& style)
{
    const double dataWidth = style.penWidth(2.0, style.lineWidth);
    const double markerPen = style.penWidth(1.0, 0.6 * style.lineWidth);
    const double markerSize = style.penWidth(6.0, 3.0 * style.lineWidth);
    for (const auto& [key, lane] : m_laneKeys) {
        key->setPen(QPen(style.text, dataWidth, runPenStyle(lane)));
        key->setScatterStyle(QCPScatterStyle(runShape(lane), QPen(style.text, markerPen), style.base, markerSize));
    }
    for (int i = 0; i < m_rects.size(); ++i) {
        m_rects[i]->setPen(Qt::NoPen);
        // Annotations: a point smaller than the axes' text in a paper figure.
        m_labels[i]->setFont(style.annotationFont());
        if (m_kinds[i] < 0) {
            // Stages: sky blue and orange in turn, lightly, so that neighbours stand apart.
            const int stage = -1 - m_kinds[i];
            const QColor stageColor = stage % 2 == 0 ? QColor(0x56, 0xB4, 0xE9) : QColor(0xE6, 0x9F, 0x00);
            QColor shade = stageColor;
            shade.setAlpha(26);
            m_rects[i]->setBrush(shade);
            m_labels[i]->setColor(stageColor.darker(150));
            continue;
        }
        // Decay in vermillion (where damage grows), warmup in sky blue, the stable phase unshaded.
        const auto phase = SchedulePhase(m_kinds[i]);
        const QColor phaseColor = phase == SchedulePhase::Decay ? QColor(0xD5, 0x5E, 0x00)
            : phase == SchedulePhase::Warmup                    ? QColor(0x56, 0xB4, 0xE9)
                                                                : style.text;
        QColor shade = phaseColor;
        shade.setAlpha(phase == SchedulePhase::Stable ? 0 : 22);
        m_rects[i]->setBrush(shade);
        QColor labelColor = phase == SchedulePhase::Stable ? style.text : phaseColor.darker(120);
        if (phase == SchedulePhase::Stable)
            labelColor.setAlpha(140);
        m_labels[i]->setColor(labelColor);
    }
}

} // namespace qs
