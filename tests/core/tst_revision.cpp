// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
// Revision names of public trajectories and manifests (core/formats/revision.h): step, tokens and stage as the
// names say them, worked out by hand.

#include "tests/support/testutils.h"

#include "core/common/errors.h"
#include "core/formats/revision.h"
#include "core/hf/hfrun.h"

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
        QTest::addRow("bad lr") << QByteArray("path,lr\na,fast\n")
                                << QStringLiteral("'fast' is not a number in [0, 10]");
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

    // The numbers of an HF import's files and descriptions: each bad value is refused with
    // the file, line or entry, the column or key, the value as written and the accepted range (rules in
    // core/formats/revision.h and hfrun.h). Rows are kind (manifest, lrlog, schedule), text, fragments.
    void badImportNumbers_data()
    {
        QTest::addColumn<QString>("kind");
        QTest::addColumn<QByteArray>("text");
        QTest::addColumn<QStringList>("fragments");
        const auto row = [](const char* tag, const char* kind, const char* text,
                            std::initializer_list<const char*> fragments) {
            QTest::addRow("%s", tag) << QString::fromLatin1(kind) << QByteArray(text)
                                     << qs::test::fragmentList(fragments);
        };
        // clang-format off
        row("manifest step 2^64", "manifest", "path,step\na,18446744073709551616\n", {"column 'step'", "'18446744073709551616'", "a whole number in [0, 9223372036854775807]"});
        row("manifest JSON step 1e99", "manifest", R"([{"path": "a", "step": 1e99}])", {"entry 1", "'1e+99'", "a whole number in [0, 9223372036854775807]"});
        row("manifest JSON step 1.5", "manifest", R"([{"path": "a", "step": 1.5}])", {"entry 1", "'1.5'", "a whole number in [0, 9223372036854775807]"});
        row("manifest JSON step -1", "manifest", R"([{"path": "a", "step": -1}])", {"entry 1", "'-1'", "a whole number in [0, 9223372036854775807]"});
        row("manifest tokens 1e23", "manifest", "path,tokens\na,99999999999T\n", {"column 'tokens'", "'99999999999T'", "[0, 9e+18]"});
        row("manifest JSON tokens 1e30", "manifest", R"([{"path": "a", "tokens": 1e30}])", {"column 'tokens'", "'1e+30'", "[0, 9e+18]"});
        row("manifest lr inf", "manifest", "path,lr\na,inf\n", {"column 'lr'", "'inf'", "a number in [0, 10]"});
        row("manifest lr -1", "manifest", "path,lr\na,-1\n", {"column 'lr'", "'-1'", "a number in [0, 10]"});
        row("manifest lr 50", "manifest", "path,lr\na,50\n", {"column 'lr'", "'50'", "a number in [0, 10]"});
        row("manifest JSON lr true", "manifest", R"([{"path": "a", "lr": true}])", {"column 'lr'", "'true'", "a number in [0, 10]"});
        row("manifest column twice", "manifest", "path,step,step\na,1,2\n", {"column 'step'", "twice"});
        row("lr log step nan", "lrlog", "step,lr\n0,1e-3\nnan,1e-3\n", {"line 3", "column step", "'nan'", "[0, 9e+18]"});
        row("lr log step -5", "lrlog", "step,lr\n-5,1e-3\n", {"line 2", "column step", "'-5'", "[0, 9e+18]"});
        row("lr log lr inf", "lrlog", "step,lr\n0,inf\n", {"line 2", "column lr", "'inf'", "a number in [0, 10]"});
        row("lr log lr -1", "lrlog", "step,learning_rate\n0,-1\n", {"line 2", "column learning_rate", "'-1'", "a number in [0, 10]"});
        row("lr log lr 50", "lrlog", "step,lr\n0,50\n", {"line 2", "column lr", "'50'", "a number in [0, 10]"});
        row("lr log lr trailing text", "lrlog", "step,lr\n0,3e-4abc\n", {"line 2", "column lr", "'3e-4abc'", "a number in [0, 10]"});
        row("schedule peak inf", "schedule", "wsd:peak=inf,total=10", {"peak = inf", "a number in (0, 10]"});
        row("schedule peak nan", "schedule", "wsd:peak=nan,total=10", {"peak = nan", "a number in (0, 10]"});
        row("schedule peak 20", "schedule", "wsd:peak=20,total=10", {"peak = 20", "a number in (0, 10]"});
        row("schedule peak trailing text", "schedule", "wsd:peak=3e-4x,total=10", {"peak = 3e-4x", "a number in (0, 10]"});
        row("schedule peak twice", "schedule", "wsd:peak=1e-3,peak=2e-3,total=10", {"peak", "twice"});
        row("schedule decay nan", "schedule", "wsd:peak=1e-3,total=10,decay=nan", {"decay = nan", "a number in [0, 1]"});
        row("schedule warmup -5", "schedule", "wsd:peak=1e-3,warmup=-5,total=10", {"warmup = -5", "a whole number in [0, 9]"});
        row("schedule warmup fraction", "schedule", "wsd:peak=1e-3,warmup=2.5,total=10", {"warmup = 2.5", "a whole number in [0, 9]"});
        row("schedule total 1e99", "schedule", "wsd:peak=1e-3,total=1e99", {"total = 1e99", "a whole number in [1, 1000000000000]"});
        row("schedule total fraction", "schedule", "wsd:peak=1e-3,total=10.5", {"total = 10.5", "a whole number in [1, 1000000000000]"});
        row("schedule total 0", "schedule", "cosine:peak=1e-3,total=0", {"total = 0", "a whole number in [1, 1000000000000]"});
        row("schedule min -1", "schedule", "wsd:peak=1e-3,total=10,min=-1", {"min = -1", "a number in [0, 0.001]"});
        row("schedule min above peak", "schedule", "wsd:peak=1e-3,total=10,min=0.01", {"min = 0.01", "a number in [0, 0.001]"});
        // clang-format on
    }

    void badImportNumbers()
    {
        QFETCH(QString, kind);
        QFETCH(QByteArray, text);
        QFETCH(QStringList, fragments);
        QString message;
        if (kind == QLatin1String("manifest")) {
            const QString path = write("numbers.manifest", text);
            message = qs::test::errorOfType<qs::FormatError>([&] { qs::readRevisionManifest(path.toStdString()); });
            fragments << path;
        } else if (kind == QLatin1String("lrlog")) {
            const QString path = write("lr.csv", text);
            message = qs::test::errorOfType<qs::FormatError>([&] { qs::readLrLog(path.toStdString()); });
            fragments << path;
        } else {
            message = qs::test::errorOfType<qs::ConfigError>([&] { qs::describedScheduleLr(text.toStdString(), 0); });
            fragments << QString::fromLatin1(text);
        }
        QVERIFY2(!message.isEmpty(), "accepted");
        for (const QString& fragment : fragments)
            QVERIFY2(message.contains(fragment), qPrintable(message));
    }

    // Tokens from a name or from step × tokens-per-step must fit the store's 64-bit token counts.
    void importTokensFit_data()
    {
        QTest::addColumn<QString>("folder");
        QTest::addColumn<double>("tokensPerStep");
        QTest::addColumn<QStringList>("fragments");
        QTest::addRow("step x tokens-per-step")
            << QStringLiteral("step100") << 1e17
            << QStringList {QStringLiteral("step100"), QStringLiteral("1e+19"), QStringLiteral("[0, 9e+18]")};
        QTest::addRow("tokens in the name")
            << QStringLiteral("step10-tokens99999999T") << 0.0
            << QStringList {QStringLiteral("step10-tokens99999999T"), QStringLiteral("[0, 9e+18]")};
    }

    void importTokensFit()
    {
        QFETCH(QString, folder);
        QFETCH(double, tokensPerStep);
        QFETCH(QStringList, fragments);
        QTemporaryDir dir;
        QVERIFY(QDir(dir.path()).mkpath(folder));
        QFile config(QDir(dir.path()).filePath(folder + QStringLiteral("/config.json")));
        QVERIFY(config.open(QIODevice::WriteOnly));
        config.close();
        qs::HfImportOptions options;
        options.sources = {QDir(dir.path()).filePath(folder).toStdString()};
        options.tokensPerStep = tokensPerStep;
        const QString message = qs::test::errorOfType<qs::ConfigError>([&] { qs::collectRevisions(options); });
        QVERIFY2(!message.isEmpty(), "accepted");
        for (const QString& fragment : fragments)
            QVERIFY2(message.contains(fragment), qPrintable(message));
    }
};

QS_TEST_GUILESS_MAIN(TstRevision)
#include "tst_revision.moc"
