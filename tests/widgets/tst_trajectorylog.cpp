// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
// The trajectory page draws an imported run's own training log (quantscope import --log): the LR band
// over every logged step, the training loss beside the FP loss, and no LR where the log gave none.
// QS_GRAB_DIR=folder saves what the page shows as PNGs there, to look at.

#include "tests/support/hfrevision.h"

#include "core/hf/hfrun.h"
#include "core/store/store.h"
#include "itemmodels/storesnapshot.h"
#include "widgets/pages/trajectory/trajectorypage.h"

#include <QApplication>
#include <QTemporaryDir>

#include "widgets/plot/qcp.h"

using namespace qs;

class TstTrajectoryLog : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;
    QString m_store;

    int runIndex(const StoreSnapshotPtr& snapshot, const char* name) const
    {
        for (size_t i = 0; i < snapshot->runs.size(); ++i) {
            if (snapshot->runs[i].info.name == name)
                return int(i);
        }
        return -1;
    }

    void grab(TrajectoryPage& page, const QString& name) const
    {
        const QString dir = qEnvironmentVariable("QS_GRAB_DIR");
        if (dir.isEmpty())
            return;
        page.resize(900, 520);
        page.show();
        QApplication::processEvents();
        page.plot()->replot();
        page.grab().save(dir + QLatin1Char('/') + name + QStringLiteral(".png"));
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        const QString revisions = m_dir.filePath(QStringLiteral("revisions"));
        for (const char* name : {"step100-tokens0.4B", "step250-tokens1B", "step290-tokens1.16B"})
            QVERIFY(test::makeTinyRevision(revisions + QLatin1Char('/') + QLatin1String(name)));
        HfImportOptions options;
        options.sources = {revisions.toStdString()};
        options.data.data =
            test::writeFile(m_dir.filePath(QStringLiteral("val.bin")), QByteArray("\x01\x00", 2).repeated(64))
                .toStdString();
        options.data.seqLen = 8;
        options.data.valSequences = 2;
        m_store = m_dir.filePath(QStringLiteral("store.h5"));
        Store store = Store::create(m_store.toStdString());
        importHfTrajectory(store, "plain", options); // no log and no LR: an empty log
        options.log = test::writeFile(m_dir.filePath(QStringLiteral("wandb.csv")),
                                      "_step,train/lr,train/loss\n0,0,\n50,1e-3,6.0\n75,,5.5\n150,8e-4,4.0\n"
                                      "300,0,3.5\n")
                          .toStdString();
        importHfTrajectory(store, "logged", options);
        options.log =
            test::writeFile(m_dir.filePath(QStringLiteral("loss.csv")), "step,loss\n10,7\n200,3\n").toStdString();
        importHfTrajectory(store, "lossonly", options);
    }

    void logCurves()
    {
        const StoreSnapshotPtr snapshot = loadStoreSnapshot(m_store);
        TrajectoryPage page;
        page.setShowFpLoss(true);
        page.setSnapshot(snapshot, runIndex(snapshot, "logged"));
        // The LR at every logged step (75 only logged a loss: its LR interpolated, a quarter of the way from
        // 1e-3 at 50 to 8e-4 at 150).
        QCPGraph* lr = page.lrGraph();
        QVERIFY(lr);
        QCOMPARE(lr->data()->size(), 5);
        QCOMPARE(lr->data()->at(2)->key, 75.0);
        QVERIFY(std::abs(lr->data()->at(2)->value - 9.5e-4) < 1e-18);
        QCPGraph* loss = page.trainLossGraph();
        QVERIFY(loss);
        QCOMPARE(loss->valueAxis(), page.fpLossGraph()->valueAxis());
        QCOMPARE(loss->data()->size(), 4);
        const double steps[] = {50, 75, 150, 300};
        const double losses[] = {6.0, 5.5, 4.0, 3.5};
        for (int i = 0; i < 4; ++i) {
            QCOMPARE(loss->data()->at(i)->key, steps[i]);
            QCOMPARE(loss->data()->at(i)->value, losses[i]);
        }
        // The x axis reaches the log's last step, past the last revision (290).
        QVERIFY(page.plot()->xAxis->range().upper >= 300.0);
        grab(page, QStringLiteral("logged"));

        // A log without an LR: the loss alone, no LR band.
        page.setSnapshot(snapshot, runIndex(snapshot, "lossonly"));
        QCOMPARE(page.lrGraph()->data()->size(), 0);
        QVERIFY(page.trainLossGraph());
        QCOMPARE(page.trainLossGraph()->data()->size(), 2);
        grab(page, QStringLiteral("lossonly"));

        // No log, or the FP loss hidden: no train-loss line.
        page.setSnapshot(snapshot, runIndex(snapshot, "plain"));
        QVERIFY(!page.trainLossGraph());
        page.setSnapshot(snapshot, runIndex(snapshot, "logged"));
        page.setShowFpLoss(false);
        QVERIFY(!page.trainLossGraph());
    }
};

QS_TEST_MAIN(TstTrajectoryLog)
#include "tst_trajectorylog.moc"
