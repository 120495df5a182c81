// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
// Several runs on the trajectory plot (graphs per run, styles, a click on an overlaid run, reloads, the
// CSV and `quantscope figure --run A --run B`), legends of paper figures at a column's size, and every
// plot page following a dark application palette.

#include "tests/support/testutils.h"

#include "core/store/store.h"
#include "itemmodels/selection.h"
#include "itemmodels/storesnapshot.h"
#include "tests/support/heatmapfixture.h"
#include "tests/support/numeric.h"
#include "tests/support/plothelpers.h"
#include "tests/support/storefixture.h"
#include "widgets/pages/figurepages.h"
#include "widgets/pages/trajectory/trajectorypage.h"
#include "widgets/plot/figureexport.h"
#include "widgets/plot/plotstyle.h"

#include "widgets/plot/qcp.h"

#include <QApplication>
#include <QCheckBox>
#include <QFile>
#include <QFileInfo>
#include <QFontMetricsF>
#include <QMenu>
#include <QProcess>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QToolButton>
#include <QXmlStreamReader>

#include <cmath>
#include <set>

using qs::test::HeatmapFixture;
using qs::test::legendEntries;
using qs::test::TwoRunFixture;

namespace {

constexpr const char* runA = TwoRunFixture::runName;
constexpr const char* runB = TwoRunFixture::secondRun;

constexpr qs::test::Near near {qs::test::RelativeTo::ExpectedOrOne, 1e-9};

// Relative CE of fixture config `c` at checkpoint `k` of run `run` (0: fixture-wsd, 1: fixture-b);
// NaN where the fixture has no result.
double expectedRelCe(int run, int c, int k)
{
    if (run == 1)
        return TwoRunFixture::relCeB(c, k);
    return TwoRunFixture::done(c, k) ? TwoRunFixture::relCe(c, k) : qQNaN();
}

QString label(const char* run, int c)
{
    return QStringLiteral("%1 · %2").arg(QLatin1String(run), QString::fromStdString(TwoRunFixture::config(c).label()));
}

} // namespace

