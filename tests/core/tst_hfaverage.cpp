// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
// Weight averaging of Hugging Face revision runs (core/hf/hfaverage.h through lawaRun / soupRun of
// core/engine/averaging.h, and `quantscope average`): revision folders made by
// tests/support/hf_reference.py are imported, averaged (LAWA and soups, bf16, f16 and f32), and every
// averaged folder is read back by tests/support/hf_average_reference.py, which recomputes the average in
// float64 with torch and compares the stored bits with the one-rounding result and with torch's cast.

#include "tests/support/hftrajectory.h"
#include "tests/support/numeric.h"

#include "core/common/errors.h"
#include "core/engine/averaging.h"
#include "core/engine/quantizer.h"
#include "core/engine/sweep.h"
#include "core/formats/hfweights.h"
#include "core/hf/hfaverage.h"
#include "core/hf/hfrun.h"
#include "core/store/store.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>

#include <cmath>
#include <filesystem>
#include <fstream>

#include <nlohmann/json.hpp>

namespace fs = std::filesystem;
using namespace qs;

class TstHfAverage : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;
    QString m_traj;   // four bf16 llama revisions step100..step400, two shards each
    QString m_tokens; // raw uint16 token ids

    static bool make(const QString& out, int seed, const QString& dtype = QStringLiteral("bf16"),
                     const QString& config = {})
    {
        return test::makeHfRevision(out, seed, dtype, config);
    }

    std::string path(const QString& name) const { return m_dir.filePath(name).toStdString(); }

    HfImportOptions importOptions(const QString& source) const { return test::smallHfImport(source, m_tokens); }

    Store importedStore(const QString& name, const QString& source, const std::string& run)
    {
        Store store = Store::create(path(name));
        importHfTrajectory(store, run, importOptions(source));
        return store;
    }

    // hf_average_reference.py's report on `avg`, the average of `ingredients` with `weights`.
    static QJsonObject reference(const QString& avg, const QStringList& ingredients, const QString& weights)
    {
        QProcess proc;
        proc.start(QStringLiteral(QS_SYSTEM_PYTHON),
                   QStringList {test::supportDir() + QStringLiteral("/hf_average_reference.py"),
                                QStringLiteral("check"), QStringLiteral("--avg"), avg, QStringLiteral("--weights"),
                                weights}
                       + ingredients);
        if (!proc.waitForFinished(120000) || proc.exitCode() != 0) {
            qWarning("hf_average_reference.py failed: %s", proc.readAllStandardError().constData());
            return {};
        }
        return QJsonDocument::fromJson(proc.readAllStandardOutput()).object();
    }

    // The reference finds the stored bits equal to the float64 average rounded once, and differing from
    // torch's cast only where torch rounds twice.
    static void verifyAverage(const QString& avg, const QStringList& ingredients, const QString& weights,
                              int minShards = 1)
    {
        const QJsonObject r = reference(avg, ingredients, weights);
        QVERIFY2(!r.isEmpty(), qPrintable(avg));
        const QByteArray text = QJsonDocument(r).toJson(QJsonDocument::Compact);
        qInfo("%s: %s", qPrintable(QFileInfo(avg).fileName()), text.constData());
        QVERIFY2(r.value(QStringLiteral("problems")).toArray().isEmpty(), text.constData());
        QVERIFY2(r.value(QStringLiteral("tensors")).toInt() > 10, text.constData());
        QVERIFY2(r.value(QStringLiteral("elements")).toInt() > 50000, text.constData());
        QVERIFY2(r.value(QStringLiteral("mismatch_once")).toInt() == 0, text.constData());
        QVERIFY2(r.value(QStringLiteral("unexplained_torch")).toInt() == 0, text.constData());
        QVERIFY2(r.value(QStringLiteral("mismatch_torch")).toInt()
                     == r.value(QStringLiteral("torch_double_rounding")).toInt(),
                 text.constData());
        QVERIFY2(r.value(QStringLiteral("torch_rounds_ties_to_even")).toBool(), text.constData());
        QVERIFY2(r.value(QStringLiteral("round_once_vs_torch_on_float32")).toInt() == 0, text.constData());
        QVERIFY2(r.value(QStringLiteral("shards")).toInt() >= minShards, text.constData());
    }

    static QString revision(const QString& traj, int step) { return test::hfRevisionFolder(traj, step); }

    static nlohmann::json provenanceOf(const std::string& folder)
    {
        std::ifstream in(fs::path(folder) / kHfAverageProvenanceFile);
        return nlohmann::json::parse(in);
    }

    std::string folderOf(const Store& store, const CheckpointRow& row) const
    {
        return (fs::absolute(store.path()).parent_path() / row.path).string();
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        torch::set_num_threads(test::threads());
        m_traj = m_dir.filePath(QStringLiteral("traj"));
        for (int i = 1; i <= 4; ++i)
            QVERIFY(make(revision(m_traj, 100 * i), i));
        m_tokens = m_dir.filePath(QStringLiteral("val.bin"));
        QVERIFY(test::writeTokenWalk(m_tokens));
    }

    // Hand-computed roundings: bf16 neighbours of 1 are 1 (0x3F80), 1 + 2^-7 (0x3F81), 1 + 2^-6 (0x3F82).
    void roundsOnceToNearestEven()
    {
        QCOMPARE(doubleToBf16(1.0), uint16_t(0x3F80));
        QCOMPARE(doubleToBf16(1.00390625), uint16_t(0x3F80));           // tie → even
        QCOMPARE(doubleToBf16(1.01171875), uint16_t(0x3F82));           // tie → even (up)
        QCOMPARE(doubleToBf16(1.00390625 + 0x1p-40), uint16_t(0x3F81)); // above the tie: up (float32 first: 0x3F80)
        QCOMPARE(doubleToBf16(1.01171875 - 0x1p-40), uint16_t(0x3F81)); // below the tie: down (float32 first: 0x3F82)
        QCOMPARE(doubleToBf16(-1.00390625 - 0x1p-40), uint16_t(0xBF81));
        QCOMPARE(doubleToBf16(0x1p-140), uint16_t(0x0000)); // below half of bf16's smallest subnormal 2^-133
        QVERIFY((doubleToBf16(std::nan("")) & 0x7FFF) > 0x7F80);
        // f16 neighbours of 1: 1 (0x3C00) and 1 + 2^-10 (0x3C01).
        QCOMPARE(doubleToHalf(1.0 + 0x1p-11), uint16_t(0x3C00));
        QCOMPARE(doubleToHalf(1.0 + 0x1p-11 + 0x1p-40), uint16_t(0x3C01));
        QCOMPARE(doubleToHalf(1.0 + 3 * 0x1p-11), uint16_t(0x3C02));
        QCOMPARE(doubleToHalf(65520.0), uint16_t(0x7C00)); // the tie above the largest half → inf
        QCOMPARE(doubleToHalf(0x1p-24), uint16_t(0x0001));
    }

    void lawaWindowsAndValues()
    {
        Store store = importedStore(QStringLiteral("lawa.h5"), m_traj, "traj");
        const QString out = m_dir.filePath(QStringLiteral("lawa-out"));
        // Small shards: every average is written as several.
        const AveragingSummary s = lawaRun(store, "traj", 2, 1, out.toStdString(), {}, 40000);
        QCOMPARE(s.run, std::string("traj.lawa2"));
        QCOMPARE(s.created, 3);
        QCOMPARE(s.foldersReused, 0);
        const auto rows = store.checkpoints("traj.lawa2");
        QCOMPARE(rows.size(), size_t(3));
        const RunInfo info = store.runInfo("traj.lawa2");
        QCOMPARE(info.parent, std::string("traj"));
        QCOMPARE(info.source, store.runInfo("traj").source);
        QVERIFY(isHfRun(store, "traj.lawa2"));
        for (size_t k = 0; k < rows.size(); ++k) {
            const int end = 200 + 100 * int(k);
            QCOMPARE(rows[k].step, int64_t(end));
            QCOMPARE(QString::fromStdString(rows[k].kind), QStringLiteral("averaged"));
            const auto prov = nlohmann::json::parse(rows[k].provenance);
            QCOMPARE(prov["method"].get<std::string>(), std::string("lawa"));
            QCOMPARE(prov["sources"].size(), size_t(2));
            QCOMPARE(prov["sources"][0]["step"].get<int64_t>(), int64_t(end - 100));
            QCOMPARE(prov["sources"][1]["step"].get<int64_t>(), int64_t(end));
            const std::string folder = folderOf(store, rows[k]);
            const auto file = provenanceOf(folder);
            QCOMPARE(file["ingredients"].size(), size_t(2));
            QCOMPARE(file["ingredients"][1]["step"].get<int64_t>(), int64_t(end));
            QVERIFY(fs::exists(fs::path(folder) / "config.json"));
            const HfWeights weights = HfWeights::open(folder);
            weights.validate(HfArch::fromFolder(folder));
            QVERIFY(weights.files().size() >= 3);
        }
        verifyAverage(QString::fromStdString(folderOf(store, rows[1])), {revision(m_traj, 200), revision(m_traj, 300)},
                      QStringLiteral("1,1"), 3);

        // The reference sees a wrong average: weights 1 and 2 are not what was averaged.
        const QJsonObject wrong = reference(QString::fromStdString(folderOf(store, rows[1])),
                                            {revision(m_traj, 200), revision(m_traj, 300)}, QStringLiteral("1,2"));
        QVERIFY(wrong.value(QStringLiteral("mismatch_once")).toInt() > 1000);

        // Stride 2, window 2: (100, 300) and (200, 400).
        const AveragingSummary strided =
            lawaRun(store, "traj", 2, 2, m_dir.filePath(QStringLiteral("lawa-s2")).toStdString());
        QCOMPARE(strided.run, std::string("traj.lawa2s2"));
        const auto srows = store.checkpoints("traj.lawa2s2");
        QCOMPARE(srows.size(), size_t(2));
        const auto first = nlohmann::json::parse(srows[0].provenance)["sources"];
        QCOMPARE(first[0]["step"].get<int64_t>(), int64_t(100));
        QCOMPARE(first[1]["step"].get<int64_t>(), int64_t(300));
        QCOMPARE(srows[1].step, int64_t(400));
        // One shard at the default size, still with its index.
        QCOMPARE(HfWeights::open(folderOf(store, srows[1])).files().size(), size_t(1));
        verifyAverage(QString::fromStdString(folderOf(store, srows[1])), {revision(m_traj, 200), revision(m_traj, 400)},
                      QStringLiteral("1,1"));
        // Window 3 of 4: (100, 200, 300), (200, 300, 400).
        lawaRun(store, "traj", 3, 1, m_dir.filePath(QStringLiteral("lawa3")).toStdString());
        const auto w3 = nlohmann::json::parse(store.checkpoints("traj.lawa3").back().provenance)["sources"];
        QCOMPARE(w3.size(), size_t(3));
        QCOMPARE(w3[0]["step"].get<int64_t>(), int64_t(200));

        // Again: everything is in the store already.
        const AveragingSummary again = lawaRun(store, "traj", 2, 1, out.toStdString(), {}, 40000);
        QCOMPARE(again.created, 0);
        QCOMPARE(again.reused, 3);
        // Window 3 every 2 spans 5 revisions; the run has 4 (its averages are runs of their own).
        const QString tooFew = test::errorOfType<ConfigError>(
            [&] { lawaRun(store, "traj", 3, 2, m_dir.filePath(QStringLiteral("lawa3s2")).toStdString()); });
        QVERIFY2(tooFew.contains(QStringLiteral("'traj' has 4 revisions, too few for a LAWA window of 3 every 2")),
                 qPrintable(tooFew));
        QVERIFY(!store.hasRun("traj.lawa3s2"));

        // The averaged run sweeps like the imported one.
        const SweepSummary sweep =
            sweepRun(store, "traj.lawa2", {QuantConfig::parse("rtn:4:g16:sym")}, SweepOptions {test::threads()});
        QCOMPARE(sweep.computed, 3 * 2);
        const ConfigResults results = store.results("traj.lawa2", QuantConfig::parse("rtn:4:g16:sym").id());
        for (uint8_t done : results.done)
            QCOMPARE(done, uint8_t(1));
        for (const CheckpointRow& row : store.checkpoints("traj.lawa2"))
            QVERIFY(std::isfinite(row.fpValCe) && row.fpValCe > 0.0);
    }

    void soupsInEveryDtype_data()
    {
        QTest::addColumn<QString>("dtype");
        QTest::addRow("bf16") << QStringLiteral("bf16");
        QTest::addRow("f16") << QStringLiteral("f16");
        QTest::addRow("f32") << QStringLiteral("f32");
    }

    void soupsInEveryDtype()
    {
        QFETCH(QString, dtype);
        const QString traj = m_dir.filePath(QStringLiteral("soup-") + dtype);
        QVERIFY(make(revision(traj, 10), 21, dtype));
        QVERIFY(make(revision(traj, 20), 22, dtype));
        QVERIFY(make(revision(traj, 30), 23, dtype));
        Store store = importedStore(QStringLiteral("soup-%1.h5").arg(dtype), traj, "s");
        const AveragingSummary s = soupRun(store, "soup", {{"s", 10, 0.25}, {"s", 20, 1.5}, {"s", 30, 0.7}},
                                           m_dir.filePath(QStringLiteral("soup-out-") + dtype).toStdString(), 60000);
        QCOMPARE(s.created, 1);
        const auto rows = store.checkpoints("soup");
        QCOMPARE(rows.size(), size_t(1));
        QCOMPARE(rows[0].step, int64_t(30));
        const auto prov = nlohmann::json::parse(rows[0].provenance);
        QCOMPARE(prov["method"].get<std::string>(), std::string("soup"));
        QCOMPARE(prov["sources"][1]["weight"].get<double>(), 1.5);
        verifyAverage(QString::fromStdString(folderOf(store, rows[0])),
                      {revision(traj, 10), revision(traj, 20), revision(traj, 30)}, QStringLiteral("0.25,1.5,0.7"), 2);
        // A soup of the same ingredients again is the stored one; of others, refused.
        QCOMPARE(soupRun(store, "soup", {{"s", 10, 0.25}, {"s", 20, 1.5}, {"s", 30, 0.7}}, "unused").reused, 1);
        const QString other = test::errorOf([&] {
            soupRun(store, "soup", {{"s", 10, 1.0}, {"s", 20, 1.0}}, "unused");
        });
        QVERIFY2(other.contains(QStringLiteral("other ingredients")), qPrintable(other));
    }

    void mismatchesWriteNothing()
    {
        const QString wide = m_dir.filePath(QStringLiteral("wide"));
        QVERIFY(make(revision(wide, 100), 5, QStringLiteral("bf16"), QStringLiteral("{\"intermediate_size\": 192}")));
        const QString mixed = m_dir.filePath(QStringLiteral("mixed"));
        QVERIFY(make(revision(mixed, 1), 6, QStringLiteral("bf16")));
        QVERIFY(make(revision(mixed, 2), 7, QStringLiteral("f16")));
        Store store = importedStore(QStringLiteral("mismatch.h5"), m_traj, "traj");
        importHfTrajectory(store, "wide", importOptions(wide));
        importHfTrajectory(store, "mixed", importOptions(mixed));
        const auto runsBefore = store.runs();
        const QString out = m_dir.filePath(QStringLiteral("mismatch-out"));

        // Architecture: the two revisions and the config.json field.
        QString message = test::errorOfType<ConfigError>([&] {
            soupRun(store, "bad", {{"traj", 100, 1.0}, {"wide", 100, 1.0}}, out.toStdString());
        });
        QVERIFY2(message.contains(revision(wide, 100)) && message.contains(revision(m_traj, 100))
                     && message.contains(QStringLiteral("intermediate_size: 192 vs 176")),
                 qPrintable(message));
        // Dtypes: the first tensor that differs, named with both revisions.
        message = test::errorOfType<ConfigError>([&] { lawaRun(store, "mixed", 2, 1, out.toStdString()); });
        QVERIFY2(message.contains(revision(mixed, 1)) && message.contains(revision(mixed, 2))
                     && message.contains(QStringLiteral("tensor 'lm_head.weight': dtype F16 vs BF16")),
                 qPrintable(message));
        // A soup of an HF run and a trainer-style ingredient name is refused before anything too.
        QVERIFY(!test::errorOf([&] {
                     soupRun(store, "bad2", {{"traj", 100, 1.0}, {"traj", 777, 1.0}}, out.toStdString());
                 }).isEmpty());
        QVERIFY(store.runs() == runsBefore);
        QVERIFY(!fs::exists(out.toStdString()));
        // A soup cancelled while it writes its shards: no revision folder, not even a partial one, and no run.
        const QString cancelled = test::errorOfType<Cancelled>([&] {
            soupRun(store, "cancelled", {{"traj", 100, 1.0}, {"traj", 200, 1.0}}, out.toStdString(),
                    kHfDefaultShardBytes, [](const ProgressInfo& p) { return p.fraction < 0.3; });
        });
        QCOMPARE(cancelled, QStringLiteral("cancelled"));
        QVERIFY(store.runs() == runsBefore);
        QVERIFY(!fs::exists(out.toStdString() + "/step200"));
        QVERIFY(!fs::exists(out.toStdString() + "/step200.partial"));
        // Reopened from disk: the same.
        QVERIFY(Store::open(store.path(), Store::Mode::ReadOnly).runs() == runsBefore);
    }

    // A folder a killed call left half written is computed again; finished ones are taken as they are.
    void rerunAfterPartialFolder()
    {
        const QString out = m_dir.filePath(QStringLiteral("rerun-out"));
        {
            Store store = importedStore(QStringLiteral("rerun1.h5"), m_traj, "traj");
            QCOMPARE(lawaRun(store, "traj", 2, 1, out.toStdString(), {}, 50000).created, 3);
        }
        // step300's folder as a killed writer leaves it: the temporary name, a shard cut short.
        const fs::path done = fs::path(out.toStdString()) / "step300";
        const fs::path partial = fs::path(out.toStdString()) / "step300.partial";
        fs::rename(done, partial);
        fs::remove(partial / kHfAverageProvenanceFile);
        fs::path shard;
        for (const auto& entry : fs::directory_iterator(partial)) {
            if (entry.path().extension() == ".safetensors" && (shard.empty() || entry.path() < shard))
                shard = entry.path();
        }
        QVERIFY(!shard.empty());
        fs::resize_file(shard, fs::file_size(shard) / 2);
        const auto before200 = fs::last_write_time(fs::path(out.toStdString()) / "step200" / kHfAverageProvenanceFile);
        const auto before400 = fs::last_write_time(fs::path(out.toStdString()) / "step400" / kHfAverageProvenanceFile);

        Store store = importedStore(QStringLiteral("rerun2.h5"), m_traj, "traj");
        const AveragingSummary s = lawaRun(store, "traj", 2, 1, out.toStdString(), {}, 50000);
        QCOMPARE(s.created, 3);
        QCOMPARE(s.foldersReused, 2);
        QVERIFY(!fs::exists(partial));
        QVERIFY(fs::last_write_time(fs::path(out.toStdString()) / "step200" / kHfAverageProvenanceFile) == before200);
        QVERIFY(fs::last_write_time(fs::path(out.toStdString()) / "step400" / kHfAverageProvenanceFile) == before400);
        verifyAverage(QString::fromStdString(done.string()), {revision(m_traj, 200), revision(m_traj, 300)},
                      QStringLiteral("1,1"), 3);

        // A finished folder of another average is not taken for this one.
        Store third = importedStore(QStringLiteral("rerun3.h5"), m_traj, "traj");
        const QString message = test::errorOf([&] { lawaRun(third, "traj", 3, 1, out.toStdString(), {}, 50000); });
        QVERIFY2(message.contains(QStringLiteral("step300")) && message.contains(QStringLiteral("other revisions")),
                 qPrintable(message));
    }

