// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
// The window on a store whose sweep runs as shard tasks (a cluster sweep, core/store/shards.h): the
// shards' entries are shown before they are merged, the status bar says how the tasks stand, the task
// table names a failed task's log and last error line, and the window follows the shard folder as
// tasks store more (another process, as a SLURM array task is) and as the shards are merged.
// QS_SCREENSHOT_DIR=<dir> saves the window and the task table there.

#include "tests/support/clusterfixture.h"
#include "tests/support/testutils.h"

#include "app/gui/clusterstatus.h"
#include "app/gui/mainwindow.h"
#include "itemmodels/settings.h"

#include <QApplication>
#include <QDialog>
#include <QDir>
#include <QFile>
#include <QObject>
#include <QProcess>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTableWidget>

using namespace qs;
using namespace qs::test;

namespace {

// `quantscope task` with its output appended to the task's log, as runLocal and sbatch do.
int runTask(const ShardPlan& plan, int task)
{
    QProcess p;
    p.setProcessChannelMode(QProcess::MergedChannels);
    p.setStandardOutputFile(QString::fromStdString(plan.logPath(task)), QIODevice::Append);
    p.start(QStringLiteral(QS_BINARY),
            {QStringLiteral("task"), QStringLiteral("--plan"), QString::fromStdString(plan.planPath()),
             QStringLiteral("--task"), QString::number(task), QStringLiteral("--threads"), QStringLiteral("1")});
    if (!p.waitForFinished(240000))
        p.kill();
    return p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
}

void saveScreenshot(QWidget* widget, const char* name)
{
    const QString dir = qEnvironmentVariable("QS_SCREENSHOT_DIR");
    if (!dir.isEmpty())
        widget->grab().save(QDir(dir).filePath(QLatin1String(name)));
}

} // namespace

class TstGuiCluster : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    QString m_store;
    ShardPlan m_plan;
    QString m_checkpoint; // step 30's file
    std::unique_ptr<Settings> m_settings;
    std::unique_ptr<MainWindow> m_window;

    ClusterStatus* clusterStatus() const
    {
        return m_window->findChild<ClusterStatus*>(QStringLiteral("clusterStatus"));
    }

