// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "widgets/pages/figurepages.h"

#include "itemmodels/selection.h"
#include "itemmodels/storesnapshot.h"
#include "widgets/pages/breakdownpage.h"
#include "widgets/pages/heatmappage.h"
#include "widgets/pages/outlierpage.h"
#include "widgets/pages/trajectory/trajectorypage.h"
#include "widgets/plot/qcp.h"

#include <QCoreApplication>
#include <QDeadlineTimer>
#include <QEventLoop>
#include <QPalette>
#include <QTimer>

namespace qs {

namespace {

// Translation context for the free functions below (shared with figureexport.cpp).
class FigureExport
{
    Q_DECLARE_TR_FUNCTIONS(FigureExport)
};

bool fail(QString* error, const QString& message)
{
    if (error)
        *error = message;
    return false;
}

template<class Page>
FigurePage makePage(Selection* selection)
{
    auto page = std::make_unique<Page>(selection, nullptr);
    FigureView* view = page.get();
    return {std::move(page), view};
}

// Figures from the trajectory functions below are black on white, whatever the desktop theme.
void makeFigurePalette(QWidget& page)
{
    QPalette palette = page.palette();
    palette.setColor(QPalette::Base, Qt::white);
    palette.setColor(QPalette::Text, Qt::black);
    page.setPalette(palette);
}

} // namespace

QStringList figureViewNames()
{
    return {QStringLiteral("trajectory"), QStringLiteral("heatmap"), QStringLiteral("breakdown"),
            QStringLiteral("outliers")};
}

FigurePage createFigurePage(const QString& viewName, Selection* selection)
{
    if (viewName == QLatin1String("trajectory"))
        return makePage<TrajectoryPage>(selection);
    if (viewName == QLatin1String("heatmap"))
        return makePage<HeatmapPage>(selection);
    if (viewName == QLatin1String("breakdown"))
        return makePage<BreakdownPage>(selection);
    if (viewName == QLatin1String("outliers"))
        return makePage<OutlierPage>(selection);
    return {};
}

bool waitForFigurePage(const FigurePage& page, int timeoutMs)
{
    const auto busy = [&page] {
        const auto* outliers = qobject_cast<const OutlierPage*>(page.widget.get());
        return outliers && outliers->isLoadingProfile();
    };
    if (!busy())
        return true;
    const QDeadlineTimer deadline(timeoutMs);
    QEventLoop loop;
    QTimer poll;
    poll.setInterval(20);
    QObject::connect(&poll, &QTimer::timeout, &loop, [&] {
        if (!busy() || deadline.hasExpired())
            loop.quit();
    });
    poll.start();
    loop.exec();
    return !busy();
}

bool exportTrajectoryFigure(const QString& storePath, const QString& runName, const QString& outPath, QString* error,
                            int widthPx, int heightPx, const QString& metricName)
{
    TrajectoryPage::Metric metric;
    if (!TrajectoryPage::metricFromName(metricName, &metric))
        return fail(error,
                    FigureExport::tr("Cannot export %1: unknown metric \"%2\" (use one of %3)")
                        .arg(outPath, metricName, TrajectoryPage::metricNames().join(QStringLiteral(", "))));
    StoreSnapshotPtr snapshot;
    try {
        snapshot = loadStoreSnapshot(storePath);
    } catch (const std::exception& e) {
        return fail(error, QString::fromStdString(e.what()));
    }
    if (snapshot->runs.empty())
        return fail(error, FigureExport::tr("Cannot export %1: the store %2 holds no runs").arg(outPath, storePath));
    const int runIndex = runName.isEmpty() ? 0 : snapshot->runIndex(runName);
    if (runIndex < 0)
        return fail(error,
                    FigureExport::tr("Cannot export %1: the store %2 has no run named \"%3\"")
                        .arg(outPath, storePath, runName));

    Selection selection;
    selection.setSnapshot(snapshot);
    selection.setRun(runIndex);
    FigurePage page = createFigurePage(QStringLiteral("trajectory"), &selection);
    auto* trajectory = qobject_cast<TrajectoryPage*>(page.widget.get());
    if (!trajectory)
        return fail(error, FigureExport::tr("Cannot export %1: this build has no trajectory view").arg(outPath));
    makeFigurePalette(*trajectory);
    trajectory->resize(widthPx, heightPx);
    trajectory->setMetric(metric);
    trajectory->replotNow();
    return savePlotFigure(trajectory->plot(), outPath, error, widthPx, heightPx);
}

bool exportTrajectoryFigure(const TrajectoryPage& shown, const QString& outPath, QString* error, int widthPx,
                            int heightPx)
{
    if (!shown.run())
        return fail(error, FigureExport::tr("Cannot export %1: no run is shown").arg(outPath));
    TrajectoryPage page;
    makeFigurePalette(page);
    page.resize(widthPx, heightPx);
    page.setXAxis(shown.xAxis());
    page.setMetric(shown.metric());
    page.setShowFpLoss(shown.showsFpLoss());
    page.setOverlayRuns(shown.overlayRuns());
    page.setSnapshot(shown.snapshot(), shown.runIndex());
    page.plot()->xAxis->setRange(shown.plot()->xAxis->range());
    page.replotNow();
    return savePlotFigure(page.plot(), outPath, error, widthPx, heightPx);
}

} // namespace qs
