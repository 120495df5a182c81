// The statistics engine (core/common/statistics.h): standard errors against closed forms computed by
// hand and against their own spread over simulated evaluations, bootstrap intervals that cover the
// true difference at the nominal rate, p-values that reject a true null at the nominal rate, and the
// block bootstrap on correlated units. Every simulation is seeded; each tolerance is derived from the
// number of trials (and, where said, a known small-sample bias).

#include "core/common/errors.h"
#include "core/common/statistics.h"

#include <QTest>

#include <cmath>
#include <random>
#include <vector>

using namespace qs::stats;

namespace {

// Binomial standard deviation of a rate p over `trials`.
double rateSd(double p, int trials)
{
    return std::sqrt(p * (1.0 - p) / trials);
}

struct Evaluation
{
    std::vector<double> fp, quantized, counts;
};

// n units of 100–300 tokens; a unit's difficulty varies (the shared variance pairing removes), the
// quantized model loses 2 % on average plus noise of its own.
Evaluation simulate(std::mt19937_64& rng, int n)
{
    std::uniform_int_distribution<int> length(100, 300);
    std::normal_distribution<double> difficulty(2.0, 0.3), tokenNoise(0.0, 1.0), damage(0.02, 0.01);
    Evaluation e;
    for (int i = 0; i < n; ++i) {
        const double c = length(rng);
        const double a = c * difficulty(rng) + 0.5 * std::sqrt(c) * tokenNoise(rng);
        e.counts.push_back(c);
        e.fp.push_back(a);
        e.quantized.push_back(a * (1.0 + damage(rng)));
    }
    return e;
}

} // namespace

