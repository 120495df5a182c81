// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
// The widgets and the main window against a fixture store: what the plot and the table show must be
// what the fixture wrote.

#include "tests/support/testutils.h"

#include "app/gui/mainwindow.h"
#include "itemmodels/layertablemodel.h"
#include "itemmodels/selection.h"
#include "itemmodels/settings.h"
#include "tests/support/plothelpers.h"
#include "tests/support/storefixture.h"
#include "tests/support/trainedstore.h"
#include "widgets/dialogs/sweepdialog.h"
#include "widgets/pages/figurepages.h"
#include "widgets/pages/heatmappage.h"
#include "widgets/pages/layertablepage.h"
#include "widgets/pages/scaling/scalingpage.h"
#include "widgets/pages/trajectory/trajectorypage.h"
#include "widgets/plot/figureexport.h"
#include "widgets/plot/qcp.h"

#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QImage>
#include <QMessageBox>
#include <QMimeData>
#include <QPlainTextEdit>
#include <QPointer>
#include <QProgressBar>
#include <QPushButton>
#include <QSignalSpy>
#include <QSortFilterProxyModel>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTableView>
#include <QTemporaryDir>
#include <QToolBar>
#include <QToolTip>
#include <QUrl>

#include <cmath>

using qs::test::legendEntries;
using qs::test::MetricsFixture;
using qs::test::StoreFixture;
using qs::test::TrainedStore;

Q_DECLARE_METATYPE(qs::TrajectoryPage::Metric)

class TstGui : public QObject
{
    Q_OBJECT

    using SweepDialogPtr = QPointer<qs::SweepDialog>;

private:
    QTemporaryDir m_dir;
    QString m_store;
    QString m_garbage;
    QString m_metricsStore;
    std::unique_ptr<qs::Settings> m_settings;
    std::unique_ptr<qs::MainWindow> m_window;

    // Index of fixture config `c` in the run as the store lists it.
    int configIndex(int c) const
    {
        return m_window->currentSnapshot()->runs[0].configIndex(StoreFixture::config(c).id());
    }

    static void closeMessageBoxes(QWidget* parent)
    {
        const QList<QMessageBox*> boxes = parent->findChildren<QMessageBox*>();
        for (QMessageBox* box : boxes)
            box->close();
        QCoreApplication::sendPostedEvents(nullptr, QEvent::DeferredDelete);
    }

    SweepDialogPtr openSweepDialog()
    {
        m_window->sweepAction()->trigger();
        auto* dialog = m_window->findChild<qs::SweepDialog*>();
        return SweepDialogPtr(dialog);
    }

    static QByteArray head(const QString& path, int bytes)
    {
        QFile f(path);
        return f.open(QIODevice::ReadOnly) ? f.read(bytes) : QByteArray();
    }

    void checkLayerTable(int c, int checkpoint)
    {
        qs::LayerTablePage* table = m_window->layerTablePage();
        const qs::LayerTableModel* model = table->model();
        QCOMPARE(table->checkpoint(), checkpoint);
        QCOMPARE(table->config(), configIndex(c));
        QCOMPARE(model->rowCount(), StoreFixture::layerCount());
        QCOMPARE(table->view()->model()->rowCount(), StoreFixture::layerCount());
        const int step = StoreFixture::checkpointSteps()[size_t(checkpoint)];
        QVERIFY2(table->checkpointText().contains(QStringLiteral("step %1").arg(step)),
                 qPrintable(table->checkpointText()));
        for (int l = 0; l < StoreFixture::layerCount(); ++l) {
            const QModelIndex index = model->index(l, qs::LayerTableModel::FirstMetricColumn);
            const double value = index.data(qs::LayerTableModel::ValueRole).toDouble();
            if (StoreFixture::done(c, checkpoint))
                QCOMPARE(value, StoreFixture::wRelErr(c, checkpoint, l));
            else
                QVERIFY(std::isnan(value));
        }
    }

private Q_SLOTS:
    void initTestCase()
    {
        QCoreApplication::setOrganizationName(QStringLiteral("QuantScopeTest"));
        QCoreApplication::setApplicationName(QStringLiteral("tst_gui"));
        QStandardPaths::setTestModeEnabled(true);
        QVERIFY(m_dir.isValid());
        m_store = m_dir.filePath(QStringLiteral("fixture.h5"));
        StoreFixture::write(m_store);
        m_metricsStore = m_dir.filePath(QStringLiteral("metrics.h5"));
        MetricsFixture::write(m_metricsStore);
        m_garbage = m_dir.filePath(QStringLiteral("garbage.h5"));
        QFile garbage(m_garbage);
        QVERIFY(garbage.open(QIODevice::WriteOnly));
        garbage.write("\x89HDF but not really, just some bytes\n");
        garbage.close();

        m_settings = std::make_unique<qs::Settings>(m_dir.filePath(QStringLiteral("settings.ini")));
        m_window = std::make_unique<qs::MainWindow>(m_settings.get());
        m_window->resize(1100, 800);
        m_window->show();
        QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
        // Nothing to sweep before a store is open; the action sits in the menu and the tool bar.
        QVERIFY(!m_window->sweepAction()->isEnabled());
        auto* toolBar = m_window->findChild<QToolBar*>(QStringLiteral("mainToolBar"));
        QVERIFY(toolBar && toolBar->actions().contains(m_window->sweepAction()));
    }

