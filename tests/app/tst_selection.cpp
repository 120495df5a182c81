// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
// The selection shared by every view (what it keeps across reloads, what it picks by default,
// keyboard steps), and the main window following a store that another process is writing.

#include "tests/support/testutils.h"
#include "tests/support/trainedstore.h"

#include "app/gui/mainwindow.h"
#include "itemmodels/selection.h"
#include "itemmodels/settings.h"
#include "widgets/pages/trajectory/trajectorypage.h"

#include <QObject>
#include <QProcess>
#include <QSignalSpy>

using namespace qs;
using namespace qs::test;

namespace {

// A snapshot of `runs` runs with `checkpoints` checkpoints, two blocks of layers and the configs
// `configIds` (in that order), configs done up to `doneUpTo` (inclusive).
StoreSnapshotPtr makeSnapshot(const QString& path, int runs, int checkpoints, const std::vector<std::string>& configIds,
                              int doneUpTo)
{
    auto snapshot = std::make_shared<StoreSnapshot>();
    snapshot->path = path;
    for (int r = 0; r < runs; ++r) {
        RunSnapshot run;
        run.info.name = "run" + std::to_string(r);
        for (int c = 0; c < checkpoints; ++c)
            run.checkpoints.push_back({10 * c, 1000 * c, 0.001, 3.0, "", "trained", "", ""});
        for (int b = 0; b < 2; ++b) {
            for (const auto& kind : layerKinds())
                run.layers.push_back({"model.layers." + std::to_string(b) + "." + kind, b, kind, 8, 8});
        }
        for (const auto& id : configIds) {
            ConfigSnapshot config;
            config.config = id == "fp" ? QuantConfig::fullPrecision() : QuantConfig::parse("rtn:4");
            config.results.configId = id;
            config.results.done.assign(size_t(checkpoints), 0);
            for (int c = 0; c <= doneUpTo && c < checkpoints; ++c)
                config.results.done[size_t(c)] = 1;
            run.configs.push_back(config);
        }
        snapshot->runs.push_back(run);
    }
    return snapshot;
}

} // namespace

class TstSelection : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void defaults()
    {
        Selection s;
        QSignalSpy changed(&s, &Selection::snapshotChanged);
        s.setSnapshot(makeSnapshot(QStringLiteral("a.h5"), 2, 5, {"fp", "rtn_a", "rtn_b"}, 2));
        QCOMPARE(changed.count(), 1);
        QCOMPARE(s.runIndex(), 0);
        QCOMPARE(s.configIndex(), 1); // the first quantized config, not the FP reference
        QCOMPARE(s.checkpoint(), 2);  // the last checkpoint with a quantized result
        QCOMPARE(s.layerIndex(), 6);  // block 0's down_proj: FC2 first
        QCOMPARE(QString::fromStdString(s.layer()->kind), QStringLiteral("down"));
    }

    void keepsNamesAcrossReloads()
    {
        Selection s;
        s.setSnapshot(makeSnapshot(QStringLiteral("a.h5"), 2, 5, {"fp", "rtn_a", "rtn_b"}, 2));
        s.setRun(1);
        s.setConfig(2);
        s.setCheckpoint(4);
        s.setLayer(9);
        // The same store again, with a config added in front: kept by id, not by index.
        s.setSnapshot(makeSnapshot(QStringLiteral("a.h5"), 2, 5, {"fp", "gptq_c", "rtn_a", "rtn_b"}, 4));
        QCOMPARE(s.runIndex(), 1);
        QCOMPARE(s.config()->results.configId, std::string("rtn_b"));
        QCOMPARE(s.checkpoint(), 4);
        QCOMPARE(s.layerIndex(), 9);
        // Another store: defaults again.
        s.setSnapshot(makeSnapshot(QStringLiteral("b.h5"), 2, 5, {"fp", "rtn_a"}, 1));
        QCOMPARE(s.runIndex(), 1); // a run of that name exists there
        QCOMPARE(s.checkpoint(), 1);
        QCOMPARE(s.configIndex(), 1);
    }

    void stepsClampAndSignalOnce()
    {
        Selection s;
        s.setSnapshot(makeSnapshot(QStringLiteral("a.h5"), 1, 5, {"fp", "rtn_a"}, 4));
        QSignalSpy checkpoints(&s, &Selection::checkpointChanged);
        s.stepCheckpoint(+1); // already the last
        QCOMPARE(checkpoints.count(), 0);
        s.stepCheckpoint(-3);
        QCOMPARE(s.checkpoint(), 1);
        s.stepCheckpoint(-5);
        QCOMPARE(s.checkpoint(), 0);
        QCOMPARE(checkpoints.count(), 2);
        s.stepLayer(100);
        QCOMPARE(s.layerIndex(), 13);
        s.setLayer(14); // out of range: ignored
        QCOMPARE(s.layerIndex(), 13);
    }

    void followsAnotherProcessWritingTheStore()
    {
        // A sweep in another process writes the store the window shows: the window reloads as results
        // arrive, never reports an error, and ends showing every result.
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString store = dir.filePath(QStringLiteral("live.h5"));
        TrainedStore::train(dir.filePath(QStringLiteral("corpus.txt")), store, dir.filePath(QStringLiteral("ckpt")));

        Settings settings(dir.filePath(QStringLiteral("settings.ini")));
        MainWindow window(&settings);
        QSignalSpy errors(&window, &MainWindow::errorOccurred);
        QSignalSpy loads(&window, &MainWindow::storeLoaded);
        window.openStore(store);
        QTRY_COMPARE_WITH_TIMEOUT(loads.count(), 1, 20000);

        QProcess sweep;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
        sweep.setProcessEnvironment(env);
        sweep.start(QStringLiteral(QS_BINARY),
                    {QStringLiteral("sweep"), QStringLiteral("--store"), store, QStringLiteral("--threads"),
                     QStringLiteral("1"), QStringLiteral("--quant"), QStringLiteral("rtn:4:g16:sym"),
                     QStringLiteral("--quant"), QStringLiteral("rtn:3:g16:sym"), QStringLiteral("--quant"),
                     QStringLiteral("none:a4")});
        QVERIFY(sweep.waitForStarted());
        const auto allDone = [&] {
            const StoreSnapshotPtr s = window.currentSnapshot();
            if (!s || s->runs.empty())
                return false;
            const RunSnapshot& run = s->runs.front();
            const int config = run.configIndex("fp_a4");
            return config >= 0 && run.configs[size_t(config)].isDone(TrainedStore::checkpointCount - 1);
        };
        QTRY_VERIFY_WITH_TIMEOUT(allDone(), 120000);
        if (sweep.state() != QProcess::NotRunning)
            QVERIFY(sweep.waitForFinished(60000));
        QCOMPARE(sweep.exitStatus(), QProcess::NormalExit);
        QCOMPARE(sweep.exitCode(), 0);
        QVERIFY2(errors.isEmpty(), errors.isEmpty() ? "" : qPrintable(errors.first().first().toString()));
        // It followed the writer rather than loading once at the end.
        QVERIFY2(loads.count() >= 2, qPrintable(QString::number(loads.count())));
        QCOMPARE(int(window.currentSnapshot()->runs.front().configs.size()), 4); // fp + 3
    }
};

QS_TEST_MAIN(TstSelection)
#include "tst_selection.moc"
