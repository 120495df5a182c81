// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
// Exports off the GUI thread: the recording replayed on a worker draws what painting the plot directly
// draws, and FigureExporter delivers saved() or failed() for every export it starts.

#include "tests/support/testutils.h"

#include "itemmodels/selection.h"
#include "itemmodels/storesnapshot.h"
#include "tests/support/heatmapfixture.h"
#include "widgets/pages/figurepages.h"
#include "widgets/plot/figureexport.h"
#include "widgets/plot/figureexporter.h"

#include "widgets/plot/qcp.h"

#include <QFile>
#include <QFileInfo>
#include <QImage>
#include <QSignalSpy>
#include <QTemporaryDir>

#include <algorithm>
#include <cstdlib>

using qs::test::HeatmapFixture;

namespace {

qs::FigureExportOptions paper(int dpi)
{
    qs::FigureExportOptions options;
    options.size = qs::FigureExportOptions::Size::SingleColumn;
    options.style = qs::FigureStyle::paper();
    options.dpi = dpi;
    return options;
}

// The plot, styled as it is, painted straight into an image the way the exporter did before it
// recorded: layout at figureLayoutDpi(), scaled to the PNG's pixels, non-cosmetic lines.
QImage paintDirectly(qs::FigureView& view, const qs::FigureExportOptions& options)
{
    const QSize logical(qRound(options.widthInches() * qs::figureLayoutDpi()),
                        qRound(options.heightInches() * qs::figureLayoutDpi()));
    QImage image(qRound(options.widthInches() * options.dpi), qRound(options.heightInches() * options.dpi),
                 QImage::Format_ARGB32_Premultiplied);
    image.fill(Qt::transparent);
    image.setDotsPerMeterX(qRound(qs::figureLayoutDpi() / 0.0254));
    image.setDotsPerMeterY(qRound(qs::figureLayoutDpi() / 0.0254));
    {
        QCPPainter painter(&image);
        painter.setMode(QCPPainter::pmNonCosmetic);
        painter.scale(double(image.width()) / logical.width(), double(image.height()) / logical.height());
        view.figurePlot()->toPainter(&painter, logical.width(), logical.height());
    }
    return image;
}

// Pixels whose colour differs by more than `tolerance` in any channel.
int differingPixels(const QImage& a, const QImage& b, int tolerance)
{
    const QImage x = a.convertToFormat(QImage::Format_ARGB32);
    const QImage y = b.convertToFormat(QImage::Format_ARGB32);
    int count = 0;
    for (int row = 0; row < x.height(); ++row) {
        const auto* p = reinterpret_cast<const QRgb*>(x.constScanLine(row));
        const auto* q = reinterpret_cast<const QRgb*>(y.constScanLine(row));
        for (int col = 0; col < x.width(); ++col) {
            const int d =
                std::max({std::abs(qRed(p[col]) - qRed(q[col])), std::abs(qGreen(p[col]) - qGreen(q[col])),
                          std::abs(qBlue(p[col]) - qBlue(q[col])), std::abs(qAlpha(p[col]) - qAlpha(q[col]))});
            count += d > tolerance ? 1 : 0;
        }
    }
    return count;
}

} // namespace