#ifdef QS_BINARY
    void commandLine()
    {
        const QString storePath = m_dir.filePath(QStringLiteral("cli.h5"));
        importedStore(QStringLiteral("cli.h5"), m_traj, "traj"); // closed again for the command
        const QString out = m_dir.filePath(QStringLiteral("cli-out"));
        const auto r =
            test::runCli({QStringLiteral("average"), QStringLiteral("--store"), storePath, QStringLiteral("--soup"),
                          QStringLiteral("cli-soup"), QStringLiteral("--of"), QStringLiteral("traj@100*2"),
                          QStringLiteral("--of"), QStringLiteral("traj@400"), QStringLiteral("--out"), out,
                          QStringLiteral("--shard-bytes"), QStringLiteral("30000")});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err + r.out));
        verifyAverage(out + QStringLiteral("/step400"), {revision(m_traj, 100), revision(m_traj, 400)},
                      QStringLiteral("2,1"), 4);
        const auto lawa =
            test::runCli({QStringLiteral("average"), QStringLiteral("--store"), storePath, QStringLiteral("--lawa"),
                          QStringLiteral("traj"), QStringLiteral("--window"), QStringLiteral("4")});
        QVERIFY2(lawa.exitCode == 0, qPrintable(lawa.err + lawa.out));
        const Store reopened = Store::open(storePath.toStdString(), Store::Mode::ReadOnly);
        QCOMPARE(reopened.checkpoints("traj.lawa4").size(), size_t(1));
        QVERIFY(fs::exists(fs::path(m_dir.path().toStdString()) / "checkpoints" / "traj.lawa4" / "step400"
                           / kHfAverageProvenanceFile));
    }
#endif
};

QS_TEST_GUILESS_MAIN(TstHfAverage)
#include "tst_hfaverage.moc"
