#include "figureexport.h"

#include "errors.h"
#include "storesnapshot.h"
#include "trajectorypage.h"

#include "qcp.h"

#include <QCoreApplication>
#include <QFileInfo>
#include <QPalette>
#include <QSvgGenerator>

namespace qs {

namespace {

// Translation context for the free functions below.
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

bool saveSvg(QCustomPlot* plot, const QString& outPath, int width, int height)
{
    QSvgGenerator generator;
    generator.setFileName(outPath);
    generator.setSize(QSize(width, height));
    generator.setViewBox(QRect(0, 0, width, height));
    generator.setResolution(96); // same physical size as the PNG at 96 dpi
    generator.setTitle(QFileInfo(outPath).completeBaseName());
    generator.setDescription(FigureExport::tr("QuantScope figure"));
    QCPPainter painter;
    if (!painter.begin(&generator))
        return false;
    plot->toPainter(&painter, width, height);
    return painter.end();
}

// Figures are always black on white, whatever the desktop theme.
void makeFigurePalette(TrajectoryPage& page)
{
    QPalette palette = page.palette();
    palette.setColor(QPalette::Base, Qt::white);
    palette.setColor(QPalette::Text, Qt::black);
    page.setPalette(palette);
}

} // namespace

bool savePlotFigure(QCustomPlot* plot, const QString& outPath, QString* error, int widthPx, int heightPx)
{
    const QString suffix = QFileInfo(outPath).suffix().toLower();
    bool ok = false;
    if (suffix == QLatin1String("png"))
        ok = plot->savePng(outPath, widthPx, heightPx, 1.0, -1, 96);
    else if (suffix == QLatin1String("pdf"))
        ok = plot->savePdf(outPath, widthPx, heightPx, QCP::epNoCosmetic, FigureExport::tr("QuantScope"));
    else if (suffix == QLatin1String("svg"))
        ok = saveSvg(plot, outPath, widthPx, heightPx);
    else
        return fail(error, FigureExport::tr("Cannot export %1: unknown figure format \"%2\" (use .png, .pdf or .svg)")
                               .arg(outPath, suffix));
    if (!ok || QFileInfo(outPath).size() == 0)
        return fail(error, FigureExport::tr("Cannot write the figure %1").arg(outPath));
    return true;
}

bool exportTrajectoryFigure(const QString& storePath, const QString& runName, const QString& outPath,
                            QString* error, int widthPx, int heightPx, const QString& metricName)
{
    TrajectoryPage::Metric metric;
    if (!TrajectoryPage::metricFromName(metricName, &metric))
        return fail(error, FigureExport::tr("Cannot export %1: unknown metric \"%2\" (use one of %3)")
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
        return fail(error, FigureExport::tr("Cannot export %1: the store %2 has no run named \"%3\"")
                               .arg(outPath, storePath, runName));

    TrajectoryPage page;
    makeFigurePalette(page);
    page.resize(widthPx, heightPx);
    page.setMetric(metric);
    page.setSnapshot(snapshot, runIndex);
    page.replotNow();
    return savePlotFigure(page.plot(), outPath, error, widthPx, heightPx);
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
    page.setSnapshot(shown.snapshot(), shown.runIndex());
    page.plot()->xAxis->setRange(shown.plot()->xAxis->range());
    page.replotNow();
    return savePlotFigure(page.plot(), outPath, error, widthPx, heightPx);
}

} // namespace qs
