// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
// Outlier channels followed across checkpoints (core/analysis/outliertracking.h) on hand-made profiles:
// new and persistent counts, each channel's first appearance and persistence, the threshold itself
// not an outlier, and the correlation of the counts with a config's error; Spearman's ρ against
// values worked out by hand. The per-layer sensitivity report (core/analysis/sensitivityreport.h) on
// hand-made layer metrics: rankings, the Fisher estimate's rank agreement, rows without sensitivity.

#include "core/analysis/outliertracking.h"
#include "core/analysis/sensitivityreport.h"
#include "core/common/errors.h"
#include "core/common/kinds.h"
#include "core/common/statistics.h"
#include "core/config/config.h"
#include "core/store/store.h"
#include "tests/support/storefiles.h"
#include "tests/support/storesample.h"
#include "tests/support/testutils.h"

#include <QTest>

#include <cmath>

using namespace qs;
using namespace qs::test;

class TstOutlierTracking : public QObject
{
    Q_OBJECT

private:
    StoreFiles m_files;

private slots:
    void initTestCase() { QVERIFY(m_files.isValid()); }

    void oneLayer()
    {
        // Channel 0 sits exactly at the threshold (not above it); channel 1 is an outlier at 1, 2, 3;
        // channel 2 at 0, then again at 3 and 4; channel 3 never.
        const std::vector<std::vector<float>> profiles = {{6.0f, 1.0f, 9.0f, 0.5f},
                                                          {6.0f, 7.0f, 2.0f, 0.5f},
                                                          {6.0f, 8.0f, 2.0f, 0.5f},
                                                          {6.0f, 6.5f, 12.0f, 0.5f},
                                                          {6.0f, 3.0f, 11.0f, 0.5f}};
        const LayerOutlierTrack t = trackLayer(profiles, 6.0);
        QCOMPARE(t.outliers, (std::vector<int> {1, 1, 1, 2, 1}));
        QCOMPARE(t.fresh, (std::vector<int> {1, 1, 0, 1, 0}));
        QCOMPARE(t.persistent, (std::vector<int> {0, 0, 1, 1, 1}));
        QCOMPARE(t.channels.size(), size_t(2));
        const ChannelTrack& one = t.channels[0];
        QCOMPARE(one.channel, 1);
        QCOMPARE(one.first, 1);
        QCOMPARE(one.last, 3);
        QCOMPARE(one.count, 3);
        QCOMPARE(one.firstRun, 3);
        QVERIFY(!one.atEnd);
        QCOMPARE(one.peak, 8.0f);
        const ChannelTrack& two = t.channels[1];
        QCOMPARE(two.channel, 2);
        QCOMPARE(two.first, 0);
        QCOMPARE(two.last, 4);
        QCOMPARE(two.count, 3);
        QCOMPARE(two.firstRun, 1);
        QVERIFY(two.atEnd);
        QCOMPARE(two.peak, 12.0f);
        // A lower threshold makes channel 0 an outlier everywhere, persistent from the second on.
        const LayerOutlierTrack low = trackLayer(profiles, 5.0);
        QCOMPARE(low.channels.front().firstRun, 5);
        QCOMPARE(low.persistent, (std::vector<int> {0, 1, 2, 2, 2}));
        QVERIFY(trackLayer({}, 6.0).channels.empty());
        QVERIFY_THROWS_EXCEPTION(ConfigError, trackLayer({{1.0f, 2.0f}, {1.0f}}, 6.0));
    }

