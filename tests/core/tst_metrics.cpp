// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
// The domain's vocabulary (core/common/metrics.h, kinds.h) against what docs/store-format.md names:
// every metric QuantScope writes is in the table once, with the scope, source and direction the store
// documents, and the words of methods and layer kinds are the store's.

#include "core/common/kinds.h"
#include "core/common/metrics.h"
#include "core/config/config.h"
#include "tests/support/testutils.h"

#include <QTest>

#include <set>
#include <string>

using namespace qs;

class TstMetrics : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void tableHasEveryStoreMetric_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<int>("scope");
        QTest::addColumn<int>("source");
        QTest::addColumn<bool>("higherIsBetter");
        QTest::addColumn<QString>("unit");
        // Written out from docs/store-format.md, not from the table.
        const auto row = [](const char* name, MetricScope scope, MetricSource source, bool higher, const char* unit) {
            QTest::addRow("%s", name) << QString::fromLatin1(name) << int(scope) << int(source) << higher
                                      << QString::fromUtf8(unit);
        };
        using S = MetricScope;
        using F = MetricSource;
        row("ce", S::Model, F::EveryConfig, false, "nats/byte");
        row("fp_ce", S::Model, F::EveryConfig, false, "nats/byte");
        row("delta_ce", S::Model, F::EveryConfig, false, "nats/byte");
        row("rel_ce", S::Model, F::EveryConfig, false, "");
        row("ppl", S::Model, F::EveryConfig, false, "");
        row("kl_mean", S::Model, F::EveryConfig, false, "nats");
        row("kl_median", S::Model, F::EveryConfig, false, "nats");
        row("kl_p99", S::Model, F::EveryConfig, false, "nats");
        row("top1_agree", S::Model, F::EveryConfig, true, "");
        row("eval_units", S::Model, F::EveryConfig, false, "");
        row("w_rel_err", S::Layer, F::EveryConfig, false, "");
        row("sqnr_db", S::Layer, F::EveryConfig, true, "dB");
        row("gptq_loss", S::Layer, F::Gptq, false, "");
        row("damp_used", S::Layer, F::Gptq, false, "");
        row("act_kurtosis", S::Layer, F::FpReference, false, "");
        row("act_absmax", S::Layer, F::FpReference, false, "");
        row("act_absmax_median", S::Layer, F::FpReference, false, "");
        row("act_outliers", S::Layer, F::FpReference, false, "");
        row("loi_delta_ce", S::Layer, F::Sensitivity, false, "nats/byte");
        row("loi_kl", S::Layer, F::Sensitivity, false, "nats");
        row("loo_delta_ce", S::Layer, F::Sensitivity, false, "nats/byte");
        row("loo_kl", S::Layer, F::Sensitivity, false, "nats");
        row("fisher_est", S::Layer, F::Sensitivity, false, "nats/byte");
        row("act_channel_absmax", S::Profile, F::FpReference, false, "");
        row("fp_val_ce", S::Checkpoint, F::Training, false, "nats/byte");
    }

    void tableHasEveryStoreMetric()
    {
        QFETCH(QString, name);
        QFETCH(int, scope);
        QFETCH(int, source);
        QFETCH(bool, higherIsBetter);
        QFETCH(QString, unit);
        const MetricInfo* info = findMetric(name.toStdString());
        QVERIFY(info);
        QCOMPARE(QString::fromLatin1(info->name), name);
        QCOMPARE(int(info->scope), scope);
        QCOMPARE(int(info->source), source);
        QCOMPARE(info->higherIsBetter, higherIsBetter);
        QCOMPARE(QString::fromUtf8(info->unit), unit);
        QVERIFY(*info->title);
        QVERIFY(*info->meaning);
        // Input statistics are exactly what only the FP reference measures.
        QCOMPARE(isInputStatistic(info->name), info->source == MetricSource::FpReference);
    }

    void tableIsThatList()
    {
        // 25 rows above, each once, nothing else.
        std::set<std::string> names;
        for (const MetricInfo& info : metricTable())
            QVERIFY2(names.insert(info.name).second, info.name);
        QCOMPARE(int(names.size()), 25);
        QVERIFY(!findMetric("no_such_metric"));
        QVERIFY(!findMetric(""));
        QVERIFY(!findMetric("rel_ce ")); // exact names only
    }

    void uncertaintyNames()
    {
        // docs/store-format.md: standard errors for the means, 95 % intervals for KL's quantiles.
        for (const char* m : {"ce", "fp_ce", "delta_ce", "rel_ce", "ppl", "kl_mean", "top1_agree"}) {
            QCOMPARE(int(uncertaintyKind(m)), int(UncertaintyKind::StandardError));
            QCOMPARE(standardErrorName(m), std::string(m) + "_se");
            QVERIFY(isUncertaintyName(std::string(m) + "_se"));
            QVERIFY(!isUncertaintyName(std::string(m) + "_lo"));
        }
        for (const char* m : {"kl_median", "kl_p99"}) {
            QCOMPARE(int(uncertaintyKind(m)), int(UncertaintyKind::Interval));
            QCOMPARE(lowerBoundName(m), std::string(m) + "_lo");
            QCOMPARE(upperBoundName(m), std::string(m) + "_hi");
            QVERIFY(isUncertaintyName(std::string(m) + "_hi"));
            QVERIFY(!isUncertaintyName(std::string(m) + "_se"));
        }
        for (const char* m : {"eval_units", "sqnr_db", "w_rel_err", "act_outliers"})
            QCOMPARE(int(uncertaintyKind(m)), int(UncertaintyKind::None));
        QVERIFY(!isUncertaintyName("sqnr_db_se"));
        QVERIFY(!isUncertaintyName("_se"));
        QVERIFY(!isUncertaintyName("ce"));
    }

    void constantsAreTheStoreNames()
    {
        QCOMPARE(std::string(metrics::relCe), std::string("rel_ce"));
        QCOMPARE(std::string(metrics::deltaCe), std::string("delta_ce"));
        QCOMPARE(std::string(metrics::klMean), std::string("kl_mean"));
        QCOMPARE(std::string(metrics::top1Agree), std::string("top1_agree"));
        QCOMPARE(std::string(metrics::sqnrDb), std::string("sqnr_db"));
        QCOMPARE(std::string(metrics::actKurtosis), std::string("act_kurtosis"));
        QCOMPARE(std::string(metrics::actChannelAbsmax), std::string("act_channel_absmax"));
        QCOMPARE(std::string(metrics::fpValCe), std::string("fp_val_ce"));
        QCOMPARE(metrics::outlierThreshold, 6.0); // LLM.int8()
    }

    void inputStatistics()
    {
        QVERIFY(isInputStatistic("act_kurtosis"));
        QVERIFY(isInputStatistic("act_something_newer")); // a newer store's statistic is still the FP's
        QVERIFY(!isInputStatistic("w_rel_err"));
        QVERIFY(!isInputStatistic("fact_x"));
        QVERIFY(!isInputStatistic(""));
    }

    void methodsAndFpReference()
    {
        QCOMPARE(toString(QuantMethod::None), std::string("none"));
        QCOMPARE(toString(QuantMethod::Rtn), std::string("rtn"));
        QCOMPARE(toString(QuantMethod::Gptq), std::string("gptq"));
        QVERIFY(quantMethodFromString(methods::gptq) == QuantMethod::Gptq);
        QVERIFY(quantMethodFromString(fpConfigId) == QuantMethod::None);
        QCOMPARE(QuantConfig::fullPrecision().id(), std::string("fp"));
        QCOMPARE(QuantConfig::fullPrecision().id(), std::string(fpConfigId));
    }

    void kindOrder_data()
    {
        QTest::addColumn<QString>("kind");
        QTest::addColumn<int>("order");
        QTest::addRow("q") << QStringLiteral("q") << 0;
        QTest::addRow("v") << QStringLiteral("v") << 2;
        QTest::addRow("o") << QStringLiteral("o") << 3;
        QTest::addRow("gate") << QStringLiteral("gate") << 4;
        QTest::addRow("down (FC2) last") << QStringLiteral("down") << 6;
        QTest::addRow("NeoX qkv: not in the Llama order") << QStringLiteral("qkv") << 99;
        QTest::addRow("unknown") << QStringLiteral("lm_head") << 99;
    }

    void kindOrder()
    {
        QFETCH(QString, kind);
        QFETCH(int, order);
        QCOMPARE(layerKindOrder(kind.toStdString()), order);
    }

    void mixedPrecisionKindsAreTheBlockOrder()
    {
        const std::vector<std::string> expected {"q", "k", "v", "o", "gate", "up", "down"};
        QCOMPARE(qs::layerKinds(), expected);
        QCOMPARE(std::string(layerkinds::qkv), std::string("qkv"));
    }
};

QS_TEST_GUILESS_MAIN(TstMetrics)
#include "tst_metrics.moc"
