// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
// The store follower (models/storefollower.h) as the window uses it: a store opened by the user, the
// same store changed by another process or rewritten in place (exactly one reload), a change published
// while a re-read runs (shown, though no watch saw it), touched without
// a change (nothing rebuilt), garbage written in place (the last good snapshot stays and the error is
// reported until the store reads again), the run shown kept by name, and a job's store polled until
// it exists.

#include "core/store/store.h"
#include "itemmodels/storefollower.h"
#include "tests/support/storefixture.h"
#include "tests/support/storesample.h"
#include "tests/support/testutils.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QFile>
#include <QMutexLocker>
#include <QProcess>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace qs;
using namespace qs::test;

namespace {

// Debounce of the follower plus slack: no further reload comes after this.
constexpr int settleMs = 1500;

// The result StoreFixture leaves out: config 1 at checkpoint 2.
void writeMissingResult(const QString& path)
{
    Store store = Store::open(path.toStdString(), Store::Mode::ReadWrite);
    ResultEntry entry;
    entry.model["ce"] = 2.5;
    entry.model["rel_ce"] = 0.25;
    entry.model["delta_ce"] = 0.5;
    entry.layers["w_rel_err"] = std::vector<double>(size_t(StoreFixture::layerCount()), 0.3);
    store.writeResult(StoreFixture::runName, StoreFixture::config(1).id(), 2, entry);
}

bool hasMissingResult(const StoreSnapshotPtr& snapshot)
{
    if (!snapshot)
        return false;
    const int run = snapshot->runIndex(QString::fromLatin1(StoreFixture::runName));
    if (run < 0)
        return false;
    const RunSnapshot& r = snapshot->runs[size_t(run)];
    const int config = r.configIndex(StoreFixture::config(1).id());
    return config >= 0 && r.configs[size_t(config)].isDone(2);
}

// Replaces the bytes of `path` with `bytes`, keeping the file (and so the watch on it).
bool writeInPlace(const QString& path, const QByteArray& bytes)
{
    QFile file(path);
    return file.open(QIODevice::WriteOnly | QIODevice::Truncate) && file.write(bytes) == bytes.size();
}

} // namespace

