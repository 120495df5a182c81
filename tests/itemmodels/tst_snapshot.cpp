// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
// Store snapshots as the GUI loads them: the snapshot of the sample store holds exactly the sample's
// values, sameContent() tells a store that changed from one that did not (down to one bit, a NaN
// equal to a NaN), and StoreLoader::refresh() reports a poll that found nothing new as unchanged()
// instead of delivering a snapshot that would rebuild every view.

#include "core/config/config.h"
#include "core/store/store.h"
#include "itemmodels/storeloader.h"
#include "itemmodels/storesnapshot.h"
#include "tests/support/storefiles.h"
#include "tests/support/storesample.h"
#include "tests/support/testutils.h"

#include <QSignalSpy>
#include <QTest>

#include <cmath>

using namespace qs;
using namespace qs::test;

class TstSnapshot : public QObject
{
    Q_OBJECT

private:
    StoreFiles m_files;
    // The sample store's run with configs the GUI can parse (the sample's config JSON is free-form).
    const QuantConfig m_rtn4 = QuantConfig::parse("rtn:4:g128:sym");
    const QuantConfig m_rtn3 = QuantConfig::parse("rtn:3:pc:sym");

    QString sampleStore()
    {
        const QString path = m_files.freshPath();
        Store store = Store::create(path.toStdString());
        store.createRun(sampleRunInfo(), sampleLayers());
        store.appendLog(runName, sampleLog(1, 5));
        for (const CheckpointRow& row : sampleCheckpoints)
            store.appendCheckpoint(runName, row);
        store.setCheckpointFpCe(runName, 1, 3.125);
        store.ensureConfig(runName, m_rtn4.id(), m_rtn4.toJson());
        store.ensureConfig(runName, m_rtn3.id(), m_rtn3.toJson());
        store.writeResult(runName, m_rtn4.id(), 0, rtnRow0());
        store.writeResult(runName, m_rtn4.id(), 2, rtnRow2());
        store.writeResult(runName, m_rtn3.id(), 1, gptqRow1());
        return path;
    }

private slots:
    void initTestCase()
    {
        QVERIFY(m_files.isValid());
        registerSnapshotMetaTypes();
    }

    void holdsTheSample()
    {
        const QString path = sampleStore();
        const StoreSnapshotPtr snapshot = loadStoreSnapshot(path);
        QCOMPARE(snapshot->path, path);
        QCOMPARE(int(snapshot->runs.size()), 1);
        const RunSnapshot& run = snapshot->runs[0];
        QCOMPARE(run.info.name, std::string(runName));
        QCOMPARE(int(run.log.size()), 5);
        QCOMPARE(run.log[4].step, int64_t(5));
        QCOMPARE(int(run.checkpoints.size()), 3);
        QCOMPARE(run.checkpoints[1].fpValCe, 3.125);
        QCOMPARE(int(run.layers.size()), 3);
        QCOMPARE(int(run.configs.size()), 2);
        const ConfigSnapshot& rtn = run.configs[size_t(run.configIndex(m_rtn4.id()))];
        // rtnRow0 at checkpoint 0, rtnRow2 at checkpoint 2, checkpoint 1 not done.
        QCOMPARE(rtn.modelMetric("ce", 0), 4.0);
        QVERIFY(std::isnan(rtn.modelMetric("ce", 1)));
        QCOMPARE(rtn.modelMetric("delta_ce", 2), 0.25);
        QCOMPARE(rtn.meanLayerMetric("sqnr_db", 2), (19.0 + 17.0 + 15.0) / 3.0);
        QCOMPARE(rtn.label, QString::fromStdString(m_rtn4.label()));
        QVERIFY(sameBits(rtn.results.layers.at("w_rel_err")[1], {qnan, qnan, qnan}));
        QVERIFY(sameBits(rtn.results.layers.at("w_rel_err")[2], {0.15, 0.25, 0.35}));
    }

    void sameContent_data()
    {
        QTest::addColumn<int>("change");
        QTest::addRow("nothing") << 0;
        QTest::addRow("a result written") << 1;
        QTest::addRow("a checkpoint appended") << 2;
        QTest::addRow("fp_val_ce of a checkpoint") << 3;
        QTest::addRow("a log row appended") << 4;
        QTest::addRow("a config registered") << 5;
        QTest::addRow("one layer value one ulp larger") << 6;
        QTest::addRow("downstream accuracy written") << 7;
    }