    void sensitivityReports()
    {
        const QString path = m_files.freshPath();
        {
            Store store = Store::create(path.toStdString());
            store.createRun(sampleRunInfo(), sampleLayers()); // q, down, up
            for (const CheckpointRow& row : sampleCheckpoints)
                store.appendCheckpoint(runName, row);
            store.ensureConfig(runName, fpConfigId, QuantConfig::fullPrecision().toJson());
            store.ensureConfig(runName, rtnId, rtnJson);
            store.writeResult(runName, fpConfigId, 0, {{{"ce", 3.0}}, {}, {}});
            // Checkpoint 0 swept without sensitivity, 1 and 2 with it.
            store.writeResult(runName, rtnId, 0, {{{"delta_ce", 0.1}}, {{"w_rel_err", {0.1, 0.2, 0.3}}}, {}});
            const double nan = std::nan("");
            ResultEntry one {{{"delta_ce", 0.2}}, {}, {}};
            one.layers = {{metrics::loiDeltaCe, {0.05, -0.01, 0.12}},
                          {metrics::loiKl, {0.02, 0.09, 0.04}},
                          {metrics::looDeltaCe, {0.15, 0.21, 0.08}},
                          {metrics::looKl, {0.10, 0.03, 0.07}},
                          {metrics::fisherEst, {0.01, 0.05, 0.03}}};
            store.writeResult(runName, rtnId, 1, one);
            // A layer whose estimate is missing: ρ over the other two is undefined.
            ResultEntry two = one;
            two.layers[metrics::fisherEst] = {nan, 0.05, 0.03};
            store.writeResult(runName, rtnId, 2, two);
        }
        const Store store = Store::open(path.toStdString());
        QCOMPARE(configsWithSensitivity(store, runName), (std::vector<std::string> {rtnId}));
        const SensitivityReport byKl = sensitivityReport(store, runName, rtnId);
        QCOMPARE(byKl.checkpoints.size(), size_t(2));
        const SensitivityAtCheckpoint& s = byKl.checkpoints[0];
        QCOMPARE(s.checkpoint, 1);
        QCOMPARE(s.deltaCe, 0.2);
        // By leave-one-in KL: down (0.09), up (0.04), q (0.02).
        QCOMPARE(s.ranking, (std::vector<int> {1, 2, 0}));
        // The estimate ranks down, up, q as KL does (ρ 1); by ΔCE the order is up, q, down: ranks
        // (1, 3, 2) against (2, 1, 3) give ρ = 1 − 6·(1 + 4 + 1)/(3·8) = −0.5.
        QCOMPARE(s.rhoKl, 1.0);
        QVERIFY(std::abs(s.rhoDeltaCe - (-0.5)) < 1e-15);
        // With three layers, 2 of the 6 orderings reach |ρ| = 1.
        QVERIFY(std::abs(s.pKl - 2.0 / 6.0) < 0.03);
        QCOMPARE(sensitivityReport(store, runName, rtnId, metrics::loiDeltaCe).checkpoints[0].ranking,
                 (std::vector<int> {2, 0, 1}));
        // Leave-one-out ranks the layer whose absence helps most first: up (0.08), q, down.
        QCOMPARE(sensitivityReport(store, runName, rtnId, metrics::looDeltaCe).checkpoints[0].ranking,
                 (std::vector<int> {2, 0, 1}));
        QVERIFY(std::isnan(byKl.checkpoints[1].rhoKl));
        QVERIFY(std::isnan(layerRankAgreement({1.0, 2.0}, {2.0, 1.0})));
        QCOMPARE(layerRankAgreement({1.0, std::nan(""), 2.0, 3.0}, {1.0, 5.0, 2.0, 3.0}), 1.0);
        // Refusals name what is wrong.
        QVERIFY(thrownMessage<ConfigError>([&] { sensitivityReport(store, runName, rtnId, "w_rel_err"); })
                    .value_or(QString())
                    .contains(QStringLiteral("w_rel_err")));
        QVERIFY(thrownMessage<ConfigError>([&] { sensitivityReport(store, runName, "gptq-w9"); })
                    .value_or(QString())
                    .contains(QStringLiteral("gptq-w9")));
        QVERIFY(sensitivityReport(store, runName, fpConfigId).checkpoints.empty());
    }

    void rankCorrelations()
    {
        const std::vector<double> x {1, 2, 3, 4, 5, 6}, up {2, 4, 8, 16, 32, 64}, down {6, 5, 4, 3, 2, 1};
        QCOMPARE(stats::rankCorrelation(x, up), 1.0);
        QCOMPARE(stats::rankCorrelation(x, down), -1.0);
        // Ties take their average rank: x ranks 1, 2.5, 2.5, 4 against 1..4 → 4.5 / √22.5.
        const std::vector<double> tied {1, 2, 2, 3}, line {1, 2, 3, 4};
        QVERIFY(std::abs(stats::rankCorrelation(tied, line) - 4.5 / std::sqrt(22.5)) < 1e-15);
        QVERIFY(std::isnan(stats::rankCorrelation(std::vector<double> {1, 2}, std::vector<double> {1, 2})));
        QVERIFY(std::isnan(stats::rankCorrelation(std::vector<double> {1, 1, 1}, std::vector<double> {1, 2, 3})));
        // A perfect order of 6 arises by chance with probability 2/6! ≈ 0.0028 (either sign).
        const double p = stats::rankCorrelationPValue(x, up);
        QVERIFY2(p > 0.001 && p < 0.006, qPrintable(QString::number(p)));
        QCOMPARE(stats::rankCorrelationPValue(x, up), p); // seeded
        QVERIFY_THROWS_EXCEPTION(ConfigError, stats::rankCorrelation(x, line));
    }

