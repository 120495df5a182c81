// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
// The domain logic the pages show, tested without a page: the W4A4 decomposition trio and its values
// (models/decomposition.h), the per-layer metric choices and the per-kind means (layermetrics.h), the
// activation profile's read, outlier count and histogram (activationprofile.h), and the PTQ page's
// metrics. Runs are built by hand; every expected value is written out.

#include "itemmodels/activationprofile.h"
#include "itemmodels/decomposition.h"
#include "itemmodels/layermetrics.h"
#include "itemmodels/scalingsource.h"
#include "itemmodels/storesnapshot.h"
#include "tests/support/numeric.h"
#include "tests/support/storefiles.h"
#include "tests/support/storesample.h"
#include "tests/support/testutils.h"

#include "core/store/store.h"

#include <QTest>

#include <cmath>
#include <limits>

using namespace qs;
using namespace qs::test;

namespace {

constexpr double nanValue = std::numeric_limits<double>::quiet_NaN();

constexpr Near near {RelativeTo::ExpectedOrOne, 1e-12};

ConfigSnapshot configOf(const char* spec)
{
    ConfigSnapshot config;
    config.config = QuantConfig::parse(spec);
    config.results.configId = config.config.id();
    config.label = QString::fromStdString(config.config.label());
    config.results.done = {1, 1};
    return config;
}

// Configs in order:
//   0 fp                        the FP reference
//   1 rtn:4:g32:sym             W4A16
//   2 rtn:3:pc:sym              W3A16, whose only "both" (5) has no W16A8 to go with it
//   3 none:a4                   W16A4
//   4 rtn:4:g32:sym:a4          W4A4: {1, 3, 4} is a trio
//   5 rtn:3:pc:sym:a8           W3A8
//   6 rtn:4:g32:sym:a4:down=a8  mixed precision: never a trio member
//   7 gptq:4:g32:sym:act        GPTQ W4A16: another weight quantizer, no "both" at all
// KL mean at checkpoint 0 of 1, 3, 4: 0.003, 0.009, 0.0135; config 3 is not computed at checkpoint 1.
RunSnapshot trioRun()
{
    RunSnapshot run;
    run.info.name = "hand";
    for (const char* spec : {"none", "rtn:4:g32:sym", "rtn:3:pc:sym", "none:a4", "rtn:4:g32:sym:a4", "rtn:3:pc:sym:a8",
                             "rtn:4:g32:sym:a4:down=a8", "gptq:4:g32:sym:act"})
        run.configs.push_back(configOf(spec));
    run.configs[1].results.model["kl_mean"] = {0.003, 0.002};
    run.configs[3].results.model["kl_mean"] = {0.009, 0.006};
    run.configs[4].results.model["kl_mean"] = {0.0135, 0.01};
    run.configs[1].results.model["delta_ce"] = {0.0, 0.1};
    run.configs[3].results.model["delta_ce"] = {0.0, 0.3};
    run.configs[4].results.model["delta_ce"] = {0.02, 0.5};
    run.configs[3].results.done = {1, 0};
    return run;
}

std::vector<LayerInfo> fourLayers()
{
    return {{"model.layers.0.self_attn.q_proj.weight", 0, "q", 8, 8},
            {"model.layers.0.mlp.down_proj.weight", 0, "down", 8, 16},
            {"model.layers.1.self_attn.q_proj.weight", 1, "q", 8, 8},
            {"model.layers.1.mlp.down_proj.weight", 1, "down", 8, 16}};
}

// A quantized config storing four layer metrics (two the pages know, two they do not) and the FP
// reference storing input statistics and the weight error.
RunSnapshot layerRun(bool withFp)
{
    RunSnapshot run;
    run.layers = fourLayers();
    if (withFp) {
        ConfigSnapshot fp = configOf("none");
        for (const char* name : {"act_kurtosis", "act_absmax", "w_rel_err"})
            fp.results.layers[name] = {{1.0, 2.0, 3.0, 4.0}, {1.0, 2.0, 3.0, 4.0}};
        run.configs.push_back(fp);
    }
    ConfigSnapshot rtn = configOf("rtn:4:g32:sym");
    for (const char* name : {"zz_extra", "sqnr_db", "a_custom", "w_rel_err", "gptq_loss"})
        rtn.results.layers[name] = {{0.1, 0.2, 0.3, 0.4}, {0.1, 0.2, 0.3, 0.4}};
    run.configs.push_back(rtn);
    return run;
}

std::vector<std::string> names(std::initializer_list<const char*> list)
{
    return std::vector<std::string>(list.begin(), list.end());
}

} // namespace

class TstDomain : public QObject
{
    Q_OBJECT

