// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
// A multi-stage run on the trajectory page: OLMo-2's stage 1 and three stage-2 ingredients that
// count from 0 again (tests/support/stagefixture.h). The page switches to tokens, draws a line per stage
// and config at the x worked out by hand, shades and labels the stages, names the ingredients' line
// styles, and a click on a point where ingredients share an x selects that ingredient's checkpoint; the
// axis switches to steps and checkpoint order; a store without the stage column draws as before; and
// `quantscope figure` exports the same plot and the stages' x in its CSV.

#include "tests/support/testutils.h"

#include "itemmodels/selection.h"
#include "itemmodels/storesnapshot.h"
#include "tests/support/stagefixture.h"
#include "widgets/pages/trajectory/trajectorypage.h"

#include "widgets/plot/qcp.h"

#include <H5Cpp.h>

#include <QApplication>
#include <QComboBox>
#include <QFile>
#include <QImage>
#include <QProcess>
#include <QSignalSpy>
#include <QTemporaryDir>

#include <cmath>

using qs::TrajectoryAxis;
using qs::test::StageFixture;

Q_DECLARE_METATYPE(qs::TrajectoryAxis)

namespace {

double expectedX(TrajectoryAxis axis, int k)
{
    const auto& c = StageFixture::checkpoints()[size_t(k)];
    return axis == TrajectoryAxis::Tokens ? c.xTokens : axis == TrajectoryAxis::Order ? c.xOrder : c.xStep;
}

QStringList legendNames(QCustomPlot* plot)
{
    QStringList names;
    for (int i = 0; i < plot->legend->itemCount(); ++i) {
        if (auto* item = qobject_cast<QCPPlottableLegendItem*>(plot->legend->item(i)))
            names << item->plottable()->name();
    }
    return names;
}

} // namespace

