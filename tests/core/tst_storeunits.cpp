// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
// Per-unit sums in the store: one [checkpoint, units] float64 dataset per record, read back
// per entry, absent for entries written without them (older stores read as before), accepted by the
// store check; and the paired comparison of two stored entries built on them (core/analysis/comparison.h).

#include "core/analysis/comparison.h"
#include "core/common/errors.h"
#include "core/common/metrics.h"
#include "core/store/store.h"
#include "core/store/storecheck.h"
#include "tests/support/storefiles.h"
#include "tests/support/storesample.h"
#include "tests/support/testutils.h"

#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTest>

#include <cmath>
#include <random>

using namespace qs;
using namespace qs::test;

namespace {

namespace U = metrics::units;

// Per-unit sums of `units` units of 100–140 tokens: the FP model's CE around 2 nats per token with a
// difficulty per unit, the quantized one `damage` nats per token worse plus noise of its own.
std::map<std::string, std::vector<double>> unitSums(std::uint64_t seed, int units, double damage)
{
    std::mt19937_64 fixed(1); // the units themselves (tokens, difficulty) are the same for every entry
    std::mt19937_64 rng(seed);
    std::uniform_int_distribution<int> length(100, 140);
    std::normal_distribution<double> difficulty(2.0, 0.3), noise(0.0, 0.02);
    std::map<std::string, std::vector<double>> u;
    for (int i = 0; i < units; ++i) {
        const double tokens = length(fixed);
        const double fp = tokens * difficulty(fixed);
        u[U::tokens].push_back(tokens);
        u[U::fpCe].push_back(fp);
        u[U::ce].push_back(fp + tokens * (damage + noise(rng)));
        u[U::kl].push_back(tokens * (damage + 0.001));
        u[U::top1].push_back(std::floor(tokens * 0.9));
    }
    return u;
}

ResultEntry entryWith(std::map<std::string, std::vector<double>> units)
{
    ResultEntry e = rtnRow0();
    e.units = std::move(units);
    return e;
}

double sum(const std::vector<double>& v)
{
    double s = 0.0;
    for (double x : v)
        s += x;
    return s;
}

} // namespace

class TstStoreUnits : public QObject
{
    Q_OBJECT

private:
    StoreFiles m_files;

    // The sample run with rtn at checkpoints 0 and 2 and gptq at 0, all with per-unit sums of 40 units.
    QString sampleWithUnits()
    {
        const QString path = m_files.freshPath();
        Store store = Store::create(path.toStdString());
        writeSample(store);
        store.writeResult(runName, rtnId, 0, entryWith(unitSums(2, 40, 0.01)));
        store.writeResult(runName, rtnId, 2, entryWith(unitSums(3, 40, 0.03)));
        store.writeResult(runName, gptqId, 0, entryWith(unitSums(4, 40, 0.012)));
        return path;
    }

private slots:
    void initTestCase() { QVERIFY(m_files.isValid()); }

    void unitsRoundTrip()
    {
        const QString path = m_files.freshPath();
        const auto sums = unitSums(2, 40, 0.01);
        {
            Store store = Store::create(path.toStdString());
            writeSample(store); // rtn at 0 and 2, gptq at 1: entries without per-unit sums
            QVERIFY(store.unitSums(runName, rtnId, 0).empty());
            store.writeResult(runName, rtnId, 2, entryWith(sums));
        }
        {
            const Store store = Store::open(path.toStdString());
            QCOMPARE(store.unitSums(runName, rtnId, 2), sums);
            // Written before the config had per-unit sums, not done, out of range: none.
            QVERIFY(store.unitSums(runName, rtnId, 0).empty());
            QVERIFY(store.unitSums(runName, rtnId, 1).empty());
            QVERIFY(store.unitSums(runName, rtnId, 7).empty());
            QVERIFY(store.unitSums(runName, gptqId, 1).empty());
            // The rest of the entry reads as it always did.
            QCOMPARE(store.results(runName, rtnId).model.at("ce")[2], rtnRow0().model.at("ce"));
            // The check finds nothing wrong with them (it reports what the sample lacks: checkpoint files,
            // metrics every sweep writes).
            const StoreCheck check = checkStore(path.toStdString());
            QVERIFY(!check.problems.empty());
            for (const StoreProblem& p : check.problems)
                QVERIFY2(p.object.find("/units") == std::string::npos
                             && p.message.find("evaluation units") == std::string::npos,
                         (p.object + ": " + p.message).c_str());
        }
        {
            Store store = Store::open(path.toStdString(), Store::Mode::ReadWrite);
            // Records of different lengths in one entry, an empty one, or another unit count than the
            // config's: refused, the store unchanged.
            const QByteArray before = fileBytes(path);
            auto uneven = sums;
            uneven[U::kl].pop_back();
            QVERIFY_THROWS_EXCEPTION(ConfigError, store.writeResult(runName, rtnId, 1, entryWith(uneven)));
            QVERIFY_THROWS_EXCEPTION(ConfigError, store.writeResult(runName, rtnId, 1, entryWith({{U::tokens, {}}})));
            QVERIFY_THROWS_EXCEPTION(FormatError,
                                     store.writeResult(runName, rtnId, 1, entryWith(unitSums(5, 41, 0.0))));
            QCOMPARE(fileBytes(path), before);
            // An entry written again without them loses them.
            store.writeResult(runName, rtnId, 2, rtnRow2());
            QVERIFY(store.unitSums(runName, rtnId, 2).empty());
        }
    }