    StoreFiles m_files;

private Q_SLOTS:
    void trio_data()
    {
        QTest::addColumn<int>("selected");
        QTest::addColumn<int>("weightOnly");
        QTest::addColumn<int>("activationOnly");
        QTest::addColumn<int>("both");
        QTest::addColumn<bool>("valid");
        QTest::addRow("weight-only selected") << 1 << 1 << 3 << 4 << true;
        QTest::addRow("activation-only selected") << 3 << 1 << 3 << 4 << true;
        QTest::addRow("both selected") << 4 << 1 << 3 << 4 << true;
        QTest::addRow("mixed precision selected: its rules ignored") << 6 << 1 << 3 << 4 << true;
        QTest::addRow("W3: its both has no W16A8") << 2 << 2 << -1 << 5 << false;
        QTest::addRow("W3A8: no W16A8") << 5 << 2 << -1 << 5 << false;
        // No "both" for GPTQ weights: what the selected config stands for, the FP reference as its
        // A16 "activation-only" partner.
        QTest::addRow("GPTQ: no both at all") << 7 << 7 << 0 << -1 << false;
        QTest::addRow("FP reference") << 0 << -1 << -1 << -1 << false;
        QTest::addRow("out of range") << 8 << -1 << -1 << -1 << false;
        QTest::addRow("negative") << -1 << -1 << -1 << -1 << false;
    }

    void trio()
    {
        QFETCH(int, selected);
        QFETCH(int, weightOnly);
        QFETCH(int, activationOnly);
        QFETCH(int, both);
        QFETCH(bool, valid);
        const DecompositionTrio trio = DecompositionTrio::find(trioRun(), selected);
        QCOMPARE(trio.isValid(), valid);
        QCOMPARE(trio.weightOnly, weightOnly);
        QCOMPARE(trio.activationOnly, activationOnly);
        QCOMPARE(trio.both, both);
    }

    void trioValues()
    {
        const RunSnapshot run = trioRun();
        const DecompositionTrio trio = DecompositionTrio::find(run, 1);
        QCOMPARE(decompositionMetrics(), names({"kl_mean", "delta_ce"}));
        const DecompositionValues kl = decompositionValues(run, trio, "kl_mean", 0);
        QCOMPARE(kl.weightOnly, 0.003);
        QCOMPARE(kl.activationOnly, 0.009);
        QCOMPARE(kl.both, 0.0135);
        QVERIFY(near(kl.sum(), 0.012));
        QVERIFY(near(kl.ratio(), 1.125)); // W4A4 a little worse than the sum, as Chen et al. 2025 found
        // The activation-only config has not reached checkpoint 1: its value and the sum are missing.
        const DecompositionValues later = decompositionValues(run, trio, "kl_mean", 1);
        QCOMPARE(later.weightOnly, 0.002);
        QVERIFY(std::isnan(later.activationOnly));
        QCOMPARE(later.both, 0.01);
        QVERIFY(std::isnan(later.sum()));
        QVERIFY(std::isnan(later.ratio()));
        // A sum of 0 has no ratio.
        const DecompositionValues zero = decompositionValues(run, trio, "delta_ce", 0);
        QCOMPARE(zero.sum(), 0.0);
        QVERIFY(std::isnan(zero.ratio()));
        // No trio, or a metric the store lacks: nothing.
        const DecompositionValues none = decompositionValues(run, DecompositionTrio::find(run, 2), "kl_mean", 0);
        QVERIFY(std::isnan(none.weightOnly) && std::isnan(none.activationOnly) && std::isnan(none.both));
        QVERIFY(std::isnan(decompositionValues(run, trio, "kl_p99", 0).both));
    }

    void layerMetricChoices_data()
    {
        QTest::addColumn<bool>("withFp");
        QTest::addColumn<int>("config");
        QTest::addColumn<QStringList>("expected");
        // Known metrics first in their order, the others by name, then the FP reference's input
        // statistics (not its weight error).
        QTest::addRow("quantized config")
            << true << 1
            << QStringList {QStringLiteral("w_rel_err"),   QStringLiteral("sqnr_db"),  QStringLiteral("gptq_loss"),
                            QStringLiteral("a_custom"),    QStringLiteral("zz_extra"), QStringLiteral("act_absmax"),
                            QStringLiteral("act_kurtosis")};
        QTest::addRow("FP reference: its own, no repeats")
            << true << 0
            << QStringList {QStringLiteral("w_rel_err"), QStringLiteral("act_absmax"), QStringLiteral("act_kurtosis")};
        QTest::addRow("no FP reference: no input statistics")
            << false << 0
            << QStringList {QStringLiteral("w_rel_err"), QStringLiteral("sqnr_db"), QStringLiteral("gptq_loss"),
                            QStringLiteral("a_custom"), QStringLiteral("zz_extra")};
        QTest::addRow("out of range: the FP reference's statistics")
            << true << 9 << QStringList {QStringLiteral("act_absmax"), QStringLiteral("act_kurtosis")};
    }