    void cleanupTestCase()
    {
        closeMessageBoxes(m_window.get());
        m_window.reset();
    }

    void openStore()
    {
        QSignalSpy loaded(m_window.get(), &qs::MainWindow::storeLoaded);
        m_window->openStore(m_store);
        QTRY_COMPARE_WITH_TIMEOUT(loaded.count(), 1, 20000);
        QCOMPARE(loaded.at(0).at(0).toString(), m_store);
        QVERIFY(m_window->currentSnapshot());
        QCOMPARE(m_window->currentStorePath(), m_store);
        QVERIFY(m_window->windowTitle().contains(QStringLiteral("fixture.h5")));
        QCOMPARE(m_settings->recentStores().value(0), m_store);
        QVERIFY(m_window->sweepAction()->isEnabled());
    }

    void scalingPageGetsStorePoints()
    {
        // The store's FP validation CE at every checkpoint (all have seen tokens) are the Chinchilla points.
        qs::ScalingPage* page = m_window->scalingPage();
        page->chooseLaw(qs::scaling::LawKind::Chinchilla, qs::scaling::W4A4Variant::WeightOnly,
                        qs::scaling::ChinchillaPreset::Hoffmann2022);
        const qs::scaling::ScalingData& fromStore = page->measuredData();
        QCOMPARE(QString::fromStdString(fromStore.source), m_store);
        const std::vector<int> steps = StoreFixture::checkpointSteps();
        QCOMPARE(fromStore.points.size(), steps.size());
        for (size_t k = 0; k < steps.size(); ++k) {
            const qs::scaling::ScalingPoint& point = fromStore.points[k];
            QCOMPARE(point.D, double(StoreFixture::tokens(steps[k])));
            QCOMPARE(point.loss, StoreFixture::fpCe(int(k)));
            QCOMPARE(point.N, double(qs::ModelConfig {}.parameterCount()));
        }

        // Points the user brought stay when the store is read again.
        const QString csv = m_dir.filePath(QStringLiteral("points.csv"));
        QFile file(csv);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write("N,D,loss\n1e8,2e9,3.1\n2e8,4e9,2.9\n");
        file.close();
        QVERIFY(page->openCsv(csv));
        QSignalSpy loaded(m_window.get(), &qs::MainWindow::storeLoaded);
        m_window->openStore(m_store);
        QTRY_COMPARE_WITH_TIMEOUT(loaded.count(), 1, 20000);
        QCOMPARE(QString::fromStdString(page->measuredData().source), csv);
        QCOMPARE(page->measuredData().points.size(), size_t(2));

        // Cleared, the page takes the store's points again.
        page->setMeasuredData({});
        m_window->openStore(m_store);
        QTRY_COMPARE_WITH_TIMEOUT(loaded.count(), 2, 20000);
        QCOMPARE(page->measuredData().points.size(), steps.size());

        // Laws are drawn without a store: with none open, only the scaling tab can export.
        qs::MainWindow empty(m_settings.get());
        auto* tabs = empty.findChild<QTabWidget*>(QStringLiteral("viewTabs"));
        tabs->setCurrentIndex(0);
        QVERIFY(!empty.exportAction()->isEnabled());
        tabs->setCurrentWidget(empty.scalingPage());
        QVERIFY(empty.exportAction()->isEnabled());
    }