class TestExportJob : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;
    QString m_store;

    QString path(const QString& name) const { return m_dir.filePath(name); }

    // The view `name` of the fixture store, at a window's size.
    qs::FigurePage figurePage(qs::Selection& selection, const QString& name) const
    {
        selection.setSnapshot(qs::loadStoreSnapshot(m_store));
        qs::FigurePage page = qs::createFigurePage(name, &selection);
        if (page)
            page.widget->resize(900, 600);
        return page;
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        m_store = path(QStringLiteral("heatmap.h5"));
        HeatmapFixture::write(m_store);
    }

    void recordingDrawsWhatPaintingDraws_data()
    {
        QTest::addColumn<QString>("name");
        for (const char* name : {"trajectory", "heatmap", "breakdown"})
            QTest::addRow("%s", name) << QString::fromLatin1(name);
    }

    void recordingDrawsWhatPaintingDraws()
    {
        // Lines, markers, text and the heat map's image go through the QPicture unchanged: the PNG
        // written from the recording is the directly painted image, up to anti-aliasing of a few edges.
        QFETCH(QString, name);
        qs::Selection selection;
        const qs::FigurePage page = figurePage(selection, name);
        QVERIFY(page);
        QVERIFY(page.view->figurePlot());
        const qs::FigureExportOptions options = paper(200);
        const QString png = path(name + QStringLiteral(".png"));
        page.view->applyFigureStyle(options.style);
        const QImage direct = paintDirectly(*page.view, options);
        qs::RecordedFigure figure;
        QString error;
        QVERIFY2(qs::recordPlotFigure(page.view->figurePlot(), png, qs::FigureFormat::Png,
                                      QSizeF(options.widthInches(), options.heightInches()), options.dpi, &figure,
                                      &error),
                 qPrintable(error));
        page.view->applyFigureStyle(qs::FigureStyle::screen());
        QVERIFY2(qs::writeFigure(figure, &error), qPrintable(error));
        const QImage recorded(png);
        QCOMPARE(recorded.size(), direct.size());
        // Glyphs are rasterized anew from the recording, so their anti-aliasing differs a little:
        // compare at a quarter of the resolution, where a misplaced line or label still shows.
        const QSize quarter = direct.size() / 4;
        const QImage smallRecorded = recorded.scaled(quarter, Qt::IgnoreAspectRatio, Qt::SmoothTransformation);
        const QImage smallDirect = direct.scaled(quarter, Qt::IgnoreAspectRatio, Qt::SmoothTransformation);
        const int pixels = quarter.width() * quarter.height();
        const int differing = differingPixels(smallRecorded, smallDirect, 48);
        QVERIFY2(differing <= pixels / 200,
                 qPrintable(QStringLiteral("%1 of %2 pixels differ").arg(differing).arg(pixels)));
        // Not two blank images: the plot drew something.
        QImage blank(direct.size(), direct.format());
        blank.fill(Qt::transparent);
        QVERIFY(differingPixels(smallDirect, blank.scaled(quarter), 0) > pixels / 100);
    }

    void exportsAreRepeatable_data() { recordingDrawsWhatPaintingDraws_data(); }

    void exportsAreRepeatable()
    {
        // The same view, shown, exported twice gives the same figure: what the widget drew in between
        // does not carry into the export (it is laid out at its own size).
        QFETCH(QString, name);
        qs::Selection selection;
        const qs::FigurePage page = figurePage(selection, name);
        QVERIFY(page);
        QImage images[2];
        for (QImage& image : images) {
            page.view->figurePlot()->replot(QCustomPlot::rpImmediateRefresh); // shown on the screen
            const QString png = path(name + QStringLiteral("-again.png"));
            QString error;
            QVERIFY2(qs::exportFigure(*page.view, png, paper(150), &error), qPrintable(error));
            image = QImage(png);
        }
        QCOMPARE(differingPixels(images[0], images[1], 0), 0);
    }

    void jobWritesEveryFormat()
    {
        qs::Selection selection;
        const qs::FigurePage page = figurePage(selection, QStringLiteral("trajectory"));
        qs::FigureExporter job;
        QSignalSpy saved(&job, &qs::FigureExporter::saved);
        QSignalSpy failed(&job, &qs::FigureExporter::failed);
        const QStringList files = {path(QStringLiteral("job.pdf")), path(QStringLiteral("job.svg")),
                                   path(QStringLiteral("job.png"))};
        QString error;
        for (const QString& file : files)
            QVERIFY2(job.start(*page.view, file, paper(150), &error), qPrintable(error));
        const QString csv = path(QStringLiteral("job.csv"));
        QVERIFY2(job.startCsv(*page.view, csv, &error), qPrintable(error));
        QTRY_COMPARE_WITH_TIMEOUT(saved.count(), 4, 30000);
        QCOMPARE(failed.count(), 0);
        QCOMPARE(job.pending(), 0);
        QStringList savedPaths;
        for (const QList<QVariant>& args : saved)
            savedPaths << args.at(0).toString();
        savedPaths.sort();
        QStringList expected = files + QStringList {csv};
        expected.sort();
        QCOMPARE(savedPaths, expected);

        QFile pdf(files[0]);
        QVERIFY(pdf.open(QIODevice::ReadOnly));
        QVERIFY(pdf.read(5) == "%PDF-");
        QFile svg(files[1]);
        QVERIFY(svg.open(QIODevice::ReadOnly));
        QVERIFY(svg.readAll().contains("<svg"));
        const QImage image(files[2]);
        QCOMPARE(
            image.size(),
            QSize(qRound(qs::FigureExportOptions::singleColumnWidth * 150),
                  qRound(qs::FigureExportOptions::singleColumnWidth * qs::FigureExportOptions::defaultAspect * 150)));
        QFile data(csv);
        QVERIFY(data.open(QIODevice::ReadOnly));
        QCOMPARE(QString::fromUtf8(data.readAll()), page.view->csv());
    }

    void jobReportsFailures()
    {
        qs::Selection selection;
        const qs::FigurePage page = figurePage(selection, QStringLiteral("trajectory"));
        qs::FigureExporter job;
        QSignalSpy saved(&job, &qs::FigureExporter::saved);
        QSignalSpy failed(&job, &qs::FigureExporter::failed);

        // Refused before anything starts: an unknown format.
        QString error;
        QVERIFY(!job.start(*page.view, path(QStringLiteral("figure.bmp")), paper(150), &error));
        QVERIFY(error.contains(QStringLiteral("figure.bmp")));
        QCOMPARE(job.pending(), 0);

        // Fails while writing: the directory does not exist. The message names the file; nothing is left.
        const QString missing = path(QStringLiteral("no-such-dir/figure.png"));
        QVERIFY2(job.start(*page.view, missing, paper(150), &error), qPrintable(error));
        job.waitForDone(); // delivers at once
        QCOMPARE(failed.count(), 1);
        QCOMPARE(failed.at(0).at(0).toString(), missing);
        QVERIFY(failed.at(0).at(1).toString().contains(missing));
        QCOMPARE(saved.count(), 0);
        QVERIFY(!QFileInfo::exists(missing));

        // The page keeps its screen look and a later export works.
        QVERIFY2(job.start(*page.view, path(QStringLiteral("after.png")), paper(150), &error), qPrintable(error));
        job.waitForDone();
        QCOMPARE(saved.count(), 1);
        QCOMPARE(job.pending(), 0);
        QCoreApplication::processEvents(); // a late finished() of a delivered export changes nothing
        QCOMPARE(saved.count(), 1);
        QCOMPARE(failed.count(), 1);
    }
};

QS_TEST_MAIN(TestExportJob)
#include "tst_figureexporter.moc"
