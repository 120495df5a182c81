#pragma once

// Saving plots as figures: PNG (raster), PDF and SVG (vector). Works headless
// (QT_QPA_PLATFORM=offscreen) as long as a QApplication exists.

#include <QString>

class QCustomPlot;

namespace qs {

class TrajectoryPage;

// Saves `plot` to `outPath`, format by extension (.png, .pdf, .svg). Returns false and sets `error`
// (naming the file) on an unknown extension or a write failure.
bool savePlotFigure(QCustomPlot* plot, const QString& outPath, QString* error, int widthPx = 1200,
                    int heightPx = 700);

// Loads the store at `storePath`, draws the trajectory of run `runName` (the first run when empty)
// with the metric named `metric` (TrajectoryPage::metricNames()) and saves it like savePlotFigure.
bool exportTrajectoryFigure(const QString& storePath, const QString& runName, const QString& outPath,
                            QString* error, int widthPx = 1200, int heightPx = 700,
                            const QString& metric = QStringLiteral("rel_ce"));

// Draws what `shown` shows (run, x unit, metric, FP loss, x range) black on white at the given
// size and saves it like savePlotFigure.
bool exportTrajectoryFigure(const TrajectoryPage& shown, const QString& outPath, QString* error,
                            int widthPx = 1200, int heightPx = 700);

} // namespace qs