    void layerMetricChoices()
    {
        QFETCH(bool, withFp);
        QFETCH(int, config);
        QFETCH(QStringList, expected);
        QStringList got;
        for (const std::string& name : qs::layerMetricChoices(layerRun(withFp), config))
            got << QString::fromStdString(name);
        QCOMPARE(got, expected);
    }

    void layerMetricSource()
    {
        const RunSnapshot run = layerRun(true);
        QVERIFY(qs::layerMetricSource(run, 1, "act_kurtosis") == &run.configs[0]);
        QVERIFY(qs::layerMetricSource(run, 1, "act_not_stored_yet") == &run.configs[0]);
        QVERIFY(qs::layerMetricSource(run, 1, "w_rel_err") == &run.configs[1]);
        QVERIFY(qs::layerMetricSource(run, 0, "w_rel_err") == &run.configs[0]);
        QVERIFY(!qs::layerMetricSource(run, 5, "w_rel_err"));
        QVERIFY(!qs::layerMetricSource(run, -1, "sqnr_db"));
        const RunSnapshot noFp = layerRun(false);
        QVERIFY(!qs::layerMetricSource(noFp, 0, "act_kurtosis"));
    }

    void defaultLayerMetric()
    {
        const auto choices = names({"sqnr_db", "w_rel_err", "act_kurtosis"});
        QCOMPARE(qs::defaultLayerMetric(choices, false, "sqnr_db"), std::string("sqnr_db")); // kept
        QCOMPARE(qs::defaultLayerMetric(choices, true, "sqnr_db"), std::string("sqnr_db"));
        QCOMPARE(qs::defaultLayerMetric(choices, false, "gone"), std::string("w_rel_err"));
        // The FP reference's weights are exact: its inputs are what there is to see.
        QCOMPARE(qs::defaultLayerMetric(choices, true, ""), std::string("act_kurtosis"));
        QCOMPARE(qs::defaultLayerMetric(names({"b", "a"}), false, "c"), std::string("b"));
        QCOMPARE(qs::defaultLayerMetric(names({"b", "a"}), true, "c"), std::string("b"));
        QCOMPARE(qs::defaultLayerMetric({}, false, "w_rel_err"), std::string());
    }

    void kindsAndMeans()
    {
        std::vector<LayerInfo> mixed = fourLayers();
        mixed.push_back({"x.qkv", 2, "qkv", 1, 1});
        mixed.push_back({"x.zeta", 2, "zeta", 1, 1});
        mixed.push_back({"x.gate", 2, "gate", 1, 1});
        // Block order, then the kinds outside it by name.
        QCOMPARE(layerKindsInOrder(mixed), names({"q", "gate", "down", "qkv", "zeta"}));
        QVERIFY(layerKindsInOrder({}).empty());

        // q: (1 + 3) / 2; down: block 1's value is missing, so block 0's alone.
        const std::vector<KindMean> means = meanByKind(fourLayers(), {1.0, 2.0, 3.0, nanValue});
        QCOMPARE(int(means.size()), 2);
        QCOMPARE(means[0].kind, std::string("q"));
        QCOMPARE(means[0].mean, 2.0);
        QCOMPARE(means[0].count, 2);
        QCOMPARE(means[1].kind, std::string("down"));
        QCOMPARE(means[1].mean, 2.0);
        QCOMPARE(means[1].count, 1);
        // Fewer values than layers: the rest count as missing.
        const std::vector<KindMean> short_ = meanByKind(fourLayers(), {5.0});
        QCOMPARE(short_[0].mean, 5.0);
        QCOMPARE(short_[0].count, 1);
        QVERIFY(std::isnan(short_[1].mean));
        QCOMPARE(short_[1].count, 0);
    }

    void layerMetricOfSnapshot()
    {
        RunSnapshot run = layerRun(true);
        ConfigSnapshot& rtn = run.configs[1];
        rtn.results.done = {1, 0};
        QCOMPARE(rtn.layerMetric("sqnr_db", 0, 2), 0.3);
        QCOMPARE(rtn.layerMetricRow("sqnr_db", 0), (std::vector<double> {0.1, 0.2, 0.3, 0.4}));
        // Not computed, out of range, absent: NaN and an empty row.
        QVERIFY(std::isnan(rtn.layerMetric("sqnr_db", 1, 0)));
        QVERIFY(rtn.layerMetricRow("sqnr_db", 1).empty());
        QVERIFY(std::isnan(rtn.layerMetric("sqnr_db", 0, 4)));
        QVERIFY(std::isnan(rtn.layerMetric("sqnr_db", 0, -1)));
        QVERIFY(std::isnan(rtn.layerMetric("act_kurtosis", 0, 0)));
        QVERIFY(rtn.layerMetricRow("act_kurtosis", 0).empty());
    }