    void entriesAreNamed()
    {
        const QString path = sampleWithUnits();
        const Store store = Store::open(path.toStdString());
        const auto ref = [&](const char* text) { return parseEntryRef(store, text); };
        const auto at = [](const EntryRef& e) { return std::tuple(e.run, e.config, e.checkpoint); };
        QCOMPARE(at(ref("tiny-wsd:rtn-w4-g128@30")), std::tuple(std::string(runName), std::string(rtnId), 2));
        QCOMPARE(at(ref("tiny-wsd:rtn-w4-g128@#1")), std::tuple(std::string(runName), std::string(rtnId), 1));
        QCOMPARE(at(ref("tiny-wsd:rtn-w4-g128@last")), std::tuple(std::string(runName), std::string(rtnId), 2));
        QCOMPARE(at(ref("tiny-wsd:gptq_w3.v1@last")), std::tuple(std::string(runName), std::string(gptqId), 1));
        QCOMPARE(describeEntry(store, ref("tiny-wsd:rtn-w4-g128@#0")), std::string("tiny-wsd:rtn-w4-g128@10"));
        const auto message = [&](const char* text) {
            return thrownMessage<ConfigError>([&] { parseEntryRef(store, text); }).value_or(QString());
        };
        QVERIFY(message("tiny-wsd@30").contains(QStringLiteral("RUN:CONFIG@STEP")));
        QVERIFY(message("tiny-wsd:rtn-w4-g128").contains(QStringLiteral("RUN:CONFIG@STEP")));
        QVERIFY(message("other:rtn-w4-g128@30").contains(QStringLiteral("runs: tiny-wsd")));
        QVERIFY(message("tiny-wsd:rtn@30").contains(QStringLiteral("configs: ")));
        QVERIFY(message("tiny-wsd:rtn-w4-g128@31").contains(QStringLiteral("no checkpoint at step 31")));
        QVERIFY(message("tiny-wsd:rtn-w4-g128@#3").contains(QStringLiteral("has 3 checkpoints")));
        QVERIFY(message("tiny-wsd:rtn-w4-g128@x1").contains(QStringLiteral("not a step")));
    }

    void pairedComparisons()
    {
        const QString path = sampleWithUnits();
        const Store store = Store::open(path.toStdString());
        const EntryRef early = parseEntryRef(store, "tiny-wsd:rtn-w4-g128@10");
        const EntryRef late = parseEntryRef(store, "tiny-wsd:rtn-w4-g128@30");
        const EntryRef gptq = parseEntryRef(store, "tiny-wsd:gptq_w3.v1@10");

        // ΔCE from the sums: Σ(ce − fp) / Σ tokens of each entry, and their difference far beyond the
        // noise (0.02 nats per token against a per-token noise of 0.02 / √(40 · 120)).
        const EntryComparison c = compareEntries(store, early, late, metrics::deltaCe);
        const auto a = unitSums(2, 40, 0.01), b = unitSums(3, 40, 0.03);
        const double tokens = sum(a.at(U::tokens));
        QCOMPARE(c.a, (sum(a.at(U::ce)) - sum(a.at(U::fpCe))) / tokens);
        QCOMPARE(c.b, (sum(b.at(U::ce)) - sum(b.at(U::fpCe))) / tokens);
        QVERIFY(std::abs(c.test.difference.value - (c.b - c.a)) < 1e-12);
        QCOMPARE(c.test.difference.units, size_t(40));
        QVERIFY(c.test.significant());
        QVERIFY(c.test.interval.contains(0.02) || std::abs(c.test.difference.value - 0.02) < 5 * c.test.difference.se);
        QVERIFY(c.test.pValue < 0.01);
        // Two configs at one checkpoint; CE, KL and top-1 like ΔCE.
        const EntryComparison configs = compareEntries(store, early, gptq, metrics::ce);
        QVERIFY(std::abs(configs.test.difference.value - (configs.b - configs.a)) < 1e-12);
        QCOMPARE(compareEntries(store, early, gptq, metrics::top1Agree).test.difference.value, 0.0);
        QVERIFY(compareEntries(store, early, late, metrics::klMean).test.difference.value > 0.0);
        // An entry against itself: no difference, within the noise.
        const EntryComparison self = compareEntries(store, late, late, metrics::deltaCe);
        QCOMPARE(self.test.difference.value, 0.0);
        QVERIFY(!self.test.significant());

        const auto message = [&](const EntryRef& x, const EntryRef& y, const std::string& metric) {
            return thrownMessage<ConfigError>([&] { compareEntries(store, x, y, metric); }).value_or(QString());
        };
        QVERIFY(message(early, late, metrics::sqnrDb).contains(QStringLiteral("cannot be compared")));
        QVERIFY(message(early, parseEntryRef(store, "tiny-wsd:rtn-w4-g128@20"), metrics::ce)
                    .contains(QStringLiteral("not computed yet")));
    }

