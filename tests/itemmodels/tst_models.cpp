// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
// The Qt-Core layer: store snapshots, the per-layer table model, settings, jobs.

#include "tests/support/numeric.h"
#include "tests/support/testutils.h"

#include "core/common/errors.h"
#include "itemmodels/jobs/demojob.h"
#include "itemmodels/jobs/job.h"
#include "itemmodels/jobs/sweepjob.h"
#include "itemmodels/layertablemodel.h"
#include "itemmodels/settings.h"
#include "itemmodels/storeloader.h"
#include "itemmodels/storesnapshot.h"
#include "tests/support/storefixture.h"
#include "tests/support/trainedstore.h"

#include <hdf5.h>

#include <QAbstractItemModelTester>
#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QSignalSpy>
#include <QSortFilterProxyModel>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QThread>

#include <algorithm>
#include <cmath>

using qs::test::MetricsFixture;
using qs::test::StoreFixture;
using qs::test::TrainedStore;

namespace {

// Reports progress in many tiny steps; fails or stops when asked to. Like every job, its work touches
// none of its members: `reached` is shared with the work.
class CountingJob : public qs::Job
{
public:
    int steps = 2000;
    bool fail = false;
    std::shared_ptr<std::atomic<int>> reached = std::make_shared<std::atomic<int>>(0);

protected:
    Work prepare() override
    {
        return [steps = steps, fail = fail, reached = reached](const qs::Progress& progress) {
            for (int i = 0; i <= steps; ++i) {
                if (!qs::reportProgress(progress, double(i) / steps, "counting"))
                    throw qs::Cancelled();
                *reached = i;
                QThread::usleep(200);
                if (fail && i == steps / 2)
                    throw qs::FormatError("counting.bin: broken at the half");
            }
        };
    }
};

// A sweep whose progress callback says stop once `stopAt` of the work is done: runSweep must throw
// Cancelled from inside, after it stored some entries.
class StoppingSweepJob : public qs::SweepJob
{
public:
    using SweepJob::SweepJob;
    double stopAt = 0.3;

protected:
    Work prepare() override
    {
        return [sweep = SweepJob::prepare(), stopAt = stopAt](const qs::Progress& progress) {
            sweep(
                [&progress, stopAt](const qs::ProgressInfo& info) { return info.fraction < stopAt && progress(info); });
        };
    }
};

// HDF5 files this process holds open; a job must leave none behind.
ssize_t openHdf5Files()
{
    return H5Fget_obj_count(H5F_OBJ_ALL, H5F_OBJ_FILE);
}

// (checkpoint, config) entries with a done flag, over every config of `run` in the store, FP included.
int doneEntries(const QString& storePath, const char* run)
{
    const qs::Store store = qs::Store::open(storePath.toStdString());
    int done = 0;
    for (const std::string& id : store.configIds(run)) {
        const qs::ConfigResults results = store.results(run, id);
        done += int(std::count(results.done.begin(), results.done.end(), uint8_t(1)));
    }
    return done;
}

} // namespace

class TstModels : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    QString m_store;
    QString m_metricsStore;
    QString m_tinyStore; // trained on first use

    // The store of a freshly trained tiny run, trained once per test run.
    QString tinyStore()
    {
        if (m_tinyStore.isEmpty()) {
            const QString path = m_dir.filePath(QStringLiteral("tiny.h5"));
            TrainedStore::train(m_dir.filePath(QStringLiteral("tiny.txt")), path,
                                m_dir.filePath(QStringLiteral("tiny-ckpt")));
            m_tinyStore = path;
        }
        return m_tinyStore;
    }

    int configIndex(const qs::RunSnapshot& run, int c) const { return run.configIndex(StoreFixture::config(c).id()); }

