// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
// Queries to the scaling laws (core/scalinglaws/query.h): predictions against the formulas, solve against
// closed-form inverses and the 1e-6 target, the optimal bit width / model size against a brute-force
// grid search written here, sweeps.

#include "tests/support/numeric.h"
#include "tests/support/testutils.h"

#include "core/scalinglaws/query.h"

#include <QObject>

#include <cmath>

using namespace qs::scaling;
using qs::test::describe;
using qs::test::errorOf;

namespace {

constexpr qs::test::Near near {qs::test::RelativeTo::Expected};

Law w4a4Law()
{
    Law law = Law::w4a4(W4A4Variant::Full, ChinchillaPreset::Hoffmann2022);
    law.setCoefficient("k", 1.0);
    law.setCoefficient("gamma_N", 0.5);
    law.setCoefficient("gamma_D", 0.2);
    law.setCoefficient("gamma_G", 0.5);
    return law;
}

// A QAT law whose δ terms all matter between 1 and 16 bits.
Law qatLaw()
{
    Law law = Law::qat(ChinchillaPreset::Hoffmann2022);
    const std::pair<const char*, double> values[] = {{"theta", 0.3}, {"kappa", 0.8}, {"phi", 50.0},    {"chi", 0.6},
                                                     {"psi", 0.25},  {"omega", 0.3}, {"lambda", 20.0}, {"mu", 0.5},
                                                     {"nu", 0.2},    {"xi", 0.15},   {"rho", 0.1}};
    for (const auto& [name, v] : values)
        law.setCoefficient(name, v);
    return law;
}

Inputs inputs(double N, double D, double G = NAN, double bits = NAN, double f = NAN)
{
    Inputs in;
    in.N = N, in.D = D, in.G = G, in.bits = bits, in.qatFraction = f;
    return in;
}

} // namespace

