// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
// The Qt layer's side of the vocabulary: the GUI's metric titles (models/metricnames.h) say what the
// core table says (title and unit) and carry a description for every layer metric; the figure-export
// words (models/figurewords.h) are the command line's; the trajectory's metrics read the store metrics
// they are named after.

#include "itemmodels/figurewords.h"
#include "itemmodels/metricnames.h"
#include "itemmodels/storesnapshot.h"
#include "itemmodels/trajectorymetric.h"
#include "tests/support/testutils.h"

#include "core/common/metrics.h"

#include <QTest>

#include <cmath>
#include <limits>

using namespace qs;

namespace {

constexpr double nan = std::numeric_limits<double>::quiet_NaN();

// A config with hand-set results at three checkpoints, the last not computed yet.
ConfigSnapshot handConfig()
{
    ConfigSnapshot config;
    config.config = QuantConfig::parse("rtn:4:g32:sym");
    config.results.configId = config.config.id();
    config.results.done = {1, 1, 0};
    config.results.model["rel_ce"] = {0.05, 0.03, nan};
    config.results.model["delta_ce"] = {0.2, 0.12, nan};
    config.results.model["kl_mean"] = {0.01, 0.008, nan};
    config.results.model["kl_p99"] = {0.3, 0.2, nan};
    config.results.model["top1_agree"] = {0.97, 0.985, nan};
    config.results.layers["sqnr_db"] = {{20.0, nan, 24.0}, {21.0, 23.0, 25.0}, {nan, nan, nan}};
    return config;
}

} // namespace

