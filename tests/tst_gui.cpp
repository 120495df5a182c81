// The widgets and the main window against a fixture store: what the plot and the table show must be
// what the fixture wrote.

#include "testutils.h"

#include "figureexport.h"
#include "layertablemodel.h"
#include "layertablepage.h"
#include "mainwindow.h"
#include "qcp.h"
#include "settings.h"
#include "storefixture.h"
#include "trajectorypage.h"

#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QFile>
#include <QMessageBox>
#include <QMimeData>
#include <QSignalSpy>
#include <QSortFilterProxyModel>
#include <QStandardPaths>
#include <QTableView>
#include <QTemporaryDir>
#include <QToolTip>
#include <QUrl>

#include <cmath>

using qs::test::StoreFixture;

class TstGui : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    QString m_store;
    QString m_garbage;
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
    }

    void trajectoryGraphs()
    {
        qs::TrajectoryPage* page = m_window->trajectoryPage();
        QCOMPARE(page->xAxis(), qs::TrajectoryPage::XAxis::Step);
        QCOMPARE(page->configGraphs().size(), StoreFixture::configCount());
        for (int c = 0; c < StoreFixture::configCount(); ++c) {
            QCPGraph* graph = page->configGraphs().at(configIndex(c));
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

    void tokensAxis()
    {
        qs::TrajectoryPage* page = m_window->trajectoryPage();
        auto* combo = page->findChild<QComboBox*>(QStringLiteral("xAxisCombo"));
        QVERIFY(combo);
        combo->setCurrentIndex(1);
        QCOMPARE(page->xAxis(), qs::TrajectoryPage::XAxis::Tokens);
        QCOMPARE(m_settings->lastXAxis(), qs::Settings::XAxis::Tokens);
        QCOMPARE(page->plot()->xAxis->label(), QStringLiteral("tokens"));

        QCPGraph* graph = page->configGraphs().at(configIndex(0));
        int k = 0;
        for (auto it = graph->data()->constBegin(); it != graph->data()->constEnd(); ++it, ++k)
            QCOMPARE(it->key, double(StoreFixture::tokens(StoreFixture::checkpointSteps()[size_t(k)])));
        QCOMPARE(k, StoreFixture::checkpointCount());
        QCOMPARE(page->lrGraph()->data()->at(10)->key, double(StoreFixture::tokens(10)));
        QCOMPARE(page->decayRange()->first, double(StoreFixture::tokens(StoreFixture::lastStableStep)));

        combo->setCurrentIndex(0);
        QCOMPARE(page->configGraphs().at(configIndex(0))->data()->at(1)->key, 50.0);
        QCOMPARE(m_settings->lastXAxis(), qs::Settings::XAxis::Step);
    }

    void deltaCeAndFpLoss()
    {
        qs::TrajectoryPage* page = m_window->trajectoryPage();
        page->setMetric(qs::TrajectoryPage::Metric::DeltaCe);
        QCPGraph* graph = page->configGraphs().at(configIndex(1));
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
        QCOMPARE(page->plot()->legend->itemCount(), StoreFixture::configCount() + 2);
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

        auto* text = new QMimeData;
        text->setUrls({QUrl::fromLocalFile(m_dir.filePath(QStringLiteral("notes.txt")))});
        QDragEnterEvent other(QPoint(50, 50), Qt::CopyAction, text, Qt::LeftButton, Qt::NoModifier);
        other.setAccepted(false);
        QCoreApplication::sendEvent(m_window.get(), &other);
        QVERIFY(!other.isAccepted());
        delete text;
    }
};

QS_TEST_MAIN(TstGui)
#include "tst_gui.moc"