class TstScalingQuery : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void predictMatchesLaws()
    {
        const Law c = Law::chinchilla(ChinchillaPreset::Hoffmann2022);
        QVERIFY(near(predict(c, Quantity::Loss, inputs(1e9, 1e11)), 2.385564983750018, 1e-12));
        QVERIFY(near(predict(c, Quantity::FpLoss, inputs(1e9, 1e11)), 2.385564983750018, 1e-12));
        const Law w = w4a4Law();
        const double delta = 100.0 * std::sqrt(8.0) / 1e4; // the W4A4 QAT law at N 1e8, D 1e10, G 256
        QVERIFY(near(predict(w, Quantity::Delta, inputs(1e8, 1e10, 256)), delta, 1e-12));
        const double fp = 1.69 + 406.4 * std::pow(10.0, -2.72) + 410.7 * std::pow(10.0, -2.8);
        QVERIFY(near(predict(w, Quantity::Loss, inputs(1e8, 1e10, 256)), fp + delta, 1e-12));
        QVERIFY(near(predict(w, Quantity::EffectiveFraction, inputs(1e8, 1e10, 256)), 0.8998642592686131, 1e-10));
        QVERIFY(near(predict(w, Quantity::EffectiveParameters, inputs(1e8, 1e10, 256)), 0.8998642592686131e8, 1e-10));
        const Law q = qatLaw();
        // S = 1e11 / (1e9·4/8) = 200 → f̂ = exp(−6.7297 / ln 200).
        QVERIFY(near(predict(q, Quantity::TokensPerParameterByte, inputs(1e9, 1e11, NAN, 4)), 200.0, 1e-15));
        QVERIFY(near(predict(q, Quantity::DirectQatFraction, inputs(1e9, 1e11, NAN, 4)),
                     std::exp(-6.7297 / std::log(200.0)), 1e-14));
        // f = 0.2 of D = 1e10: D_fp 8e9, D_qat 2e9.
        QVERIFY(
            near(predict(q, Quantity::Delta, inputs(1e8, 1e10, NAN, 4, 0.2)), qatDelta(q, 1e8, 8e9, 2e9, 4), 1e-15));
        QVERIFY(near(predict(q, Quantity::Loss, inputs(1e8, 1e10, NAN, 4, 0.2)), qatLoss(q, 1e8, 8e9, 2e9, 4), 1e-15));
        // A data point's inputs: f = D_qat / (D_fp + D_qat) = 2e9 / 1e10.
        ScalingPoint point;
        point.N = 1e8, point.bits = 4, point.D_fp = 8e9, point.D_qat = 2e9;
        const Inputs fromPoint = inputsOf(point);
        QCOMPARE(fromPoint.D, 1e10);
        QCOMPARE(fromPoint.qatFraction, 0.2);
        QVERIFY(near(predict(q, Quantity::Delta, fromPoint), qatDelta(q, 1e8, 8e9, 2e9, 4), 1e-15));
        const double fStar = predict(q, Quantity::OptimalQatFraction, inputs(1e8, 1e10, NAN, 4));
        QVERIFY(fStar > 0.0 && fStar < 1.0);
    }

    void predictErrors_data()
    {
        QTest::addColumn<int>("which");
        QTest::addColumn<QString>("expected");
        QTest::addRow("missing G") << 0 << QStringLiteral("needs the input G");
        QTest::addRow("missing f") << 1 << QStringLiteral("needs the input f");
        QTest::addRow("f = 1") << 2 << QStringLiteral("strictly between 0 and 1");
        QTest::addRow("delta of chinchilla") << 3 << QStringLiteral("has no delta");
        QTest::addRow("f_star of w4a4") << 4 << QStringLiteral("has no f_star");
        QTest::addRow("f_hat at S <= 1") << 5 << QStringLiteral("needs S > 1");
        QTest::addRow("unset coefficients") << 6 << QStringLiteral("quantscope fit --law qat");
    }

    void predictErrors()
    {
        QFETCH(int, which);
        QFETCH(QString, expected);
        const std::function<void()> calls[] = {
            [] { predict(w4a4Law(), Quantity::Delta, inputs(1e8, 1e10)); },
            [] { predict(qatLaw(), Quantity::Loss, inputs(1e8, 1e10, NAN, 4)); },
            [] { predict(qatLaw(), Quantity::Loss, inputs(1e8, 1e10, NAN, 4, 1.0)); },
            [] { predict(Law::chinchilla(ChinchillaPreset::Hoffmann2022), Quantity::Delta, inputs(1e8, 1e10)); },
            [] { predict(w4a4Law(), Quantity::OptimalQatFraction, inputs(1e8, 1e10, 64, 4)); },
            [] { predict(qatLaw(), Quantity::DirectQatFraction, inputs(1e9, 4e8, NAN, 4)); }, // S = 0.8
            [] { predict(Law::qat(), Quantity::OptimalQatFraction, inputs(1e8, 1e10, NAN, 4)); },
        };
        const QString msg = errorOf(calls[which]);
        QVERIFY2(msg.contains(expected), qPrintable(msg));
    }

    void solveClosedForm()
    {
        // W4A4: δ = k·D^γD·(log2 G)^γG/N^γN = 0.05 → D = (0.05·N^γN / (k·(log2 G)^γG))^(1/γD).
        const Law w = w4a4Law();
        const double N = 1e8, G = 256;
        const double expected = std::pow(0.05 * std::pow(N, 0.5) / std::sqrt(8.0), 1.0 / 0.2);
        const Solution s = solve(w, Quantity::Delta, 0.05, inputs(N, NAN, G), Variable::D, 1e6, 1e15);
        QVERIFY2(near(s.value, expected, 1e-9), qPrintable(describe(s.value, expected)));
        const double at = predict(w, Quantity::Delta, inputs(N, s.value, G));
        QVERIFY2(near(at, 0.05, 1e-6), qPrintable(describe(at, 0.05)));
        QVERIFY(near(s.achieved, 0.05, 1e-9));
        // Chinchilla: the N at which L(N, 1e12) = 2.2: A/N^α = 2.2 − E − B/D^β.
        const Law c = Law::chinchilla(ChinchillaPreset::Hoffmann2022);
        const double rest = 2.2 - 1.69 - 410.7 / std::pow(1e12, 0.28);
        const double nExpected = std::pow(406.4 / rest, 1.0 / 0.34);
        const Solution n = solve(c, Quantity::Loss, 2.2, inputs(NAN, 1e12), Variable::N, 1e6, 1e14);
        QVERIFY2(near(n.value, nExpected, 1e-9), qPrintable(describe(n.value, nExpected)));
        QVERIFY(near(predict(c, Quantity::Loss, inputs(n.value, 1e12)), 2.2, 1e-6));
    }

    void solveTargets_data()
    {
        QTest::addColumn<int>("quantity");
        QTest::addColumn<int>("variable");
        QTest::addColumn<double>("target");
        QTest::addColumn<double>("lo");
        QTest::addColumn<double>("hi");
        QTest::addRow("qat loss over N") << int(Quantity::Loss) << int(Variable::N) << 2.6 << 1e7 << 1e12;
        QTest::addRow("qat delta over bits") << int(Quantity::Delta) << int(Variable::Bits) << 0.05 << 1.0 << 16.0;
        QTest::addRow("qat delta over f") << int(Quantity::Delta) << int(Variable::QatFraction) << 0.1 << 0.001 << 0.5;
        QTest::addRow("f_hat over D") << int(Quantity::DirectQatFraction) << int(Variable::D) << 0.3 << 1e9 << 1e14;
    }

    void solveTargets()
    {
        QFETCH(int, quantity);
        QFETCH(int, variable);
        QFETCH(double, target);
        QFETCH(double, lo);
        QFETCH(double, hi);
        const Law q = qatLaw();
        const Inputs base = inputs(3e8, 3e10, NAN, 4, 0.2);
        const Solution s = solve(q, Quantity(quantity), target, base, Variable(variable), lo, hi);
        QVERIFY(s.value >= lo && s.value <= hi);
        Inputs at = base;
        at.set(Variable(variable), s.value);
        const double got = predict(q, Quantity(quantity), at);
        QVERIFY2(near(got, target, 1e-6), qPrintable(describe(got, target)));
    }

    void solveErrors()
    {
        const Law w = w4a4Law();
        // δ grows with D: at D ≤ 1e10 and N 1e8, G 256 it stays below 0.0283, so 0.05 is not reached.
        const QString msg =
            errorOf([&] { solve(w, Quantity::Delta, 0.05, inputs(1e8, NAN, 256), Variable::D, 1e6, 1e10); });
        QVERIFY2(msg.contains(QStringLiteral("delta does not reach 0.05 for D in [1e+06, 1e+10]")), qPrintable(msg));
        QVERIFY2(msg.contains(QStringLiteral("0.0282843")), qPrintable(msg)); // the largest value there
        QVERIFY(errorOf([&] {
                    solve(w, Quantity::Delta, 0.05, inputs(1e8, NAN, 256), Variable::D, 1e10, 1e6);
                }).contains(QStringLiteral("must be increasing")));
        QVERIFY(errorOf([&] {
                    solve(w, Quantity::Delta, 0.05, inputs(1e8, NAN, 256), Variable::D, -1, 1e6);
                }).contains(QStringLiteral("positive")));
        QVERIFY(errorOf([&] {
                    solve(Law::w4a4(W4A4Variant::Full), Quantity::Delta, 0.05, inputs(1e8, NAN, 256), Variable::D, 1e6,
                          1e12);
                }).contains(QStringLiteral("unset")));
    }

    void optimalBitsBruteForce_data()
    {
        QTest::addColumn<double>("memory");
        QTest::addColumn<double>("tokens");
        QTest::addColumn<double>("flops");
        QTest::addRow("2 GB, 1e11 tokens") << 2e9 << 1e11 << double(NAN);
        QTest::addRow("2 GB, 1e21 FLOPs") << 2e9 << double(NAN) << 1e21;
        QTest::addRow("200 MB, 1e19 FLOPs") << 2e8 << double(NAN) << 1e19;
    }

    // Fixed QAT fraction: a 4000-point grid in log N per bit width.
    void optimalBitsBruteForce()
    {
        QFETCH(double, memory);
        QFETCH(double, tokens);
        QFETCH(double, flops);
        const Law q = qatLaw();
        BudgetQuery query;
        query.memoryBytes = memory;
        query.tokens = tokens;
        query.flops = flops;
        query.qatFraction = 0.3;
        const BudgetResult r = optimalBitsAndSize(q, query);
        QCOMPARE(r.candidates.size(), size_t(7));
        double bestLoss = INFINITY, bestBits = 0, bestN = 0;
        for (double bits : {1.0, 2.0, 3.0, 4.0, 6.0, 8.0, 16.0}) {
            const double maxN = 8.0 * memory / bits;
            for (int i = 0; i <= 4000; ++i) {
                const double N = std::exp(std::log(1e6) + (std::log(maxN) - std::log(1e6)) * i / 4000.0);
                const double D = std::isnan(flops) ? tokens : flops / (6.0 * N);
                const double L = qatLoss(q, N, 0.7 * D, 0.3 * D, bits);
                if (L < bestLoss)
                    bestLoss = L, bestBits = bits, bestN = N;
            }
        }
        const BudgetCandidate& best = r.candidates[r.best];
        QCOMPARE(best.bits, bestBits);
        QVERIFY2(best.loss <= bestLoss * (1 + 1e-12), qPrintable(describe(best.loss, bestLoss)));
        QVERIFY2(best.loss >= bestLoss * (1 - 1e-6), qPrintable(describe(best.loss, bestLoss)));
        QVERIFY2(std::abs(std::log(best.N / bestN)) <= 0.01, qPrintable(describe(best.N, bestN)));
        QVERIFY(best.N * best.bits / 8.0 <= memory * (1 + 1e-12));
        if (!std::isnan(tokens))
            QVERIFY(best.memoryBound); // more parameters never hurt at a fixed token budget here
    }

    // Optimal QAT fraction per candidate: brute force over log N (400) × f (199) per bit width.
    void optimalBitsWithOptimalFraction()
    {
        const Law q = qatLaw();
        BudgetQuery query;
        query.memoryBytes = 1e9;
        query.flops = 1e20;
        const BudgetResult r = optimalBitsAndSize(q, query);
        double bestLoss = INFINITY, bestBits = 0;
        for (double bits : query.bits) {
            const double maxN = 8.0 * query.memoryBytes / bits;
            for (int i = 0; i <= 400; ++i) {
                const double N = std::exp(std::log(1e6) + (std::log(maxN) - std::log(1e6)) * i / 400.0);
                const double D = 1e20 / (6.0 * N);
                for (int j = 1; j < 200; ++j) {
                    const double f = j / 200.0;
                    const double L = qatLoss(q, N, (1 - f) * D, f * D, bits);
                    if (L < bestLoss)
                        bestLoss = L, bestBits = bits;
                }
            }
        }
        const BudgetCandidate& best = r.candidates[r.best];
        QCOMPARE(best.bits, bestBits);
        QVERIFY2(best.loss <= bestLoss * (1 + 1e-12), qPrintable(describe(best.loss, bestLoss)));
        QVERIFY2(best.loss >= bestLoss * (1 - 1e-4), qPrintable(describe(best.loss, bestLoss)));
        QVERIFY(best.qatFraction > 0.0 && best.qatFraction < 1.0);
    }

    void optimalBitsErrors()
    {
        BudgetQuery query;
        query.memoryBytes = 1e9;
        query.tokens = 1e11;
        QVERIFY(errorOf([&] {
                    optimalBitsAndSize(Law::qat(ChinchillaPreset::Hoffmann2022), query);
                }).contains(QStringLiteral("theta")));
        QVERIFY(errorOf([&] { optimalBitsAndSize(w4a4Law(), query); }).contains(QStringLiteral("needs a qat law")));
        BudgetQuery both = query;
        both.flops = 1e20;
        QVERIFY(errorOf([&] { optimalBitsAndSize(qatLaw(), both); }).contains(QStringLiteral("either a token budget")));
        BudgetQuery tiny = query;
        tiny.memoryBytes = 1e5; // 8e5 parameters at 1 bit < minN 1e6
        QVERIFY(errorOf([&] { optimalBitsAndSize(qatLaw(), tiny); }).contains(QStringLiteral("no bit width fits")));
        BudgetQuery some = query;
        some.memoryBytes = 1e6; // 1e6 parameters fit at 8 bits, not at 16
        const BudgetResult r = optimalBitsAndSize(qatLaw(), some);
        QVERIFY(!r.candidates.back().feasible);
        QVERIFY(r.candidates[r.best].feasible);
    }

    void sweepTable()
    {
        const Law q = qatLaw();
        const std::vector<Quantity> qs = {Quantity::DirectQatFraction, Quantity::TokensPerParameterByte};
        // D from 1e8 to 1e12 at N 1e9, 4 bits: S = D / 5e8 runs from 0.2 to 2000.
        const SweepTable t = sweep(q, qs, inputs(1e9, NAN, NAN, 4), Variable::D, 1e8, 1e12, 5, true);
        QCOMPARE(t.x.size(), size_t(5));
        for (int i = 0; i < 5; ++i)
            QVERIFY2(near(t.x[i], std::pow(10.0, 8 + i), 1e-12), qPrintable(describe(t.x[i], std::pow(10.0, 8 + i))));
        QCOMPARE(t.values.size(), size_t(2));
        QVERIFY(std::isnan(t.values[0][0])); // S = 0.2: f̂ undefined
        QVERIFY(near(t.values[0][2], std::exp(-6.7297 / std::log(20.0)), 1e-14));
        QVERIFY(near(t.values[1][4], 2000.0, 1e-12));
        const SweepTable lin = sweep(q, qs, inputs(1e9, 1e11, NAN, 4), Variable::Bits, 2, 8, 4, false);
        QCOMPARE(lin.x[1], 4.0);
        QVERIFY(near(lin.values[1][1], 200.0, 1e-12));
        // Undefined everywhere: the error, not a column of NaN.
        QVERIFY(errorOf([&] {
                    sweep(Law::qat(), std::vector<Quantity> {Quantity::Delta}, inputs(1e9, 1e11, NAN, 4, 0.5),
                          Variable::N, 1e8, 1e10, 3, true);
                }).contains(QStringLiteral("unset")));
        QVERIFY(errorOf([&] {
                    sweep(q, qs, inputs(1e9, NAN, NAN, 4), Variable::D, 1e8, 1e12, 1, true);
                }).contains(QStringLiteral("at least 2 steps")));
        QVERIFY(quantityFromName("F_STAR") == Quantity::OptimalQatFraction);
        QVERIFY(variableFromName("Bits") == Variable::Bits);
        QVERIFY(errorOf([] { quantityFromName("ppl"); }).contains(QStringLiteral("f_hat")));
    }
};

QS_TEST_GUILESS_MAIN(TstScalingQuery)
#include "tst_scaling_query.moc"