class TstStatistics : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void closedForms()
    {
        // Equal counts: the mean and sd/√n. 1..10: mean 5.5, sd² = 82.5 / 9.
        std::vector<double> values, ones(10, 1.0);
        for (int i = 1; i <= 10; ++i)
            values.push_back(i);
        Estimate e = weightedMean(values, ones);
        QCOMPARE(e.value, 5.5);
        QVERIFY(std::abs(e.se - std::sqrt(82.5 / 9.0 / 10.0)) < 1e-15);
        QCOMPARE(e.units, std::size_t(10));

        // Unequal counts, by hand: sums 2, 6, 3 over 1, 2, 1 tokens: 11/4; residuals −0.75, 0.5, 0.25,
        // se² = 3/2 · 0.875 / 16.
        const std::vector<double> sums {2, 6, 3}, counts {1, 2, 1};
        e = weightedMean(sums, counts);
        QCOMPARE(e.value, 2.75);
        QVERIFY(std::abs(e.se - std::sqrt(1.5 * 0.875 / 16.0)) < 1e-15);

        // Paired: b − a = 1, 2, 3 per unit of one token: mean 2, sd 1, se 1/√3.
        const std::vector<double> a {5, 1, 4}, b {6, 3, 7}, one(3, 1.0);
        e = pairedDifference(a, b, one);
        QCOMPARE(e.value, 2.0);
        QVERIFY(std::abs(e.se - 1.0 / std::sqrt(3.0)) < 1e-15);

        // Relative: Σb/Σa − 1 = 16/10 − 1; residuals bᵢ − 1.6 aᵢ = −2, 1.4, 0.6, se² = 3/2 · 6.32 / 100.
        e = pairedRelativeChange(a, b);
        QVERIFY(std::abs(e.value - 0.6) < 1e-15);
        QVERIFY(std::abs(e.se - std::sqrt(1.5 * 6.32 / 100.0)) < 1e-15);

        // One unit: a value, no error.
        e = weightedMean(std::vector<double> {3.0}, std::vector<double> {2.0});
        QCOMPARE(e.value, 1.5);
        QVERIFY(std::isnan(e.se));
    }

    // Each standard error against the spread of its estimate over 2,000 simulated evaluations of 50
    // units. The empirical sd has a relative error of 1/√(2·2000) ≈ 1.6 %, the linearised ratio a bias
    // of order 1/n = 2 %: 10 % is more than both by four standard deviations.
    void standardErrorsMatchTheirSpread()
    {
        std::mt19937_64 rng(20261203);
        constexpr int replications = 2000, units = 50;
        struct Spread
        {
            double sum = 0, squares = 0, se2 = 0;
            void add(const Estimate& e)
            {
                sum += e.value;
                squares += e.value * e.value;
                se2 += e.se * e.se;
            }
            double sd() const { return std::sqrt((squares - sum * sum / replications) / (replications - 1)); }
            double meanSe() const { return std::sqrt(se2 / replications); }
        } mean, difference, relative;
        for (int r = 0; r < replications; ++r) {
            const Evaluation e = simulate(rng, units);
            mean.add(weightedMean(e.fp, e.counts));
            difference.add(pairedDifference(e.fp, e.quantized, e.counts));
            relative.add(pairedRelativeChange(e.fp, e.quantized));
        }
        for (const auto& [name, s] : {std::pair {"mean", mean}, std::pair {"paired difference", difference},
                                      std::pair {"relative change", relative}}) {
            const double ratio = s.meanSe() / s.sd();
            QVERIFY2(std::abs(ratio - 1.0) < 0.10,
                     qPrintable(QStringLiteral("%1: reported se %2, spread %3")
                                    .arg(QLatin1String(name))
                                    .arg(s.meanSe())
                                    .arg(s.sd())));
        }
        // Pairing removes the units' shared difficulty: the difference (√2 × the mean's error if the
        // two were measured on different units) is known about 15 times better than either mean.
        QVERIFY(difference.meanSe() * 4 < mean.meanSe());
    }

    // 95 % intervals of a paired difference cover the true difference in 95 % of 600 simulated
    // evaluations of 40 units. Tolerance: 4 binomial sd (3.6 points) plus 1.5 points for the percentile
    // bootstrap's known undercoverage at n = 40.
    void bootstrapCoversTheTrueDifference()
    {
        std::mt19937_64 rng(7);
        std::normal_distribution<double> unit(2.0, 0.5), noise(0.0, 0.1);
        constexpr int trials = 600, units = 40;
        constexpr double delta = 0.05;
        int covered = 0, rejected = 0;
        const std::vector<double> counts(units, 1.0);
        for (int t = 0; t < trials; ++t) {
            std::vector<double> a(units), b(units);
            for (int i = 0; i < units; ++i) {
                a[size_t(i)] = unit(rng);
                b[size_t(i)] = a[size_t(i)] + delta + noise(rng);
            }
            const PairedComparison c = comparePaired(a, b, counts, 0.95, {.resamples = 999, .seed = std::uint64_t(t)});
            covered += c.interval.contains(delta) ? 1 : 0;
            rejected += c.pValue < 0.05 ? 1 : 0;
            QVERIFY(c.interval.lower < c.difference.value && c.difference.value < c.interval.upper);
        }
        const double coverage = double(covered) / trials;
        QVERIFY2(std::abs(coverage - 0.95) <= 4 * rateSd(0.95, trials) + 0.015, qPrintable(QString::number(coverage)));
        // δ is z = 3.16 standard errors (0.1/√40): the test's power is Φ(z − 1.96) + Φ(−z − 1.96) ≈ 0.885
        // (normal approximation; 2 points allowed for the estimated sd at n = 40).
        const double z = delta / (0.1 / std::sqrt(double(units)));
        const auto phi = [](double x) { return 0.5 * std::erfc(-x / std::sqrt(2.0)); };
        const double power = phi(z - 1.959964) + phi(-z - 1.959964);
        const double rate = double(rejected) / trials;
        QVERIFY2(std::abs(rate - power) <= 4 * rateSd(power, trials) + 0.02,
                 qPrintable(QStringLiteral("rejected %1, power %2").arg(rate).arg(power)));
    }

    // With no difference, p < 0.05 in 5 % of 600 evaluations (4 binomial sd plus 1.5 points).
    void pValuesUnderTheNull()
    {
        std::mt19937_64 rng(11);
        std::normal_distribution<double> unit(2.0, 0.5), noise(0.0, 0.1);
        constexpr int trials = 600, units = 40;
        int rejected = 0, significant = 0;
        const std::vector<double> counts(units, 1.0);
        for (int t = 0; t < trials; ++t) {
            std::vector<double> a(units), b(units);
            for (int i = 0; i < units; ++i) {
                a[size_t(i)] = unit(rng);
                b[size_t(i)] = a[size_t(i)] + noise(rng);
            }
            const PairedComparison c = comparePaired(a, b, counts, 0.95, {.resamples = 999, .seed = std::uint64_t(t)});
            rejected += c.pValue < 0.05 ? 1 : 0;
            significant += c.significant() ? 1 : 0;
            QVERIFY(c.pValue > 0.0 && c.pValue <= 1.0);
        }
        const double rate = double(rejected) / trials;
        QVERIFY2(std::abs(rate - 0.05) <= 4 * rateSd(0.05, trials) + 0.015, qPrintable(QString::number(rate)));
        QVERIFY2(std::abs(double(significant) / trials - 0.05) <= 4 * rateSd(0.05, trials) + 0.015,
                 qPrintable(QString::number(significant)));
    }

    // Units that are themselves correlated (consecutive blocks of one text, AR(1) with ρ = 0.8): drawn
    // one by one, the bootstrap believes in 3× too little variance (√((1+ρ)/(1−ρ))) and its 95 %
    // interval covers the mean about half the time; blocks of 20 units keep the correlation and cover
    // near the nominal rate. The gap (about 0.4) is many times the binomial sd of 200 trials (0.035).
    void blocksForCorrelatedUnits()
    {
        std::mt19937_64 rng(3);
        std::normal_distribution<double> innovation(0.0, 1.0);
        constexpr int trials = 200, units = 200;
        int coveredSingle = 0, coveredBlocks = 0;
        for (int t = 0; t < trials; ++t) {
            std::vector<double> x(units);
            double previous = innovation(rng) / std::sqrt(1 - 0.64);
            for (int i = 0; i < units; ++i)
                x[size_t(i)] = previous = 0.8 * previous + innovation(rng);
            const auto mean = [&](std::span<const std::size_t> indices) {
                double sum = 0;
                for (std::size_t i : indices)
                    sum += x[i];
                return sum / double(indices.size());
            };
            coveredSingle += bootstrapInterval(units, mean, 0.95, {.resamples = 500, .seed = 1}).contains(0.0);
            coveredBlocks +=
                bootstrapInterval(units, mean, 0.95, {.resamples = 500, .seed = 1, .blockLength = 20}).contains(0.0);
        }
        const double single = double(coveredSingle) / trials, blocks = double(coveredBlocks) / trials;
        QVERIFY2(single < 0.75 && blocks > 0.8 && blocks - single > 0.2,
                 qPrintable(QStringLiteral("coverage %1 one by one, %2 in blocks").arg(single).arg(blocks)));
    }

    void deterministicAndChecked()
    {
        const std::vector<double> a {1, 2, 3, 4, 5}, b {1.5, 2.2, 3.9, 4.1, 5.6}, c(5, 1.0);
        const PairedComparison first = comparePaired(a, b, c, 0.9, {.resamples = 500, .seed = 42});
        const PairedComparison second = comparePaired(a, b, c, 0.9, {.resamples = 500, .seed = 42});
        QCOMPARE(first.interval.lower, second.interval.lower);
        QCOMPARE(first.interval.upper, second.interval.upper);
        QCOMPARE(first.pValue, second.pValue);

        QVERIFY_THROWS_EXCEPTION(qs::ConfigError, weightedMean(a, std::vector<double> {1, 1}));
        QVERIFY_THROWS_EXCEPTION(qs::ConfigError, weightedMean(std::vector<double> {}, std::vector<double> {}));
        QVERIFY_THROWS_EXCEPTION(qs::ConfigError, weightedMean(a, std::vector<double> {1, 1, 0, 1, 1}));
        QVERIFY_THROWS_EXCEPTION(qs::ConfigError,
                                 pairedRelativeChange(std::vector<double> {0, 0}, std::vector<double> {1, 1}));
        const auto mean = [](std::span<const std::size_t>) { return 0.0; };
        QVERIFY_THROWS_EXCEPTION(qs::ConfigError, bootstrapInterval(5, mean, 1.0));
        QVERIFY_THROWS_EXCEPTION(qs::ConfigError, bootstrapInterval(5, mean, 0.95, {.resamples = 10}));
        QVERIFY_THROWS_EXCEPTION(qs::ConfigError, bootstrapInterval(5, mean, 0.95, {.blockLength = 6}));
        QVERIFY_THROWS_EXCEPTION(qs::ConfigError, bootstrapInterval(0, mean, 0.95));
    }
};

QTEST_APPLESS_MAIN(TstStatistics)
#include "tst_statistics.moc"