    void trajectoryGraphs()
    {
        qs::TrajectoryPage* page = m_window->trajectoryPage();
        QCOMPARE(page->xAxis(), qs::TrajectoryAxis::Step);
        QCOMPARE(page->configGraphs().size(), StoreFixture::configCount());
        for (int c = 0; c < StoreFixture::configCount(); ++c) {
            QCPGraph* graph = page->configGraph(configIndex(c));
            QCOMPARE(graph->name(), QString::fromStdString(StoreFixture::config(c).label()));
            QCOMPARE(graph->valueAxis(), page->plot()->yAxis);
            // Checkpoints without a result are left out.
            QVector<double> keys;
            QVector<double> values;
            for (int k = 0; k < StoreFixture::checkpointCount(); ++k) {
                if (StoreFixture::done(c, k)) {
                    keys << StoreFixture::checkpointSteps()[size_t(k)];
                    values << StoreFixture::relCe(c, k);
                }
            }
            QCOMPARE(graph->data()->size(), int(keys.size()));
            int i = 0;
            for (auto it = graph->data()->constBegin(); it != graph->data()->constEnd(); ++it, ++i) {
                QCOMPARE(it->key, keys[i]);
                QCOMPARE(it->value, values[i]);
            }
        }

        QCPGraph* lr = page->lrGraph();
        QVERIFY(lr);
        QCOMPARE(lr->valueAxis(), page->plot()->yAxis2);
        QCOMPARE(lr->data()->size(), StoreFixture::steps);
        int step = 0;
        for (auto it = lr->data()->constBegin(); it != lr->data()->constEnd(); ++it, ++step) {
            QCOMPARE(it->key, double(step));
            QCOMPARE(it->value, StoreFixture::lr(step));
        }
        QCOMPARE(page->plot()->xAxis->label(), QStringLiteral("step"));
        QCOMPARE(page->plot()->yAxis2->label(), QStringLiteral("learning rate"));
        QVERIFY(page->plot()->yAxis->label().startsWith(QStringLiteral("relative CE")));

        // The x axis spans the logged steps (and the run's planned length), with a small margin.
        const QCPRange xRange = page->plot()->xAxis->range();
        QVERIFY(xRange.lower <= 0.0 && xRange.lower > -5.0);
        QVERIFY(xRange.upper >= StoreFixture::steps - 1 && xRange.upper < StoreFixture::steps + 5);

        // WSD: the decay starts after the last step at peak LR and runs to the end of the log.
        const auto decay = page->decayRange();
        QVERIFY(decay);
        QCOMPARE(decay->first, double(StoreFixture::lastStableStep));
        QCOMPARE(decay->second, double(StoreFixture::steps - 1));
    }

    void decayDetection()
    {
        std::vector<qs::LogRow> constant;
        std::vector<qs::LogRow> cosine;
        for (int s = 0; s < 100; ++s) {
            constant.push_back({s, s, 1e-3, 0.0});
            cosine.push_back({s, s, 1e-3 * 0.5 * (1.0 + std::cos(M_PI * s / 99.0)), 0.0});
        }
        QVERIFY(!qs::TrajectoryPage::detectDecayStart(constant));
        QVERIFY(!qs::TrajectoryPage::detectDecayStart(cosine)); // no stable phase to fall from
        QVERIFY(!qs::TrajectoryPage::detectDecayStart({}));
    }

    void hoverText()
    {
        qs::TrajectoryPage* page = m_window->trajectoryPage();
        const QString text = page->describeCheckpoint(1);
        QVERIFY2(text.contains(QStringLiteral("step 50")), qPrintable(text));
        for (int c = 0; c < StoreFixture::configCount(); ++c) {
            QVERIFY(text.contains(QString::fromStdString(StoreFixture::config(c).label())));
            QVERIFY(text.contains(QString::number(StoreFixture::relCe(c, 1), 'g', 5)));
        }
        QVERIFY(page->describeCheckpoint(2).contains(QStringLiteral("not computed yet")));
        QVERIFY(page->describeCheckpoint(17).isEmpty());
    }

