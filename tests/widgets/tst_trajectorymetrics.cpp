// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
// The trajectory page's metrics (relative CE, ΔCE, KL, top-1, mean layer SQNR) against MetricsFixture,
// a store from before a metric existed, and an export in the chosen metric.

#include "tests/support/testutils.h"

#include "core/store/store.h"
#include "itemmodels/storesnapshot.h"
#include "tests/support/storefixture.h"
#include "widgets/pages/figurepages.h"
#include "widgets/pages/trajectory/trajectorypage.h"
#include "widgets/plot/figureexport.h"
#include "widgets/plot/qcp.h"

#include <QApplication>
#include <QComboBox>
#include <QFile>
#include <QSignalSpy>
#include <QTemporaryDir>

#include <cmath>

using qs::test::MetricsFixture;
using qs::test::StoreFixture;

Q_DECLARE_METATYPE(qs::TrajectoryPage::Metric)

class TstTrajectoryMetrics : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;
    QString m_store;
    QString m_metricsStore;

    // What the trajectory page must plot for fixture config `c` at checkpoint `k` under `metric`,
    // from the fixture's closed forms.
    static double expectedMetric(qs::TrajectoryPage::Metric metric, int c, int k)
    {
        using Metric = qs::TrajectoryPage::Metric;
        switch (metric) {
        case Metric::RelativeCe:
            return MetricsFixture::relCe(c, k);
        case Metric::DeltaCe:
            return MetricsFixture::deltaCe(c, k);
        case Metric::KlMean:
            return MetricsFixture::klMean(c, k);
        case Metric::KlP99:
            return MetricsFixture::klP99(c, k);
        case Metric::Top1Agree:
            return 100.0 * MetricsFixture::top1Agree(c, k);
        case Metric::LayerSqnr:
            break;
        }
        double sum = 0.0;
        int count = 0;
        for (int l = 0; l < MetricsFixture::layerCount(); ++l) {
            if (!std::isnan(MetricsFixture::sqnrDb(c, k, l))) {
                sum += MetricsFixture::sqnrDb(c, k, l);
                ++count;
            }
        }
        return sum / count;
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        m_store = m_dir.filePath(QStringLiteral("fixture.h5"));
        StoreFixture::write(m_store);
        m_metricsStore = m_dir.filePath(QStringLiteral("metrics.h5"));
        MetricsFixture::write(m_metricsStore);
    }

    void trajectoryMetrics_data()
    {
        using Metric = qs::TrajectoryPage::Metric;
        QTest::addColumn<QString>("comboText");
        QTest::addColumn<Metric>("metric");
        QTest::addColumn<QString>("axisWord");
        QTest::addRow("relative CE") << QStringLiteral("relative CE") << Metric::RelativeCe
                                     << QStringLiteral("relative CE");
        QTest::addRow("delta CE") << QStringLiteral("ΔCE") << Metric::DeltaCe << QStringLiteral("ΔCE");
        QTest::addRow("KL mean") << QStringLiteral("KL mean") << Metric::KlMean << QStringLiteral("KL mean");
        QTest::addRow("KL p99") << QStringLiteral("KL p99") << Metric::KlP99 << QStringLiteral("KL p99");
        QTest::addRow("same top-1") << QStringLiteral("same top-1 (%)") << Metric::Top1Agree << QStringLiteral("top-1");
        QTest::addRow("mean layer SQNR") << QStringLiteral("mean layer SQNR (dB)") << Metric::LayerSqnr
                                         << QStringLiteral("SQNR (dB)");
    }

    void trajectoryMetrics()
    {
        QFETCH(QString, comboText);
        QFETCH(qs::TrajectoryPage::Metric, metric);
        QFETCH(QString, axisWord);
        const qs::StoreSnapshotPtr snapshot = qs::loadStoreSnapshot(m_metricsStore);
        const qs::RunSnapshot& run = snapshot->runs[0];
        qs::TrajectoryPage page;
        page.resize(900, 600);
        page.setSnapshot(snapshot, 0);

        auto* combo = page.findChild<QComboBox*>(QStringLiteral("metricCombo"));
        QVERIFY(combo);
        const int item = combo->findText(comboText);
        QVERIFY2(item >= 0, qPrintable(comboText));
        QSignalSpy changed(&page, &qs::TrajectoryPage::metricChanged);
        combo->setCurrentIndex(item);
        QCOMPARE(page.metric(), metric);
        QCOMPARE(changed.count(), metric == qs::TrajectoryPage::Metric::RelativeCe ? 0 : 1);
        QVERIFY2(page.plot()->yAxis->label().contains(axisWord), qPrintable(page.plot()->yAxis->label()));

        // The FP reference has no curve; W16A4 (weights in FP, activations quantized) has one.
        const int fp = run.configIndex("fp");
        QVERIFY(fp >= 0);
        QVERIFY(!page.configGraph(fp));
        QCOMPARE(page.configGraphs().size(), MetricsFixture::quantizedCount());
        const QString fpLabel = QString::fromStdString(qs::QuantConfig::fullPrecision().label());
        for (int i = 0; i < page.plot()->graphCount(); ++i)
            QVERIFY(page.plot()->graph(i)->name() != fpLabel);

        const QCPRange yRange = page.plot()->yAxis->range();
        for (int c = 0; c < MetricsFixture::quantizedCount(); ++c) {
            const int index = run.configIndex(MetricsFixture::config(c).id());
            QCPGraph* graph = page.configGraph(index);
            QVERIFY(graph);
            QCOMPARE(graph->name(), QString::fromStdString(MetricsFixture::config(c).label()));
            int k = 0;
            int points = 0;
            for (auto it = graph->data()->constBegin(); it != graph->data()->constEnd(); ++it, ++k, ++points) {
                while (!MetricsFixture::done(c, k))
                    ++k;
                QCOMPARE(it->key, double(MetricsFixture::checkpointSteps()[size_t(k)]));
                QCOMPARE(it->value, expectedMetric(metric, c, k));
                QVERIFY2(
                    yRange.contains(it->value),
                    qPrintable(QStringLiteral("%1 outside %2..%3").arg(it->value).arg(yRange.lower).arg(yRange.upper)));
            }
            QCOMPARE(points, c == 1 ? 2 : 3);
        }

        // Hover text: the metric of every drawn config, none for the FP reference.
        const QString text = page.describeCheckpoint(1);
        for (int c = 0; c < MetricsFixture::quantizedCount(); ++c)
            QVERIFY(text.contains(QString::fromStdString(MetricsFixture::config(c).label()) + QStringLiteral(": ")));
        QVERIFY2(!text.contains(QLatin1Char('\n') + fpLabel + QStringLiteral(": ")), qPrintable(text));
        const double value = expectedMetric(metric, 0, 1);
        const QString shown = metric == qs::TrajectoryPage::Metric::Top1Agree ? QStringLiteral("98.00 %")
            : metric == qs::TrajectoryPage::Metric::LayerSqnr                 ? QStringLiteral("24.00 dB")
                                                                              : QString::number(value, 'g', 5);
        QVERIFY2(text.contains(shown), qPrintable(text + QStringLiteral(" lacks ") + shown));
        QVERIFY(page.describeCheckpoint(2).contains(QStringLiteral("not computed yet")));
    }

    void uncertaintyBandsTooltipsAndCsv()
    {
        // The metrics fixture with uncertainties for config 0 only (as a sweep that stores standard errors
        // writes them; config 1 stands for an entry swept before): a standard error for relative CE and a
        // bootstrap interval for KL p99.
        const QString path = m_dir.filePath(QStringLiteral("uncertainty.h5"));
        MetricsFixture::write(path);
        const auto se = [](int k) { return 0.0005 * (k + 1); };
        {
            qs::Store store = qs::Store::open(path.toStdString(), qs::Store::Mode::ReadWrite);
            const qs::QuantConfig q = MetricsFixture::config(0);
            for (int k = 0; k < MetricsFixture::checkpointCount(); ++k) {
                if (!MetricsFixture::done(0, k))
                    continue;
                qs::ResultEntry entry = MetricsFixture::ceEntry(0, k);
                entry.model["kl_mean"] = MetricsFixture::klMean(0, k);
                entry.model["kl_p99"] = MetricsFixture::klP99(0, k);
                entry.model["top1_agree"] = MetricsFixture::top1Agree(0, k);
                entry.model["rel_ce_se"] = se(k);
                entry.model["kl_p99_lo"] = 0.8 * MetricsFixture::klP99(0, k);
                entry.model["kl_p99_hi"] = 1.3 * MetricsFixture::klP99(0, k);
                store.writeResult(MetricsFixture::runName, q.id(), k, entry);
            }
        }
        const qs::StoreSnapshotPtr snapshot = qs::loadStoreSnapshot(path);
        const qs::RunSnapshot& run = snapshot->runs[0];
        const int c0 = run.configIndex(MetricsFixture::config(0).id());
        const int c1 = run.configIndex(MetricsFixture::config(1).id());
        qs::TrajectoryPage page;
        page.resize(900, 600);
        page.setSnapshot(snapshot, 0);

        // Relative CE: value ± 1.96 standard errors around config 0's line; no band for config 1.
        auto [lower, upper] = page.configBand(c0);
        QVERIFY(lower && upper);
        QCOMPARE(upper->channelFillGraph(), lower);
        QCOMPARE(lower->data()->size(), page.configGraph(c0)->data()->size());
        int k = 0;
        for (auto it = lower->data()->constBegin(), up = upper->data()->constBegin(); it != lower->data()->constEnd();
             ++it, ++up, ++k) {
            while (!MetricsFixture::done(0, k))
                ++k;
            const double value = MetricsFixture::relCe(0, k);
            QVERIFY(std::abs(it->value - (value - 1.959963984540054 * se(k))) < 1e-12);
            QVERIFY(std::abs(up->value - (value + 1.959963984540054 * se(k))) < 1e-12);
        }
        QCOMPARE(page.configBand(c1), (std::pair<QCPGraph*, QCPGraph*>(nullptr, nullptr)));
        // The band is not in the legend, and the y axis holds it.
        QVERIFY(!page.plot()->legend->hasItemWithPlottable(lower) && !page.plot()->legend->hasItemWithPlottable(upper));
        QVERIFY(page.plot()->yAxis->range().contains(upper->data()->constBegin()->value));

        // The hover: ± the standard error for config 0, the bare value for config 1.
        const QString text = page.describeCheckpoint(1);
        const QString label0 = QString::fromStdString(MetricsFixture::config(0).label());
        const QString label1 = QString::fromStdString(MetricsFixture::config(1).label());
        QVERIFY2(text.contains(
                     QStringLiteral("%1 ± %2 (s.e.)")
                         .arg(QString::number(MetricsFixture::relCe(0, 1), 'g', 5), QString::number(se(1), 'g', 5))),
                 qPrintable(text));
        for (const QString& line : text.split(QLatin1Char('\n')))
            if (line.startsWith(label1 + QStringLiteral(": ")))
                QVERIFY2(!line.contains(QStringLiteral("±")), qPrintable(line));

        // CSV: two band columns per config after the values, config 1's empty.
        QStringList lines;
        for (const QString& line : page.csv().split(QLatin1Char('\n'), Qt::SkipEmptyParts))
            if (!line.startsWith(QLatin1Char('#')))
                lines << line;
        const QStringList header = lines[0].split(QLatin1Char(','));
        const QString id0 = QString::fromStdString(MetricsFixture::config(0).id());
        const QString id1 = QString::fromStdString(MetricsFixture::config(1).id());
        const qsizetype lo0 = header.indexOf(id0 + QStringLiteral("_lo95")),
                        hi0 = header.indexOf(id0 + QStringLiteral("_hi95"));
        const qsizetype lo1 = header.indexOf(id1 + QStringLiteral("_lo95"));
        QVERIFY(lo0 > header.indexOf(id1) && hi0 == lo0 + 1 && lo1 > 0);
        const QStringList row1 = lines[2].split(QLatin1Char(','));
        QVERIFY(std::abs(row1[lo0].toDouble() - (MetricsFixture::relCe(0, 1) - 1.959963984540054 * se(1))) < 1e-9);
        QVERIFY(row1[lo1].isEmpty());

        // KL p99: the stored interval, in the hover too.
        page.setMetric(qs::TrajectoryPage::Metric::KlP99);
        std::tie(lower, upper) = page.configBand(c0);
        QVERIFY(lower && upper);
        QCOMPARE(lower->data()->constBegin()->value, 0.8 * MetricsFixture::klP99(0, 0));
        QCOMPARE(upper->data()->constBegin()->value, 1.3 * MetricsFixture::klP99(0, 0));
        QVERIFY2(page.describeCheckpoint(0).contains(QStringLiteral("95 % interval")),
                 qPrintable(page.describeCheckpoint(0)));
        // Mean layer SQNR has no uncertainty: no band.
        page.setMetric(qs::TrajectoryPage::Metric::LayerSqnr);
        QCOMPARE(page.configBand(c0).first, nullptr);
    }

    void trajectoryMetricMissingFromOldStore()
    {
        // A store swept before KL existed: no points, and the hover says the value is not there.
        qs::TrajectoryPage page;
        page.setSnapshot(qs::loadStoreSnapshot(m_store), 0);
        page.setMetric(qs::TrajectoryPage::Metric::KlMean);
        for (QCPGraph* graph : page.configGraphs())
            QCOMPARE(graph->data()->size(), 0);
        QVERIFY(page.describeCheckpoint(0).contains(QStringLiteral("not in the store")));
    }

    void exportUsesChosenMetric()
    {
        qs::TrajectoryPage page;
        page.setSnapshot(qs::loadStoreSnapshot(m_metricsStore), 0);
        page.setMetric(qs::TrajectoryPage::Metric::LayerSqnr);
        const QString path = m_dir.filePath(QStringLiteral("sqnr.svg"));
        QString error;
        QVERIFY2(qs::exportTrajectoryFigure(page, path, &error), qPrintable(error));
        QFile svg(path);
        QVERIFY(svg.open(QIODevice::ReadOnly));
        const QString content = QString::fromUtf8(svg.readAll());
        QVERIFY(content.contains(QStringLiteral("mean layer SQNR (dB)")));
        QVERIFY(!content.contains(QStringLiteral("relative CE")));
    }
};

QS_TEST_MAIN(TstTrajectoryMetrics)
#include "tst_trajectorymetrics.moc"
