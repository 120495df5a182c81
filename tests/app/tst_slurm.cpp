// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
// A sweep on a real SLURM cluster: the test starts a one-node cluster from Debian's packages
// (tests/support/slurm_local.sh: munged, slurmctld, slurmd) and stops exactly the daemons it started,
// by pid. A tiny trajectory swept by a 4-task array and merged equals, number for number, a
// single-process sweep of a copy; a task whose checkpoint is unreadable is reported failed with its log
// and last error line, the others merge, and --resubmit completes the store; a task cancelled with
// scancel while it writes resumes its shard when resubmitted, recomputing nothing it stored. Without
// root or the packages the test skips, saying so; CI runs it.

#include "tests/support/clusterfixture.h"
#include "tests/support/testutils.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QObject>
#include <QProcess>
#include <QRegularExpression>
#include <QThread>

#include <signal.h>
#include <unistd.h>

#include <cerrno>

using namespace qs;
using namespace qs::test;

namespace {

const QStringList kQuant = ClusterRun::quantOptions();

bool alive(pid_t pid)
{
    return ::kill(pid, 0) == 0 || errno == EPERM;
}

} // namespace

class TstSlurm : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    QString m_cluster; // the cluster's folder (readable by the slurm user, so not under m_dir)
    QList<QPair<QString, pid_t>> m_started;

    QString path(const QString& name) const { return m_dir.filePath(name); }
    QString fresh(const QString& name) const
    {
        copyStore(path(QStringLiteral("pristine.h5")), path(name));
        return path(name);
    }

    // Polls `quantscope status` until no task is running or pending; returns the last status output.
    QString waitForArray(const QString& store, int timeoutS = 240)
    {
        QElapsedTimer timer;
        timer.start();
        QString last;
        while (timer.elapsed() < timeoutS * 1000) {
            const CliResult r = runCli({QStringLiteral("status"), QStringLiteral("--store"), store});
            last = r.out + r.err;
            if (r.exitCode == 0 && r.out.contains(QLatin1String("running 0, pending 0")))
                return last;
            QThread::msleep(250);
        }
        return QStringLiteral("timed out waiting for the array:\n") + last;
    }

    CliResult submit(const QStringList& args) { return runCli(QStringList {QStringLiteral("submit")} + args); }

    static QString jobOf(const QString& submitOutput)
    {
        return QRegularExpression(QStringLiteral("Submitted job (\\d+)")).match(submitOutput).captured(1);
    }

    // TERM to every daemon this test started, then wait for each to exit (KILL after 20 s).
    void stopDaemons()
    {
        for (const auto& [name, pid] : m_started)
            ::kill(pid, SIGTERM);
        for (const auto& [name, pid] : m_started) {
            QElapsedTimer timer;
            timer.start();
            while (alive(pid) && timer.elapsed() < 20000)
                QThread::msleep(50);
            if (alive(pid)) {
                qWarning("%s (pid %d) ignored SIGTERM; killing it", qPrintable(name), int(pid));
                ::kill(pid, SIGKILL);
            }
            if (name == QLatin1String("munged"))
                QFile::remove(QStringLiteral("/run/munge/munged.pid"));
        }
        m_started.clear();
        if (!m_cluster.isEmpty())
            QDir(m_cluster).removeRecursively();
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        m_cluster = QStringLiteral("/tmp/qs-slurm-%1").arg(::getpid());
        QDir(m_cluster).removeRecursively();
        QProcess start;
        start.setProcessChannelMode(QProcess::MergedChannels);
        start.start(supportDir() + QStringLiteral("/slurm_local.sh"), {m_cluster});
        QVERIFY(start.waitForFinished(120000));
        const QString said = QString::fromUtf8(start.readAll()).trimmed();
        // Whatever it started is stopped by pid, also when it failed halfway.
        QFile started(m_cluster + QStringLiteral("/started"));
        if (started.open(QIODevice::ReadOnly)) {
            for (const QByteArray& line : started.readAll().split('\n')) {
                const QList<QByteArray> f = line.trimmed().split(' ');
                if (f.size() == 2 && f[1].toInt() > 0)
                    m_started.append({QString::fromLatin1(f[0]), pid_t(f[1].toInt())});
            }
        }
        if (start.exitCode() != 0)
            stopDaemons();
        if (start.exitCode() == 77)
            QSKIP(qPrintable(said));
        QVERIFY2(start.exitCode() == 0, qPrintable(said));
        qputenv("SLURM_CONF", (m_cluster + QStringLiteral("/slurm.conf")).toUtf8());

        ClusterRun::train(m_dir.path(), QStringLiteral("pristine.h5"));
        const QString failed = ClusterRun::sweepInOneProcess(m_dir.path());
        QVERIFY2(failed.isEmpty(), qPrintable(failed));
    }

    void cleanupTestCase() { stopDaemons(); }

    void arrayEqualsOneProcess()
    {
        const QString store = fresh(QStringLiteral("array.h5"));
        QElapsedTimer timer;
        timer.start();
        // --mem: each task plans for half of it (the script's SLURM_MEM_PER_NODE branch).
        const CliResult r = submit(
            QStringList {QStringLiteral("--store"), store, QStringLiteral("--mem"), QStringLiteral("1G")} + kQuant);
        QVERIFY2(r.exitCode == 0, qPrintable(r.out + r.err));
        QVERIFY2(r.out.contains(QLatin1String(": array 0-3 of 4; batch script")), qPrintable(r.out));
        const qint64 submitted = timer.elapsed();
        const QString status = waitForArray(store);
        QVERIFY2(status.contains(QLatin1String("4 tasks; done 4, running 0, pending 0, failed 0")), qPrintable(status));
        const qint64 done = timer.elapsed();
        const CliResult merge = runCli({QStringLiteral("merge"), QStringLiteral("--store"), store});
        QVERIFY2(merge.exitCode == 0 && merge.out.contains(QLatin1String("Merged 4 shards"))
                     && merge.out.contains(QLatin1String("12 entries added")),
                 qPrintable(merge.out + merge.err));
        const qint64 merged = timer.elapsed();
        qInfo("4-task array: submitted in %.1f s, all tasks done after %.1f s, merged after %.1f s", submitted / 1e3,
              done / 1e3, merged / 1e3);
        // Each task ran with one thread (--cpus-per-task 1), as the single-process sweep did.
        const QString difference = resultDifference(path(QStringLiteral("single.h5")), store, ClusterRun::run, 1e-12);
        QVERIFY2(difference.isEmpty(), qPrintable(difference));
        const QByteArray log = fileBytes(store + QStringLiteral(".shards/task-3.log"));
        QVERIFY2(log.contains(QByteArray("quantscope: array task 3 of job " + jobOf(r.out).toUtf8())), log.constData());
    }

    void failedTaskThenResubmit()
    {
        const QString store = fresh(QStringLiteral("failing.h5"));
        // The checkpoint of step 20 made unreadable (garbage where its header should be) for the first submission.
        std::string relative;
        {
            const Store s = Store::open(store.toStdString());
            relative = s.checkpoints(ClusterRun::run).at(2).path;
        }
        const QString checkpoint = path(QString::fromStdString(relative));
        const QByteArray original = fileBytes(checkpoint);
        QVERIFY(!original.isEmpty());
        writeFile(checkpoint, "this is not a safetensors file");
        const CliResult r = submit(
            QStringList {QStringLiteral("--store"), store, QStringLiteral("--throttle"), QStringLiteral("3")} + kQuant);
        QVERIFY2(r.exitCode == 0, qPrintable(r.out + r.err));
        const QString status = waitForArray(store);
        writeFile(checkpoint, original);
        qInfo("status after the failed task:\n%s", qPrintable(status));
        QVERIFY2(status.contains(QLatin1String("4 tasks; done 3, running 0, pending 0, failed 1")), qPrintable(status));
        const QString log = store + QStringLiteral(".shards/task-2.log");
        QVERIFY2(
            QRegularExpression(QStringLiteral("task +2  failed +0/3 entries  job \\d+_2")).match(status).hasMatch(),
            qPrintable(status));
        QVERIFY2(status.contains(QStringLiteral("log: ") + log), qPrintable(status));
        QVERIFY2(QRegularExpression(QStringLiteral("last error: quantscope task: .*%1")
                                        .arg(QRegularExpression::escape(QFileInfo(checkpoint).fileName())))
                     .match(status)
                     .hasMatch(),
                 qPrintable(status));
        QVERIFY2(status.contains(QLatin1String("quantscope submit --store"))
                     && status.contains(QLatin1String("--resubmit")),
                 qPrintable(status));
        // The others merge; the failed one is said to be incomplete.
        const CliResult merge = runCli({QStringLiteral("merge"), QStringLiteral("--store"), store});
        QVERIFY2(merge.exitCode == 0 && merge.out.contains(QLatin1String("9 entries added"))
                     && merge.out.contains(QLatin1String("incomplete: task-2.h5: 0 of 3 entries")),
                 qPrintable(merge.out + merge.err));
        // A new plan is refused while this one is unfinished.
        const CliResult fresh = submit(QStringList {QStringLiteral("--store"), store} + kQuant);
        QCOMPARE(fresh.exitCode, 1);
        QVERIFY2(fresh.err.contains(QLatin1String("--resubmit")), qPrintable(fresh.err));
        // --resubmit runs only task 2, which completes the store, with the plan's own script (a time limit
        // given now goes on sbatch's command line; the script stays as it was).
        const QByteArray script = fileBytes(store + QStringLiteral(".shards/job.sbatch"));
        const CliResult again = submit({QStringLiteral("--store"), store, QStringLiteral("--resubmit"),
                                        QStringLiteral("--time"), QStringLiteral("00:30:00")});
        QVERIFY2(again.exitCode == 0 && again.out.contains(QLatin1String(": array 2%3 of 4;")),
                 qPrintable(again.out + again.err));
        QVERIFY(!script.isEmpty() && fileBytes(store + QStringLiteral(".shards/job.sbatch")) == script);
        const QString after = waitForArray(store);
        QVERIFY2(after.contains(QLatin1String("done 4, running 0, pending 0, failed 0")), qPrintable(after));
        const CliResult last = runCli({QStringLiteral("merge"), QStringLiteral("--store"), store});
        QVERIFY2(last.out.contains(QLatin1String("3 entries added, 9 already there")), qPrintable(last.out + last.err));
        const QString difference = resultDifference(path(QStringLiteral("single.h5")), store, ClusterRun::run, 1e-12);
        QVERIFY2(difference.isEmpty(), qPrintable(difference));
    }

    void cancelledTaskResumes()
    {
        const QString store = fresh(QStringLiteral("cancelled.h5"));
        // One task with every checkpoint and six configs: long enough to be cancelled between entries.
        const QStringList quant = {QStringLiteral("--quant"), QStringLiteral("rtn:4:g16:sym"),
                                   QStringLiteral("--quant"), QStringLiteral("rtn:3:g16:sym"),
                                   QStringLiteral("--quant"), QStringLiteral("none:a4"),
                                   QStringLiteral("--quant"), QStringLiteral("rtn:4:g16:sym:a4"),
                                   QStringLiteral("--quant"), QStringLiteral("gptq:3:pc:sym:act:cal64x32")};
        const CliResult r = submit(
            QStringList {QStringLiteral("--store"), store, QStringLiteral("--per-task"), QStringLiteral("4")} + quant);
        QVERIFY2(r.exitCode == 0, qPrintable(r.out + r.err));
        const QString job = jobOf(r.out);
        const std::string shardPath = QString(store + QStringLiteral(".shards/task-0.h5")).toStdString();
        const int expected = 4 * 6;
        auto stored = [&] {
            try {
                const Store shard = Store::open(shardPath, Store::Mode::ReadOnly, Store::Locking::None);
                int n = 0;
                for (const std::string& id : shard.configIds(ClusterRun::run))
                    for (int i = 0; i < ClusterRun::checkpoints; ++i)
                        n += shard.hasResult(ClusterRun::run, id, i) ? 1 : 0;
                return n;
            } catch (const std::exception&) {
                return -1;
            }
        };
        // Cancelled once it has stored two entries.
        QElapsedTimer timer;
        timer.start();
        while (stored() < 2 && timer.elapsed() < 120000)
            QThread::msleep(20);
        QProcess::execute(QStringLiteral("scancel"), {job});
        const QString status = waitForArray(store);
        const int before = stored();
        qInfo("cancelled with %d of %d entries stored", before, expected);
        QVERIFY2(before >= 2 && before < expected, qPrintable(QStringLiteral("%1 entries stored").arg(before)));
        QVERIFY2(status.contains(QLatin1String("failed 1")) && status.contains(QLatin1String("CANCELLED")),
                 qPrintable(status));
        const CliResult again = submit({QStringLiteral("--store"), store, QStringLiteral("--resubmit")});
        QVERIFY2(again.exitCode == 0, qPrintable(again.out + again.err));
        const QString after = waitForArray(store);
        QVERIFY2(after.contains(QLatin1String("done 1")), qPrintable(after));
        // The resumed task computed only what the shard lacked.
        const QByteArray log = fileBytes(store + QStringLiteral(".shards/task-0.log"));
        const QString summary =
            QStringLiteral("Task 0: %1 results computed, %2 already stored").arg(expected - before).arg(before);
        QVERIFY2(log.contains(summary.toUtf8()),
                 qPrintable(summary + QStringLiteral("\n---\n") + QString::fromUtf8(log)));
        const CliResult merge = runCli({QStringLiteral("merge"), QStringLiteral("--store"), store});
        QVERIFY2(merge.out.contains(QStringLiteral("%1 entries added").arg(expected)),
                 qPrintable(merge.out + merge.err));
    }
};

QS_TEST_GUILESS_MAIN(TstSlurm)
#include "tst_slurm.moc"