    void checkpointSelection()
    {
        qs::TrajectoryPage* page = m_window->trajectoryPage();
        // Opening shows the last checkpoint with results.
        QCOMPARE(page->selectedCheckpoint(), 2);
        QCOMPARE(m_window->layerTablePage()->config(), 0);
        const int shownConfig = 0 == configIndex(0) ? 0 : 1;
        checkLayerTable(shownConfig, 2);

        // A click near checkpoint 1 (step 50) selects it.
        QSignalSpy selected(page, &qs::TrajectoryPage::checkpointSelected);
        page->replotNow();
        QCustomPlot* plot = page->plot();
        const QPoint at(int(std::lround(plot->xAxis->coordToPixel(50.0))) + 3,
                        int(std::lround(plot->yAxis->coordToPixel(StoreFixture::relCe(0, 1)))));
        // Hovering shows the exact values of the nearest checkpoint.
        QTest::mouseMove(plot, at);
        QTRY_VERIFY_WITH_TIMEOUT(QToolTip::isVisible(), 5000);
        QVERIFY2(QToolTip::text().contains(QStringLiteral("step 50")), qPrintable(QToolTip::text()));
        QToolTip::hideText();

        QTest::mouseClick(plot, Qt::LeftButton, Qt::NoModifier, at);
        QCOMPARE(selected.count(), 1);
        QCOMPARE(selected.at(0).at(0).toInt(), 1);
        checkLayerTable(shownConfig, 1);

        // Switching the table's config shows that config's numbers; the unswept pair shows NaN.
        m_window->layerTablePage()->setConfig(configIndex(1));
        checkLayerTable(1, 1);
        page->selectCheckpoint(2);
        checkLayerTable(1, 2);
        QVERIFY(m_window->layerTablePage()->checkpointText().contains(QStringLiteral("not quantized")));

        // The table sorts numerically by its SortRole.
        page->selectCheckpoint(0);
        QTableView* view = m_window->layerTablePage()->view();
        view->sortByColumn(qs::LayerTableModel::FirstMetricColumn, Qt::DescendingOrder);
        QCOMPARE(view->model()->index(0, 0).data(qs::LayerTableModel::LayerIndexRole).toInt(),
                 StoreFixture::layerCount() - 1);
        view->sortByColumn(qs::LayerTableModel::NameColumn, Qt::AscendingOrder);
    }

    void reloadKeepsSelection()
    {
        qs::TrajectoryPage* page = m_window->trajectoryPage();
        page->selectCheckpoint(1);
        QSignalSpy loaded(m_window.get(), &qs::MainWindow::storeLoaded);
        m_window->openStore(m_store);
        QTRY_COMPARE_WITH_TIMEOUT(loaded.count(), 1, 20000);
        QCOMPARE(page->selectedCheckpoint(), 1);
        QCOMPARE(m_window->layerTablePage()->checkpoint(), 1);
    }

    void touchedStoreIsNotRebuilt()
    {
        // Another process touching the store without changing it: re-read, found the same, not redrawn.
        QSignalSpy loaded(m_window.get(), &qs::MainWindow::storeLoaded);
        QSignalSpy unchanged(m_window.get(), &qs::MainWindow::storeUnchanged);
        const qs::StoreSnapshotPtr before = m_window->currentSnapshot();
        QFile file(m_store);
        QVERIFY(file.open(QIODevice::ReadWrite));
        QVERIFY(file.setFileTime(QDateTime::currentDateTime().addSecs(5), QFileDevice::FileModificationTime));
        file.close();
        QTRY_COMPARE_WITH_TIMEOUT(unchanged.count(), 1, 20000);
        QCOMPARE(unchanged.at(0).at(0).toString(), m_store);
        QCOMPARE(loaded.count(), 0);
        QCOMPARE(m_window->currentSnapshot(), before);
    }

    void tokensAxis()
    {
        qs::TrajectoryPage* page = m_window->trajectoryPage();
        auto* combo = page->findChild<QComboBox*>(QStringLiteral("xAxisCombo"));
        QVERIFY(combo);
        combo->setCurrentIndex(1);
        QCOMPARE(page->xAxis(), qs::TrajectoryAxis::Tokens);
        QCOMPARE(m_settings->lastXAxis(), qs::TrajectoryAxis::Tokens);
        QCOMPARE(page->plot()->xAxis->label(), QStringLiteral("tokens"));

        QCPGraph* graph = page->configGraph(configIndex(0));
        int k = 0;
        for (auto it = graph->data()->constBegin(); it != graph->data()->constEnd(); ++it, ++k)
            QCOMPARE(it->key, double(StoreFixture::tokens(StoreFixture::checkpointSteps()[size_t(k)])));
        QCOMPARE(k, StoreFixture::checkpointCount());
        QCOMPARE(page->lrGraph()->data()->at(10)->key, double(StoreFixture::tokens(10)));
        QCOMPARE(page->decayRange()->first, double(StoreFixture::tokens(StoreFixture::lastStableStep)));

        combo->setCurrentIndex(0);
        QCOMPARE(page->configGraph(configIndex(0))->data()->at(1)->key, 50.0);
        QCOMPARE(m_settings->lastXAxis(), qs::TrajectoryAxis::Step);
    }