class TstStagesPage : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;
    QString m_store;

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        m_store = m_dir.filePath(QStringLiteral("stages.h5"));
        StageFixture::write(m_store);
    }

    // Shown, the run goes on the token axis by itself, and every line sits where the fixture says.
    void linesPerStage_data()
    {
        QTest::addColumn<TrajectoryAxis>("axis");
        QTest::addRow("tokens") << TrajectoryAxis::Tokens;
        QTest::addRow("step") << TrajectoryAxis::Step;
        QTest::addRow("checkpoint order") << TrajectoryAxis::Order;
    }

    void linesPerStage()
    {
        QFETCH(TrajectoryAxis, axis);
        qs::TrajectoryPage page;
        QSignalSpy axisChanges(&page, &qs::TrajectoryPage::xAxisChanged);
        page.setSnapshot(qs::loadStoreSnapshot(m_store), 0);
        QCOMPARE(page.xAxis(), TrajectoryAxis::Tokens);
        QCOMPARE(axisChanges.count(), 1);
        page.findChild<QComboBox*>(QStringLiteral("xAxisCombo"))->setCurrentIndex(int(axis));
        QCOMPARE(page.xAxis(), axis);

        const auto lines = StageFixture::lines();
        for (int c = 0; c < StageFixture::configCount(); ++c) {
            const QList<QCPGraph*> graphs = page.stageGraphs(0, c);
            QCOMPARE(graphs.size(), int(lines.size()));
            QCOMPARE(graphs.first(), page.configGraph(c));
            for (size_t s = 0; s < lines.size(); ++s) {
                QCPGraph* graph = graphs[int(s)];
                QCOMPARE(page.graphCheckpoints(graph), lines[s]);
                QCOMPARE(graph->dataCount(), int(lines[s].size()));
                for (int j = 0; j < graph->dataCount(); ++j) {
                    const int k = lines[s][size_t(j)];
                    QCOMPARE(graph->data()->at(j)->key, expectedX(axis, k));
                    QCOMPARE(graph->data()->at(j)->value, StageFixture::relCe(c, k));
                    if (j > 0) // no line goes back
                        QVERIFY(graph->data()->at(j)->key > graph->data()->at(j - 1)->key);
                }
            }
        }
        for (int k = 0; k < int(StageFixture::checkpoints().size()); ++k)
            QCOMPARE(page.checkpointX(0, k), expectedX(axis, k));

        // Stage 1 from its first checkpoint to its last; stage 2 from there to the longest ingredient's end.
        QCOMPARE(page.phaseLabels(),
                 (QStringList {QStringLiteral("stage 1"), QStringLiteral("stage 2 · 3 ingredients")}));
        const auto ranges = page.phaseRanges();
        QCOMPARE(ranges.size(), 2);
        QCOMPARE(ranges[0], std::make_pair(expectedX(axis, 0), expectedX(axis, 2)));
        QCOMPARE(ranges[1], std::make_pair(expectedX(axis, 2), expectedX(axis, 7)));

        // The LR is the checkpoints' (the log has stage 1 only): a line per stage as well.
        QCPGraph* lr = page.lrGraph();
        QCOMPARE(lr->dataCount(), 3);
        QCOMPARE(lr->data()->at(2)->value, StageFixture::lr(2));

        // The legend: the configs, the LR, and one entry per line style.
        const QStringList names = legendNames(page.plot());
        for (const char* lane :
             {"stage 1", "stage 2 · ingredient 1", "stage 2 · ingredient 2", "stage 2 · ingredient 3"})
            QVERIFY2(names.contains(QString::fromUtf8(lane)), qPrintable(names.join(QLatin1Char('|'))));
        QCOMPARE(names.size(), StageFixture::configCount() + 1 + 4);
        QVERIFY(page.plot()->xAxis->label().contains(
            axis == TrajectoryAxis::Order ? QStringLiteral("order") : QStringLiteral("summed over the stages")));
    }

    // Where the three ingredients share an x (8B tokens), the click picks the one under the mouse.
    void clickPicksIngredient()
    {
        qs::Selection selection;
        qs::TrajectoryPage page(&selection);
        selection.setSnapshot(qs::loadStoreSnapshot(m_store));
        page.resize(900, 600);
        page.show();
        QVERIFY(QTest::qWaitForWindowExposed(&page));
        page.replotNow();
        QCustomPlot* plot = page.plot();
        for (const int k : {4, 6, 8}) { // ingredients 1, 2, 3 at 8B tokens
            const QPoint at(int(std::lround(plot->xAxis->coordToPixel(8e9))),
                            int(std::lround(plot->yAxis->coordToPixel(StageFixture::relCe(1, k)))));
            QCOMPARE(page.pointNearPixel(at, 10.0), std::make_pair(0, k));
            QTest::mouseClick(plot, Qt::LeftButton, Qt::NoModifier, at);
            QCOMPARE(selection.checkpoint(), k);
            QCOMPARE(page.selectedCheckpoint(), k);
        }
        if (qEnvironmentVariableIsSet("QS_KEEP_FIGURES")) // a folder to look at the page in
            page.grab().save(qEnvironmentVariable("QS_KEEP_FIGURES") + QStringLiteral("/page.png"));
        const QString hover = page.describeCheckpoint(6);
        QVERIFY2(hover.contains(QStringLiteral("step 1000")) && hover.contains(QStringLiteral("stage 2 · ingredient 2"))
                     && hover.contains(QStringLiteral("4000 steps and 8B tokens in all")),
                 qPrintable(hover));
    }

    // A store from before the stage column: one stage, one line per config, steps as stored.
    void storeWithoutStages()
    {
        const QString old = m_dir.filePath(QStringLiteral("old.h5"));
        QVERIFY(QFile::copy(m_store, old));
        {
            H5::H5File file(old.toStdString(), H5F_ACC_RDWR);
            file.openGroup(std::string("/runs/") + StageFixture::runName + "/checkpoints").unlink("stage");
        }
        qs::TrajectoryPage page;
        page.setSnapshot(qs::loadStoreSnapshot(old), 0);
        QCOMPARE(page.xAxis(), TrajectoryAxis::Step);
        QCOMPARE(page.stageGraphs(0, 0).size(), 1);
        QCOMPARE(page.configGraph(0)->dataCount(), int(StageFixture::checkpoints().size()));
        QCOMPARE(page.checkpointX(0, 5), 500.0); // the stored step
        QVERIFY(!page.phaseLabels().contains(QStringLiteral("stage 1")));
    }

    // `quantscope figure` lays the run out the same way: the CSV has each checkpoint's stage and x.
    void figureCommand_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<TrajectoryAxis>("axis");
        QTest::addColumn<QString>("column");
        QTest::addRow("default: tokens") << QStringList() << TrajectoryAxis::Tokens << QStringLiteral("x_tokens");
        QTest::addRow("order") << QStringList {QStringLiteral("--x-axis"), QStringLiteral("order")}
                               << TrajectoryAxis::Order << QStringLiteral("x_order");
        QTest::addRow("step") << QStringList {QStringLiteral("--x-axis"), QStringLiteral("step")}
                              << TrajectoryAxis::Step << QStringLiteral("x_step");
    }

    void figureCommand()
    {
        QFETCH(QStringList, args);
        QFETCH(TrajectoryAxis, axis);
        QFETCH(QString, column);
        const QString png = m_dir.filePath(column + QStringLiteral(".png"));
        const QString csv = m_dir.filePath(column + QStringLiteral(".csv"));
        QProcess process;
        process.start(QStringLiteral(QS_BINARY),
                      QStringList {QStringLiteral("figure"), QStringLiteral("--store"), m_store,
                                   QStringLiteral("--view"), QStringLiteral("trajectory"), QStringLiteral("--out"), png,
                                   QStringLiteral("--csv"), csv}
                          + args);
        QVERIFY(process.waitForFinished(120000));
        QVERIFY2(process.exitCode() == 0, process.readAllStandardError().constData());
        QVERIFY(!QImage(png).isNull());
        if (qEnvironmentVariableIsSet("QS_KEEP_FIGURES")) // a folder to look at them in
            QFile::copy(png,
                        qEnvironmentVariable("QS_KEEP_FIGURES") + QLatin1Char('/') + column + QStringLiteral(".png"));

        QFile file(csv);
        QVERIFY(file.open(QIODevice::ReadOnly));
        QStringList lines;
        for (const QString& line : QString::fromUtf8(file.readAll()).split(QLatin1Char('\n'), Qt::SkipEmptyParts)) {
            if (!line.startsWith(QLatin1Char('#')))
                lines << line;
        }
        const QStringList header = lines[0].split(QLatin1Char(','));
        const auto stageColumn = header.indexOf(QStringLiteral("stage"));
        const auto xColumn = header.indexOf(column);
        QVERIFY2(stageColumn > 0 && xColumn > 0, qPrintable(lines[0]));
        QCOMPARE(lines.size(), 1 + int(StageFixture::checkpoints().size()));
        for (int k = 0; k < int(StageFixture::checkpoints().size()); ++k) {
            const QStringList fields = lines[1 + k].split(QLatin1Char(','));
            QCOMPARE(fields[stageColumn], QString::fromLatin1(StageFixture::checkpoints()[size_t(k)].stage));
            QCOMPARE(fields[xColumn].toDouble(), expectedX(axis, k));
        }
    }
};

QS_TEST_MAIN(TstStagesPage)
#include "tst_stagespage.moc"