private Q_SLOTS:
    void initTestCase()
    {
        QCoreApplication::setOrganizationName(QStringLiteral("QuantScopeTest"));
        QCoreApplication::setApplicationName(QStringLiteral("tst_models"));
        QStandardPaths::setTestModeEnabled(true);
        QVERIFY(m_dir.isValid());
        m_store = m_dir.filePath(QStringLiteral("fixture.h5"));
        StoreFixture::write(m_store);
        m_metricsStore = m_dir.filePath(QStringLiteral("metrics.h5"));
        MetricsFixture::write(m_metricsStore);
    }

    void snapshotRoundTrip()
    {
        const qs::StoreSnapshotPtr snapshot = qs::loadStoreSnapshot(m_store);
        QCOMPARE(snapshot->path, m_store);
        QCOMPARE(snapshot->runs.size(), size_t(1));
        const qs::RunSnapshot& run = snapshot->runs[0];
        QCOMPARE(run.name(), QString::fromLatin1(StoreFixture::runName));
        QCOMPARE(snapshot->runIndex(QString::fromLatin1(StoreFixture::runName)), 0);
        QCOMPARE(snapshot->runIndex(QStringLiteral("nope")), -1);
        QCOMPARE(run.info.schedule, std::string("wsd"));

        QCOMPARE(run.log.size(), size_t(StoreFixture::steps));
        for (int s = 0; s < StoreFixture::steps; ++s) {
            QCOMPARE(run.log[size_t(s)].step, s);
            QCOMPARE(run.log[size_t(s)].tokens, StoreFixture::tokens(s));
            QCOMPARE(run.log[size_t(s)].lr, StoreFixture::lr(s));
        }
        QCOMPARE(run.validation.size(), StoreFixture::validationSteps().size());
        QCOMPARE(run.validation[1].valLoss, StoreFixture::valLoss(25));

        QCOMPARE(int(run.checkpoints.size()), StoreFixture::checkpointCount());
        for (int k = 0; k < StoreFixture::checkpointCount(); ++k) {
            QCOMPARE(run.checkpoints[size_t(k)].step, StoreFixture::checkpointSteps()[size_t(k)]);
            QCOMPARE(run.checkpoints[size_t(k)].fpValCe, StoreFixture::fpCe(k));
        }
        QCOMPARE(int(run.layers.size()), StoreFixture::layerCount());
        QCOMPARE(run.layers[1].kind, std::string("down"));

        QCOMPARE(int(run.configs.size()), StoreFixture::configCount());
        for (int c = 0; c < StoreFixture::configCount(); ++c) {
            const int index = configIndex(run, c);
            QVERIFY(index >= 0);
            const qs::ConfigSnapshot& config = run.configs[size_t(index)];
            QCOMPARE(config.config, StoreFixture::config(c));
            QCOMPARE(config.label, QString::fromStdString(StoreFixture::config(c).label()));
            QCOMPARE(config.layerMetricNames(), std::vector<std::string> {"w_rel_err"});
            for (int k = 0; k < StoreFixture::checkpointCount(); ++k) {
                QCOMPARE(config.isDone(k), StoreFixture::done(c, k));
                if (StoreFixture::done(c, k)) {
                    QCOMPARE(config.modelMetric("rel_ce", k), StoreFixture::relCe(c, k));
                    QCOMPARE(config.modelMetric("delta_ce", k), StoreFixture::deltaCe(c, k));
                } else {
                    QVERIFY(std::isnan(config.modelMetric("rel_ce", k)));
                }
            }
            QVERIFY(std::isnan(config.modelMetric("no_such_metric", 0)));
            QVERIFY(std::isnan(config.modelMetric("rel_ce", 99)));
        }
    }

    void snapshotErrors_data()
    {
        QTest::addColumn<QString>("fileName");
        QTest::addColumn<QByteArray>("content"); // null: do not create the file
        QTest::addRow("missing file") << QStringLiteral("missing.h5") << QByteArray();
        QTest::addRow("garbage bytes") << QStringLiteral("garbage.h5") << QByteArray("this is not HDF5 at all\n", 24);
        QTest::addRow("empty file") << QStringLiteral("empty.h5") << QByteArray("");
        QTest::addRow("hdf5 but no store") << QStringLiteral("plain.h5") << QByteArray("hdf5");
    }

    void snapshotErrors()
    {
        QFETCH(QString, fileName);
        QFETCH(QByteArray, content);
        const QString path = m_dir.filePath(fileName);
        if (content == "hdf5") {
            const hid_t file = H5Fcreate(QFile::encodeName(path).constData(), H5F_ACC_TRUNC, H5P_DEFAULT, H5P_DEFAULT);
            QVERIFY(file >= 0);
            H5Fclose(file);
        } else if (!content.isNull()) {
            QFile f(path);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(content);
        }
        try {
            qs::loadStoreSnapshot(path);
            QFAIL("loading a bad store must throw");
        } catch (const qs::Error& e) {
            const QString message = QString::fromStdString(e.what());
            QVERIFY2(message.contains(fileName), qPrintable(message));
        }
    }

    void layerTableModel_data()
    {
        QTest::addColumn<int>("config");
        QTest::addColumn<int>("checkpoint");
        QTest::addRow("rtn w4 g32, first checkpoint") << 0 << 0;
        QTest::addRow("rtn w4 g32, last checkpoint") << 0 << 2;
        QTest::addRow("rtn w3 per-channel, middle") << 1 << 1;
        QTest::addRow("rtn w3 per-channel, not swept yet") << 1 << 2;
    }

    void layerTableModel()
    {
        QFETCH(int, config);
        QFETCH(int, checkpoint);
        const qs::StoreSnapshotPtr snapshot = qs::loadStoreSnapshot(m_store);
        const qs::RunSnapshot& run = snapshot->runs[0];

        qs::LayerTableModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QCOMPARE(model.rowCount(), 0);
        model.setResults(qs::LayerTableData::fromRun(run, checkpoint, configIndex(run, config)));

        using M = qs::LayerTableModel;
        QCOMPARE(model.rowCount(), StoreFixture::layerCount());
        QCOMPARE(model.columnCount(), M::FirstMetricColumn + 1);
        QCOMPARE(model.headerData(M::FirstMetricColumn, Qt::Horizontal, M::MetricNameRole).toString(),
                 QStringLiteral("w_rel_err"));
        QCOMPARE(model.headerData(M::NameColumn, Qt::Horizontal).toString(), QStringLiteral("layer"));

        const auto layers = StoreFixture::layers();
        for (int l = 0; l < StoreFixture::layerCount(); ++l) {
            const qs::LayerInfo& layer = layers[size_t(l)];
            QCOMPARE(model.index(l, M::NameColumn).data().toString(), QString::fromStdString(layer.name));
            QCOMPARE(model.index(l, M::NameColumn).data(M::LayerIndexRole).toInt(), l);
            QCOMPARE(model.index(l, M::BlockColumn).data().toInt(), layer.block);
            QCOMPARE(model.index(l, M::KindColumn).data().toString(), QString::fromStdString(layer.kind));
            QCOMPARE(model.index(l, M::ShapeColumn).data().toString(),
                     QStringLiteral("%1 × %2").arg(layer.rows).arg(layer.cols));
            QCOMPARE(model.index(l, M::ShapeColumn).data(M::SortRole).toLongLong(), layer.rows * layer.cols);

            const QModelIndex metric = model.index(l, M::FirstMetricColumn);
            QCOMPARE(metric.data(M::MetricNameRole).toString(), QStringLiteral("w_rel_err"));
            if (StoreFixture::done(config, checkpoint)) {
                const double expected = StoreFixture::wRelErr(config, checkpoint, l);
                QCOMPARE(metric.data(M::ValueRole).toDouble(), expected);
                QCOMPARE(metric.data(M::SortRole).userType(), QMetaType::Double);
                QCOMPARE(metric.data(M::SortRole).toDouble(), expected);
                QCOMPARE(metric.data().toString(), QString::number(expected, 'g', 4));
            } else {
                QVERIFY(std::isnan(metric.data(M::ValueRole).toDouble()));
                QVERIFY(!metric.data(M::SortRole).isValid());
            }
        }

        // Sorting by the metric through a proxy: the fixture's error grows with the layer index.
        if (StoreFixture::done(config, checkpoint)) {
            QSortFilterProxyModel proxy;
            QAbstractItemModelTester proxyTester(&proxy, QAbstractItemModelTester::FailureReportingMode::QtTest);
            proxy.setSourceModel(&model);
            proxy.setSortRole(M::SortRole);
            proxy.sort(M::FirstMetricColumn, Qt::DescendingOrder);
            QCOMPARE(proxy.index(0, M::NameColumn).data(M::LayerIndexRole).toInt(), StoreFixture::layerCount() - 1);
            proxy.sort(M::KindColumn, Qt::AscendingOrder);
            QCOMPARE(proxy.index(0, M::KindColumn).data().toString(), QStringLiteral("q"));
        }

        model.setResults({});
        QCOMPARE(model.rowCount(), 0);
        QCOMPARE(model.columnCount(), int(M::FirstMetricColumn));
    }

    void settingsRecentStores()
    {
        QTemporaryDir dir;
        const QString ini = dir.filePath(QStringLiteral("settings.ini"));
        qs::Settings settings(ini);
        QSignalSpy changed(&settings, &qs::Settings::recentStoresChanged);
        QVERIFY(settings.recentStores().isEmpty());

        for (int i = 0; i < 12; ++i)
            settings.addRecentStore(dir.filePath(QStringLiteral("s%1.h5").arg(i)));
        QStringList recent = settings.recentStores();
        QCOMPARE(recent.size(), qs::Settings::maxRecentStores);
        QCOMPARE(recent.first(), dir.filePath(QStringLiteral("s11.h5")));
        QCOMPARE(recent.last(), dir.filePath(QStringLiteral("s2.h5")));
        QCOMPARE(changed.count(), 12);

        // Re-adding moves to the front without a duplicate, also when spelled differently.
        settings.addRecentStore(dir.path() + QStringLiteral("/sub/../s5.h5"));
        recent = settings.recentStores();
        QCOMPARE(recent.size(), qs::Settings::maxRecentStores);
        QCOMPARE(recent.first(), dir.filePath(QStringLiteral("s5.h5")));
        QCOMPARE(recent.count(dir.filePath(QStringLiteral("s5.h5"))), 1);
        QCOMPARE(recent.at(1), dir.filePath(QStringLiteral("s11.h5")));

        // Adding the current front again changes nothing.
        const int before = changed.count();
        settings.addRecentStore(dir.filePath(QStringLiteral("s5.h5")));
        QCOMPARE(changed.count(), before);

        settings.removeRecentStore(dir.filePath(QStringLiteral("s5.h5")));
        QCOMPARE(settings.recentStores().size(), qs::Settings::maxRecentStores - 1);
        QVERIFY(!settings.recentStores().contains(dir.filePath(QStringLiteral("s5.h5"))));

        // Persisted: a second object over the same file sees the list.
        settings.sync();
        {
            qs::Settings again(ini);
            QCOMPARE(again.recentStores(), settings.recentStores());
        }
        settings.clearRecentStores();
        QVERIFY(settings.recentStores().isEmpty());
    }

    void settingsValues()
    {
        QTemporaryDir dir;
        const QString ini = dir.filePath(QStringLiteral("settings.ini"));
        {
            qs::Settings settings(ini);
            QCOMPARE(settings.lastXAxis(), qs::TrajectoryAxis::Step);
            settings.setLastXAxis(qs::TrajectoryAxis::Tokens);
            settings.setWindowGeometry(QByteArray("geometry"));
            settings.setWindowState(QByteArray("state"));
            QCOMPARE(settings.demoDirectory(), qs::Settings::defaultDemoDirectory());
            settings.setDemoDirectory(dir.filePath(QStringLiteral("demo-here")));
            QVERIFY(settings.sweepSpecs().isEmpty());
            settings.setSweepSpecs(QStringLiteral("rtn:4:g32:sym\nnone:a4"));
        }
        {
            qs::Settings settings(ini);
            QCOMPARE(settings.lastXAxis(), qs::TrajectoryAxis::Tokens);
            QCOMPARE(settings.windowGeometry(), QByteArray("geometry"));
            QCOMPARE(settings.windowState(), QByteArray("state"));
            QCOMPARE(settings.demoDirectory(), dir.filePath(QStringLiteral("demo-here")));
            QCOMPARE(settings.sweepSpecs(), QStringLiteral("rtn:4:g32:sym\nnone:a4"));
        }
        {
            // A window state saved by another layout version is dropped.
            QSettings raw(ini, QSettings::IniFormat);
            raw.setValue(QStringLiteral("mainWindow/stateVersion"), qs::Settings::windowStateVersion + 1);
        }
        QVERIFY(qs::Settings(ini).windowState().isEmpty());

        const QString demo = qs::Settings::defaultDemoDirectory();
        QVERIFY(demo.endsWith(QStringLiteral("/demo")));
        QVERIFY(demo.startsWith(QStandardPaths::writableLocation(QStandardPaths::AppLocalDataLocation)));
    }

    void settingsPreferences()
    {
        QTemporaryDir dir;
        const QString ini = dir.filePath(QStringLiteral("settings.ini"));
        qs::ExportChoices chosen;
        chosen.format = QStringLiteral("svg");
        chosen.size = QStringLiteral("custom");
        chosen.customWidth = 5.25;
        chosen.height = 3.5;
        chosen.dpi = 600;
        chosen.style = QStringLiteral("screen");
        chosen.fontFamily = QStringLiteral("DejaVu Serif");
        chosen.fontPt = 9.5;
        chosen.lineWidth = 0.75;
        chosen.legend = QStringLiteral("none");
        chosen.directory = dir.path() + QStringLiteral("/figs/../figures");
        {
            // Fresh settings: system language and theme, the paper defaults, the first tab.
            qs::Settings settings(ini);
            QVERIFY(settings.language().isEmpty());
            QVERIFY(settings.theme() == qs::Settings::Theme::System);
            QVERIFY(settings.exportChoices() == qs::ExportChoices {});
            QCOMPARE(settings.exportChoices().format, QStringLiteral("pdf"));
            QCOMPARE(settings.viewTab(), 0);
            QVERIFY(settings.splitterState().isEmpty());

            settings.setLanguage(QStringLiteral("zh_CN"));
            settings.setTheme(qs::Settings::Theme::Dark);
            settings.setExportChoices(chosen);
            settings.setViewTab(3);
            settings.setSplitterState(QByteArray("splitter"));
        }
        {
            qs::Settings settings(ini);
            QCOMPARE(settings.language(), QStringLiteral("zh_CN"));
            QVERIFY(settings.theme() == qs::Settings::Theme::Dark);
            const qs::ExportChoices back = settings.exportChoices();
            QCOMPARE(back.format, QStringLiteral("svg"));
            QCOMPARE(back.size, QStringLiteral("custom"));
            QCOMPARE(back.customWidth, 5.25);
            QCOMPARE(back.height, 3.5);
            QCOMPARE(back.dpi, 600);
            QCOMPARE(back.style, QStringLiteral("screen"));
            QCOMPARE(back.fontFamily, QStringLiteral("DejaVu Serif"));
            QCOMPARE(back.fontPt, 9.5);
            QCOMPARE(back.lineWidth, 0.75);
            QCOMPARE(back.legend, QStringLiteral("none"));
            QCOMPARE(back.directory, dir.filePath(QStringLiteral("figures"))); // stored clean and absolute
            QCOMPARE(settings.viewTab(), 3);
            QCOMPARE(settings.splitterState(), QByteArray("splitter"));

            // Back to the system language and theme.
            settings.setLanguage(QString());
            settings.setTheme(qs::Settings::Theme::System);
            settings.setTheme(qs::Settings::Theme::Light);
        }
        {
            qs::Settings settings(ini);
            QVERIFY(settings.language().isEmpty());
            QVERIFY(settings.theme() == qs::Settings::Theme::Light);
        }
        {
            // Values edited by hand into nonsense read back as the defaults, never half-applied.
            QSettings raw(ini, QSettings::IniFormat);
            raw.setValue(QStringLiteral("ui/theme"), QStringLiteral("purple"));
            raw.setValue(QStringLiteral("export/format"), QStringLiteral("docx"));
            raw.setValue(QStringLiteral("export/size"), QStringLiteral("A4"));
            raw.setValue(QStringLiteral("export/dpi"), QStringLiteral("lots"));
            raw.setValue(QStringLiteral("export/customWidth"), -2.0);
            raw.setValue(QStringLiteral("export/legend"), QStringLiteral("sideways"));
            raw.setValue(QStringLiteral("export/style"), QStringLiteral("poster"));
            raw.setValue(QStringLiteral("mainWindow/viewTab"), -4);
        }
        qs::Settings settings(ini);
        QVERIFY(settings.theme() == qs::Settings::Theme::System);
        const qs::ExportChoices back = settings.exportChoices();
        QCOMPARE(back.format, QStringLiteral("pdf"));
        QCOMPARE(back.size, QStringLiteral("single"));
        QCOMPARE(back.dpi, 300);
        QCOMPARE(back.customWidth, 3.3);
        QCOMPARE(back.legend, QStringLiteral("below"));
        QCOMPARE(back.style, QStringLiteral("paper"));
        QCOMPARE(back.height, 3.5); // untouched values stay
        QCOMPARE(settings.viewTab(), 0);
    }

    void jobProgressAndFinish()
    {
        CountingJob job;
        QSignalSpy progress(&job, &qs::Job::progressChanged);
        QSignalSpy finished(&job, &qs::Job::finished);
        QSignalSpy running(&job, &qs::Job::runningChanged);
        job.start();
        QVERIFY(job.isRunning());
        QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 30000);
        QVERIFY(!job.isRunning());
        QCOMPARE(running.count(), 2);
        // 2001 reports over ~0.5 s, throttled to about ten a second.
        QVERIFY(progress.count() >= 1);
        QVERIFY2(progress.count() < 200, qPrintable(QString::number(progress.count())));
        double last = -1.0;
        for (const QList<QVariant>& args : std::as_const(progress)) {
            const double fraction = args.at(0).toDouble();
            QVERIFY(fraction >= last && fraction >= 0.0 && fraction <= 1.0);
            QCOMPARE(args.at(1).toString(), QStringLiteral("counting"));
            last = fraction;
        }
    }

    void jobCancel()
    {
        CountingJob job;
        job.steps = 1000000;
        QSignalSpy cancelled(&job, &qs::Job::cancelled);
        QSignalSpy finished(&job, &qs::Job::finished);
        job.start();
        QTRY_VERIFY_WITH_TIMEOUT(job.reached->load() > 10, 10000);
        job.cancel();
        QTRY_COMPARE_WITH_TIMEOUT(cancelled.count(), 1, 10000);
        QCOMPARE(finished.count(), 0);
        QVERIFY(job.reached->load() < job.steps);
    }

    void jobDestroyedWhileRunning()
    {
        // A subclass that does nothing in its destructor: ~Job() cancels and waits, and the work touches
        // no member of the (already destroyed) subclass, so this is safe (ASan would see otherwise).
        auto job = std::make_unique<CountingJob>();
        job->steps = 1000000;
        const auto reached = job->reached;
        job->start();
        QTRY_VERIFY_WITH_TIMEOUT(reached->load() > 10, 10000);
        job.reset();
        const int stoppedAt = reached->load();
        QVERIFY(stoppedAt < 1000000);
        QTest::qWait(20);
        QCOMPARE(reached->load(), stoppedAt); // the work has returned
    }

    void jobFailure()
    {
        CountingJob job;
        job.steps = 100;
        job.fail = true;
        QSignalSpy failed(&job, &qs::Job::failed);
        job.start();
        QTRY_COMPARE_WITH_TIMEOUT(failed.count(), 1, 10000);
        QVERIFY(failed.at(0).at(0).toString().contains(QStringLiteral("counting.bin")));
        QVERIFY(!job.isRunning());
    }

    void jobEtaText()
    {
        QVERIFY(qs::Job::formatEta(-1.0).isEmpty());
        QVERIFY(qs::Job::formatEta(30.0).contains(QStringLiteral("30")));
        QVERIFY(qs::Job::formatEta(600.0).contains(QStringLiteral("10")));
        QVERIFY(qs::Job::formatEta(3.0 * 3600.0 + 120.0).contains(QStringLiteral("3 h 2")));
    }

    void demoJobCancel()
    {
        if (!QFile::exists(QStringLiteral("/usr/bin/bible")) && !QFile::exists(QStringLiteral("/usr/games/bible")))
            QSKIP("the demo corpus needs Debian's bible-kjv package");
        QTemporaryDir dir;
        qs::DemoJob job(dir.path());
        QCOMPARE(job.storePath(), QDir(dir.path()).filePath(QStringLiteral("quantscope-demo.h5")));
        QSignalSpy cancelled(&job, &qs::Job::cancelled);
        QSignalSpy failed(&job, &qs::Job::failed);
        QSignalSpy finished(&job, &qs::DemoJob::demoFinished);
        connect(&job, &qs::Job::started, &job, &qs::Job::cancel, Qt::DirectConnection); // before the worker runs
        job.start();
        QTRY_VERIFY_WITH_TIMEOUT(cancelled.count() + failed.count() + finished.count() > 0, 240000);
        QVERIFY2(failed.isEmpty(), failed.isEmpty() ? "" : qPrintable(failed.at(0).at(0).toString()));
        QCOMPARE(cancelled.count(), 1);
        QVERIFY(!job.isRunning());
        // What was stored before the cancel is a readable store.
        const qs::StoreSnapshotPtr snapshot = qs::loadStoreSnapshot(job.storePath());
        QVERIFY(snapshot);
    }

    void storeLoaderNewestWins()
    {
        qs::StoreLoader loader;
        QSignalSpy loaded(&loader, &qs::StoreLoader::loaded);
        QSignalSpy failed(&loader, &qs::StoreLoader::failed);

        // An older request (which would fail) is superseded by a newer one before it returns.
        loader.load(m_dir.filePath(QStringLiteral("does-not-exist.h5")));
        const quint64 newest = loader.load(m_store);
        QCOMPARE(loader.generation(), newest);
        QTRY_COMPARE_WITH_TIMEOUT(loaded.count(), 1, 20000);
        QTRY_VERIFY_WITH_TIMEOUT(!loader.isLoading(), 20000);
        QCOMPARE(failed.count(), 0);
        const auto snapshot = loaded.at(0).at(0).value<qs::StoreSnapshotPtr>();
        QVERIFY(snapshot);
        QCOMPARE(snapshot->path, m_store);

        loader.load(m_dir.filePath(QStringLiteral("does-not-exist.h5")));
        QTRY_COMPARE_WITH_TIMEOUT(failed.count(), 1, 20000);
        QCOMPARE(failed.at(0).at(0).toString(), m_dir.filePath(QStringLiteral("does-not-exist.h5")));
        QVERIFY(failed.at(0).at(1).toString().contains(QStringLiteral("does-not-exist.h5")));
        QCOMPARE(loaded.count(), 1);
    }

    void meanLayerMetric()
    {
        const qs::StoreSnapshotPtr snapshot = qs::loadStoreSnapshot(m_metricsStore);
        const qs::RunSnapshot& run = snapshot->runs[0];
        const int c0 = run.configIndex(MetricsFixture::config(0).id());
        const int c1 = run.configIndex(MetricsFixture::config(1).id());
        const int fp = run.configIndex("fp");
        QVERIFY(c0 >= 0 && c1 >= 0 && fp >= 0);
        // Layers at 24, 26, 28, 30 dB; at checkpoint 1 layer 3 has no value and is skipped.
        QCOMPARE(run.configs[size_t(c0)].meanLayerMetric("sqnr_db", 0), 27.0);
        QCOMPARE(run.configs[size_t(c0)].meanLayerMetric("sqnr_db", 1), 24.0);
        QCOMPARE(run.configs[size_t(c1)].meanLayerMetric("sqnr_db", 0), 23.0);
        QCOMPARE(run.configs[size_t(c0)].meanLayerMetric("w_rel_err", 2),
                 (StoreFixture::wRelErr(0, 2, 0) + StoreFixture::wRelErr(0, 2, 1) + StoreFixture::wRelErr(0, 2, 2)
                  + StoreFixture::wRelErr(0, 2, 3))
                     / 4.0);
        // Not swept yet, no layer with a value, no such metric, out of range: NaN.
        QVERIFY(std::isnan(run.configs[size_t(c1)].meanLayerMetric("sqnr_db", 2)));
        QVERIFY(std::isnan(run.configs[size_t(fp)].meanLayerMetric("sqnr_db", 0)));
        QVERIFY(std::isnan(run.configs[size_t(c0)].meanLayerMetric("no_such_metric", 0)));
        QVERIFY(std::isnan(run.configs[size_t(c0)].meanLayerMetric("sqnr_db", 7)));
        QVERIFY(run.configs[size_t(fp)].config.isFullPrecision());
        QVERIFY(!run.configs[size_t(run.configIndex(MetricsFixture::config(2).id()))].config.isFullPrecision());
    }

    void layerTableNewMetrics()
    {
        const qs::StoreSnapshotPtr snapshot = qs::loadStoreSnapshot(m_metricsStore);
        const qs::RunSnapshot& run = snapshot->runs[0];
        qs::LayerTableModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setResults(qs::LayerTableData::fromRun(run, 1, run.configIndex("fp")));

        using M = qs::LayerTableModel;
        struct Column
        {
            const char* metric;
            QString title;
            double (*value)(int, int);
        };
        const std::vector<Column> expected = {
            {"act_absmax", QStringLiteral("input absmax"), MetricsFixture::actAbsmax},
            {"act_absmax_median", QStringLiteral("absmax / median"), MetricsFixture::actAbsmaxMedian},
            {"act_kurtosis", QStringLiteral("input kurtosis"), MetricsFixture::actKurtosis},
            {"act_outliers", QStringLiteral("outlier channels (>6)"), MetricsFixture::actOutliers},
            {"sqnr_db", QStringLiteral("SQNR (dB)"), nullptr},
        };
        for (const Column& column : expected) {
            int section = -1;
            for (int i = M::FirstMetricColumn; i < model.columnCount(); ++i) {
                if (model.headerData(i, Qt::Horizontal, M::MetricNameRole).toString() == QLatin1String(column.metric))
                    section = i;
            }
            QVERIFY2(section >= 0, column.metric);
            QCOMPARE(model.headerData(section, Qt::Horizontal).toString(), column.title);
            // A description of its own, not the generic text for metrics the GUI does not know.
            const QString tip = model.headerData(section, Qt::Horizontal, Qt::ToolTipRole).toString();
            QVERIFY2(!tip.isEmpty() && !tip.contains(QLatin1String(column.metric)), qPrintable(tip));
            for (int l = 0; l < StoreFixture::layerCount(); ++l) {
                const double value = model.index(l, section).data(M::ValueRole).toDouble();
                if (column.value)
                    QCOMPARE(value, column.value(1, l));
                else
                    QVERIFY(std::isnan(value)); // the FP reference quantizes no layer
            }
        }
        QCOMPARE(M::metricTitle("no_such_metric"), QStringLiteral("no_such_metric"));
    }

    void sweepJobMissingStore()
    {
        const QString path = m_dir.filePath(QStringLiteral("no-such-store.h5"));
        qs::SweepJob job(path, QStringLiteral("run"), {qs::QuantConfig::parse("rtn:4:g32:sym")});
        QSignalSpy failed(&job, &qs::Job::failed);
        QSignalSpy finished(&job, &qs::SweepJob::sweepFinished);
        job.start();
        QTRY_COMPARE_WITH_TIMEOUT(failed.count(), 1, 20000);
        QVERIFY(failed.at(0).at(0).toString().contains(QStringLiteral("no-such-store.h5")));
        QCOMPARE(finished.count(), 0);
        QVERIFY(!QFile::exists(path));
    }

    void sweepJobRunWithoutCorpus()
    {
        // The fixture's run records no corpus file: the sweep cannot validate, says so, writes nothing,
        // and closes the store.
        const qs::ConfigResults before =
            qs::Store::open(m_store.toStdString()).results(StoreFixture::runName, StoreFixture::config(0).id());
        qs::SweepJob job(m_store, QString::fromLatin1(StoreFixture::runName), {qs::QuantConfig::parse("rtn:2:pc:sym")});
        QSignalSpy failed(&job, &qs::Job::failed);
        job.start();
        QTRY_COMPARE_WITH_TIMEOUT(failed.count(), 1, 20000);
        const QString message = failed.at(0).at(0).toString();
        QVERIFY2(message.contains(m_store) && message.contains(QLatin1String(StoreFixture::runName)),
                 qPrintable(message));
        QCOMPARE(openHdf5Files(), ssize_t(0));
        const qs::Store store = qs::Store::open(m_store.toStdString(), qs::Store::Mode::ReadWrite);
        QCOMPARE(store.configIds(StoreFixture::runName).size(), size_t(StoreFixture::configCount()));
        const qs::ConfigResults after = store.results(StoreFixture::runName, StoreFixture::config(0).id());
        QVERIFY(before.model == after.model);
    }

    void sweepJobCancelledInsideSweepResumes()
    {
        const QString store = tinyStore();
        const QString run = QString::fromLatin1(TrainedStore::runName);
        const std::vector<qs::QuantConfig> configs = {qs::QuantConfig::parse("rtn:8:g16:sym"),
                                                      qs::QuantConfig::parse("rtn:2:pc:sym")};
        const int total = TrainedStore::checkpointCount * (1 + int(configs.size())); // the FP reference too
        qs::SweepOptions options;
        options.threads = qs::test::threads();
        {
            StoppingSweepJob job(store, run, configs);
            job.setOptions(options);
            QSignalSpy cancelled(&job, &qs::Job::cancelled);
            QSignalSpy failed(&job, &qs::Job::failed);
            QSignalSpy finished(&job, &qs::Job::finished);
            job.start();
            QTRY_VERIFY_WITH_TIMEOUT(cancelled.count() + failed.count() + finished.count() > 0, 60000);
            QVERIFY2(failed.isEmpty(), failed.isEmpty() ? "" : qPrintable(failed.at(0).at(0).toString()));
            QCOMPARE(cancelled.count(), 1);
            QCOMPARE(finished.count(), 0);
            QVERIFY(!job.isRunning());
        }
        QCOMPARE(openHdf5Files(), ssize_t(0));
        // The store opens and keeps what was finished before the stop: some entries, not all.
        const qs::StoreSnapshotPtr partial = qs::loadStoreSnapshot(store);
        QCOMPARE(int(partial->runs[0].configs.size()), 1 + int(configs.size()));
        const int doneBefore = doneEntries(store, TrainedStore::runName);
        QVERIFY2(doneBefore > 0 && doneBefore < total, qPrintable(QString::number(doneBefore)));

        // A second sweep computes only the rest.
        qs::SweepJob job(store, run, configs);
        job.setOptions(options);
        QSignalSpy finished(&job, &qs::SweepJob::sweepFinished);
        QSignalSpy failed(&job, &qs::Job::failed);
        job.start();
        QTRY_VERIFY_WITH_TIMEOUT(finished.count() + failed.count() > 0, 60000);
        QVERIFY2(failed.isEmpty(), failed.isEmpty() ? "" : qPrintable(failed.at(0).at(0).toString()));
        QCOMPARE(finished.at(0).at(0).toString(), store);
        QCOMPARE(job.summary().skipped, doneBefore);
        QCOMPARE(job.summary().computed, total - doneBefore);
        QCOMPARE(openHdf5Files(), ssize_t(0));
        QCOMPARE(doneEntries(store, TrainedStore::runName), total);

        const qs::StoreSnapshotPtr snapshot = qs::loadStoreSnapshot(store);
        const qs::RunSnapshot& tiny = snapshot->runs[0];
        const qs::ConfigSnapshot& fp = tiny.configs[size_t(tiny.configIndex("fp"))];
        const qs::ConfigSnapshot& fine = tiny.configs[size_t(tiny.configIndex(configs[0].id()))];
        const qs::ConfigSnapshot& coarse = tiny.configs[size_t(tiny.configIndex(configs[1].id()))];
        for (int k = 0; k < TrainedStore::checkpointCount; ++k) {
            // The reference against itself.
            QVERIFY(std::abs(fp.modelMetric("kl_mean", k)) < 1e-9);
            QCOMPARE(fp.modelMetric("top1_agree", k), 1.0);
            for (const qs::ConfigSnapshot* config : {&fine, &coarse}) {
                const double ce = config->modelMetric("ce", k);
                const double fpCe = config->modelMetric("fp_ce", k);
                QVERIFY(std::abs(config->modelMetric("rel_ce", k) - (ce / fpCe - 1.0)) < 1e-9);
                const double top1 = config->modelMetric("top1_agree", k);
                QVERIFY2(top1 >= 0.0 && top1 <= 1.0, qPrintable(QString::number(top1)));
                QVERIFY(config->modelMetric("kl_mean", k) >= 0.0);
            }
        }
        // The trained model: 2-bit per-channel weights move its predictions much more than 8-bit groups.
        const int last = TrainedStore::checkpointCount - 1;
        QVERIFY(coarse.modelMetric("kl_mean", last) > fine.modelMetric("kl_mean", last));
        QVERIFY(coarse.meanLayerMetric("sqnr_db", last) < fine.meanLayerMetric("sqnr_db", last));
    }

    void sweepJobUserCancel()
    {
        const QString store = tinyStore();
        qs::SweepJob job(store, QString::fromLatin1(TrainedStore::runName), {qs::QuantConfig::parse("rtn:3:g16:asym")});
        qs::SweepOptions options;
        options.threads = qs::test::threads();
        job.setOptions(options);
        QSignalSpy cancelled(&job, &qs::Job::cancelled);
        QSignalSpy failed(&job, &qs::Job::failed);
        QSignalSpy finished(&job, &qs::Job::finished);
        // The user's cancel arrives before the worker runs (started() is emitted before the work is queued),
        // so the work's first progress report stops it before the sweep stores anything. A cancel issued
        // after start() returns would race the worker: on a loaded machine it can store an entry first.
        connect(&job, &qs::Job::started, &job, &qs::Job::cancel, Qt::DirectConnection);
        job.start();
        QTRY_VERIFY_WITH_TIMEOUT(cancelled.count() + failed.count() + finished.count() > 0, 60000);
        QCOMPARE(cancelled.count(), 1);
        QCOMPARE(finished.count(), 0);
        QCOMPARE(openHdf5Files(), ssize_t(0));
        const qs::StoreSnapshotPtr snapshot = qs::loadStoreSnapshot(store);
        const qs::RunSnapshot& tiny = snapshot->runs[0];
        const int index = tiny.configIndex(qs::QuantConfig::parse("rtn:3:g16:asym").id());
        if (index >= 0) {
            for (int k = 0; k < TrainedStore::checkpointCount; ++k)
                QVERIFY(!tiny.configs[size_t(index)].isDone(k));
        }
    }
};

QS_TEST_GUILESS_MAIN(TstModels)
#include "tst_models.moc"
