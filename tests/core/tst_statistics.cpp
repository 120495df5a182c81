// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
// The statistics engine (core/common/statistics.h): standard errors against closed forms computed by
// hand and against their own spread over simulated evaluations, bootstrap intervals that cover the
// true difference at the nominal rate, p-values that reject a true null at the nominal rate, and the
// block bootstrap on correlated units. Every simulation is seeded; each tolerance is derived from the
// number of trials (and, where said, a known small-sample bias).

#include "core/common/errors.h"
#include "core/common/evaluationunits.h"
#include "core/common/metrics.h"
#include "core/common/statistics.h"

#include <QTest>

#include <algorithm>
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

// The quantile at q of `values` with linear interpolation between order statistics (numpy's default),
// written out: the reference the weighted walk is checked against.
double sortedQuantile(std::vector<double> values, double q)
{
    std::sort(values.begin(), values.end());
    const double rank = q * double(values.size() - 1);
    const auto below = std::size_t(std::floor(rank));
    const std::size_t above = std::min(below + 1, values.size() - 1);
    return values[below] + (rank - double(below)) * (values[above] - values[below]);
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

    void quantilesOfResampledUnits()
    {
        // Units of 1–40 tokens, values with ties (rounded) and without. Each resample's quantile must be
        // the quantile of the expanded sample — every token of a drawn unit repeated as often as the unit
        // was drawn — so the interval equals the one bootstrapInterval gives with that brute force and
        // the same seed, bit for bit.
        std::mt19937_64 rng(7);
        std::uniform_int_distribution<int> length(1, 40);
        std::exponential_distribution<double> kl(20.0);
        for (const bool ties : {false, true}) {
            const std::size_t units = 37;
            std::vector<double> values;
            std::vector<std::uint32_t> unitOf;
            for (std::uint32_t u = 0; u < units; ++u) {
                for (int t = length(rng); t > 0; --t) {
                    const double v = kl(rng);
                    values.push_back(ties ? std::round(v * 50.0) / 50.0 : v);
                    unitOf.push_back(u);
                }
            }
            for (const double q : {0.0, 0.3, 0.5, 0.75, 0.99, 1.0}) {
                const Bootstrap bootstrap {.resamples = 300, .seed = 11};
                const QuantileEstimate e = quantileInterval(values, unitOf, units, q, 0.9, bootstrap);
                QCOMPARE(e.value, sortedQuantile(values, q));
                const auto expanded = [&](std::span<const std::size_t> drawn) {
                    std::vector<double> sample;
                    for (std::size_t u : drawn)
                        for (std::size_t t = 0; t < values.size(); ++t)
                            if (unitOf[t] == u)
                                sample.push_back(values[t]);
                    return sortedQuantile(sample, q);
                };
                const Interval brute = bootstrapInterval(units, expanded, 0.9, bootstrap);
                QCOMPARE(e.interval.lower, brute.lower);
                QCOMPARE(e.interval.upper, brute.upper);
                QVERIFY(e.interval.lower <= e.value + 1e-12 && e.value <= e.interval.upper + 1e-12);
            }
        }
        const std::vector<double> v {1, 2};
        QVERIFY_THROWS_EXCEPTION(qs::ConfigError, quantileInterval(v, std::vector<std::uint32_t> {0, 2}, 2, 0.5));
        QVERIFY_THROWS_EXCEPTION(qs::ConfigError, quantileInterval(v, std::vector<std::uint32_t> {0, 1}, 2, 1.5));
        QVERIFY_THROWS_EXCEPTION(qs::ConfigError, quantileInterval(v, std::vector<std::uint32_t> {0}, 2, 0.5));
    }

    void quantileIntervalsCoverThePopulationQuantile()
    {
        // Per-token KL-like values: each unit has its own scale (tokens of one unit are alike), so the
        // spread between units, not the token count, sets the width. The population quantile of this
        // mixture is computed from two million draws.
        const auto draw = [](std::mt19937_64& rng, std::size_t units, std::size_t tokens, std::vector<double>& values,
                             std::vector<std::uint32_t>& unitOf) {
            std::lognormal_distribution<double> scale(0.0, 0.5);
            std::exponential_distribution<double> token(1.0);
            for (std::uint32_t u = 0; u < units; ++u) {
                const double s = scale(rng);
                for (std::size_t t = 0; t < tokens; ++t) {
                    values.push_back(s * token(rng));
                    unitOf.push_back(u);
                }
            }
        };
        std::mt19937_64 population(99);
        std::vector<double> all;
        std::vector<std::uint32_t> ignored;
        draw(population, 20000, 100, all, ignored);
        for (const double q : {0.5, 0.99}) {
            const double truth = sortedQuantile(all, q);
            const int trials = 200;
            int covered = 0;
            std::mt19937_64 rng(1234);
            for (int t = 0; t < trials; ++t) {
                std::vector<double> values;
                std::vector<std::uint32_t> unitOf;
                draw(rng, 80, 50, values, unitOf);
                covered +=
                    quantileInterval(values, unitOf, 80, q, 0.95, {.resamples = 400, .seed = std::uint64_t(t + 1)})
                        .interval.contains(truth);
            }
            // Percentile intervals of quantiles run a little narrow at this size; four binomial standard
            // deviations around a coverage of 0.93 (±0.07) hold it, an interval over tokens as if they
            // were independent (coverage far below) does not.
            const double coverage = double(covered) / trials;
            QVERIFY2(std::abs(coverage - 0.93) < 4.0 * rateSd(0.93, trials) + 0.02,
                     qPrintable(QStringLiteral("q %1: coverage %2").arg(q).arg(coverage)));
        }
    }

    void modelMetricsWithTheirErrors()
    {
        std::mt19937_64 rng(5);
        const Evaluation sim = simulate(rng, 50);
        qs::EvaluationUnits u;
        u.tokens = sim.counts;
        u.fpCe = sim.fp;
        u.ce = sim.quantized;
        std::uniform_real_distribution<double> share(0.0, 1.0);
        for (std::size_t i = 0; i < u.units(); ++i) {
            u.kl.push_back(0.0);
            u.top1.push_back(std::round(u.tokens[i] * (0.9 + 0.1 * share(rng))));
            for (int t = 0; t < int(u.tokens[i]); ++t) {
                const float kl = float(0.01 * share(rng) * share(rng));
                u.kl.back() += double(kl);
                u.tokenKl.push_back(kl);
                u.tokenUnit.push_back(std::uint32_t(i));
            }
        }
        const auto m = qs::modelMetrics(u);
        namespace M = qs::metrics;
        const Estimate ce = weightedMean(u.ce, u.tokens), fp = weightedMean(u.fpCe, u.tokens);
        QCOMPARE(m.at(M::ce), ce.value);
        QCOMPARE(m.at("ce_se"), ce.se);
        QCOMPARE(m.at("fp_ce_se"), fp.se);
        QCOMPARE(m.at(M::deltaCe), ce.value - fp.value);
        QCOMPARE(m.at("delta_ce_se"), pairedDifference(u.fpCe, u.ce, u.tokens).se);
        QCOMPARE(m.at(M::relCe), ce.value / fp.value - 1.0);
        QCOMPARE(m.at("rel_ce_se"), pairedRelativeChange(u.fpCe, u.ce).se);
        QCOMPARE(m.at("ppl_se"), std::exp(ce.value) * ce.se);
        QCOMPARE(m.at("kl_mean_se"), weightedMean(u.kl, u.tokens).se);
        QCOMPARE(m.at("top1_agree_se"), weightedMean(u.top1, u.tokens).se);
        QCOMPARE(m.at(M::evalUnits), 50.0);
        // Pairing removes the units' shared difficulty: ΔCE's error is far below CE's.
        QVERIFY(m.at("delta_ce_se") < 0.2 * m.at("ce_se"));
        const std::vector<double> kl(u.tokenKl.begin(), u.tokenKl.end());
        QCOMPARE(m.at(M::klMedian), sortedQuantile(kl, 0.5));
        QCOMPARE(m.at(M::klP99), sortedQuantile(kl, 0.99));
        QVERIFY(m.at("kl_median_lo") < m.at(M::klMedian) && m.at(M::klMedian) < m.at("kl_median_hi"));
        QVERIFY(m.at("kl_p99_lo") < m.at(M::klP99) && m.at(M::klP99) < m.at("kl_p99_hi"));
        // Every uncertainty name the table knows is written, and nothing else besides the metrics.
        for (const auto& [name, value] : m)
            QVERIFY2(qs::findMetric(name) || qs::isUncertaintyName(name), name.c_str());
        QCOMPARE(qs::unitRecords(u).at(M::units::top1), u.top1);

        // The FP reference against itself: its CE with its error, nothing lost and no error on that.
        const auto ref = qs::modelMetrics(qs::EvaluationUnits::reference(u.tokens, u.fpCe));
        QCOMPARE(ref.at(M::ce), fp.value);
        QCOMPARE(ref.at("ce_se"), fp.se);
        QCOMPARE(ref.at(M::deltaCe), 0.0);
        QCOMPARE(ref.at("delta_ce_se"), 0.0);
        QCOMPARE(ref.at(M::top1Agree), 1.0);
        QCOMPARE(ref.at("top1_agree_se"), 0.0);
        QCOMPARE(ref.at("kl_p99_hi"), 0.0);

        qs::EvaluationUnits broken = u;
        broken.kl.pop_back();
        QVERIFY_THROWS_EXCEPTION(qs::ConfigError, qs::modelMetrics(broken));
        QVERIFY_THROWS_EXCEPTION(qs::ConfigError, qs::modelMetrics(qs::EvaluationUnits {}));
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