    void sameContent()
    {
        QFETCH(int, change);
        const QString path = sampleStore();
        const StoreSnapshotPtr before = loadStoreSnapshot(path);
        {
            Store store = Store::open(path.toStdString(), Store::Mode::ReadWrite);
            switch (change) {
            case 1:
                store.writeResult(runName, m_rtn4.id(), 1, rtnRow0());
                break;
            case 2:
                store.appendCheckpoint(runName,
                                       {40, 163840, 0.0001, qnan, "ckpt/step40.safetensors", "trained", "", ""});
                break;
            case 3:
                store.setCheckpointFpCe(runName, 1, 3.25);
                break;
            case 4:
                store.appendLog(runName, sampleLog(6, 6));
                break;
            case 5:
                store.ensureConfig(runName, QuantConfig::parse("rtn:2:pc:sym").id(),
                                   QuantConfig::parse("rtn:2:pc:sym").toJson());
                break;
            case 7: {
                DownstreamEntry entry;
                entry.metrics = {{"mean.score", 0.4}, {"mean.rel_drop", 0.1}};
                entry.correct = {{"acc", {1, 0}}};
                store.writeDownstream(runName, m_rtn4.id(), 2, R"({"tasks":["piqa"]})", entry);
                break;
            }
            case 6: {
                // Checkpoint 2 again, w_rel_err of layer 1 one ulp above 0.25, everything else equal.
                ResultEntry entry = rtnRow2();
                entry.layers["w_rel_err"][1] = std::nextafter(0.25, 1.0);
                store.writeResult(runName, m_rtn4.id(), 2, entry);
                break;
            }
            default:
                break;
            }
        }
        const StoreSnapshotPtr after = loadStoreSnapshot(path);
        QCOMPARE(qs::sameContent(*before, *after), change == 0);
        QCOMPARE(qs::sameContent(*after, *before), change == 0);
        // Read twice, unchanged: equal, NaN cells (checkpoint 1 of rtn) included.
        QVERIFY(qs::sameContent(*after, *loadStoreSnapshot(path)));
        if (change == 7) {
            // The view's share: flags and metrics, not the per-document rows.
            const RunSnapshot& run = after->runs[0];
            const ConfigSnapshot& rtn = run.configs[size_t(run.configIndex(m_rtn4.id()))];
            QCOMPARE(rtn.downstreamMetric("mean.rel_drop", 2), 0.1);
            QVERIFY(std::isnan(rtn.downstreamMetric("mean.rel_drop", 0)));
            QVERIFY(std::isnan(rtn.downstreamMetric("arc_easy.score", 2)));
            QVERIFY(rtn.downstream.correct.empty());
        }
    }

    void refreshReportsUnchanged()
    {
        const QString path = sampleStore();
        StoreLoader job;
        QSignalSpy loaded(&job, &StoreLoader::loaded);
        QSignalSpy unchanged(&job, &StoreLoader::unchanged);
        QSignalSpy failed(&job, &StoreLoader::failed);

        job.load(path);
        QTRY_COMPARE_WITH_TIMEOUT(loaded.count(), 1, 20000);
        const auto shown = loaded.takeFirst().first().value<StoreSnapshotPtr>();
        QVERIFY(shown);

        // Nothing written since: unchanged, no snapshot to rebuild from.
        job.refresh(shown);
        QTRY_COMPARE_WITH_TIMEOUT(unchanged.count(), 1, 20000);
        QCOMPARE(unchanged.takeFirst().first().toString(), path);
        QCOMPARE(loaded.count(), 0);

        // An explicit load always delivers, changed or not.
        job.load(path);
        QTRY_COMPARE_WITH_TIMEOUT(loaded.count(), 1, 20000);
        loaded.clear();

        // A result written meanwhile: the refresh delivers the new snapshot.
        Store::open(path.toStdString(), Store::Mode::ReadWrite).writeResult(runName, m_rtn3.id(), 2, gptqRow1());
        job.refresh(shown);
        QTRY_COMPARE_WITH_TIMEOUT(loaded.count(), 1, 20000);
        const auto fresh = loaded.takeFirst().first().value<StoreSnapshotPtr>();
        const RunSnapshot& run = fresh->runs[0];
        QVERIFY(run.configs[size_t(run.configIndex(m_rtn3.id()))].isDone(2));
        QCOMPARE(unchanged.count(), 0);
        QVERIFY(failed.isEmpty());
    }
};

QS_TEST_GUILESS_MAIN(TstSnapshot)
#include "tst_snapshot.moc"
