// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
// `quantscope check` and `quantscope repair` as a user runs them: what they print, their exit codes, and
// that repair never touches the damaged store.

#include "tests/support/soundstore.h"
#include "tests/support/storesample.h"
#include "tests/support/testutils.h"

#include <H5Cpp.h>

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

using namespace qs;
using qs::test::runCli;

class TstCliCheck : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    test::SoundStore m_sound;

    // A copy of the sound store beside it (so that its checkpoint paths still resolve) with checkpoint 1
    // of RTN marked done but its CE NaN.
    QString damagedCopy(const QString& name)
    {
        const QString path = m_dir.filePath(name);
        QFile::remove(path);
        QFile::copy(m_sound.path, path);
        H5::H5File file(path.toStdString(), H5F_ACC_RDWR);
        const H5::DataSet ce = file.openDataSet("/runs/tiny/configs/rtn_w4_g128_sym/model/ce");
        H5::DataSpace space = ce.getSpace();
        const hsize_t one = 1, row = 1;
        space.selectHyperslab(H5S_SELECT_SET, &one, &row);
        ce.write(&test::soundNan, H5::PredType::NATIVE_DOUBLE, H5::DataSpace(1, &one), space);
        return path;
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        m_sound = test::writeSoundStore(m_dir.path());
    }

    void checkSound()
    {
        const auto r = runCli({QStringLiteral("check"), m_sound.path});
        QCOMPARE(r.exitCode, 0);
        QCOMPARE(r.out, m_sound.path + QStringLiteral(": sound\n"));
        QVERIFY2(r.err.isEmpty(), qPrintable(r.err));
    }

    void checkDamaged()
    {
        const QString path = damagedCopy(QStringLiteral("damaged.h5"));
        const auto r = runCli({QStringLiteral("check"), path});
        QCOMPARE(r.exitCode, 1);
        QCOMPARE(r.out,
                 QStringLiteral("error: /runs/tiny/configs/rtn_w4_g128_sym: checkpoint 1 (step 40): done, but ce "
                                "is nan\n")
                     + path + QStringLiteral(": 1 error\n"));

        const auto json = runCli({QStringLiteral("check"), QStringLiteral("--json"), path});
        QCOMPARE(json.exitCode, 1);
        QJsonParseError error;
        const QJsonObject doc = QJsonDocument::fromJson(json.out.toUtf8(), &error).object();
        QVERIFY2(error.error == QJsonParseError::NoError, qPrintable(json.out));
        QCOMPARE(doc[QStringLiteral("store")].toString(), path);
        QCOMPARE(doc[QStringLiteral("sound")].toBool(), false);
        QCOMPARE(doc[QStringLiteral("truncated")].toBool(), false);
        QCOMPARE(doc[QStringLiteral("errors")].toInt(), 1);
        QCOMPARE(doc[QStringLiteral("notes")].toInt(), 0);
        const QJsonObject problem = doc[QStringLiteral("problems")].toArray().at(0).toObject();
        QCOMPARE(problem[QStringLiteral("severity")].toString(), QStringLiteral("error"));
        QCOMPARE(problem[QStringLiteral("object")].toString(), QStringLiteral("/runs/tiny/configs/rtn_w4_g128_sym"));
        QCOMPARE(problem[QStringLiteral("message")].toString(),
                 QStringLiteral("checkpoint 1 (step 40): done, but ce is nan"));
    }

    void checkTruncated()
    {
        const QString path = m_dir.filePath(QStringLiteral("truncated.h5"));
        const QByteArray bytes = test::fileBytes(m_sound.path);
        test::writeFile(path, bytes.left(bytes.size() / 2));
        const auto r = runCli({QStringLiteral("check"), path});
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.out.startsWith(QStringLiteral("error: %1: the file is truncated: %2 bytes of the %3")
                                      .arg(path)
                                      .arg(bytes.size() / 2)
                                      .arg(bytes.size())),
                 qPrintable(r.out));
        QCOMPARE(test::fileBytes(path), bytes.left(bytes.size() / 2));
    }

    void checkUnreadable_data()
    {
        QTest::addColumn<QByteArray>("content"); // empty: no file
        QTest::addColumn<QString>("message");
        QTest::newRow("missing") << QByteArray() << QStringLiteral("no such file");
        QTest::newRow("not HDF5") << QByteArray("a,b\n1,2\n") << QStringLiteral("not an HDF5 file");
    }

    void checkUnreadable()
    {
        QFETCH(QByteArray, content);
        QFETCH(QString, message);
        const QString path = m_dir.filePath(QStringLiteral("unreadable.h5"));
        QFile::remove(path);
        if (!content.isEmpty())
            test::writeFile(path, content);
        const auto r = runCli({QStringLiteral("check"), path});
        QCOMPARE(r.exitCode, 2);
        QVERIFY(r.out.isEmpty());
        QVERIFY2(r.err.startsWith(QStringLiteral("quantscope check: ") + path) && r.err.contains(message),
                 qPrintable(r.err));
    }

    void repairSound()
    {
        const QString out = m_dir.filePath(QStringLiteral("repaired.h5"));
        const QByteArray before = test::fileBytes(m_sound.path);
        const auto r = runCli({QStringLiteral("repair"), m_sound.path, QStringLiteral("--out"), out});
        QCOMPARE(r.exitCode, 0);
        QCOMPARE(test::fileBytes(m_sound.path), before);
        const QStringList expected = {
            QStringLiteral("Salvaged %1 into %2").arg(m_sound.path, out),
            QStringLiteral("  run tiny: rows of layers, log, validation, checkpoints: layers 14, log 100, validation "
                           "4, checkpoints 5"),
            QStringLiteral("    config fp: 5 done rows"),
            QStringLiteral("    config rtn_w4_g128_sym: 5 done rows"),
            QStringLiteral("    config gptq_w3_g128_sym_act: 3 done rows"),
            QStringLiteral("  run tiny.lawa2: rows of layers, log, validation, checkpoints: layers 14, log 0, "
                           "validation 0, checkpoints 2"),
            QStringLiteral("    config fp: 2 done rows"),
            QStringLiteral("    config rtn_w4_g128_sym: 2 done rows"),
            QStringLiteral("  run pythia-mini: rows of layers, log, validation, checkpoints: layers 7, log 2, "
                           "validation 0, checkpoints 2"),
            QStringLiteral("    config rtn_w4_g128_sym: 2 done rows"),
            QStringLiteral("  fits: 1"),
            QStringLiteral("Everything the store lists was salvaged (170 rows)."),
        };
        QCOMPARE(r.out.split(QLatin1Char('\n'), Qt::SkipEmptyParts), expected);
        const auto check = runCli({QStringLiteral("check"), out});
        QCOMPARE(check.exitCode, 0);
    }

    void repairDamaged()
    {
        const QString path = damagedCopy(QStringLiteral("damaged2.h5"));
        const QString out = m_dir.filePath(QStringLiteral("repaired2.h5"));
        const auto r = runCli({QStringLiteral("repair"), path, QStringLiteral("--out"), out});
        QCOMPARE(r.exitCode, 0);
        QVERIFY2(r.out.contains(QStringLiteral("    config rtn_w4_g128_sym: 4 of 5 done rows (1 dropped)\n")),
                 qPrintable(r.out));
        QVERIFY2(r.out.contains(QStringLiteral("What could not be read or was dropped:\n  error: "
                                               "/runs/tiny/configs/rtn_w4_g128_sym: checkpoint 1 (step 40): done, but "
                                               "ce is nan\n")),
                 qPrintable(r.out));
        QVERIFY2(r.out.endsWith(QStringLiteral("169 rows salvaged, 1 dropped.\n")), qPrintable(r.out));
        const Store repaired = Store::open(out.toStdString());
        QVERIFY(!repaired.hasResult("tiny", "rtn_w4_g128_sym", 1));
        QVERIFY(repaired.hasResult("tiny", "rtn_w4_g128_sym", 2));
    }

    void repairRefuses_data()
    {
        QTest::addColumn<QStringList>("args"); // STORE and OUT are replaced
        QTest::addColumn<int>("exitCode");
        QTest::addColumn<QString>("message");
        QTest::newRow("out exists") << QStringList {QStringLiteral("STORE"), QStringLiteral("--out"),
                                                    QStringLiteral("EXISTING")}
                                    << 1
                                    << QStringLiteral("exists; repair writes a new store and never replaces a file");
        QTest::newRow("not HDF5") << QStringList {QStringLiteral("TEXT"), QStringLiteral("--out"),
                                                  QStringLiteral("OUT")}
                                  << 1 << QStringLiteral("not an HDF5 file");
        QTest::newRow("no --out") << QStringList {QStringLiteral("STORE")} << 2
                                  << QStringLiteral("quantscope repair: --out FILE is required");
    }

    void repairRefuses()
    {
        QFETCH(QStringList, args);
        QFETCH(int, exitCode);
        QFETCH(QString, message);
        const QString existing = test::writeFile(m_dir.filePath(QStringLiteral("existing.h5")), "keep me");
        const QString text = test::writeFile(m_dir.filePath(QStringLiteral("notes.txt")), "not a store\n");
        const QString out = m_dir.filePath(QStringLiteral("never.h5"));
        args.replaceInStrings(QStringLiteral("EXISTING"), existing);
        args.replaceInStrings(QStringLiteral("STORE"), m_sound.path);
        args.replaceInStrings(QStringLiteral("TEXT"), text);
        args.replaceInStrings(QStringLiteral("OUT"), out);
        const auto r = runCli(QStringList {QStringLiteral("repair")} + args);
        QCOMPARE(r.exitCode, exitCode);
        QVERIFY2(r.err.contains(message), qPrintable(r.err));
        QCOMPARE(test::fileBytes(existing), QByteArray("keep me"));
        QVERIFY(!QFileInfo::exists(out));
    }
};

QS_TEST_GUILESS_MAIN(TstCliCheck)
#include "tst_clicheck.moc"