    void deltaCeAndFpLoss()
    {
        qs::TrajectoryPage* page = m_window->trajectoryPage();
        page->setMetric(qs::TrajectoryPage::Metric::DeltaCe);
        QCPGraph* graph = page->configGraph(configIndex(1));
        QCOMPARE(graph->data()->size(), 2);
        QCOMPARE(graph->data()->at(1)->value, StoreFixture::deltaCe(1, 1));
        QVERIFY(page->plot()->yAxis->label().startsWith(QStringLiteral("ΔCE")));
        page->setMetric(qs::TrajectoryPage::Metric::RelativeCe);

        QVERIFY(!page->fpLossGraph());
        auto* check = page->findChild<QCheckBox*>(QStringLiteral("fpLossCheck"));
        QVERIFY(check);
        check->setChecked(true);
        QCPGraph* fp = page->fpLossGraph();
        QVERIFY(fp);
        QVERIFY(fp->valueAxis() != page->plot()->yAxis && fp->valueAxis() != page->plot()->yAxis2);
        QVERIFY(fp->valueAxis()->visible());
        const std::vector<int> steps = StoreFixture::validationSteps();
        QCOMPARE(fp->data()->size(), int(steps.size()));
        for (int i = 0; i < int(steps.size()); ++i) {
            QCOMPARE(fp->data()->at(i)->key, double(steps[size_t(i)]));
            QCOMPARE(fp->data()->at(i)->value, StoreFixture::valLoss(steps[size_t(i)]));
        }
        QCOMPARE(legendEntries(page->plot()->legend), StoreFixture::configCount() + 2);
    }

    void exportFigures_data()
    {
        QTest::addColumn<QString>("fileName");
        QTest::addColumn<QByteArray>("magic");
        QTest::addRow("png") << QStringLiteral("trajectory.png") << QByteArray("\x89PNG");
        QTest::addRow("pdf") << QStringLiteral("trajectory.pdf") << QByteArray("%PDF");
        QTest::addRow("svg") << QStringLiteral("trajectory.svg") << QByteArray("<?xml");
    }

    void exportFigures()
    {
        QFETCH(QString, fileName);
        QFETCH(QByteArray, magic);
        const QString fromWindow = m_dir.filePath(QStringLiteral("window-") + fileName);
        QVERIFY(m_window->exportFigure(fromWindow));
        QVERIFY(QFileInfo(fromWindow).size() > 1000);
        QCOMPARE(head(fromWindow, magic.size()), magic);

        const QString fromStore = m_dir.filePath(QStringLiteral("store-") + fileName);
        QString error;
        QVERIFY2(qs::exportTrajectoryFigure(m_store, QString(), fromStore, &error), qPrintable(error));
        QVERIFY(QFileInfo(fromStore).size() > 1000);
        QCOMPARE(head(fromStore, magic.size()), magic);
    }

    void exportErrors()
    {
        QString error;
        const QString out = m_dir.filePath(QStringLiteral("never.png"));
        QVERIFY(!qs::exportTrajectoryFigure(m_store, QStringLiteral("no-such-run"), out, &error));
        QVERIFY2(error.contains(QStringLiteral("no-such-run")) && error.contains(m_store), qPrintable(error));
        QVERIFY(!qs::exportTrajectoryFigure(m_garbage, QString(), out, &error));
        QVERIFY2(error.contains(QStringLiteral("garbage.h5")), qPrintable(error));
        QVERIFY(!QFile::exists(out));
        QVERIFY(!qs::exportTrajectoryFigure(m_store, QString(), m_dir.filePath(QStringLiteral("figure.bmp")), &error));
        QVERIFY2(error.contains(QStringLiteral("figure.bmp")), qPrintable(error));

        QSignalSpy errors(m_window.get(), &qs::MainWindow::errorOccurred);
        QVERIFY(!m_window->exportFigure(m_dir.filePath(QStringLiteral("no-such-dir/figure.png"))));
        QCOMPARE(errors.count(), 1);
        QVERIFY(errors.at(0).at(0).toString().contains(QStringLiteral("figure.png")));
        closeMessageBoxes(m_window.get());
    }

