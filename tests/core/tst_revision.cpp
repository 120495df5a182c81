// Revision names of public trajectories and manifests (core/data/revision.h): step, tokens and stage as the
// names say them, worked out by hand.

#include "tests/support/testutils.h"

#include "core/data/revision.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>

#include <optional>

class TstRevision : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;

    QString write(const char* name, const QByteArray& text)
    {
        const QString path = m_dir.filePath(QString::fromLatin1(name));
        QFile file(path);
        if (file.open(QIODevice::WriteOnly))
            file.write(text);
        return path;
    }

private Q_SLOTS:
    void names_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<qint64>("step");   // -1: none
        QTest::addColumn<qint64>("index");  // -1: none
        QTest::addColumn<double>("tokens"); // -1: none
        QTest::addColumn<QString>("stage");
        QTest::addRow("OLMo-2 stage 1") << QStringLiteral("stage1-step40000-tokens84B") << qint64(40000) << qint64(-1)
                                        << 84e9 << QStringLiteral("stage1");
        QTest::addRow("OLMo-2 anneal") << QStringLiteral("stage2-ingredient1-step11931-tokens100B") << qint64(11931)
                                       << qint64(-1) << 100e9 << QStringLiteral("stage2-ingredient1");
        QTest::addRow("OLMo-1") << QStringLiteral("step50000-tokens210B") << qint64(50000) << qint64(-1) << 210e9
                                << QStringLiteral("");
        QTest::addRow("Pythia") << QStringLiteral("step143000") << qint64(143000) << qint64(-1) << -1.0
                                << QStringLiteral("");
        QTest::addRow("Megatron") << QStringLiteral("iter_0058000") << qint64(58000) << qint64(-1) << -1.0
                                  << QStringLiteral("");
        QTest::addRow("Amber") << QStringLiteral("ckpt_000") << qint64(-1) << qint64(0) << -1.0 << QStringLiteral("");
        QTest::addRow("Amber 359, in a path")
            << QStringLiteral("/data/amber/ckpt_359/") << qint64(-1) << qint64(359) << -1.0 << QStringLiteral("");
        QTest::addRow("fractional tokens")
            << QStringLiteral("step1000-tokens1.5T") << qint64(1000) << qint64(-1) << 1.5e12 << QStringLiteral("");
        QTest::addRow("main") << QStringLiteral("main") << qint64(-1) << qint64(-1) << -1.0 << QStringLiteral("");
        QTest::addRow("a word that contains step")
            << QStringLiteral("footsteps-final") << qint64(-1) << qint64(-1) << -1.0 << QStringLiteral("");
    }

    void names()
    {
        QFETCH(QString, name);
        QFETCH(qint64, step);
        QFETCH(qint64, index);
        QFETCH(double, tokens);
        QFETCH(QString, stage);
        const qs::RevisionInfo info = qs::parseRevisionName(name.toStdString());
        QCOMPARE(info.step.value_or(-1), step);
        QCOMPARE(info.index.value_or(-1), index);
        QCOMPARE(info.tokens.value_or(-1.0), tokens);
        QCOMPARE(QString::fromStdString(info.stage), stage);
        QVERIFY(!info.lr);
    }

    void tokenCounts()
    {
        QCOMPARE(qs::parseTokenCount("84B").value_or(-1), 84e9);
        QCOMPARE(qs::parseTokenCount("20k").value_or(-1), 2e4);
        QCOMPARE(qs::parseTokenCount("500M").value_or(-1), 5e8);
        QCOMPARE(qs::parseTokenCount("123").value_or(-1), 123.0);
        QVERIFY(!qs::parseTokenCount("B"));
        QVERIFY(!qs::parseTokenCount("12 B"));
        QVERIFY(!qs::parseTokenCount("-5B"));
    }

    void trajectoryOrder()
    {
        // Stages by number, steps within a stage, a name that says nothing last in its stage.
        std::vector<qs::RevisionInfo> revisions;
        for (const char* name : {"stage2-ingredient1-step100-tokens1B", "main", "stage1-step2000-tokens4B",
                                 "stage1-step100-tokens1B", "stage10-step5-tokens1B"})
            revisions.push_back(qs::parseRevisionName(name));
        const std::vector<qs::RevisionInfo> ordered = qs::orderTrajectory(revisions);
        QStringList names;
        for (const qs::RevisionInfo& r : ordered)
            names << QString::fromStdString(r.name);
        QCOMPARE(names,
                 QStringList({QStringLiteral("main"), QStringLiteral("stage1-step100-tokens1B"),
                              QStringLiteral("stage1-step2000-tokens4B"),
                              QStringLiteral("stage2-ingredient1-step100-tokens1B"),
                              QStringLiteral("stage10-step5-tokens1B")}));
    }

    void csvManifest()
    {
        // Relative paths from the manifest's folder; empty cells leave a field to the name.
        const QString path = write("manifest.csv",
                                   "path, step, tokens, lr, stage\n"
                                   "ckpt_000,0,0,0.0,pretrain\n"
                                   "ckpt_001,1000,4.2B,3e-4,pretrain\n"
                                   "\n"
                                   "other/ckpt_002,,,1.5e-4,\n");
        const std::vector<qs::RevisionInfo> manifest = qs::readRevisionManifest(path.toStdString());
        QCOMPARE(manifest.size(), size_t(3));
        QCOMPARE(QString::fromStdString(manifest[1].path), QDir::cleanPath(m_dir.filePath(QStringLiteral("ckpt_001"))));
        QCOMPARE(manifest[1].step.value_or(-1), qint64(1000));
        QCOMPARE(manifest[1].tokens.value_or(-1), 4.2e9);
        QCOMPARE(manifest[1].lr.value_or(-1), 3e-4);
        QCOMPARE(QString::fromStdString(manifest[1].stage), QStringLiteral("pretrain"));
        QVERIFY(!manifest[2].step && !manifest[2].tokens);
        QCOMPARE(manifest[2].lr.value_or(-1), 1.5e-4);

        // Applied to the folders: Amber's ckpt_N has an order only, the manifest gives the steps.
        std::vector<qs::RevisionInfo> folders;
        for (const char* name : {"ckpt_001", "ckpt_000"})
            folders.push_back(qs::parseRevisionName(m_dir.filePath(QString::fromLatin1(name)).toStdString()));
        const std::vector<qs::RevisionInfo> ordered = qs::orderTrajectory(folders, manifest);
        QCOMPARE(QString::fromStdString(ordered[0].name), QStringLiteral("ckpt_000"));
        QCOMPARE(ordered[1].step.value_or(-1), qint64(1000));
        QCOMPARE(ordered[1].lr.value_or(-1), 3e-4);
        QCOMPARE(ordered[1].index.value_or(-1), qint64(1));
    }

    void jsonManifest()
    {
        const QString path = write("manifest.json", R"([{"path": "step100", "tokens": "1B", "lr": 0.001},
                                                        {"path": "/abs/step200", "step": 200}])");
        const std::vector<qs::RevisionInfo> manifest = qs::readRevisionManifest(path.toStdString());
        QCOMPARE(manifest.size(), size_t(2));
        QCOMPARE(manifest[0].tokens.value_or(-1), 1e9);
        QCOMPARE(manifest[0].lr.value_or(-1), 0.001);
        QCOMPARE(QString::fromStdString(manifest[1].path), QStringLiteral("/abs/step200"));
        QCOMPARE(manifest[1].step.value_or(-1), qint64(200));
    }

    void badManifests_data()
    {
        QTest::addColumn<QByteArray>("text");
        QTest::addColumn<QString>("expected"); // in the message
        QTest::addRow("no path column") << QByteArray("step,tokens\n1,2\n") << QStringLiteral("'path' column");
        QTest::addRow("unknown column") << QByteArray("path,steps\na,1\n") << QStringLiteral("unknown column 'steps'");
        QTest::addRow("bad step, line 3")
            << QByteArray("path,step\na,1\nb,ten\n") << QStringLiteral("manifest.bad:3: column 'step': 'ten'");
        QTest::addRow("negative step") << QByteArray("path,step\na,-4\n")
                                       << QStringLiteral("'-4' is not a whole number");
        QTest::addRow("bad tokens") << QByteArray("path,tokens\na,84 B\n")
                                    << QStringLiteral("'84 B' is not a token count");
        QTest::addRow("bad lr") << QByteArray("path,lr\na,fast\n") << QStringLiteral("'fast' is not a learning rate");
        QTest::addRow("missing cell") << QByteArray("path,step,lr\na,1\n")
                                      << QStringLiteral("2 cells, the header has 3");
        QTest::addRow("empty path") << QByteArray("path,step\n,1\n") << QStringLiteral("is not a path");
        QTest::addRow("JSON not an array")
            << QByteArray("[1, 2]") << QStringLiteral("entry 1: an object with a \"path\"");
        QTest::addRow("JSON broken") << QByteArray("[{\"path\": }]") << QStringLiteral("not valid JSON");
        QTest::addRow("JSON unknown key")
            << QByteArray("[{\"path\": \"a\", \"lrr\": 1}]") << QStringLiteral("unknown key 'lrr'");
        // Found with fuzz/fuzz_revision: std::regex overflowed the stack on a long cell, and 400 digits
        // overflowed std::stod (std::out_of_range).
        QTest::addRow("100,000-digit tokens") << "path,tokens\na," + QByteArray(100000, '9') + "\n"
                                              << QStringLiteral("is not a token count");
        QTest::addRow("tokens past double") << "path,tokens\na," + QByteArray(400, '9') + "B\n"
                                            << QStringLiteral("is not a token count");
    }

    // Found with fuzz/fuzz_revision: long names overflowed std::regex's recursion, a token count past
    // double's range threw std::out_of_range, and a stage number past int did (std::stoi) when ordered.
    void extremeNames()
    {
        const std::string longStage = "stage1" + std::string(200000, 'x') + "-step7";
        qs::RevisionInfo info = qs::parseRevisionName(longStage);
        QCOMPARE(info.step.value_or(-1), qint64(7));
        QCOMPARE(info.stage.size(), longStage.size() - 6);
        info = qs::parseRevisionName("step" + std::string(300000, '1'));
        QVERIFY(!info.step); // past int64
        info = qs::parseRevisionName("step1-tokens" + std::string(400, '9'));
        QCOMPARE(info.step.value_or(-1), qint64(1));
        QVERIFY(!info.tokens);
        QVERIFY(!qs::parseTokenCount(std::string(400, '9') + "T"));
        QCOMPARE(qs::parseTokenCount("84b").value_or(-1), 84e9);

        std::vector<qs::RevisionInfo> revisions;
        for (const char* name : {"stage99999999999-step1", "stage2-step5", "stage99999999999999999999-step2"})
            revisions.push_back(qs::parseRevisionName(name));
        qs::RevisionInfo pretrain;
        pretrain.name = "pretrain-step3";
        pretrain.stage = "pretrain"; // as a manifest gives it
        revisions.push_back(pretrain);
        QStringList names;
        for (const qs::RevisionInfo& r : qs::orderTrajectory(revisions))
            names << QString::fromStdString(r.name);
        // By stage number, a number past int64 after every other, a stage without a number last.
        QCOMPARE(names,
                 QStringList({QStringLiteral("stage2-step5"), QStringLiteral("stage99999999999-step1"),
                              QStringLiteral("stage99999999999999999999-step2"), QStringLiteral("pretrain-step3")}));
    }

    void badManifests()
    {
        QFETCH(QByteArray, text);
        QFETCH(QString, expected);
        const QString path = write("manifest.bad", text);
        const QString error = qs::test::errorOf([&] { qs::readRevisionManifest(path.toStdString()); });
        QVERIFY2(error.contains(expected), qPrintable(error));
        QVERIFY2(error.contains(QStringLiteral("manifest.bad")), qPrintable(error));
        QVERIFY(qs::test::errorOf([&] {
                    qs::readRevisionManifest(m_dir.filePath(QStringLiteral("none.csv")).toStdString());
                }).contains(QStringLiteral("cannot read")));
    }
};

QS_TEST_GUILESS_MAIN(TstRevision)
#include "tst_revision.moc"