    void aRunOfTheStore()
    {
        const QString path = m_files.freshPath();
        const QuantConfig w4a4 = QuantConfig::parse("rtn:4:g16:sym:a4");
        {
            Store store = Store::create(path.toStdString());
            store.createRun(sampleRunInfo(), sampleLayers()); // q (64 inputs), down (256), up (64)
            for (const CheckpointRow& row : sampleCheckpoints)
                store.appendCheckpoint(runName, row);
            QVERIFY(thrownMessage<ConfigError>([&] { trackOutliers(store, runName); })
                        .value_or(QString())
                        .contains(QStringLiteral("no FP reference")));
            store.ensureConfig(runName, fpConfigId, QuantConfig::fullPrecision().toJson());
            store.ensureConfig(runName, w4a4.id(), w4a4.toJson());
            store.ensureConfig(runName, rtnId, rtnJson);
            // The FC2 input's channel 7 is an outlier at every checkpoint, channel 5 from the second
            // on; q's channel 3 at the first only. W4A4's ΔCE rises with them.
            for (int k = 0; k < 3; ++k) {
                ResultEntry fp;
                fp.model = {{"ce", 3.0}};
                auto& profile = fp.profiles[metrics::actChannelAbsmax];
                for (const LayerInfo& layer : sampleLayers())
                    profile.push_back(std::vector<float>(size_t(layer.cols), 1.0f));
                profile[1][7] = 20.0f + float(k);
                if (k > 0)
                    profile[1][5] = 7.0f;
                if (k == 0)
                    profile[0][3] = 9.0f;
                store.writeResult(runName, fpConfigId, k, fp);
                store.writeResult(runName, w4a4.id(), k, {{{"delta_ce", 0.1 * (k + 1)}}, {}, {}});
            }
        }
        const Store store = Store::open(path.toStdString());
        const OutlierTracking t = trackOutliers(store, runName);
        QCOMPARE(t.checkpoints, (std::vector<int> {0, 1, 2}));
        QCOMPARE(t.layers.size(), size_t(3));
        QCOMPARE(t.layers[0].outliers, (std::vector<int> {1, 0, 0}));
        QCOMPARE(t.layers[1].fresh, (std::vector<int> {1, 1, 0}));
        QCOMPARE(t.layers[1].persistent, (std::vector<int> {0, 1, 2}));
        QCOMPARE(t.layers[1].channels.size(), size_t(2));
        QCOMPARE(t.layers[1].channels[1].channel, 7);
        QCOMPARE(t.layers[1].channels[1].peak, 22.0f);
        QVERIFY(t.layers[2].channels.empty());

        QCOMPARE(w4a4Config(store, runName), w4a4.id());
        const OutlierCorrelation c = correlateOutliers(store, runName, t, w4a4.id());
        QCOMPARE(c.points, 3);
        // Every layer: 2, 2, 2 outliers (constant: no correlation); FC2: 1, 2, 2 against 0.1, 0.2, 0.3.
        QVERIFY(std::isnan(c.rhoAll));
        QVERIFY(std::abs(c.rhoFc2 - 1.5 / std::sqrt(1.5 * 2.0)) < 1e-15);
        QVERIFY(thrownMessage<ConfigError>([&] { correlateOutliers(store, runName, t, rtnId, "kl_mean"); })
                    .value_or(QString())
                    .contains(QStringLiteral("no metric 'kl_mean'")));
    }

    void aStoreWithoutProfiles()
    {
        const QString path = m_files.freshPath();
        Store store = Store::create(path.toStdString());
        writeSample(store);
        store.ensureConfig(runName, fpConfigId, QuantConfig::fullPrecision().toJson());
        store.writeResult(runName, fpConfigId, 0, rtnRow0());
        QVERIFY(thrownMessage<ConfigError>([&] { trackOutliers(store, runName); })
                    .value_or(QString())
                    .contains(QStringLiteral("no per-channel input profiles")));
        QCOMPARE(w4a4Config(store, runName), std::string());
    }
};

QS_TEST_GUILESS_MAIN(TstOutlierTracking)
#include "tst_outliertracking.moc"