    void exportRunsInBackground()
    {
        // Export Figure once the file is chosen: drawn at once, written off the GUI thread.
        QSignalSpy saved(m_window.get(), &qs::MainWindow::figureSaved);
        QSignalSpy errors(m_window.get(), &qs::MainWindow::errorOccurred);
        qs::FigureExportOptions options;
        options.dpi = 150;
        const QString png = m_dir.filePath(QStringLiteral("window-heatmap.png"));
        QVERIFY(m_window->startExport(*m_window->heatmapPage(), png, options));
        QTRY_COMPARE_WITH_TIMEOUT(saved.count(), 1, 30000);
        QCOMPARE(saved.at(0).at(0).toString(), png);
        QCOMPARE(
            QImage(png).size(),
            QSize(qRound(qs::FigureExportOptions::singleColumnWidth * 150),
                  qRound(qs::FigureExportOptions::singleColumnWidth * qs::FigureExportOptions::defaultAspect * 150)));
        const QString csv = m_dir.filePath(QStringLiteral("window-heatmap.csv"));
        QVERIFY(m_window->startExport(*m_window->heatmapPage(), csv, options));
        QTRY_COMPARE_WITH_TIMEOUT(saved.count(), 2, 30000);
        QFile data(csv);
        QVERIFY(data.open(QIODevice::ReadOnly));
        QCOMPARE(QString::fromUtf8(data.readAll()), m_window->heatmapPage()->csv());

        // Failing in the background is reported with the file named; nothing is left behind.
        const QString missing = m_dir.filePath(QStringLiteral("no-such-dir/heatmap.pdf"));
        QVERIFY(m_window->startExport(*m_window->heatmapPage(), missing, options));
        QTRY_COMPARE_WITH_TIMEOUT(errors.count(), 1, 30000);
        QVERIFY(errors.at(0).at(0).toString().contains(missing));
        QVERIFY(!QFile::exists(missing));
        closeMessageBoxes(m_window.get());
        // Refused at once: an unknown format.
        QVERIFY(
            !m_window->startExport(*m_window->heatmapPage(), m_dir.filePath(QStringLiteral("figure.bmp")), options));
        QCOMPARE(errors.count(), 2);
        closeMessageBoxes(m_window.get());
        QCOMPARE(saved.count(), 2);
    }

    void openGarbageReportsError()
    {
        const qs::StoreSnapshotPtr before = m_window->currentSnapshot();
        QSignalSpy errors(m_window.get(), &qs::MainWindow::errorOccurred);
        QSignalSpy loaded(m_window.get(), &qs::MainWindow::storeLoaded);
        m_window->openStore(m_garbage);
        QTRY_COMPARE_WITH_TIMEOUT(errors.count(), 1, 20000);
        const QString message = errors.at(0).at(0).toString();
        QVERIFY2(message.contains(QStringLiteral("garbage.h5")), qPrintable(message));
        QCOMPARE(loaded.count(), 0);
        // Nothing else changes.
        QCOMPARE(m_window->currentSnapshot(), before);
        QVERIFY(m_window->windowTitle().contains(QStringLiteral("fixture.h5")));
        QCOMPARE(m_window->trajectoryPage()->configGraphs().size(), StoreFixture::configCount());
        const QList<QMessageBox*> boxes = m_window->findChildren<QMessageBox*>();
        QCOMPARE(boxes.size(), 1);
        QVERIFY(boxes.first()->text().contains(QStringLiteral("garbage.h5")));
        closeMessageBoxes(m_window.get());

        // A missing file likewise.
        m_window->openStore(m_dir.filePath(QStringLiteral("missing.h5")));
        QTRY_COMPARE_WITH_TIMEOUT(errors.count(), 2, 20000);
        QVERIFY(errors.at(1).at(0).toString().contains(QStringLiteral("missing.h5")));
        closeMessageBoxes(m_window.get());
    }