    void onlyTheSameTokensArePaired()
    {
        const QString path = sampleWithUnits();
        {
            Store store = Store::open(path.toStdString(), Store::Mode::ReadWrite);
            // A config evaluated on other units (41), an entry without per-unit sums (an older sweep).
            store.ensureConfig(runName, "rtn-other", rtnJson);
            store.writeResult(runName, "rtn-other", 2, entryWith(unitSums(6, 41, 0.0)));
            store.writeResult(runName, gptqId, 1, rtnRow0());
            // A second run on the same evaluation data, and a third on another corpus.
            for (const auto& [name, corpus] :
                 {std::pair {"same-data", "corpus/kjv.txt"}, {"other-data", "corpus/other.txt"}}) {
                RunInfo info = sampleRunInfo();
                info.name = name;
                info.corpusPath = corpus;
                store.createRun(info, sampleLayers());
                store.appendCheckpoint(name, sampleCheckpoints[0]);
                store.ensureConfig(name, rtnId, rtnJson);
                store.writeResult(name, rtnId, 0, entryWith(unitSums(7, 40, 0.02)));
            }
        }
        const Store store = Store::open(path.toStdString());
        const EntryRef base = parseEntryRef(store, "tiny-wsd:rtn-w4-g128@10");
        const auto message = [&](const char* other) {
            return thrownMessage<ConfigError>(
                       [&] { compareEntries(store, base, parseEntryRef(store, other), metrics::deltaCe); })
                .value_or(QString());
        };
        QVERIFY(message("tiny-wsd:rtn-other@30").contains(QStringLiteral("40 and 41 evaluation units")));
        QVERIFY(message("tiny-wsd:gptq_w3.v1@20").contains(QStringLiteral("no per-unit sums")));
        QVERIFY(message("other-data:rtn-w4-g128@10").contains(QStringLiteral("not evaluated on the same tokens")));
        QVERIFY(message("other-data:rtn-w4-g128@10").contains(QStringLiteral("corpus/other.txt")));
        // The same evaluation data in another run pairs.
        QVERIFY(compareEntries(store, base, parseEntryRef(store, "same-data:rtn-w4-g128@10"), metrics::deltaCe)
                    .test.significant());
    }

    void pythonSeesUnits()
    {
        QString why;
        const QString python = qs::test::peerPython(&why);
        if (python.isEmpty())
            QFAIL(qPrintable(why));
        const QString path = sampleWithUnits();
        const QString script = QStringLiteral(R"(
import json, sys, h5py
with h5py.File(sys.argv[1], "r") as f:
    g = f["runs"][sys.argv[2]]["configs"][sys.argv[3]]["units"]
    ds = g["tokens"]
    print(json.dumps({"shape": list(ds.shape), "dtype": str(ds.dtype), "names": sorted(g.keys()),
                      "tokens0": float(ds[0].sum())}))
)");
        QProcess proc;
        proc.start(python, {QStringLiteral("-c"), script, path, QString::fromUtf8(runName), QString::fromUtf8(rtnId)});
        QVERIFY(proc.waitForFinished(120000));
        const QByteArray err = proc.readAllStandardError();
        QVERIFY2(proc.exitStatus() == QProcess::NormalExit && proc.exitCode() == 0, err.constData());
        const QJsonObject out = QJsonDocument::fromJson(proc.readAllStandardOutput()).object();
        QCOMPARE(out[QStringLiteral("shape")].toArray(), (QJsonArray {3, 40}));
        QCOMPARE(out[QStringLiteral("dtype")].toString(), QStringLiteral("float64"));
        QCOMPARE(out[QStringLiteral("names")].toArray(),
                 (QJsonArray {QStringLiteral("ce"), QStringLiteral("fp_ce"), QStringLiteral("kl"),
                              QStringLiteral("tokens"), QStringLiteral("top1")}));
        QCOMPARE(out[QStringLiteral("tokens0")].toDouble(), sum(unitSums(2, 40, 0.01).at(U::tokens)));
    }
};

QS_TEST_GUILESS_MAIN(TstStoreUnits)
#include "tst_storeunits.moc"