class TstStoreFollower : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    int m_counter = 0;

    QString freshPath() { return m_dir.filePath(QStringLiteral("store%1.h5").arg(++m_counter)); }

    // A follower showing a new two-run store; its path in `path`.
    bool openFixture(StoreFollower& follower, QString* path)
    {
        *path = freshPath();
        TwoRunFixture::write(*path);
        QSignalSpy loaded(&follower, &StoreFollower::loaded);
        follower.open(*path);
        return loaded.wait(20000) && follower.snapshot();
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        registerSnapshotMetaTypes();
    }

    void opensTheRequestedStore()
    {
        StoreFollower follower;
        QSignalSpy loaded(&follower, &StoreFollower::loaded);
        QSignalSpy failed(&follower, &StoreFollower::failed);
        const QString path = freshPath();
        TwoRunFixture::write(path);
        QCOMPARE(follower.open(path), path);
        QCOMPARE(follower.requestedPath(), path);
        QVERIFY(follower.isLoading());
        QTRY_COMPARE_WITH_TIMEOUT(loaded.count(), 1, 20000);
        QCOMPARE(loaded.at(0).at(1).toInt(), 0);     // the first run
        QCOMPARE(loaded.at(0).at(2).toBool(), true); // asked for
        QCOMPARE(follower.currentPath(), path);
        QCOMPARE(int(follower.snapshot()->runs.size()), 2);
        QCOMPARE(failed.count(), 0);

        // Garbage asked for: failed() names the file, the snapshot shown stays.
        const StoreSnapshotPtr before = follower.snapshot();
        const QString garbage = writeFile(m_dir.filePath(QStringLiteral("garbage.h5")), "\x89HDF but not really\n");
        follower.open(garbage);
        QTRY_COMPARE_WITH_TIMEOUT(failed.count(), 1, 20000);
        QCOMPARE(failed.at(0).at(0).toString(), garbage);
        const QString message = failed.at(0).at(1).toString();
        QVERIFY2(message.contains(garbage) && message.contains(QStringLiteral("not an HDF5 file")),
                 qPrintable(message));
        QCOMPARE(follower.snapshot(), before);
        QCOMPARE(loaded.count(), 1);
    }

    void rewrittenInPlaceReloadsOnce()
    {
        StoreFollower follower;
        QString path;
        QVERIFY(openFixture(follower, &path));
        const StoreSnapshotPtr before = follower.snapshot();
        QVERIFY(!hasMissingResult(before));
        QSignalSpy loaded(&follower, &StoreFollower::loaded);
        QSignalSpy unchanged(&follower, &StoreFollower::unchanged);
        QSignalSpy waiting(&follower, &StoreFollower::waiting);
        follower.waitForIdle();
        writeMissingResult(path); // several writes to the file, one reload
        QTRY_COMPARE_WITH_TIMEOUT(loaded.count(), 1, 20000);
        QTest::qWait(settleMs);
        QCOMPARE(loaded.count(), 1);
        QCOMPARE(unchanged.count(), 0);
        QCOMPARE(waiting.count(), 0);
        QCOMPARE(loaded.at(0).at(2).toBool(), false); // a change of the file, not a request
        QVERIFY(hasMissingResult(follower.snapshot()));
        QVERIFY(follower.snapshot() != before);
    }

    void writtenByAnotherProcess()
    {
        StoreFollower follower;
        QString path;
        QVERIFY(openFixture(follower, &path));
        QSignalSpy loaded(&follower, &StoreFollower::loaded);
        QSignalSpy failed(&follower, &StoreFollower::failed);
        QProcess writer;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("QS_FOLLOWER_WRITE"), path);
        writer.setProcessEnvironment(env);
        writer.start(QCoreApplication::applicationFilePath(), {});
        QVERIFY(writer.waitForFinished(60000));
        QCOMPARE(writer.exitCode(), 0);
        QTRY_VERIFY_WITH_TIMEOUT(hasMissingResult(follower.snapshot()), 20000);
        QTest::qWait(settleMs);
        // One reload as a rule; a read that raced the writer may add one, never an error.
        QVERIFY2(loaded.count() >= 1 && loaded.count() <= 2, qPrintable(QString::number(loaded.count())));
        QCOMPARE(failed.count(), 0);
    }

    void changePublishedWhileReading()
    {
        // A writer publishes each change by renaming a new file over the store, which ends the watch
        // on the old one; the follower watches the path again when its re-read returns. A change
        // published after the re-read opened the store and before it returned has no watch to see
        // it: the follower must notice it anyway, or it shows an old version until the next change.
        StoreFollower follower;
        QString path;
        QVERIFY(openFixture(follower, &path));
        QSignalSpy loaded(&follower, &StoreFollower::loaded);
        follower.waitForIdle();
        {
            // Held, the re-read waits before it opens the store, so that it is seen running.
            QMutexLocker reads(&storeOpenMutex());
            writeMissingResult(path); // the first change: the watcher fires, a re-read starts
            QTRY_VERIFY_WITH_TIMEOUT(follower.isLoading(), 20000);
        }
        follower.waitForIdle(); // it has read that version; its result waits in the event queue
        {
            Store store = Store::open(path.toStdString(), Store::Mode::ReadWrite);
            store.setCheckpointFpCe(StoreFixture::runName, 0, 4.25); // the second change, unseen so far
        }
        QTRY_VERIFY_WITH_TIMEOUT(follower.snapshot() && follower.snapshot()->runs[0].checkpoints[0].fpValCe == 4.25,
                                 20000);
        QVERIFY(hasMissingResult(follower.snapshot()));
    }

    void touchedIsNotReloaded()
    {
        StoreFollower follower;
        QString path;
        QVERIFY(openFixture(follower, &path));
        const StoreSnapshotPtr before = follower.snapshot();
        QSignalSpy loaded(&follower, &StoreFollower::loaded);
        QSignalSpy unchanged(&follower, &StoreFollower::unchanged);
        QFile file(path);
        QVERIFY(file.open(QIODevice::ReadWrite));
        QVERIFY(file.setFileTime(QDateTime::currentDateTime().addSecs(5), QFileDevice::FileModificationTime));
        file.close();
        QTRY_COMPARE_WITH_TIMEOUT(unchanged.count(), 1, 20000);
        QCOMPARE(unchanged.at(0).at(0).toString(), path);
        QCOMPARE(loaded.count(), 0);
        QCOMPARE(follower.snapshot(), before);
    }

    void garbageInPlaceKeepsTheLastGoodSnapshot()
    {
        StoreFollower follower;
        QString path;
        QVERIFY(openFixture(follower, &path));
        const StoreSnapshotPtr before = follower.snapshot();
        QSignalSpy loaded(&follower, &StoreFollower::loaded);
        QSignalSpy waiting(&follower, &StoreFollower::waiting);
        QSignalSpy failed(&follower, &StoreFollower::failed);
        follower.waitForIdle();
        QVERIFY(writeInPlace(path, "\x89HDF but not really, just some bytes\n"));
        QTRY_VERIFY_WITH_TIMEOUT(waiting.count() >= 1, 20000);
        const QString message = waiting.at(0).at(0).toString();
        QVERIFY2(message.startsWith(QStringLiteral("Waiting for %1: ").arg(path)), qPrintable(message));
        QVERIFY2(message.contains(QStringLiteral("not an HDF5 file")), qPrintable(message));
        QCOMPARE(follower.snapshot(), before);
        QCOMPARE(follower.currentPath(), path);
        // It keeps trying without another change: the store readable again (now with one more
        // result) is shown once.
        QTRY_VERIFY_WITH_TIMEOUT(waiting.count() >= 2, 20000);
        const QString good = freshPath();
        TwoRunFixture::write(good);
        writeMissingResult(good);
        QVERIFY(writeInPlace(path, fileBytes(good)));
        QTRY_COMPARE_WITH_TIMEOUT(loaded.count(), 1, 20000);
        const int waited = int(waiting.count());
        QTest::qWait(settleMs);
        QCOMPARE(loaded.count(), 1);
        QCOMPARE(waiting.count(), waited);
        QCOMPARE(failed.count(), 0);
        QVERIFY(hasMissingResult(follower.snapshot()));
    }

    void keepsTheShownRunByName()
    {
        StoreFollower follower;
        QString path;
        QVERIFY(openFixture(follower, &path));
        const int second = follower.snapshot()->runIndex(QString::fromLatin1(TwoRunFixture::secondRun));
        QVERIFY(second >= 0);
        follower.setShownRun(QString::fromLatin1(TwoRunFixture::secondRun));
        QSignalSpy loaded(&follower, &StoreFollower::loaded);
        follower.waitForIdle();
        writeMissingResult(path);
        QTRY_COMPARE_WITH_TIMEOUT(loaded.count(), 1, 20000);
        QCOMPARE(loaded.at(0).at(1).toInt(), second);
        // Asked for again by the user: the same store keeps it too.
        follower.open(path);
        QTRY_COMPARE_WITH_TIMEOUT(loaded.count(), 2, 20000);
        QCOMPARE(loaded.at(1).at(1).toInt(), second);
        // Another store: its first run.
        const QString other = freshPath();
        TwoRunFixture::write(other);
        follower.open(other);
        QTRY_COMPARE_WITH_TIMEOUT(loaded.count(), 3, 20000);
        QCOMPARE(loaded.at(2).at(1).toInt(), 0);
    }

    void pollsAJobStoreUntilItExists()
    {
        StoreFollower follower;
        QSignalSpy loaded(&follower, &StoreFollower::loaded);
        QSignalSpy waiting(&follower, &StoreFollower::waiting);
        const QString path = freshPath();
        follower.setPollInterval(20);
        follower.followJob(path);
        QVERIFY(follower.isFollowingJob());
        QCOMPARE(follower.requestedPath(), path);
        QTest::qWait(200);
        QCOMPARE(loaded.count(), 0); // nothing to read yet
        QCOMPARE(waiting.count(), 0);
        const QString written = freshPath();
        TwoRunFixture::write(written);
        QVERIFY(QFile::copy(written, path));
        QTRY_VERIFY_WITH_TIMEOUT(loaded.count() >= 1, 20000);
        QCOMPARE(loaded.at(0).at(2).toBool(), false); // a poll
        QCOMPARE(follower.currentPath(), path);
        follower.stopFollowingJob();
        QVERIFY(!follower.isFollowingJob());
        follower.waitForIdle();
        const int polled = int(loaded.count());
        QTest::qWait(200);
        QCOMPARE(loaded.count(), polled);
    }
};

int main(int argc, char** argv)
{
    // The writer process of writtenByAnotherProcess(): one more result in the store, then exit.
    if (const QString store = qEnvironmentVariable("QS_FOLLOWER_WRITE"); !store.isEmpty()) {
        try {
            writeMissingResult(store);
        } catch (const std::exception& e) {
            fprintf(stderr, "%s\n", e.what());
            return 1;
        }
        return 0;
    }
    qs::test::prepareEnvironment();
    QCoreApplication app(argc, argv);
    TstStoreFollower tc;
    QTEST_SET_MAIN_SOURCE_PATH
    return QTest::qExec(&tc, argc, argv);
}

#include "tst_storefollower.moc"
