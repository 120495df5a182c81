// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
// The run browser (RunTreeModel, its filter, RunBrowserPage) and the outlier page against stores the
// test writes with known values: what the tree and the plots show must be what the store holds.

#include "tests/support/testutils.h"

#include "itemmodels/layertablemodel.h"
#include "itemmodels/runtreemodel.h"
#include "itemmodels/selection.h"
#include "itemmodels/storesnapshot.h"
#include "tests/support/storefixture.h"
#include "widgets/pages/outlierpage.h"
#include "widgets/pages/runbrowserpage.h"
#include "widgets/plot/qcp.h"

#include <QAbstractItemModelTester>
#include <QApplication>
#include <QFile>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QSortFilterProxyModel>
#include <QTreeView>

#include <cmath>

using qs::RunTreeModel;
using qs::test::MetricsFixture;
using qs::test::StoreFixture;

namespace {

// StoreFixture's run with the FP reference measured at checkpoints 0 and 1 (not 2), carrying
// MetricsFixture's activation statistics and a per-channel profile given in closed form, and
// StoreFixture's two RTN configs with KL.
struct ProfileStore
{
    // Multiples of 1/8: exact in float. Layer 1 (block 0 down, 48 channels) at checkpoint 1 is
    // 1.5 + 0.25 c: above 6 for c > 18, i.e. channels 19..47 = 29 channels (c = 18 is exactly 6).
    // Layer 3 (block 1 down) at checkpoint 1 is 1.5 + 0.5 c: above 6 for c >= 10, 38 channels.
    // Layer 0 (16 channels) stays below 3.4.
    static float absmax(int k, int layer, int channel) { return float(0.5 + 0.125 * channel * (layer + 1) + k); }
    static bool fpDone(int k) { return k < 2; }

    static void write(const QString& path, bool withProfiles = true)
    {
        qs::Store store = StoreFixture::writeRun(path);
        const qs::QuantConfig fp = qs::QuantConfig::fullPrecision();
        store.ensureConfig(StoreFixture::runName, fp.id(), fp.toJson());
        const auto layers = StoreFixture::layers();
        for (int k = 0; k < StoreFixture::checkpointCount(); ++k) {
            if (!fpDone(k))
                continue;
            qs::ResultEntry entry;
            entry.model = {{"ce", StoreFixture::fpCe(k)}, {"rel_ce", 0.0}, {"kl_mean", 0.0}};
            for (int l = 0; l < int(layers.size()); ++l) {
                entry.layers["act_kurtosis"].push_back(MetricsFixture::actKurtosis(k, l));
                entry.layers["act_absmax"].push_back(MetricsFixture::actAbsmax(k, l));
                entry.layers["act_absmax_median"].push_back(MetricsFixture::actAbsmaxMedian(k, l));
                entry.layers["act_outliers"].push_back(MetricsFixture::actOutliers(k, l));
                std::vector<float> profile;
                for (int c = 0; c < int(layers[size_t(l)].cols); ++c)
                    profile.push_back(absmax(k, l, c));
                if (withProfiles)
                    entry.profiles["act_channel_absmax"].push_back(profile);
            }
            store.writeResult(StoreFixture::runName, fp.id(), k, entry);
        }
        for (int c = 0; c < StoreFixture::configCount(); ++c) {
            const qs::QuantConfig q = StoreFixture::config(c);
            store.ensureConfig(StoreFixture::runName, q.id(), q.toJson());
            for (int k = 0; k < StoreFixture::checkpointCount(); ++k) {
                if (!StoreFixture::done(c, k))
                    continue;
                qs::ResultEntry entry = StoreFixture::ceEntry(c, k);
                entry.model["kl_mean"] = MetricsFixture::klMean(c, k);
                store.writeResult(StoreFixture::runName, q.id(), k, entry);
            }
        }
    }
};

// Store order of the configs: "fp" first, then StoreFixture's config c at c + 1.
constexpr int fpIndex = 0;
int configIndex(int c)
{
    return c + 1;
}

std::vector<double> valuesOf(const QCPBars* bars)
{
    std::vector<double> values;
    for (auto it = bars->data()->constBegin(); it != bars->data()->constEnd(); ++it)
        values.push_back(it->value);
    return values;
}

} // namespace