class TstOverlay : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;
    QString m_store;

    // The store of HeatmapFixture (a W4A4 decomposition for the breakdown, activation statistics).
    QString heatmapStore()
    {
        const QString store = m_dir.filePath(QStringLiteral("heatmap.h5"));
        if (!QFileInfo::exists(store))
            HeatmapFixture::write(store);
        return store;
    }

    // The run index of `name` in the fixture store.
    int runIndex(const qs::Selection& selection, const char* name) const
    {
        return selection.snapshot()->runIndex(QLatin1String(name));
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        m_store = m_dir.filePath(QStringLiteral("two-runs.h5"));
        TwoRunFixture::write(m_store);
    }

    void graphsPerRun()
    {
        qs::Selection selection;
        qs::TrajectoryPage page(&selection);
        selection.setSnapshot(qs::loadStoreSnapshot(m_store));
        const int a = runIndex(selection, runA);
        const int b = runIndex(selection, runB);
        QCOMPARE(selection.runIndex(), a);
        QCOMPARE(page.runIndex(), a);
        QCOMPARE(page.shownRuns(), QList<int> {a});
        QVERIFY(page.runConfigGraphs(b).isEmpty());
        // One run: graphs named by config alone, as without overlays.
        QCOMPARE(page.configGraphs().first()->name(), QString::fromStdString(TwoRunFixture::config(0).label()));

        QSignalSpy changed(&page, &qs::TrajectoryPage::overlayRunsChanged);
        page.setRunOverlaid(b, true);
        QCOMPARE(changed.count(), 1);
        QCOMPARE(page.overlayRuns(), QStringList {QLatin1String(runB)});
        QCOMPARE(page.shownRuns(), (QList<int> {a, b}));
        const qs::RunSnapshot& runs = selection.snapshot()->runs[0];
        std::set<Qt::PenStyle> styles;
        std::set<int> shapes;
        for (const int r : {a, b}) {
            const QList<QCPGraph*> graphs = page.runConfigGraphs(r);
            QCOMPARE(graphs.size(), TwoRunFixture::configCount());
            QVERIFY(page.runLrGraph(r));
            const Qt::PenStyle style = graphs.first()->pen().style();
            for (int c = 0; c < TwoRunFixture::configCount(); ++c) {
                const int configIndex =
                    selection.snapshot()->runs[size_t(r)].configIndex(TwoRunFixture::config(c).id());
                QCPGraph* graph = page.runConfigGraph(r, configIndex);
                QVERIFY(graph);
                QCOMPARE(graph->name(), label(r == a ? runA : runB, c));
                // Every config keeps its colour in every run; a run draws all its configs in one style.
                QCOMPARE(graph->pen().color(),
                         page.runConfigGraph(a, runs.configIndex(TwoRunFixture::config(c).id()))->pen().color());
                QCOMPARE(graph->pen().style(), style);
                // The values are the fixture's, at the checkpoints' steps.
                int k = 0;
                for (auto it = graph->data()->constBegin(); it != graph->data()->constEnd(); ++it, ++k) {
                    while (std::isnan(expectedRelCe(r == a ? 0 : 1, c, k)))
                        ++k;
                    QCOMPARE(it->key, double(TwoRunFixture::checkpointSteps()[size_t(k)]));
                    QVERIFY(near(it->value, expectedRelCe(r == a ? 0 : 1, c, k)));
                }
            }
            styles.insert(style);
            shapes.insert(int(graphs.first()->scatterStyle().shape()));
        }
        QCOMPARE(int(styles.size()), 2); // distinct line styles per run
        QCOMPARE(int(shapes.size()), 2); // and distinct markers
        QCOMPARE(page.runConfigGraph(a, runs.configIndex(TwoRunFixture::config(0).id()))->pen().color(),
                 qs::seriesColor(0));
        QCOMPARE(page.runConfigGraph(a, runs.configIndex(TwoRunFixture::config(1).id()))->pen().color(),
                 qs::seriesColor(1));
        // Legend: every config of both runs, then both LR curves.
        QCOMPARE(legendEntries(page.plot()->legend), 2 * TwoRunFixture::configCount() + 2);
        QCOMPARE(page.runLrGraph(b)->name(), QStringLiteral("%1 · learning rate").arg(QLatin1String(runB)));

        // The overlay follows the run by name across reloads.
        selection.setSnapshot(qs::loadStoreSnapshot(m_store));
        QCOMPARE(page.shownRuns(), (QList<int> {a, b}));
        QCOMPARE(page.runConfigGraphs(b).size(), TwoRunFixture::configCount());

        page.setRunOverlaid(b, false);
        QCOMPARE(page.shownRuns(), QList<int> {a});
        QCOMPARE(legendEntries(page.plot()->legend), TwoRunFixture::configCount() + 1);
    }

    void runsMenu()
    {
        qs::Selection selection;
        qs::TrajectoryPage page(&selection);
        selection.setSnapshot(qs::loadStoreSnapshot(m_store));
        auto* button = page.findChild<QToolButton*>(QStringLiteral("runsButton"));
        QVERIFY(button && button->menu());
        QVERIFY(!button->isHidden()); // the store holds two runs
        Q_EMIT button->menu()->aboutToShow();
        const QList<QAction*> actions = button->menu()->actions();
        QCOMPARE(actions.size(), 2);
        const int b = runIndex(selection, runB);
        QAction* shown = actions[selection.runIndex()];
        QVERIFY(shown->isChecked() && !shown->isEnabled()); // the selected run is always drawn
        QVERIFY(!actions[b]->isChecked() && actions[b]->isEnabled());
        actions[b]->trigger();
        QCOMPARE(page.shownRuns().size(), 2);
        QCOMPARE(page.overlayRuns(), QStringList {QLatin1String(runB)});
    }

    // Branches and averaged runs are drawn with the run they come from, in both directions.
    void branchesDrawnWithTheirFamily()
    {
        const QString path = m_dir.filePath(QStringLiteral("family.h5"));
        {
            qs::Store store = qs::Store::create(path.toStdString());
            const auto add = [&](const std::string& name, const std::string& parent, int64_t at, int64_t first) {
                qs::RunInfo info;
                info.name = name;
                info.parent = parent;
                info.parentStep = at;
                store.createRun(info, {});
                for (int64_t step = first; step <= first + 20; step += 10) {
                    qs::CheckpointRow row;
                    row.step = step;
                    row.kind = step == first && at >= 0 ? "branch" : "trained";
                    store.appendCheckpoint(name, row);
                }
            };
            add("root", "", -1, 0);
            add("root.cd10", "root", 10, 10);
            add("root.cd10.qat", "root.cd10", 30, 30);
            add("root.lawa3", "root", -1, 20);
            add("other", "", -1, 0);
        }
        qs::Selection selection;
        qs::TrajectoryPage page(&selection);
        selection.setSnapshot(qs::loadStoreSnapshot(path));
        const auto index = [&](const char* name) { return selection.snapshot()->runIndex(QLatin1String(name)); };
        auto* check = page.findChild<QCheckBox*>(QStringLiteral("branchCheck"));
        QVERIFY(check && !check->isHidden() && check->isChecked());
        selection.setRun(index("root"));
        QCOMPARE(page.familyOf(index("root")), (QList<int> {1, 2, 3}));
        QCOMPARE(page.shownRuns(), (QList<int> {0, 1, 2, 3}));
        // From the middle of a chain: up to the root, down to the QAT branch, not the root's other child.
        QCOMPARE(page.familyOf(index("root.cd10")), (QList<int> {0, 2}));
        selection.setRun(index("other"));
        QCOMPARE(page.shownRuns(), QList<int> {4});
        selection.setRun(index("root.cd10.qat"));
        QCOMPARE(page.shownRuns(), (QList<int> {0, 1, 2}));
        auto* button = page.findChild<QToolButton*>(QStringLiteral("runsButton"));
        Q_EMIT button->menu()->aboutToShow();
        const QList<QAction*> actions = button->menu()->actions();
        QVERIFY(actions[0]->isChecked() && !actions[0]->isEnabled()); // family: always drawn
        QVERIFY(actions[0]->text().contains(QStringLiteral("root")));
        QVERIFY(!actions[4]->isChecked() && actions[4]->isEnabled());
        check->setChecked(false);
        QVERIFY(!page.showsBranches());
        QCOMPARE(page.shownRuns(), QList<int> {2});
    }

    void clickSelectsOverlaidRun()
    {
        qs::Selection selection;
        qs::TrajectoryPage page(&selection);
        selection.setSnapshot(qs::loadStoreSnapshot(m_store));
        const int a = runIndex(selection, runA);
        const int b = runIndex(selection, runB);
        page.setRunOverlaid(b, true);
        page.resize(900, 600);
        page.show();
        QVERIFY(QTest::qWaitForWindowExposed(&page));
        page.replotNow();

        // Run B, config 1 (RTN W3) at checkpoint 1 (step 50): relative CE 0.12. Run A's nearest
        // points there are 0.03 and 0.06, far away in pixels.
        QCustomPlot* plot = page.plot();
        const QPoint at(int(std::lround(plot->xAxis->coordToPixel(50.0))),
                        int(std::lround(plot->yAxis->coordToPixel(TwoRunFixture::relCeB(1, 1)))));
        QCOMPARE(page.pointNearPixel(at, 10.0), std::make_pair(b, 1));
        QSignalSpy points(&page, &qs::TrajectoryPage::pointSelected);
        QTest::mouseClick(plot, Qt::LeftButton, Qt::NoModifier, at);
        QCOMPARE(points.count(), 1);
        QCOMPARE(points.at(0).at(0).toInt(), b);
        QCOMPARE(points.at(0).at(1).toInt(), 1);
        QCOMPARE(selection.runIndex(), b);
        QCOMPARE(selection.checkpoint(), 1);
        // The page shows run B now, with A overlaid instead: the same curves stay on the plot.
        QCOMPARE(page.runIndex(), b);
        QCOMPARE(page.selectedCheckpoint(), 1);
        QCOMPARE(page.overlayRuns(), QStringList {QLatin1String(runA)});
        QCOMPARE(page.shownRuns(), (QList<int> {a, b}));

        // A click on run A's point at step 99 (config 0, relative CE 0.05) selects run A there.
        page.replotNow();
        const QPoint back(int(std::lround(plot->xAxis->coordToPixel(99.0))),
                          int(std::lround(plot->yAxis->coordToPixel(TwoRunFixture::relCe(0, 2)))));
        QTest::mouseClick(plot, Qt::LeftButton, Qt::NoModifier, back);
        QCOMPARE(selection.runIndex(), a);
        QCOMPARE(selection.checkpoint(), 2);
        QCOMPARE(page.overlayRuns(), QStringList {QLatin1String(runB)});
    }

    void csvOfBothRuns()
    {
        qs::Selection selection;
        qs::TrajectoryPage page(&selection);
        selection.setSnapshot(qs::loadStoreSnapshot(m_store));
        page.setOverlayRuns({QLatin1String(runB)});
        QStringList lines;
        for (const QString& line : page.csv().split(QLatin1Char('\n'), Qt::SkipEmptyParts)) {
            if (!line.startsWith(QLatin1Char('#')))
                lines << line;
        }
        QCOMPARE(lines.size(), 1 + 2 * TwoRunFixture::checkpointCount());
        const QStringList header = lines[0].split(QLatin1Char(','));
        QCOMPARE(header.mid(0, 5),
                 (QStringList {QStringLiteral("run"), QStringLiteral("step"), QStringLiteral("tokens"),
                               QStringLiteral("lr"), QStringLiteral("fp_val_ce")}));
        QCOMPARE(header.size(), 5 + TwoRunFixture::configCount());
        for (int row = 0; row < 2 * TwoRunFixture::checkpointCount(); ++row) {
            const int run = row / TwoRunFixture::checkpointCount(); // the shown run first
            const int k = row % TwoRunFixture::checkpointCount();
            const QStringList fields = lines[1 + row].split(QLatin1Char(','));
            QCOMPARE(fields.size(), header.size());
            QCOMPARE(fields[0], QLatin1String(run == 0 ? runA : runB));
            const int step = TwoRunFixture::checkpointSteps()[size_t(k)];
            QCOMPARE(fields[1].toInt(), step);
            QCOMPARE(fields[2].toLongLong(), TwoRunFixture::tokens(step));
            QVERIFY(near(fields[4].toDouble(), TwoRunFixture::fpCe(k)));
            for (int c = 0; c < TwoRunFixture::configCount(); ++c) {
                const QString field =
                    fields[int(header.indexOf(QString::fromStdString(TwoRunFixture::config(c).id())))];
                const double expected = expectedRelCe(run, c, k);
                if (std::isnan(expected))
                    QVERIFY2(field.isEmpty(), qPrintable(field));
                else
                    QVERIFY2(near(field.toDouble(), expected), qPrintable(lines[1 + row]));
            }
        }
    }

    void commandLineOverlay_data()
    {
        QTest::addColumn<QStringList>("runArgs");
        QTest::addRow("repeated") << QStringList {QStringLiteral("--run"), QLatin1String(runA), QStringLiteral("--run"),
                                                  QLatin1String(runB)};
        QTest::addRow("comma list") << QStringList {
            QStringLiteral("--run"), QStringLiteral("%1,%2").arg(QLatin1String(runA), QLatin1String(runB))};
    }

    void commandLineOverlay()
    {
        QFETCH(QStringList, runArgs);
        const QString tag = QString::fromLatin1(QTest::currentDataTag()).replace(QLatin1Char(' '), QLatin1Char('-'));
        const QString svg = m_dir.filePath(tag + QStringLiteral(".svg"));
        const QString csv = m_dir.filePath(tag + QStringLiteral(".csv"));
        QProcess process;
        process.start(QStringLiteral(QS_BINARY),
                      QStringList {QStringLiteral("figure"), QStringLiteral("--store"), m_store,
                                   QStringLiteral("--view"), QStringLiteral("trajectory"), QStringLiteral("--out"), svg,
                                   QStringLiteral("--csv"), csv}
                          + runArgs);
        QVERIFY(process.waitForFinished(120000));
        QVERIFY2(process.exitCode() == 0, process.readAllStandardError().constData());

        // The SVG parses and holds both runs' series: a legend entry for every (run, config) and a
        // curve in each run's line style (solid for the first run, dashed for the second).
        QFile file(svg);
        QVERIFY(file.open(QIODevice::ReadOnly));
        QXmlStreamReader xml(&file);
        QStringList texts;
        std::set<QString> blueDashes; // stroke-dasharray of the paths in config 0's colour
        while (!xml.atEnd()) {
            xml.readNext();
            if (!xml.isStartElement())
                continue;
            if (xml.name() == QLatin1String("text")) {
                texts << xml.readElementText().trimmed();
            } else if (xml.attributes()
                           .value(QStringLiteral("stroke"))
                           .toString()
                           .compare(qs::seriesColor(0).name(), Qt::CaseInsensitive)
                       == 0) {
                blueDashes.insert(xml.attributes().value(QStringLiteral("stroke-dasharray")).toString());
            }
        }
        QVERIFY2(!xml.hasError(), qPrintable(xml.errorString()));
        for (const char* run : {runA, runB}) {
            for (int c = 0; c < TwoRunFixture::configCount(); ++c)
                QVERIFY2(texts.contains(label(run, c)),
                         qPrintable(label(run, c) + QStringLiteral(" not in ") + texts.join(QLatin1Char('|'))));
        }
        QVERIFY2(blueDashes.size() >= 2, qPrintable(QString::number(blueDashes.size())));

        QFile data(csv);
        QVERIFY(data.open(QIODevice::ReadOnly));
        std::set<QString> runs;
        for (const QString& line : QString::fromUtf8(data.readAll()).split(QLatin1Char('\n'), Qt::SkipEmptyParts)) {
            if (!line.startsWith(QLatin1Char('#')) && !line.startsWith(QLatin1String("run,")))
                runs.insert(line.section(QLatin1Char(','), 0, 0));
        }
        QCOMPARE(runs, (std::set<QString> {QLatin1String(runA), QLatin1String(runB)}));
    }

    void commandLineOverlayErrors()
    {
        // An unknown run is named with the ones the store has; other views draw one run.
        QProcess process;
        const QString out = m_dir.filePath(QStringLiteral("never.svg"));
        process.start(QStringLiteral(QS_BINARY),
                      {QStringLiteral("figure"), QStringLiteral("--store"), m_store, QStringLiteral("--run"),
                       QStringLiteral("%1,nope").arg(QLatin1String(runA)), QStringLiteral("--out"), out});
        QVERIFY(process.waitForFinished(120000));
        QCOMPARE(process.exitCode(), 2);
        const QString err = QString::fromUtf8(process.readAllStandardError());
        QVERIFY2(err.contains(QStringLiteral("'nope'")) && err.contains(QLatin1String(runB)), qPrintable(err));
        process.start(QStringLiteral(QS_BINARY),
                      {QStringLiteral("figure"), QStringLiteral("--store"), m_store, QStringLiteral("--view"),
                       QStringLiteral("heatmap"), QStringLiteral("--run"), QLatin1String(runA), QStringLiteral("--run"),
                       QLatin1String(runB), QStringLiteral("--out"), out});
        QVERIFY(process.waitForFinished(120000));
        QCOMPARE(process.exitCode(), 2);
        QVERIFY(!QFileInfo::exists(out));
    }

    void paperLegends_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<QString>("size");
        for (const char* name : {"trajectory", "breakdown"}) {
            for (const char* size : {"single", "double"})
                QTest::addRow("%s %s", name, size) << QString::fromLatin1(name) << QString::fromLatin1(size);
        }
    }

    void paperLegends()
    {
        // Laid out at a column's size: "none" leaves no room for a legend, "inside" wraps into rows that
        // stay in the axes, "below" stays in the figure; the schedule's phase labels stay in the axes.
        QFETCH(QString, name);
        QFETCH(QString, size);
        qs::Selection selection;
        selection.setSnapshot(qs::loadStoreSnapshot(name == QLatin1String("breakdown") ? heatmapStore() : m_store));
        qs::FigurePage page = qs::createFigurePage(name, &selection);
        QCustomPlot* plot = page.view->figurePlot();
        QVERIFY(plot);
        qs::FigureExportOptions options;
        QVERIFY(qs::parseFigureSize(size, &options));
        const QRect figure(0, 0, qRound(options.widthInches() * qs::figureLayoutDpi()),
                           qRound(options.heightInches() * qs::figureLayoutDpi()));
        QCPAxisRect* axes = plot->xAxis->axisRect();
        const auto layOut = [&](qs::FigureStyle::Legend legend) {
            qs::FigureStyle style = options.style;
            style.legend = legend;
            page.view->applyFigureStyle(style);
            plot->toPixmap(figure.width(), figure.height()); // lays the plot out at the figure's size
        };
        layOut(qs::FigureStyle::Legend::Below);
        QVERIFY(plot->legend->visible());
        QVERIFY(figure.contains(plot->legend->outerRect()));
        QVERIFY(plot->legend->outerRect().top() > axes->outerRect().bottom());
        const int bottomAbove = axes->outerRect().bottom();
        for (int i = 0; i < plot->itemCount(); ++i) {
            const auto* label = qobject_cast<QCPItemText*>(plot->item(i));
            if (!label || !label->visible() || label->text().isEmpty() || !label->clipToAxisRect())
                continue;
            const QPointF at = label->position->pixelPosition();
            const double width = QFontMetricsF(label->font()).horizontalAdvance(label->text());
            const double left = label->positionAlignment() & Qt::AlignLeft ? at.x()
                : label->positionAlignment() & Qt::AlignRight              ? at.x() - width
                                                                           : at.x() - width / 2.0;
            QVERIFY2(left >= axes->rect().left() - 0.5 && left + width <= axes->rect().right() + 1.5,
                     qPrintable(label->text()));
        }

        layOut(qs::FigureStyle::Legend::None);
        QVERIFY(!plot->legend->visible());
        QVERIFY2(axes->outerRect().bottom() >= figure.bottom() - 1,
                 qPrintable(QString::number(axes->outerRect().bottom())));
        QVERIFY(axes->outerRect().bottom() > bottomAbove);

        layOut(qs::FigureStyle::Legend::Inside);
        QVERIFY(plot->legend->visible());
        const auto text = [](const QRect& r) {
            return QStringLiteral("%1,%2 %3x%4").arg(r.x()).arg(r.y()).arg(r.width()).arg(r.height());
        };
        QVERIFY2(axes->rect().contains(plot->legend->outerRect()),
                 qPrintable(
                     QStringLiteral("legend %1 in axes %2").arg(text(plot->legend->outerRect()), text(axes->rect()))));
        page.view->applyFigureStyle(qs::FigureStyle::screen());
    }

    void pagesFollowPalette_data()
    {
        QTest::addColumn<QString>("view");
        for (const QString& name : qs::figureViewNames())
            QTest::addRow("%s", qPrintable(name)) << name;
    }

    void pagesFollowPalette()
    {
        // View > Theme sets the application palette: every page's plot takes its background and text
        // colours, and takes the light ones back.
        QFETCH(QString, view);
        qs::Selection selection;
        selection.setSnapshot(qs::loadStoreSnapshot(heatmapStore()));
        qs::FigurePage page = qs::createFigurePage(view, &selection);
        QVERIFY(page);
        QVERIFY(qs::waitForFigurePage(page, 60000));
        auto* plot = page.widget->findChild<QCustomPlot*>();
        QVERIFY(plot);

        const QPalette light = QApplication::palette();
        QPalette dark = light;
        dark.setColor(QPalette::Base, QColor(0x1e, 0x1e, 0x1e));
        dark.setColor(QPalette::Window, QColor(0x2d, 0x2d, 0x2d));
        dark.setColor(QPalette::Text, QColor(0xe0, 0xe0, 0xe0));
        dark.setColor(QPalette::WindowText, QColor(0xe0, 0xe0, 0xe0));
        const auto check = [&](const QPalette& palette) {
            const QColor base = palette.color(QPalette::Base);
            const QColor text = palette.color(QPalette::Text);
            QTRY_COMPARE_WITH_TIMEOUT(plot->toPixmap(300, 200).toImage().pixelColor(1, 1), base, 5000);
            for (QCPAxisRect* rect : plot->axisRects()) {
                for (QCPAxis* axis : {rect->axis(QCPAxis::atBottom), rect->axis(QCPAxis::atLeft)}) {
                    QCOMPARE(axis->basePen().color(), text);
                    QCOMPARE(axis->tickLabelColor(), text);
                    QCOMPARE(axis->labelColor(), text);
                }
            }
            QCOMPARE(plot->legend->textColor(), text);
        };
        check(light);
        QVERIFY(light.color(QPalette::Base) != dark.color(QPalette::Base));
        QApplication::setPalette(dark);
        check(dark);
        QApplication::setPalette(light);
        check(light);
    }
};

QS_TEST_MAIN(TstOverlay)
#include "tst_overlay.moc"
