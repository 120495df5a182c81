// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The trajectory page's data for export: the numbers behind what it draws as CSV (FigureView::csv()).
// One row per checkpoint of every drawn run, the shown run first: run, step, tokens, LR, the FP
// validation CE, then the plotted metric of every quantized config in colour order (column = config
// id); the configs' 95 % bands when the store holds them; and, when a multi-stage run is drawn, each
// checkpoint's stage and its x on the current axis. A comment line first names the metric and the runs.

#include <QString>

namespace qs {

class TrajectoryAxes;
class TrajectoryRuns;

class TrajectoryExport
{
public:
    // Reads what `runs` draws along the axes `axes` chooses.
    TrajectoryExport(const TrajectoryRuns* runs, const TrajectoryAxes* axes);

    // Empty when no run is shown.
    QString csv() const;

private:
    const TrajectoryRuns* m_runs = nullptr;
    const TrajectoryAxes* m_axes = nullptr;
};

} // namespace qs