class TstBrowser : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    QString m_store;       // ProfileStore
    QString m_noFpStore;   // StoreFixture: no "fp" config
    QString m_noProfStore; // ProfileStore without profiles
    qs::StoreSnapshotPtr m_snapshot;

    // The snapshot with a second run (fewer checkpoints and configs) and a third without checkpoints.
    qs::StoreSnapshotPtr multiRunSnapshot() const
    {
        auto multi = std::make_shared<qs::StoreSnapshot>(*m_snapshot);
        qs::RunSnapshot second = m_snapshot->runs[0];
        second.info.name = "second-run";
        second.checkpoints.pop_back();
        second.configs.pop_back();
        multi->runs.push_back(second);
        qs::RunSnapshot empty = m_snapshot->runs[0];
        empty.info.name = "empty-run";
        empty.checkpoints.clear();
        empty.configs.clear();
        multi->runs.push_back(empty);
        return multi;
    }

    static double cell(const RunTreeModel& model, const QModelIndex& row, int column)
    {
        return model.index(row.row(), column, row.parent()).data(RunTreeModel::ValueRole).toDouble();
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        m_store = m_dir.filePath(QStringLiteral("profiles.h5"));
        m_noFpStore = m_dir.filePath(QStringLiteral("nofp.h5"));
        m_noProfStore = m_dir.filePath(QStringLiteral("noprofiles.h5"));
        ProfileStore::write(m_store);
        StoreFixture::write(m_noFpStore);
        ProfileStore::write(m_noProfStore, false);
        m_snapshot = qs::loadStoreSnapshot(m_store);
        QCOMPARE(int(m_snapshot->runs.size()), 1);
        QCOMPARE(m_snapshot->runs[0].configs[fpIndex].results.configId, std::string("fp"));
    }

    void modelTester()
    {
        RunTreeModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::Fatal);
        qs::RunTreeFilterModel proxy;
        proxy.setSourceModel(&model);
        QAbstractItemModelTester proxyTester(&proxy, QAbstractItemModelTester::FailureReportingMode::Fatal);
        QCOMPARE(model.rowCount(), 0);

        model.setSnapshot(std::make_shared<qs::StoreSnapshot>());
        QCOMPARE(model.rowCount(), 0);
        model.setSnapshot(m_snapshot);
        QCOMPARE(model.rowCount(), 1);
        model.setSummaryConfig(QStringLiteral("rtn_w3_pc_sym"));
        model.setSnapshot(multiRunSnapshot());
        QCOMPARE(model.rowCount(), 3);
        proxy.setFilterText(QStringLiteral("w3"));
        proxy.sort(RunTreeModel::RelCeColumn, Qt::DescendingOrder);
        model.setSummaryConfig(QString::fromStdString(StoreFixture::config(0).id()));
        model.setSnapshot(m_snapshot);
        proxy.setFilterText(QStringLiteral("step 50"));
        proxy.setFilterText(QString());
        model.setSnapshot(nullptr);
        QCOMPARE(model.rowCount(), 0);
        model.setSnapshot(multiRunSnapshot());
        QCOMPARE(proxy.rowCount(), 3);
    }

    // The layer table under the model tester through every change the page makes (another config,
    // checkpoint, an empty run), and behind the sort proxy the page puts in front of it.
    void layerTableModelTester()
    {
        qs::LayerTableModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::Fatal);
        QSortFilterProxyModel proxy;
        proxy.setSortRole(qs::LayerTableModel::SortRole);
        proxy.setSourceModel(&model);
        QAbstractItemModelTester proxyTester(&proxy, QAbstractItemModelTester::FailureReportingMode::Fatal);
        QCOMPARE(model.rowCount(), 0);

        const qs::RunSnapshot& run = m_snapshot->runs[0];
        model.setResults(qs::LayerTableData::fromRun(run, 1, fpIndex));
        QCOMPARE(model.rowCount(), StoreFixture::layerCount());
        // The FP reference's activation kurtosis column holds 3 + layer + k/2 at checkpoint k.
        int kurtosisColumn = -1;
        for (int c = qs::LayerTableModel::FirstMetricColumn; c < model.columnCount(); ++c)
            if (model.headerData(c, Qt::Horizontal, qs::LayerTableModel::MetricNameRole).toString()
                == QLatin1String("act_kurtosis"))
                kurtosisColumn = c;
        QVERIFY(kurtosisColumn >= 0);
        for (int l = 0; l < StoreFixture::layerCount(); ++l)
            QCOMPARE(model.index(l, kurtosisColumn).data(qs::LayerTableModel::ValueRole).toDouble(), 3.0 + l + 0.5);
        proxy.sort(kurtosisColumn, Qt::DescendingOrder);
        QCOMPARE(proxy.index(0, 0).data(qs::LayerTableModel::LayerIndexRole).toInt(), StoreFixture::layerCount() - 1);

        // Checkpoint 2 has no FP entry: the layers stay, every value is NaN and sorts as missing.
        model.setResults(qs::LayerTableData::fromRun(run, 2, fpIndex));
        QCOMPARE(model.rowCount(), StoreFixture::layerCount());
        QVERIFY(std::isnan(model.index(0, kurtosisColumn).data(qs::LayerTableModel::ValueRole).toDouble()));
        QVERIFY(!model.index(0, kurtosisColumn).data(qs::LayerTableModel::SortRole).isValid());

        model.setResults(qs::LayerTableData::fromRun(run, 0, fpIndex + 1));
        model.setResults(qs::LayerTableData::fromRun(run, 99, 99));
        QCOMPARE(model.columnCount(), int(qs::LayerTableModel::FirstMetricColumn));
        model.setResults({});
        QCOMPARE(model.rowCount(), 0);
    }

    void modelValues()
    {
        RunTreeModel model;
        model.setSnapshot(m_snapshot);
        const QModelIndex run = model.runRow(0);
        QCOMPARE(run.data().toString(), QString::fromLatin1(StoreFixture::runName));
        QCOMPARE(model.rowCount(run), StoreFixture::checkpointCount());
        // A run shows its latest checkpoint: step 99, and no LR.
        QCOMPARE(cell(model, run, RunTreeModel::StepColumn), 99.0);
        QVERIFY(std::isnan(cell(model, run, RunTreeModel::LrColumn)));
        QVERIFY(run.data(Qt::ToolTipRole).toString().contains(QStringLiteral("wsd")));
        QVERIFY(run.data(Qt::ToolTipRole).toString().contains(QStringLiteral("fixture")));

        for (int k = 0; k < StoreFixture::checkpointCount(); ++k) {
            const QModelIndex checkpoint = model.checkpointRow(0, k);
            QCOMPARE(checkpoint.parent(), run);
            QCOMPARE(checkpoint.data(RunTreeModel::CheckpointIndexRole).toInt(), k);
            QCOMPARE(checkpoint.data(RunTreeModel::ConfigIndexRole).toInt(), -1);
            const int step = StoreFixture::checkpointSteps()[size_t(k)];
            QCOMPARE(cell(model, checkpoint, RunTreeModel::StepColumn), double(step));
            QCOMPARE(cell(model, checkpoint, RunTreeModel::TokensColumn), double(StoreFixture::tokens(step)));
            QCOMPARE(cell(model, checkpoint, RunTreeModel::LrColumn), StoreFixture::lr(step));
            QCOMPARE(cell(model, checkpoint, RunTreeModel::FpLossColumn), StoreFixture::fpCe(k));
            // Checkpoint rows summarize the first quantized config by default.
            QCOMPARE(cell(model, checkpoint, RunTreeModel::RelCeColumn), StoreFixture::relCe(0, k));
            QCOMPARE(cell(model, checkpoint, RunTreeModel::KlMeanColumn), MetricsFixture::klMean(0, k));
            QCOMPARE(model.rowCount(checkpoint), 3);
            for (int c = 0; c < StoreFixture::configCount(); ++c) {
                const QModelIndex config = model.configRow(0, k, configIndex(c));
                QCOMPARE(config.parent(), checkpoint);
                QCOMPARE(config.data(RunTreeModel::RunIndexRole).toInt(), 0);
                QCOMPARE(config.data(RunTreeModel::CheckpointIndexRole).toInt(), k);
                QCOMPARE(config.data(RunTreeModel::ConfigIndexRole).toInt(), configIndex(c));
                QCOMPARE(config.data(RunTreeModel::DoneRole).toBool(), StoreFixture::done(c, k));
                QVERIFY(std::isnan(cell(model, config, RunTreeModel::StepColumn)));
                if (StoreFixture::done(c, k)) {
                    QCOMPARE(cell(model, config, RunTreeModel::RelCeColumn), StoreFixture::relCe(c, k));
                    QCOMPARE(cell(model, config, RunTreeModel::KlMeanColumn), MetricsFixture::klMean(c, k));
                } else {
                    QVERIFY(std::isnan(cell(model, config, RunTreeModel::RelCeColumn)));
                    const QModelIndex relCe = model.index(config.row(), RunTreeModel::RelCeColumn, checkpoint);
                    QVERIFY(relCe.data().toString().isEmpty());
                }
            }
        }
        // Display: relative CE 0.01 · 3 = 3 %, KL 0.001 · 2, LR 3e-3, FP CE 3.5 with four decimals.
        const QModelIndex checkpoint1 = model.checkpointRow(0, 1);
        QCOMPARE(model.index(1, RunTreeModel::RelCeColumn, run).data().toString(), QStringLiteral("+3.000 %"));
        QCOMPARE(model.index(1, RunTreeModel::KlMeanColumn, run).data().toString(), QStringLiteral("2.00e-03"));
        QCOMPARE(model.index(1, RunTreeModel::LrColumn, run).data().toString(), QStringLiteral("0.003"));
        QCOMPARE(model.index(1, RunTreeModel::FpLossColumn, run).data().toString(), QStringLiteral("3.5000"));
        QCOMPARE(checkpoint1.data().toString(), QStringLiteral("step 50"));

        // The summary follows the chosen config and says so in the tooltip; dataChanged tells views.
        QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);
        model.setSummaryConfig(QString::fromStdString(StoreFixture::config(1).id()));
        QCOMPARE(changed.count(), 1);
        QCOMPARE(cell(model, checkpoint1, RunTreeModel::RelCeColumn), StoreFixture::relCe(1, 1));
        QVERIFY(std::isnan(cell(model, model.checkpointRow(0, 2), RunTreeModel::RelCeColumn)));
        QVERIFY(model.index(1, RunTreeModel::RelCeColumn, run)
                    .data(Qt::ToolTipRole)
                    .toString()
                    .contains(QString::fromStdString(StoreFixture::config(1).label())));

        // Keys find the same rows again.
        for (const QModelIndex& row : {run, checkpoint1, model.configRow(0, 2, configIndex(0))})
            QCOMPARE(model.indexForKey(model.keyOf(row)), row);
        QCOMPARE(model.keyOf(checkpoint1), QStringLiteral("fixture-wsd/step:50"));
        QVERIFY(!model.indexForKey(QStringLiteral("fixture-wsd/step:51")).isValid());
        QVERIFY(!model.indexForKey(QStringLiteral("no-such-run")).isValid());
    }

    void filterKeepsParents()
    {
        RunTreeModel model;
        model.setSnapshot(multiRunSnapshot());
        qs::RunTreeFilterModel proxy;
        proxy.setSourceModel(&model);

        // A config label: every run that has the config, all their checkpoints, only that config.
        proxy.setFilterText(QStringLiteral("w3 PER-channel"));
        QCOMPARE(proxy.rowCount(), 1); // the second run lacks config 1, the third has no checkpoints
        QModelIndex run = proxy.index(0, 0);
        QCOMPARE(run.data().toString(), QString::fromLatin1(StoreFixture::runName));
        QCOMPARE(proxy.rowCount(run), StoreFixture::checkpointCount());
        for (int k = 0; k < StoreFixture::checkpointCount(); ++k) {
            const QModelIndex checkpoint = proxy.index(k, 0, run);
            QCOMPARE(proxy.rowCount(checkpoint), 1);
            QCOMPARE(proxy.index(0, 0, checkpoint).data(RunTreeModel::ConfigIndexRole).toInt(), configIndex(1));
        }
        // A config id.
        proxy.setFilterText(QString::fromStdString(StoreFixture::config(0).id()));
        QCOMPARE(proxy.rowCount(), 2);
        // A checkpoint: its run, and all its configs with it.
        proxy.setFilterText(QStringLiteral("step 99"));
        QCOMPARE(proxy.rowCount(), 1);
        run = proxy.index(0, 0);
        QCOMPARE(proxy.rowCount(run), 1);
        QCOMPARE(proxy.rowCount(proxy.index(0, 0, run)), 3);
        // A run name: the whole run.
        proxy.setFilterText(QStringLiteral("second"));
        QCOMPARE(proxy.rowCount(), 1);
        QCOMPARE(proxy.rowCount(proxy.index(0, 0)), StoreFixture::checkpointCount() - 1);
        proxy.setFilterText(QStringLiteral("nothing like this"));
        QCOMPARE(proxy.rowCount(), 0);
        proxy.setFilterText(QString());
        QCOMPARE(proxy.rowCount(), 3);
    }

    void sortingPutsBlanksLast()
    {
        RunTreeModel model;
        model.setSnapshot(m_snapshot);
        qs::RunTreeFilterModel proxy;
        proxy.setSourceModel(&model);
        const auto checkpointOrder = [&] {
            QList<int> order;
            const QModelIndex run = proxy.index(0, 0);
            for (int i = 0; i < proxy.rowCount(run); ++i)
                order << proxy.index(i, 0, run).data(RunTreeModel::CheckpointIndexRole).toInt();
            return order;
        };
        // Damage grows along training: relCe(0, k) = 0.01 (1 + 2k).
        proxy.sort(RunTreeModel::RelCeColumn, Qt::DescendingOrder);
        QCOMPARE(checkpointOrder(), (QList<int> {2, 1, 0}));
        proxy.sort(RunTreeModel::NameColumn, Qt::AscendingOrder);
        QCOMPARE(checkpointOrder(), (QList<int> {0, 1, 2}));
        // Configs at checkpoint 1: fp 0, config 0 0.03, config 1 0.06.
        const auto configOrder = [&](int k) {
            QList<int> order;
            const QModelIndex checkpoint = proxy.mapFromSource(model.checkpointRow(0, k));
            for (int i = 0; i < proxy.rowCount(checkpoint); ++i)
                order << proxy.index(i, 0, checkpoint).data(RunTreeModel::ConfigIndexRole).toInt();
            return order;
        };
        proxy.sort(RunTreeModel::RelCeColumn, Qt::AscendingOrder);
        QCOMPARE(configOrder(1), (QList<int> {fpIndex, configIndex(0), configIndex(1)}));
        // At checkpoint 2 only config 0 has a result: first in either order, the blanks after it.
        QCOMPARE(configOrder(2), (QList<int> {configIndex(0), fpIndex, configIndex(1)}));
        proxy.sort(RunTreeModel::RelCeColumn, Qt::DescendingOrder);
        QCOMPARE(configOrder(1), (QList<int> {configIndex(1), configIndex(0), fpIndex}));
        QCOMPARE(configOrder(2), (QList<int> {configIndex(0), fpIndex, configIndex(1)}));
    }

    void browserFollowsAndSetsSelection()
    {
        qs::Selection selection;
        selection.setSnapshot(qs::loadStoreSnapshot(m_store));
        // Defaults: the last checkpoint with a quantized result, the first quantized config.
        QCOMPARE(selection.checkpoint(), 2);
        QCOMPARE(selection.configIndex(), configIndex(0));

        qs::RunBrowserPage page(&selection);
        page.resize(900, 500);
        page.show();
        QVERIFY(QTest::qWaitForWindowExposed(&page));
        RunTreeModel* model = page.model();
        QTreeView* view = page.view();
        QCOMPARE(page.currentSourceIndex(), model->checkpointRow(0, 2));
        QVERIFY(view->isExpanded(page.proxy()->mapFromSource(model->runRow(0))));

        // A click on a config row selects its checkpoint and config.
        const QModelIndex configRow = model->configRow(0, 1, configIndex(1));
        view->expand(page.proxy()->mapFromSource(model->checkpointRow(0, 1)));
        const QRect rect = view->visualRect(page.proxy()->mapFromSource(configRow));
        QVERIFY(rect.isValid());
        QTest::mouseClick(view->viewport(), Qt::LeftButton, Qt::NoModifier, rect.center());
        QCOMPARE(selection.checkpoint(), 1);
        QCOMPARE(selection.configIndex(), configIndex(1));
        QCOMPARE(page.currentSourceIndex(), configRow);
        // Checkpoint rows now summarize the selected config.
        QCOMPARE(cell(*model, model->checkpointRow(0, 1), RunTreeModel::RelCeColumn), StoreFixture::relCe(1, 1));

        // A checkpoint chosen elsewhere: its row (closed) becomes current.
        selection.setCheckpoint(0);
        QCOMPARE(page.currentSourceIndex(), model->checkpointRow(0, 0));
        // With that checkpoint open, a config chosen elsewhere selects the config row.
        view->expand(page.proxy()->mapFromSource(model->checkpointRow(0, 0)));
        selection.setConfig(fpIndex);
        QCOMPARE(page.currentSourceIndex(), model->configRow(0, 0, fpIndex));
        // Selecting the checkpoint row itself changes only the checkpoint.
        view->setCurrentIndex(page.proxy()->mapFromSource(model->checkpointRow(0, 2)));
        QCOMPARE(selection.checkpoint(), 2);
        QCOMPARE(selection.configIndex(), fpIndex);
        QCOMPARE(page.currentSourceIndex(), model->checkpointRow(0, 2));

        // A reload (live sweep) keeps the open rows, the current row and the user's column widths.
        view->setColumnWidth(RunTreeModel::StepColumn, 77);
        selection.setSnapshot(qs::loadStoreSnapshot(m_store));
        QCOMPARE(view->columnWidth(RunTreeModel::StepColumn), 77);
        QCOMPARE(page.currentSourceIndex(), model->checkpointRow(0, 2));
        QVERIFY(view->isExpanded(page.proxy()->mapFromSource(model->checkpointRow(0, 0))));
        QVERIFY(view->isExpanded(page.proxy()->mapFromSource(model->checkpointRow(0, 1))));
        QVERIFY(!view->isExpanded(page.proxy()->mapFromSource(model->checkpointRow(0, 2))));

        // Filtering keeps the current row when it stays visible, and clearing the filter restores
        // the user's expansion (filtering expands everything).
        page.filterEdit()->setText(QStringLiteral("step 99"));
        QCOMPARE(page.proxy()->rowCount(page.proxy()->index(0, 0)), 1);
        QCOMPARE(page.currentSourceIndex(), model->checkpointRow(0, 2));
        QVERIFY(view->isExpanded(page.proxy()->mapFromSource(model->checkpointRow(0, 2))));
        page.filterEdit()->clear();
        QVERIFY(!view->isExpanded(page.proxy()->mapFromSource(model->checkpointRow(0, 2))));
        QVERIFY(view->isExpanded(page.proxy()->mapFromSource(model->checkpointRow(0, 0))));

        // A run the user closed stays closed across reloads that select nothing new...
        view->collapse(page.proxy()->mapFromSource(model->runRow(0)));
        selection.setSnapshot(qs::loadStoreSnapshot(m_store));
        QVERIFY(!view->isExpanded(page.proxy()->mapFromSource(model->runRow(0))));
        // ...and opens when a checkpoint is selected elsewhere; checkpoint 1 is open, so its row of
        // the selected config (fp) becomes current.
        selection.setCheckpoint(1);
        QVERIFY(view->isExpanded(page.proxy()->mapFromSource(model->runRow(0))));
        QCOMPARE(page.currentSourceIndex(), model->configRow(0, 1, fpIndex));
    }

    void outlierProfile()
    {
        qs::Selection selection;
        selection.setSnapshot(qs::loadStoreSnapshot(m_store));
        qs::OutlierPage page(&selection);
        page.resize(1000, 750);
        page.show();
        QVERIFY(QTest::qWaitForWindowExposed(&page));
        QCOMPARE(page.viewName(), QStringLiteral("outliers"));
        QVERIFY(page.figurePlot());
        QVERIFY(page.message().isEmpty());
        // Opens on the first FC2 layer at checkpoint 2, which the FP reference has not measured.
        QCOMPARE(selection.layerIndex(), 1);
        QCOMPARE(selection.checkpoint(), 2);
        QVERIFY(!page.isLoadingProfile());
        QVERIFY(page.profile().empty());
        QCOMPARE(page.profileBars()->dataCount(), 0);
        QCOMPARE(page.outlierCount(), -1);

        struct Case
        {
            int layer;
            int above; // channels above 6, counted by hand (ProfileStore)
        };
        for (const Case& c : {Case {1, 29}, Case {3, 38}, Case {0, 0}}) {
            selection.setCheckpoint(1);
            selection.setLayer(c.layer);
            QTRY_VERIFY_WITH_TIMEOUT(!page.isLoadingProfile(), 10000);
            QVERIFY2(page.profileError().isEmpty(), qPrintable(page.profileError()));
            const int cols = int(StoreFixture::layers()[size_t(c.layer)].cols);
            const std::vector<double> values = valuesOf(page.profileBars());
            QCOMPARE(int(values.size()), cols);
            for (int ch = 0; ch < cols; ++ch) {
                QCOMPARE(values[size_t(ch)], double(ProfileStore::absmax(1, c.layer, ch)));
                QCOMPARE((page.profileBars()->data()->constBegin() + ch)->key, double(ch));
            }
            QCOMPARE(page.outlierCount(), c.above);
            QCOMPARE(page.outlierBars()->dataCount(), c.above);
            QVERIFY2(page.profileTitle().contains(QStringLiteral("%1 of %2").arg(c.above).arg(cols)),
                     qPrintable(page.profileTitle()));
            // The histogram holds every channel, and its bins right of the threshold the outliers.
            double total = 0.0;
            double right = 0.0;
            for (auto it = page.histogramBars()->data()->constBegin(); it != page.histogramBars()->data()->constEnd();
                 ++it) {
                total += it->value;
                if (it->key - page.histogramBars()->width() / 2 >= qs::OutlierPage::outlierThreshold - 1e-12)
                    right += it->value;
            }
            QCOMPARE(total, double(cols));
            QCOMPARE(right, double(c.above));
        }
        // The profile of another checkpoint.
        selection.setLayer(1);
        selection.setCheckpoint(0);
        QTRY_VERIFY_WITH_TIMEOUT(!page.isLoadingProfile(), 10000);
        QCOMPARE(valuesOf(page.profileBars()).at(47), double(ProfileStore::absmax(0, 1, 47)));
        // 0.5 + 0.25 c > 6 for c >= 23: 25 channels.
        QCOMPARE(page.outlierCount(), 25);

        // CSV: channel and absmax per channel, then checkpoint, step and kurtosis per point.
        const QStringList lines = page.csv().split(QLatin1Char('\n'), Qt::SkipEmptyParts);
        QCOMPARE(lines.value(0), QStringLiteral("channel,absmax,checkpoint,step,act_kurtosis"));
        QCOMPARE(lines.size(), 1 + 48);
        QCOMPARE(lines.value(1), QStringLiteral("0,0.5,0,0,4"));
        QCOMPARE(lines.value(2), QStringLiteral("1,0.75,1,50,4.5"));
        QCOMPARE(lines.value(3), QStringLiteral("2,1,,,"));
    }

    void outlierChannelsAcrossCheckpoints()
    {
        // Layer 1 (FC2 of block 0, 48 channels) is 0.5 + 0.25 c + k at the two measured checkpoints:
        // channels 23..47 exceed 6 at both, channels 19..22 only at the second. Rows: by first
        // appearance, then channel.
        qs::Selection selection;
        selection.setSnapshot(qs::loadStoreSnapshot(m_store));
        qs::OutlierPage page(&selection);
        page.resize(1000, 900);
        selection.setLayer(1);
        selection.setCheckpoint(1);
        QTRY_VERIFY_WITH_TIMEOUT(!page.isLoadingTrack() && !page.isLoadingProfile(), 10000);
        const qs::ChannelTrackRead& track = page.channelTrack();
        QVERIFY2(track.error.isEmpty(), qPrintable(track.error));
        QCOMPARE(track.checkpoints, (std::vector<int> {0, 1}));
        QCOMPARE(track.track.channels.size(), size_t(29));
        QCOMPARE(track.track.fresh, (std::vector<int> {25, 4}));
        QCOMPARE(track.track.persistent, (std::vector<int> {0, 25}));
        QCPColorMapData* cells = page.channelMap()->data();
        QCOMPARE(cells->keySize(), 2);
        QCOMPARE(cells->valueSize(), 29);
        QVERIFY(page.channelMap()->visible());
        const auto channelOfRow = [&](int row) {
            return track.track.channels[size_t(track.rows[size_t(row)])].channel;
        };
        QCOMPARE(channelOfRow(0), 23);
        QCOMPARE(channelOfRow(24), 47);
        QCOMPARE(channelOfRow(25), 19);
        QCOMPARE(cells->cell(0, 0), double(ProfileStore::absmax(0, 1, 23)));
        QCOMPARE(cells->cell(1, 28), double(ProfileStore::absmax(1, 1, 22)));
        QCOMPARE(cells->cell(0, 25), double(ProfileStore::absmax(0, 1, 19))); // below 6 there, still drawn
        QVERIFY2(page.trackTitle().contains(QStringLiteral("29 exceed 6"))
                     && page.trackTitle().contains(QStringLiteral("29 stayed"))
                     && page.trackTitle().contains(QStringLiteral("29 are outliers at the last")),
                 qPrintable(page.trackTitle()));
        // Layer 0 never exceeds the threshold: a note instead of cells.
        selection.setLayer(0);
        QTRY_VERIFY_WITH_TIMEOUT(!page.isLoadingTrack(), 10000);
        QVERIFY(page.channelTrack().track.channels.empty());
        QVERIFY(!page.channelMap()->visible());
    }

    void outlierKurtosisAndFc2()
    {
        qs::Selection selection;
        selection.setSnapshot(qs::loadStoreSnapshot(m_store));
        qs::OutlierPage page(&selection);
        page.resize(1000, 750);
        page.show();
        QVERIFY(QTest::qWaitForWindowExposed(&page));
        selection.setLayer(3);

        // One point per checkpoint the FP reference measured (0 and 1), at its step.
        QCPGraph* graph = page.kurtosisGraph();
        QCOMPARE(graph->dataCount(), 2);
        for (int k = 0; k < 2; ++k) {
            const auto point = graph->data()->constBegin() + k;
            QCOMPARE(point->key, double(StoreFixture::checkpointSteps()[size_t(k)]));
            QCOMPARE(point->value, MetricsFixture::actKurtosis(k, 3));
        }
        QCOMPARE(page.kurtosisCheckpoints(), (std::vector<int> {0, 1}));

        // Clicking the point of checkpoint 0 selects it.
        page.replotNow();
        QCPAxisRect* rect = page.kurtosisRect();
        const QPoint at(int(std::lround(rect->axis(QCPAxis::atBottom)->coordToPixel(0.0))) + 2,
                        int(std::lround(rect->axis(QCPAxis::atLeft)->coordToPixel(MetricsFixture::actKurtosis(0, 3)))));
        QCOMPARE(page.checkpointNearPixel(at), 0);
        QSignalSpy changed(&selection, &qs::Selection::checkpointChanged);
        QTest::mouseClick(page.plot(), Qt::LeftButton, Qt::NoModifier, at);
        QCOMPARE(changed.count(), 1);
        QCOMPARE(selection.checkpoint(), 0);
        // A click far from every point selects nothing.
        QCOMPARE(page.checkpointNearPixel(QPointF(rect->rect().right() - 2, at.y())), -1);

        // FC2 jump: from block 1's q to block 1's down, from block 0's q to block 0's down.
        selection.setLayer(2);
        QVERIFY(page.fc2Button()->isEnabled());
        QTest::mouseClick(page.fc2Button(), Qt::LeftButton);
        QCOMPARE(selection.layerIndex(), 3);
        QVERIFY(!page.fc2Button()->isEnabled());
        selection.setLayer(0);
        page.jumpToFc2();
        QCOMPARE(selection.layerIndex(), 1);
        // The layer combo lists every layer with its kind and follows the selection.
        QCOMPARE(page.layerCombo()->count(), StoreFixture::layerCount());
        QCOMPARE(page.layerCombo()->currentData().toInt(), 1);
        QVERIFY(page.layerCombo()->currentText().contains(QStringLiteral("down")));
        QTRY_VERIFY_WITH_TIMEOUT(!page.isLoadingProfile(), 10000);
    }

    void outlierMessages()
    {
        {
            qs::Selection selection;
            selection.setSnapshot(qs::loadStoreSnapshot(m_noFpStore));
            qs::OutlierPage page(&selection);
            QVERIFY(page.message().contains(QStringLiteral("no activation statistics")));
            QVERIFY(page.message().contains(QStringLiteral("fp")));
            QVERIFY(!page.figurePlot());
            QVERIFY(page.csv().isEmpty());
        }
        {
            qs::Selection selection;
            selection.setSnapshot(qs::loadStoreSnapshot(m_noProfStore));
            qs::OutlierPage page(&selection);
            selection.setCheckpoint(1);
            QTRY_VERIFY_WITH_TIMEOUT(!page.isLoadingProfile(), 10000);
            QVERIFY2(page.message().contains(QStringLiteral("no per-channel activation profiles")),
                     qPrintable(page.message()));
            QVERIFY(!page.figurePlot());
        }
        {
            qs::Selection selection;
            qs::OutlierPage page(&selection);
            QVERIFY(page.message().contains(QStringLiteral("No store")));
        }
    }

    void outlierReadErrorKeepsTheRest()
    {
        const QString moved = m_dir.filePath(QStringLiteral("moved.h5"));
        QVERIFY(QFile::copy(m_store, moved));
        qs::Selection selection;
        selection.setSnapshot(qs::loadStoreSnapshot(moved));
        qs::OutlierPage page(&selection);
        QCOMPARE(selection.checkpoint(), 2); // not measured: nothing read yet
        QVERIFY(QFile::remove(moved));
        selection.setCheckpoint(1);
        QTRY_VERIFY_WITH_TIMEOUT(!page.isLoadingProfile(), 10000);
        QVERIFY(page.profileError().contains(moved));
        QVERIFY(page.findChild<QLabel*>(QStringLiteral("outlierError"))->text().contains(moved));
        QVERIFY(page.figurePlot());
        QCOMPARE(page.profileBars()->dataCount(), 0);
        QCOMPARE(page.kurtosisGraph()->dataCount(), 2);
    }
};

QS_TEST_MAIN(TstBrowser)
#include "tst_browser.moc"