    void dropOpensStore()
    {
        auto* mime = new QMimeData;
        mime->setUrls({QUrl::fromLocalFile(m_store)});
        QDragEnterEvent enter(QPoint(50, 50), Qt::CopyAction, mime, Qt::LeftButton, Qt::NoModifier);
        QCoreApplication::sendEvent(m_window.get(), &enter);
        QVERIFY(enter.isAccepted());
        QSignalSpy loaded(m_window.get(), &qs::MainWindow::storeLoaded);
        QDropEvent drop(QPointF(50, 50), Qt::CopyAction, mime, Qt::LeftButton, Qt::NoModifier);
        QCoreApplication::sendEvent(m_window.get(), &drop);
        QTRY_COMPARE_WITH_TIMEOUT(loaded.count(), 1, 20000);
        delete mime;

        // A folder of checkpoints opens the store that uses them (StoreFixture's are in checkpoints/).
        QVERIFY(QDir().mkpath(m_dir.filePath(QStringLiteral("checkpoints"))));
        auto* folder = new QMimeData;
        folder->setUrls({QUrl::fromLocalFile(m_dir.filePath(QStringLiteral("checkpoints")))});
        QDragEnterEvent enterFolder(QPoint(50, 50), Qt::CopyAction, folder, Qt::LeftButton, Qt::NoModifier);
        QCoreApplication::sendEvent(m_window.get(), &enterFolder);
        QVERIFY(enterFolder.isAccepted());
        QDropEvent dropFolder(QPointF(50, 50), Qt::CopyAction, folder, Qt::LeftButton, Qt::NoModifier);
        QCoreApplication::sendEvent(m_window.get(), &dropFolder);
        QTRY_COMPARE_WITH_TIMEOUT(loaded.count(), 2, 20000);
        QCOMPARE(loaded.at(1).at(0).toString(), m_store);
        QCOMPARE(m_window->selection()->run()->name(), QString::fromLatin1(StoreFixture::runName));
        delete folder;

        // A folder no store uses: said so, nothing else changes.
        QSignalSpy errors(m_window.get(), &qs::MainWindow::errorOccurred);
        QVERIFY(QDir().mkpath(m_dir.filePath(QStringLiteral("unrelated"))));
        auto* unrelated = new QMimeData;
        unrelated->setUrls({QUrl::fromLocalFile(m_dir.filePath(QStringLiteral("unrelated")))});
        QDragEnterEvent enterUnrelated(QPoint(50, 50), Qt::CopyAction, unrelated, Qt::LeftButton, Qt::NoModifier);
        QCoreApplication::sendEvent(m_window.get(), &enterUnrelated);
        QDropEvent dropUnrelated(QPointF(50, 50), Qt::CopyAction, unrelated, Qt::LeftButton, Qt::NoModifier);
        QCoreApplication::sendEvent(m_window.get(), &dropUnrelated);
        QCOMPARE(errors.count(), 1);
        QVERIFY(errors.at(0).at(0).toString().contains(QStringLiteral("unrelated")));
        closeMessageBoxes(m_window.get());
        QCOMPARE(m_window->currentStorePath(), m_store);
        delete unrelated;

        auto* text = new QMimeData;
        text->setUrls({QUrl::fromLocalFile(m_dir.filePath(QStringLiteral("notes.txt")))});
        QDragEnterEvent other(QPoint(50, 50), Qt::CopyAction, text, Qt::LeftButton, Qt::NoModifier);
        other.setAccepted(false);
        QCoreApplication::sendEvent(m_window.get(), &other);
        QVERIFY(!other.isAccepted());
        delete text;
    }

    void sweepDialogFromWindow()
    {
        QSignalSpy loaded(m_window.get(), &qs::MainWindow::storeLoaded);
        m_window->openStore(m_store);
        QTRY_COMPARE_WITH_TIMEOUT(loaded.count(), 1, 20000);
        QVERIFY(m_window->sweepAction()->isEnabled());

        SweepDialogPtr dialog = openSweepDialog();
        QVERIFY(dialog);
        QVERIFY(dialog->isVisible());
        QCOMPARE(dialog->runCombo()->count(), 1);
        QCOMPARE(dialog->run(), QString::fromLatin1(StoreFixture::runName));
        QVERIFY(dialog->okButton()->isEnabled()); // the default specs
        dialog->reject();
        QVERIFY(!m_window->isJobRunning());
        QCoreApplication::sendPostedEvents(nullptr, QEvent::DeferredDelete);
        QVERIFY(!dialog);
    }

    void sweepFailureIsReported()
    {
        // The fixture run records no corpus file, so the sweep fails: a message box with the core's text,
        // the job UI gone, the store shown again as it was.
        SweepDialogPtr dialog = openSweepDialog();
        QVERIFY(dialog);
        dialog->setSpecText(QStringLiteral("rtn:2:pc:sym"));
        QSignalSpy errors(m_window.get(), &qs::MainWindow::errorOccurred);
        QSignalSpy loaded(m_window.get(), &qs::MainWindow::storeLoaded);
        QTest::mouseClick(dialog->okButton(), Qt::LeftButton);
        QVERIFY(m_window->isJobRunning());
        QVERIFY(!m_window->sweepAction()->isEnabled());
        QTRY_COMPARE_WITH_TIMEOUT(errors.count(), 1, 20000);
        const QString message = errors.at(0).at(0).toString();
        QVERIFY2(message.contains(m_store) && message.contains(QLatin1String(StoreFixture::runName)),
                 qPrintable(message));
        const QList<QMessageBox*> boxes = m_window->findChildren<QMessageBox*>();
        QCOMPARE(boxes.size(), 1);
        QCOMPARE(boxes.first()->text(), message);
        QTRY_COMPARE_WITH_TIMEOUT(loaded.count(), 1, 20000);
        QVERIFY(!m_window->isJobRunning());
        QVERIFY(m_window->sweepAction()->isEnabled());
        QCOMPARE(m_settings->sweepSpecs(), QStringLiteral("rtn:2:pc:sym"));
        QCOMPARE(m_window->trajectoryPage()->configGraphs().size(), StoreFixture::configCount());
        closeMessageBoxes(m_window.get());

        // The next dialog starts from the specs swept last.
        dialog = openSweepDialog();
        QVERIFY(dialog);
        QCOMPARE(dialog->specText(), QStringLiteral("rtn:2:pc:sym"));
        dialog->reject();
        QCoreApplication::sendPostedEvents(nullptr, QEvent::DeferredDelete);
    }

