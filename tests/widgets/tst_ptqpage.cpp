// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
// The PTQ-degradation page: a run whose error follows the LR decay (DecayStore) must be drawn and
// judged as such; what cannot be fitted is said instead of drawn.

#include "tests/support/testutils.h"

#include "itemmodels/selection.h"
#include "itemmodels/storesnapshot.h"
#include "tests/support/decaystore.h"
#include "widgets/pages/ptqpage.h"
#include "widgets/plot/qcp.h"

#include <QLabel>
#include <QTemporaryDir>

#include <cmath>

using qs::test::DecayStore;

class TstPtqPage : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;
    qs::StoreSnapshotPtr m_snapshot;

    // The page on the decay run with `config` selected ("fp" or the RTN config).
    void select(qs::Selection& selection, const std::string& config)
    {
        selection.setSnapshot(m_snapshot);
        selection.setRun(0);
        selection.setConfig(m_snapshot->runs[0].configIndex(config));
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        const QString path = m_dir.filePath(QStringLiteral("decay.h5"));
        DecayStore::write(path);
        {
            // The FP reference a sweep stores first, with no results yet.
            qs::Store store = qs::Store::open(path.toStdString(), qs::Store::Mode::ReadWrite);
            const qs::QuantConfig fp = qs::QuantConfig::parse("fp");
            store.ensureConfig(DecayStore::run, fp.id(), fp.toJson());
        }
        m_snapshot = qs::loadStoreSnapshot(path);
    }

    void errorFollowingTheDecay()
    {
        qs::Selection selection;
        qs::PtqPage page(&selection);
        page.resize(900, 600);
        select(selection, DecayStore::config().id());
        QVERIFY(page.setMetric(QStringLiteral("delta_ce")));
        QVERIFY2(page.analysis(), qPrintable(page.message()));
        QVERIFY(page.figurePlot());

        // Every checkpoint after warmup is a measured point at its tokens (checkpoint 0 has none).
        QCPGraph* measured = page.measuredGraph();
        QCOMPARE(measured->data()->size(), DecayStore::checkpoints - 1);
        for (int k = 1; k < DecayStore::checkpoints; ++k) {
            QCOMPARE(measured->data()->at(k - 1)->key, double(DecayStore::tokens(k)));
            QCOMPARE(measured->data()->at(k - 1)->value, DecayStore::delta(k));
        }
        // The tokens + decay model follows the trend 0.002 + 0.03·u to within the wobble (±0.0003);
        // the tokens-only line misses the decay by far more.
        double worstDecayFit = 0.0;
        double worstTokensFit = 0.0;
        for (int k = 1; k < DecayStore::checkpoints; ++k) {
            worstDecayFit = std::max(worstDecayFit,
                                     std::abs(page.decayFitGraph()->data()->at(k - 1)->value - DecayStore::trend(k)));
            worstTokensFit = std::max(worstTokensFit,
                                      std::abs(page.tokensFitGraph()->data()->at(k - 1)->value - DecayStore::trend(k)));
        }
        QVERIFY2(worstDecayFit < 0.0006, qPrintable(QString::number(worstDecayFit)));
        QVERIFY2(worstTokensFit > 0.005, qPrintable(QString::number(worstTokensFit)));
        QVERIFY2(page.verdict().contains(QStringLiteral("rises with the LR decay")), qPrintable(page.verdict()));
        QCOMPARE(page.findChild<QLabel*>(QStringLiteral("ptqVerdict"))->text(), page.verdict());

        // CSV: every checkpoint, u = 1 − LR/peak, which ones were fitted.
        const QStringList rows = page.csv().split(QLatin1Char('\n'), Qt::SkipEmptyParts);
        QCOMPARE(rows.first(), QStringLiteral("step,tokens,lr,lr_decay,delta_ce,used,tokens_fit,decay_fit"));
        QCOMPARE(rows.size(), DecayStore::checkpoints + 1);
        for (int k = 0; k < DecayStore::checkpoints; ++k) {
            const QStringList cells = rows[k + 1].split(QLatin1Char(','));
            QCOMPARE(cells[0].toInt(), 100 * k);
            QVERIFY(std::abs(cells[3].toDouble() - DecayStore::u(k)) < 1e-9);
            QCOMPARE(cells[5], k == 0 ? QStringLiteral("0") : QStringLiteral("1"));
        }
    }

    void decayAgainstTheNoise()
    {
        // Without per-unit sums (the store above), the page says why there is no test.
        {
            qs::Selection selection;
            qs::PtqPage page(&selection);
            select(selection, DecayStore::config().id());
            QVERIFY(page.setMetric(QStringLiteral("delta_ce")));
            QVERIFY(!page.decayComparison());
            QVERIFY2(page.noiseVerdict().contains(QStringLiteral("no per-unit sums")), qPrintable(page.noiseVerdict()));
            QVERIFY(page.verdict().contains(page.noiseVerdict()));
        }
        // With them: ΔCE at the last checkpoint (step 1300) against the last before the decay (800), paired
        // over the 50 units — 0.03 nats apart against a noise of ~0.0003: beyond it.
        const QString path = m_dir.filePath(QStringLiteral("units.h5"));
        DecayStore::write(path, true);
        qs::Selection selection;
        selection.setSnapshot(qs::loadStoreSnapshot(path));
        selection.setRun(0);
        qs::PtqPage page(&selection);
        selection.setConfig(selection.snapshot()->runs[0].configIndex(DecayStore::config().id()));
        // Relative CE's damage is tested on ΔCE, which is linear in the per-unit sums (the store here has
        // ΔCE only).
        QCOMPARE(qs::pairedTestMetric("rel_ce"), std::string("delta_ce"));
        QCOMPARE(qs::pairedTestMetric("sqnr_db"), std::string());
        {
            QVERIFY(page.setMetric(QStringLiteral("delta_ce")));
            QVERIFY2(page.decayComparison(), qPrintable(page.noiseVerdict() + page.message() + page.verdict()));
            const qs::EntryComparison& c = *page.decayComparison();
            QCOMPARE(c.metric, std::string("delta_ce"));
            const auto sums = [](int k) {
                const auto u = DecayStore::units(k);
                double d = 0.0, t = 0.0;
                for (size_t i = 0; i < u.at("ce").size(); ++i) {
                    d += u.at("ce")[i] - u.at("fp_ce")[i];
                    t += u.at("tokens")[i];
                }
                return d / t;
            };
            QVERIFY(std::abs(c.a - sums(8)) < 1e-12 && std::abs(c.b - sums(13)) < 1e-12);
            QVERIFY(c.test.significant() && c.test.difference.value > 0.02);
            QVERIFY2(page.noiseVerdict().contains(QStringLiteral("step 1300"))
                         && page.noiseVerdict().contains(QStringLiteral("step 800"))
                         && page.noiseVerdict().contains(QStringLiteral("exceeds the noise")),
                     qPrintable(page.noiseVerdict()));
        }
        // KL mean is tested as itself.
        QCOMPARE(qs::pairedTestMetric("kl_mean"), std::string("kl_mean"));
    }

    void nothingToFit()
    {
        qs::Selection selection;
        qs::PtqPage page(&selection);
        // The FP reference: no quantization error to look at.
        select(selection, "fp");
        QVERIFY(selection.config() && selection.config()->config.isFullPrecision());
        QVERIFY(!page.analysis());
        QVERIFY(!page.figurePlot());
        QVERIFY2(page.message().contains(QStringLiteral("FP reference")), qPrintable(page.message()));
        // A metric the store does not hold: the message names the run and says why.
        select(selection, DecayStore::config().id());
        QVERIFY(page.setMetric(QStringLiteral("kl_mean")));
        QVERIFY(!page.analysis());
        QVERIFY(page.csv().isEmpty());
        QVERIFY2(page.message().contains(QStringLiteral("decay"))
                     && page.message().contains(QStringLiteral("at least 4")),
                 qPrintable(page.message()));
        QVERIFY(!page.setMetric(QStringLiteral("no_such_metric")));
        QCOMPARE(page.metric(), QStringLiteral("kl_mean"));
        // No store at all.
        selection.setSnapshot(nullptr);
        QVERIFY(!page.analysis());
        QVERIFY(!page.message().isEmpty());
    }
};

QS_TEST_MAIN(TstPtqPage)
#include "tst_ptqpage.moc"
