// The trajectory page's metrics (relative CE, ΔCE, KL, top-1, mean layer SQNR) against MetricsFixture,
// a store from before a metric existed, and an export in the chosen metric.

#include "tests/support/testutils.h"

#include "models/storesnapshot.h"
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
