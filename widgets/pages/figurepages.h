// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Plot pages built for export without a window: `quantscope figure`, the demo's and the recipes'
// figures. The page factory lives with the pages; how a figure is written is widgets/plot/figureexport.h.

#include "widgets/plot/figureexport.h"

#include "core/common/metrics.h"

#include <QString>
#include <QStringList>
#include <QWidget>

#include <memory>

namespace qs {

class Selection;
class TrajectoryPage;

// A plot page built for export (the command line builds one offscreen): `view` is `widget`.
struct FigurePage
{
    std::unique_ptr<QWidget> widget;
    FigureView* view = nullptr;

    explicit operator bool() const { return view != nullptr; }
};

// The views createFigurePage() can build in this build, in the order the command line lists them.
QStringList figureViewNames();
// Builds the page named `viewName` (FigureView::viewName()) on `selection`, which must outlive it;
// an empty FigurePage for a name not in figureViewNames().
FigurePage createFigurePage(const QString& viewName, Selection* selection);
// Runs the event loop until the page has what it reads in the background (the outlier page reads its
// profile off the GUI thread), at most `timeoutMs`; false when it is still loading then.
bool waitForFigurePage(const FigurePage& page, int timeoutMs);

// Loads the store at `storePath`, draws the trajectory of run `runName` (the first run when empty)
// with the metric named `metric` (TrajectoryPage::metricNames()) black on white and saves it like
// savePlotFigure.
bool exportTrajectoryFigure(const QString& storePath, const QString& runName, const QString& outPath, QString* error,
                            int widthPx = 1200, int heightPx = 700,
                            const QString& metric = QLatin1String(metrics::relCe));

// Draws what `shown` shows (run, x unit, metric, FP loss, x range) black on white at the given
// size and saves it like savePlotFigure.
bool exportTrajectoryFigure(const TrajectoryPage& shown, const QString& outPath, QString* error, int widthPx = 1200,
                            int heightPx = 700);

} // namespace qs
