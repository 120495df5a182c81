// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
// Dropping a folder of checkpoints: the store that uses them, and the run they belong to.

#include "tests/support/testutils.h"

#include "itemmodels/checkpointfolder.h"
#include "tests/support/storefixture.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>

using qs::test::StoreFixture;

namespace {

// A store at `storePath` with one run per name, each with StoreFixture's checkpoints stored under
// `<prefix><run>/` (relative to the store's folder, as the trainer stores them).
void writeStore(const QString& storePath, const QStringList& runs, const QString& prefix)
{
    qs::Store store = qs::Store::openOrCreate(storePath.toStdString());
    for (const QString& run : runs) {
        qs::RunInfo info;
        info.name = run.toStdString();
        info.modelConfigJson = qs::ModelConfig {}.toJson();
        info.trainConfigJson = qs::TrainConfig {}.toJson();
        info.corpus = "fixture";
        info.schedule = "wsd";
        store.createRun(info, StoreFixture::layers());
        for (const int step : StoreFixture::checkpointSteps()) {
            qs::CheckpointRow row;
            row.step = step;
            row.tokens = StoreFixture::tokens(step);
            row.lr = StoreFixture::lr(step);
            row.fpValCe = 3.0;
            row.path = QStringLiteral("%1%2/step%3.safetensors").arg(prefix, run).arg(step).toStdString();
            store.appendCheckpoint(info.name, row);
        }
    }
}

} // namespace

class TestCheckpointFolder : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;

    QString path(const QString& name) const { return m_dir.filePath(name); }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        // out/results.h5 with runs wsd and cosine, checkpoints in out/checkpoints/<run>/; a file that
        // is not a store next to it.
        QVERIFY(QDir().mkpath(path(QStringLiteral("out/checkpoints/wsd"))));
        QVERIFY(QDir().mkpath(path(QStringLiteral("out/checkpoints/cosine"))));
        QFile garbage(path(QStringLiteral("out/checkpoints/aaa-broken.h5")));
        QVERIFY(garbage.open(QIODevice::WriteOnly));
        garbage.write("not HDF5");
        garbage.close();
        writeStore(path(QStringLiteral("out/results.h5")), {QStringLiteral("wsd"), QStringLiteral("cosine")},
                   QStringLiteral("checkpoints/"));
        // A store elsewhere whose run's checkpoints are in far/ckpt/late/: found only through the
        // recent stores.
        QVERIFY(QDir().mkpath(path(QStringLiteral("stores"))));
        QVERIFY(QDir().mkpath(path(QStringLiteral("far/ckpt/late"))));
        writeStore(path(QStringLiteral("stores/other.h5")), {QStringLiteral("late")}, QStringLiteral("../far/ckpt/"));
        QVERIFY(QDir().mkpath(path(QStringLiteral("empty"))));
    }

    void runOfTheFolder_data()
    {
        QTest::addColumn<QString>("folder");
        QTest::addColumn<QString>("store");
        QTest::addColumn<QString>("run");
        // One table row per line:
        // clang-format off
        QTest::addRow("second run") << "out/checkpoints/cosine" << "out/results.h5" << "cosine";
        QTest::addRow("first run") << "out/checkpoints/wsd" << "out/results.h5" << "wsd";
        QTest::addRow("parent of both") << "out/checkpoints" << "out/results.h5" << "wsd";
        QTest::addRow("recent store") << "far/ckpt/late" << "stores/other.h5" << "late";
        // clang-format on
    }

    void runOfTheFolder()
    {
        QFETCH(QString, folder);
        QFETCH(QString, store);
        QFETCH(QString, run);
        qs::CheckpointFolderMatch match;
        QString error;
        QVERIFY2(qs::findStoreForCheckpoints(path(folder), {path(QStringLiteral("stores/other.h5"))}, &match, &error),
                 qPrintable(error));
        QCOMPARE(match.store, QFileInfo(path(store)).absoluteFilePath());
        QCOMPARE(match.run, run);
    }

    void nothingUsesTheFolder()
    {
        qs::CheckpointFolderMatch match;
        QString error;
        // Without the recent store, far/ckpt/late has no store near it.
        QVERIFY(!qs::findStoreForCheckpoints(path(QStringLiteral("far/ckpt/late")), {}, &match, &error));
        QVERIFY2(error.contains(QFileInfo(path(QStringLiteral("far/ckpt/late"))).canonicalFilePath()),
                 qPrintable(error));
        QVERIFY2(error.contains(QStringLiteral("quantscope sweep")), qPrintable(error));
        QVERIFY(!qs::findStoreForCheckpoints(path(QStringLiteral("empty")), {}, &match, &error));
        QVERIFY(!qs::findStoreForCheckpoints(path(QStringLiteral("no-such-folder")), {}, &match, &error));
        QVERIFY2(error.contains(QStringLiteral("no-such-folder")), qPrintable(error));
    }
};

QS_TEST_GUILESS_MAIN(TestCheckpointFolder)
#include "tst_checkpointfolder.moc"