    void channelHistogram_data()
    {
        QTest::addColumn<QVector<float>>("values");
        QTest::addColumn<double>("width");
        QTest::addColumn<QVector<int>>("counts");
        QTest::addColumn<int>("above");
        // 7 values: 6 bins (Rice's 2·∛7 ≈ 3.8, at least 6) of 12 / 6 = 2, on which 6 is an edge
        // already. A value on an edge (6.0, 12.0) counts in the bin below it.
        QTest::addRow("threshold on an edge") << QVector<float> {0.5f, 1.0f, 2.5f, 6.0f, 6.5f, 9.0f, 12.0f} << 2.0
                                              << QVector<int> {2, 1, 1, 1, 1, 1} << 3;
        // 27 values: 6 bins of 10 / 6; 6 / (10 / 6) = 3.6 bins round to 4, so the width becomes 1.5
        // and 7 bins cover the maximum.
        QVector<float> mostlyOnes(26, 1.0f);
        mostlyOnes << 10.0f;
        QTest::addRow("width moved onto the threshold")
            << mostlyOnes << 1.5 << QVector<int> {26, 0, 0, 0, 0, 0, 1} << 1;
        // All below the threshold: 6 bins of 3 / 6 over [0, 3].
        QTest::addRow("nothing above") << QVector<float> {1.0f, 2.0f, 3.0f} << 0.5 << QVector<int> {0, 1, 0, 1, 0, 1}
                                       << 0;
        QTest::addRow("all zero") << QVector<float> {0.0f, 0.0f} << 1.0 << QVector<int> {2} << 0;
        QTest::addRow("empty") << QVector<float> {} << 1.0 << QVector<int> {} << 0;
    }

    void channelHistogram()
    {
        QFETCH(QVector<float>, values);
        QFETCH(double, width);
        QFETCH(QVector<int>, counts);
        QFETCH(int, above);
        const std::vector<float> v(values.begin(), values.end());
        const ChannelHistogram h = qs::channelHistogram(v, 6.0);
        QVERIFY2(near(h.width, width), qPrintable(QString::number(h.width, 'g', 17)));
        QCOMPARE(QVector<int>(h.counts.begin(), h.counts.end()), counts);
        QCOMPARE(countAbove(v, 6.0), above);
        // Every value in exactly one bin.
        int total = 0;
        for (int c : h.counts)
            total += c;
        QCOMPARE(total, int(v.size()));
    }

    void activationProfileRead()
    {
        const QString path = m_files.freshPath();
        {
            Store store = Store::create(path.toStdString());
            writeSample(store);
            const QuantConfig fp = QuantConfig::fullPrecision();
            store.ensureConfig(runName, fp.id(), fp.toJson());
            store.writeResult(runName, fp.id(), 1, withProfiles(rtnRow0(), 1));
        }
        // Layer 1 (down, 256 channels) at checkpoint 1: profileValue(1, 1, c), exact in float32.
        const ActivationProfileRead read = readActivationProfile(path.toStdString(), runName, 1, 1);
        QVERIFY2(read.error.isEmpty(), qPrintable(read.error));
        QVERIFY(read.storeHasProfiles);
        QCOMPARE(int(read.values.size()), 256);
        QCOMPARE(read.values[0], profileValue(1, 1, 0));
        QCOMPARE(read.values[255], profileValue(1, 1, 255));

        // A store whose FP reference has no profile at all.
        const QString bare = m_files.freshPath();
        {
            Store store = Store::create(bare.toStdString());
            writeSample(store);
            const QuantConfig fp = QuantConfig::fullPrecision();
            store.ensureConfig(runName, fp.id(), fp.toJson());
            store.writeResult(runName, fp.id(), 0, rtnRow0());
        }
        const ActivationProfileRead none = readActivationProfile(bare.toStdString(), runName, 0, 0);
        QVERIFY2(none.error.isEmpty(), qPrintable(none.error));
        QVERIFY(!none.storeHasProfiles);
        QVERIFY(none.values.empty());

        // No store there: the error names the file, nothing is thrown.
        const QString missing = m_files.filePath(QStringLiteral("no-such-store.h5"));
        const ActivationProfileRead failed = readActivationProfile(missing.toStdString(), runName, 0, 0);
        QVERIFY2(failed.error.contains(QStringLiteral("no-such-store.h5")), qPrintable(failed.error));
        QVERIFY(failed.values.empty());
    }

    void ptqMetrics() { QCOMPARE(ptqDamageMetrics(), names({"rel_ce", "delta_ce", "kl_mean"})); }
};

QS_TEST_GUILESS_MAIN(TstDomain)
#include "tst_domain.moc"