    void sweepRunsInWindow()
    {
        const QString store = m_dir.filePath(QStringLiteral("tiny.h5"));
        TrainedStore::train(m_dir.filePath(QStringLiteral("tiny.txt")), store,
                            m_dir.filePath(QStringLiteral("tiny-ckpt")));
        QSignalSpy loaded(m_window.get(), &qs::MainWindow::storeLoaded);
        QSignalSpy errors(m_window.get(), &qs::MainWindow::errorOccurred);
        m_window->openStore(store);
        QTRY_COMPARE_WITH_TIMEOUT(loaded.count(), 1, 20000);
        QVERIFY(m_window->trajectoryPage()->configGraphs().isEmpty());

        QSignalSpy finished(m_window.get(), &qs::MainWindow::sweepFinished);
        const std::vector<qs::QuantConfig> configs = {qs::QuantConfig::parse("rtn:8:g16:sym"),
                                                      qs::QuantConfig::parse("rtn:2:pc:sym")};
        // Re-read the store while the sweep writes it, as often as the loader allows.
        m_window->setJobPollInterval(10);
        m_window->startSweep(store, QString::fromLatin1(TrainedStore::runName), configs);
        QVERIFY(m_window->isJobRunning());
        QVERIFY(!m_window->isDemoRunning());
        auto* progress = m_window->findChild<QProgressBar*>(QStringLiteral("jobProgress"));
        QVERIFY(progress && progress->isVisible());
        QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 60000);
        QCOMPARE(finished.at(0).at(0).toString(), store);
        QCOMPARE(errors.count(), 0);
        QVERIFY(!m_window->isJobRunning());
        QVERIFY(!progress->isVisible());

        // The reloaded view (polls while the sweep ran may have shown parts of it before): the FP
        // reference is in the store but has no curve; both configs are drawn at every checkpoint.
        auto everythingShown = [&] {
            const qs::RunSnapshot& run = m_window->currentSnapshot()->runs[0];
            if (run.configs.size() != 3)
                return false;
            for (const qs::ConfigSnapshot& config : run.configs) {
                for (int k = 0; k < TrainedStore::checkpointCount; ++k) {
                    if (!config.isDone(k))
                        return false;
                }
            }
            return true;
        };
        QTRY_VERIFY_WITH_TIMEOUT(everythingShown(), 20000);
        m_window->setJobPollInterval(2000);
        const qs::RunSnapshot& run = m_window->currentSnapshot()->runs[0];
        QVERIFY(run.configIndex("fp") >= 0);
        qs::TrajectoryPage* page = m_window->trajectoryPage();
        QCOMPARE(page->configGraphs().size(), 2);
        for (const qs::QuantConfig& config : configs) {
            QCPGraph* graph = page->configGraph(run.configIndex(config.id()));
            QVERIFY(graph);
            QCOMPARE(graph->data()->size(), TrainedStore::checkpointCount);
        }

        // Cancelled from the status bar: the window shows what the store holds, and the store can be
        // opened for writing again.
        const int loadsBefore = int(loaded.count());
        m_window->startSweep(store, QString::fromLatin1(TrainedStore::runName),
                             {qs::QuantConfig::parse("rtn:3:g16:asym"), qs::QuantConfig::parse("rtn:4:pc:asym")});
        QVERIFY(m_window->isJobRunning());
        m_window->cancelJob();
        QTRY_VERIFY_WITH_TIMEOUT(!m_window->isJobRunning(), 60000);
        QTRY_VERIFY_WITH_TIMEOUT(loaded.count() > loadsBefore, 20000);
        QCOMPARE(errors.count(), 0);
        QCOMPARE(finished.count(), 1);
        QVERIFY(m_window->sweepAction()->isEnabled());
        QVERIFY(qs::test::errorOf([&] { qs::Store::open(store.toStdString(), qs::Store::Mode::ReadWrite); }).isEmpty());
    }
};

QS_TEST_MAIN(TstGui)
#include "tst_gui.moc"