class TstVocabulary : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void guiTitlesFollowTheCoreTable()
    {
        int named = 0;
        for (const MetricInfo& info : metricTable()) {
            if (!MetricNames::isKnown(info.name))
                continue;
            ++named;
            const QString title = QString::fromUtf8(info.title);
            const QString unit = QString::fromUtf8(info.unit);
            const QString withUnit = unit.isEmpty() ? title : title + QStringLiteral(" (") + unit + QLatin1Char(')');
            const QString source = QString::fromUtf8(MetricNames::sourceTitle(info.name));
            const QString shortSource = QString::fromUtf8(MetricNames::sourceShortTitle(info.name));
            // A title is the core's with its unit, or, where the table keeps only a short one, the
            // core's title; a short title is the core's title.
            QVERIFY2(source == withUnit || (source == shortSource && source == title), info.name);
            QVERIFY2(shortSource == title || shortSource == source, info.name);
            // Without a translator installed the texts come back as written.
            QCOMPARE(MetricNames::title(info.name), source);
            QCOMPARE(MetricNames::shortTitle(info.name), shortSource);
            if (info.scope == MetricScope::Layer)
                QVERIFY2(!MetricNames::description(info.name).isEmpty(), info.name);
        }
        // The model metrics the pages show and every layer metric (the sensitivity ones included).
        QCOMPARE(named, 19);
    }

    void guiTitles_data()
    {
        QTest::addColumn<QString>("metric");
        QTest::addColumn<QString>("title");
        QTest::addColumn<QString>("shortTitle");
        QTest::addRow("CE") << QStringLiteral("ce") << QStringLiteral("CE (nats/byte)")
                            << QStringLiteral("CE (nats/byte)");
        QTest::addRow("ΔCE") << QStringLiteral("delta_ce") << QStringLiteral("ΔCE (nats/byte)")
                             << QStringLiteral("ΔCE");
        QTest::addRow("relative CE") << QStringLiteral("rel_ce") << QStringLiteral("relative CE")
                                     << QStringLiteral("relative CE");
        QTest::addRow("KL mean") << QStringLiteral("kl_mean") << QStringLiteral("KL mean (nats)")
                                 << QStringLiteral("KL mean");
        QTest::addRow("KL p99") << QStringLiteral("kl_p99") << QStringLiteral("KL p99") << QStringLiteral("KL p99");
        QTest::addRow("top-1") << QStringLiteral("top1_agree") << QStringLiteral("same top-1")
                               << QStringLiteral("same top-1");
        QTest::addRow("SQNR") << QStringLiteral("sqnr_db") << QStringLiteral("SQNR (dB)")
                              << QStringLiteral("SQNR (dB)");
        QTest::addRow("outliers") << QStringLiteral("act_outliers") << QStringLiteral("outlier channels (>6)")
                                  << QStringLiteral("outlier channels (>6)");
        QTest::addRow("leave-one-in") << QStringLiteral("loi_kl") << QStringLiteral("leave-one-in KL (nats)")
                                      << QStringLiteral("leave-one-in KL");
        QTest::addRow("Fisher") << QStringLiteral("fisher_est") << QStringLiteral("Fisher estimate (nats/byte)")
                                << QStringLiteral("Fisher estimate");
        QTest::addRow("unknown: the store name")
            << QStringLiteral("act_new") << QStringLiteral("act_new") << QStringLiteral("act_new");
    }

    void guiTitles()
    {
        QFETCH(QString, metric);
        QFETCH(QString, title);
        QFETCH(QString, shortTitle);
        const std::string name = metric.toStdString();
        QCOMPARE(MetricNames::title(name), title);
        QCOMPARE(MetricNames::shortTitle(name), shortTitle);
        QCOMPARE(MetricNames::isKnown(name), metric != QLatin1String("act_new"));
        if (!MetricNames::isKnown(name))
            QVERIFY(MetricNames::description(name).isEmpty());
    }

    void figureWords()
    {
        // The command line's words (quantscope figure --size/--figure-style/--legend, extensions).
        QCOMPARE(
            qs::figureWords<FigureFormat>(),
            (QStringList {QStringLiteral("pdf"), QStringLiteral("svg"), QStringLiteral("png"), QStringLiteral("csv")}));
        QCOMPARE(qs::figureWords<FigureSize>(),
                 (QStringList {QStringLiteral("single"), QStringLiteral("double"), QStringLiteral("custom")}));
        QCOMPARE(qs::figureWords<FigureKind>(), (QStringList {QStringLiteral("paper"), QStringLiteral("screen")}));
        QCOMPARE(qs::figureWords<FigureLegend>(),
                 (QStringList {QStringLiteral("below"), QStringLiteral("inside"), QStringLiteral("none")}));
        QCOMPARE(figureWord(FigureLegend::Inside), QStringLiteral("inside"));
        QCOMPARE(figureWord(FigureKind::Screen), QStringLiteral("screen"));
        QCOMPARE(figureWord(FigureSize::DoubleColumn), QStringLiteral("double"));
        QCOMPARE(figureWord(FigureFormat::Png), QStringLiteral("png"));
        QVERIFY(figureWordValue<FigureLegend>(u"none") == FigureLegend::None);
        QVERIFY(figureWordValue<FigureKind>(u"paper") == FigureKind::Paper);
        QVERIFY(figureWordValue<FigureSize>(u"custom") == FigureSize::Custom);
        QVERIFY(figureWordValue<FigureFormat>(u"svg") == FigureFormat::Svg);
        // Exact words only; the default words are the defaults of ExportChoices.
        QVERIFY(!figureWordValue<FigureLegend>(u"Below"));
        QVERIFY(!figureWordValue<FigureKind>(u"poster"));
        QVERIFY(!figureWordValue<FigureSize>(u""));
        QVERIFY(!figureWordValue<FigureFormat>(u"pdf "));
        // A word of one choice is not a word of another.
        QVERIFY(!figureWordValue<FigureLegend>(u"single"));
    }

    void trajectoryMetricNames()
    {
        QCOMPARE(qs::trajectoryMetricNames(),
                 (QStringList {QStringLiteral("rel_ce"), QStringLiteral("delta_ce"), QStringLiteral("kl_mean"),
                               QStringLiteral("kl_p99"), QStringLiteral("top1_agree"), QStringLiteral("sqnr_db")}));
        for (const QString& name : qs::trajectoryMetricNames()) {
            TrajectoryMetric metric;
            QVERIFY(trajectoryMetricFromName(name.toStdString(), &metric));
            QCOMPARE(QString::fromLatin1(trajectoryMetricName(metric)), name);
        }
        TrajectoryMetric metric = TrajectoryMetric::KlMean;
        QVERIFY(!trajectoryMetricFromName("ppl", &metric));
        QVERIFY(!trajectoryMetricFromName("", &metric));
        QVERIFY(metric == TrajectoryMetric::KlMean); // untouched
        // Agreement and SQNR grow with quality; the damage metrics grow with damage.
        QVERIFY(trajectoryMetricHigherIsBetter(TrajectoryMetric::Top1Agree));
        QVERIFY(trajectoryMetricHigherIsBetter(TrajectoryMetric::LayerSqnr));
        for (TrajectoryMetric m : {TrajectoryMetric::RelativeCe, TrajectoryMetric::DeltaCe, TrajectoryMetric::KlMean,
                                   TrajectoryMetric::KlP99})
            QVERIFY(!trajectoryMetricHigherIsBetter(m));
    }

    void trajectoryMetricValues()
    {
        const ConfigSnapshot config = handConfig();
        QCOMPARE(trajectoryMetricValue(config, TrajectoryMetric::RelativeCe, 0), 0.05);
        QCOMPARE(trajectoryMetricValue(config, TrajectoryMetric::DeltaCe, 1), 0.12);
        QCOMPARE(trajectoryMetricValue(config, TrajectoryMetric::KlMean, 1), 0.008);
        QCOMPARE(trajectoryMetricValue(config, TrajectoryMetric::KlP99, 0), 0.3);
        // Top-1 agreement in percent; the mean layer SQNR skips the layer without a value.
        QCOMPARE(trajectoryMetricValue(config, TrajectoryMetric::Top1Agree, 1), 98.5);
        QCOMPARE(trajectoryMetricValue(config, TrajectoryMetric::LayerSqnr, 0), 22.0);
        QCOMPARE(trajectoryMetricValue(config, TrajectoryMetric::LayerSqnr, 1), 23.0);
        // Not computed yet, out of range, and a metric the config does not hold: NaN.
        QVERIFY(std::isnan(trajectoryMetricValue(config, TrajectoryMetric::RelativeCe, 2)));
        QVERIFY(std::isnan(trajectoryMetricValue(config, TrajectoryMetric::LayerSqnr, 2)));
        QVERIFY(std::isnan(trajectoryMetricValue(config, TrajectoryMetric::RelativeCe, 5)));
        ConfigSnapshot old = config;
        old.results.model.erase("kl_p99");
        QVERIFY(std::isnan(trajectoryMetricValue(old, TrajectoryMetric::KlP99, 0)));
    }
};

QS_TEST_GUILESS_MAIN(TstVocabulary)
#include "tst_vocabulary.moc"