private Q_SLOTS:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QVERIFY(m_dir.isValid());
        ClusterRun::train(m_dir.path(), QStringLiteral("pristine.h5"));
        m_store = m_dir.filePath(QStringLiteral("live.h5"));
        copyStore(m_dir.filePath(QStringLiteral("pristine.h5")), m_store);
        {
            const Store main = Store::open(m_store.toStdString());
            m_plan = planShards(main, ClusterRun::run,
                                {QuantConfig::parse("rtn:4:g16:sym"), QuantConfig::parse("none:a4")}, 2);
            QCOMPARE(int(m_plan.tasks.size()), 2);
            m_plan.submissions.push_back({"local", {0, 1}, "2026-12-03T00:00:00Z"});
            createShards(main, m_plan);
            m_checkpoint = m_dir.filePath(QString::fromStdString(main.checkpoints(ClusterRun::run).at(3).path));
        }
        QCOMPARE(runTask(m_plan, 0), 0);
        // Task 1 fails at its second checkpoint (step 30), after storing its first (step 20).
        const QByteArray original = fileBytes(m_checkpoint);
        writeFile(m_checkpoint, "not a checkpoint");
        QCOMPARE(runTask(m_plan, 1), 1);
        writeFile(m_checkpoint, original);

        m_settings = std::make_unique<Settings>(m_dir.filePath(QStringLiteral("settings.ini")));
        m_window = std::make_unique<MainWindow>(m_settings.get());
        m_window->resize(1600, 1000);
        m_window->show();
        QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
    }

    void cleanupTestCase() { m_window.reset(); }

    void unmergedEntriesShown()
    {
        QSignalSpy loaded(m_window.get(), &MainWindow::storeLoaded);
        QSignalSpy read(clusterStatus(), &ClusterStatus::statusRead);
        m_window->openStore(m_store);
        QTRY_COMPARE_WITH_TIMEOUT(loaded.count(), 1, 20000);
        const StoreSnapshotPtr snapshot = m_window->currentSnapshot();
        QCOMPARE(snapshot->shards.unmergedEntries, 2 * 3 + 3);
        QCOMPARE(snapshot->shards.tasks, 2);
        const RunSnapshot& run = snapshot->runs.at(0);
        const int rtn = run.configIndex("rtn_w4_g16_sym");
        QVERIFY(rtn >= 0);
        for (int i = 0; i < 3; ++i)
            QVERIFY(run.configs[size_t(rtn)].isDone(i));
        QVERIFY(!run.configs[size_t(rtn)].isDone(3));
        // The numbers are the shard's: step 10 is task 0's second checkpoint.
        const Store shard = Store::open(m_plan.shardPath(0), Store::Mode::ReadOnly, Store::Locking::None);
        QCOMPARE(run.configs[size_t(rtn)].modelMetric("rel_ce", 1),
                 readEntry(shard, ClusterRun::run, "rtn_w4_g16_sym", 1).model.at("rel_ce"));
        QVERIFY(std::isfinite(run.checkpoints.at(2).fpValCe));
        QVERIFY(!std::isfinite(run.checkpoints.at(3).fpValCe));

        QTRY_VERIFY_WITH_TIMEOUT(read.count() >= 1, 20000);
        ClusterStatus* status = clusterStatus();
        QVERIFY(status->isVisible());
        QVERIFY2(status->text().contains(QLatin1String("1 of 2 tasks done"))
                     && status->text().contains(QLatin1String("1 failed"))
                     && status->text().contains(QLatin1String("9 entries not merged")),
                 qPrintable(status->text()));
        if (!qEnvironmentVariableIsEmpty("QS_SCREENSHOT_DIR")) {
            QTest::qWait(1500); // the plots draw after the load
            saveScreenshot(m_window.get(), "cluster-window.png");
        }
    }

    void failedTaskInTable()
    {
        QDialog* dialog = clusterStatus()->showDetails();
        auto* table = dialog->findChild<QTableWidget*>();
        QVERIFY(table);
        QCOMPARE(table->rowCount(), 2);
        QCOMPARE(table->item(0, 1)->text(), QStringLiteral("done"));
        QCOMPARE(table->item(1, 1)->text(), QStringLiteral("failed"));
        QCOMPARE(table->item(1, 2)->text(), QStringLiteral("3/6"));
        const QString log = table->item(1, 4)->text();
        QVERIFY2(log.contains(QString::fromStdString(m_plan.logPath(1)))
                     && log.contains(QLatin1String("quantscope task: "))
                     && log.contains(QFileInfo(m_checkpoint).fileName()),
                 qPrintable(log));
        QVERIFY(QTest::qWaitForWindowExposed(dialog));
        saveScreenshot(dialog, "cluster-tasks.png");
        dialog->close();
    }

    void followsShardsAndMerge()
    {
        // Task 1 run again (its checkpoint readable now) by another process: the window follows.
        QCOMPARE(runTask(m_plan, 1), 0);
        QTRY_COMPARE_WITH_TIMEOUT(m_window->currentSnapshot()->shards.unmergedEntries, 12, 20000);
        QTRY_VERIFY_WITH_TIMEOUT(clusterStatus()->text().contains(QLatin1String("2 of 2 tasks done")), 20000);
        // Merged: the store holds everything, nothing is left to show from the shards.
        const CliResult merge = runCli({QStringLiteral("merge"), QStringLiteral("--store"), m_store});
        QVERIFY2(merge.exitCode == 0, qPrintable(merge.err));
        QTRY_COMPARE_WITH_TIMEOUT(m_window->currentSnapshot()->shards.unmergedEntries, 0, 20000);
        QTRY_VERIFY_WITH_TIMEOUT(!clusterStatus()->text().contains(QLatin1String("not merged")), 20000);
        const RunSnapshot& run = m_window->currentSnapshot()->runs.at(0);
        const int a4 = run.configIndex("fp_a4");
        QVERIFY(a4 >= 0);
        QVERIFY(run.configs[size_t(a4)].isDone(3));
    }
};

QS_TEST_MAIN(TstGuiCluster)
#include "tst_guicluster.moc"
