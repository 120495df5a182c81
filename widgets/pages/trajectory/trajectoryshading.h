// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The regions shaded behind the trajectory's data, so that quantization damage is read against them:
// the phases of the shown run's learning-rate schedule read from its log (warmup, stable, LR decay:
// itemmodels/phasespans.h), or for a multi-stage run its stages, sibling stages (the ingredients of
// stage 2) sharing one region, with a legend key per line style of the ingredients. It owns the shaded
// rectangles, their labels and those keys, and colours them.

#include "itemmodels/storesnapshot.h"

#include <QCoreApplication>
#include <QList>
#include <QStringList>

#include <optional>
#include <utility>

class QCPGraph;
class QCPItemRect;
class QCPItemText;
class QCPLayer;
class QCustomPlot;

namespace qs {

class TrajectoryAxes;
struct TrajectoryStyle;

class TrajectoryShading
{
    Q_DECLARE_TR_FUNCTIONS(qs::TrajectoryShading)

public:
    // Shades in `plot` on `layer`, at the x positions `axes` gives.
    TrajectoryShading(QCustomPlot* plot, QCPLayer* layer, const TrajectoryAxes* axes);

    // Forgets the regions (the page cleared the plot's items and graphs).
    void clear();
    // The schedule's phases of `run`, from its log on the step or tokens axis.
    void addPhases(const RunSnapshot& run);
    // The stages of run `runIndex`, a multi-stage run, and a legend key per line style of its lanes.
    void addStages(int runIndex);
    void applyColors(const TrajectoryStyle& style);

    // Names of the shaded regions in x order ("warmup", "stable", "LR decay"; "stage 1",
    // "stage 2 · 3 ingredients"), and their x ranges in the same order.
    QStringList labels() const;
    QList<std::pair<double, double>> ranges() const;
    // The x range of `run`'s LR decay phase, if its log shows one and addPhases() would shade it (never
    // for a multi-stage run or the checkpoint order).
    std::optional<std::pair<double, double>> decayRange(const RunSnapshot& run, int runIndex) const;

private:
    QCPItemRect* addShade(double x0, double x1, const QString& text, Qt::Alignment horizontal, double labelX);

    QCustomPlot* m_plot = nullptr;
    QCPLayer* m_layer = nullptr;
    const TrajectoryAxes* m_axes = nullptr;
    QList<QCPItemRect*> m_rects;
    QList<QCPItemText*> m_labels;
    QList<int> m_kinds;                          // the SchedulePhase of each rect; −1 − k for the k-th stage region
    QList<std::pair<QCPGraph*, int>> m_laneKeys; // legend entries naming the ingredients' line styles
};

} // namespace qs
