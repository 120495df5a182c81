// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
// PTQ degradation along a trajectory (core/scalinglaws/ptq.h): the two least-squares models against
// values worked out by hand, the F tail against tabulated critical values, and the question the
// analysis exists for — does it attribute an error that follows the LR decay to the decay?

#include "tests/support/testutils.h"

#include "core/scalinglaws/ptq.h"

#include <QObject>

#include <cmath>
#include <vector>

using namespace qs::scaling;
using qs::test::errorOf;

namespace {

const RegressionTerm& term(const OlsModel& model, const char* name)
{
    for (const RegressionTerm& t : model.terms)
        if (t.name == name)
            return t;
    qFatal("no term %s", name);
}

// WSD-like: checkpoint i at 1000·i steps, 2^20 tokens per step; warmup to 1e-3 over the first step
// interval, constant, then a linear decay to zero over the last `decay` checkpoints.
std::vector<PtqTrajectoryPoint> wsdRun(int count, int decay, double (*delta)(double tokens, double u))
{
    std::vector<PtqTrajectoryPoint> points;
    for (int i = 0; i < count; ++i) {
        const double step = 1000.0 * i;
        double lr = i == 0 ? 1e-4 : 1e-3;
        const int intoDecay = i - (count - 1 - decay);
        if (intoDecay > 0)
            lr = 1e-3 * (1.0 - double(intoDecay) / decay);
        const double tokens = step * 1048576.0;
        points.push_back({step, tokens, lr, delta(tokens, 1.0 - lr / 1e-3)});
    }
    return points;
}

} // namespace

class TstScalingPtq : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    // Four points after warmup, x = log10 D = 1..4, δ = 1, 2, 3, 5, the last one at LR 0 (u = 1).
    // tokens+decay: δ = x + u exactly. tokens only: b = Sxy/Sxx = 6.5/5 = 1.3, a = 2.75 − 1.3·2.5 =
    // −0.5; residuals 0.2, −0.1, −0.4, 0.3 → RSS 0.30; TSS 8.75 → R² = 1 − 0.3/8.75; σ² = 0.15,
    // se(b) = √(0.15/5).
    void handWorkedModels()
    {
        const std::vector<PtqTrajectoryPoint> points {
            {0, 1.0, 1e-4, 7.0}, // warmup: left out whatever its δ
            {1, 10.0, 2e-3, 1.0}, {2, 100.0, 2e-3, 2.0}, {3, 1000.0, 2e-3, 3.0}, {4, 10000.0, 0.0, 5.0},
        };
        const PtqDegradation r = analysePtqDegradation(points);
        QCOMPARE(r.peakLr, 2e-3);
        QCOMPARE(r.warmupExcluded, 1);
        QCOMPARE(r.pointsUsed, 4);
        QCOMPARE(r.decayPoints, 1);

        QVERIFY(std::abs(term(r.tokensOnly, "intercept").estimate - (-0.5)) < 1e-12);
        QVERIFY(std::abs(term(r.tokensOnly, "log10_tokens").estimate - 1.3) < 1e-12);
        QVERIFY(std::abs(r.tokensOnly.rss - 0.30) < 1e-12);
        QVERIFY(std::abs(r.tokensOnly.r2 - (1.0 - 0.3 / 8.75)) < 1e-12);
        QVERIFY(std::abs(term(r.tokensOnly, "log10_tokens").stdError - std::sqrt(0.15 / 5.0)) < 1e-12);
        QVERIFY(std::abs(r.tokensOnly.aic - (4.0 * std::log(0.30 / 4.0) + 4.0)) < 1e-12);

        QVERIFY(std::abs(term(r.tokensAndDecay, "intercept").estimate) < 1e-10);
        QVERIFY(std::abs(term(r.tokensAndDecay, "log10_tokens").estimate - 1.0) < 1e-10);
        QVERIFY(std::abs(term(r.tokensAndDecay, "lr_decay").estimate - 1.0) < 1e-10);
        QVERIFY(r.tokensAndDecay.rss < 1e-20);
        QVERIFY(std::abs(r.tokensAndDecay.predict(1e5, 0.5) - 5.5) < 1e-9);
        QVERIFY(r.decayP < 1e-6);

        // Per point, in the order given: which entered the fits, and u = 1 − η/η_peak.
        QCOMPARE(r.used, (std::vector<bool> {false, true, true, true, true}));
        const std::vector<double> u {0.95, 0.0, 0.0, 0.0, 1.0};
        for (size_t i = 0; i < u.size(); ++i)
            QVERIFY(std::abs(r.lrDecay[i] - u[i]) < 1e-12);
    }

    // Critical values from F tables: F(0.05; 1, 10) = 4.96, F(0.05; 2, 20) = 3.49, F(0.01; 3, 30) =
    // 4.51; with one numerator degree of freedom F = t², t(0.025; 10) = 2.228139; F(1, 1) at 1 is ½
    // by symmetry; F(2, d2): P(F > f) = (1 + 2f/d2)^(−d2/2) in closed form.
    void fTail()
    {
        QVERIFY(std::abs(fDistributionUpperTail(4.9646, 1, 10) - 0.05) < 2e-4);
        QVERIFY(std::abs(fDistributionUpperTail(3.4928, 2, 20) - 0.05) < 2e-4);
        QVERIFY(std::abs(fDistributionUpperTail(4.5097, 3, 30) - 0.01) < 1e-4);
        QVERIFY(std::abs(fDistributionUpperTail(2.228139 * 2.228139, 1, 10) - 0.05) < 1e-6);
        QVERIFY(std::abs(fDistributionUpperTail(1.0, 1, 1) - 0.5) < 1e-12);
        for (double f : {0.1, 1.0, 3.0, 25.0})
            QVERIFY(std::abs(fDistributionUpperTail(f, 2, 7) - std::pow(1.0 + 2.0 * f / 7.0, -3.5)) < 1e-12);
        QCOMPARE(fDistributionUpperTail(0.0, 1, 10), 1.0);
    }

    // Error that jumps with the decay and barely moves with tokens (the paper's finding): the decay
    // term takes it, AIC prefers the model with it, and the tokens-only model explains little.
    void errorFollowingTheDecayIsAttributedToIt()
    {
        const auto points = wsdRun(31, 8, [](double tokens, double u) {
            // A tiny token trend plus a ±2 % wobble that is not a function of u.
            return 0.004 + 0.0001 * std::log10(tokens) + 0.02 * u + 0.0004 * std::sin(tokens * 1e-9);
        });
        const PtqDegradation r = analysePtqDegradation(points);
        QCOMPARE(r.warmupExcluded, 1);
        QCOMPARE(r.decayPoints, 8);
        QVERIFY(std::abs(term(r.tokensAndDecay, "lr_decay").estimate - 0.02) < 0.002);
        const RegressionTerm& decay = term(r.tokensAndDecay, "lr_decay");
        QVERIFY(decay.estimate > 10.0 * decay.stdError);
        QVERIFY(r.tokensAndDecay.aic < r.tokensOnly.aic - 10.0);
        QVERIFY(r.tokensAndDecay.r2 > 0.95);
        QVERIFY(r.decayP < 1e-6);
    }

    // Error that grows with tokens alone: the decay term adds nothing (small, not significant).
    void errorFollowingTokensIsNotBlamedOnTheDecay()
    {
        const auto points = wsdRun(31, 8, [](double tokens, double) {
            return 0.001 * std::log10(tokens) + 0.00005 * std::sin(tokens * 3.1e-9);
        });
        const PtqDegradation r = analysePtqDegradation(points);
        QVERIFY(std::abs(term(r.tokensOnly, "log10_tokens").estimate - 0.001) < 1e-4);
        QVERIFY(r.tokensOnly.r2 > 0.9);
        const RegressionTerm& decay = term(r.tokensAndDecay, "lr_decay");
        QVERIFY(std::abs(decay.estimate) < 3.0 * decay.stdError + 1e-5);
        QVERIFY(r.tokensAndDecay.r2 - r.tokensOnly.r2 < 0.02);
    }

    void badInput()
    {
        const auto decaying = wsdRun(12, 3, [](double, double u) { return u; });
        // Fewer than four measured points after warmup.
        std::vector<PtqTrajectoryPoint> few(decaying.begin(), decaying.begin() + 4);
        QVERIFY(errorOf([&] { analysePtqDegradation(few); }).contains(QStringLiteral("at least 4")));
        // No decay yet: the decay term cannot be estimated, and the message says why.
        const auto stable = wsdRun(12, 0, [](double tokens, double) { return std::log10(tokens); });
        QVERIFY(errorOf([&] { analysePtqDegradation(stable); }).contains(QStringLiteral("no decay")));
        // No learning rate at all.
        std::vector<PtqTrajectoryPoint> noLr = decaying;
        for (PtqTrajectoryPoint& p : noLr)
            p.lr = 0.0;
        QVERIFY(errorOf([&] { analysePtqDegradation(noLr); }).contains(QStringLiteral("learning rate")));
        // NaN δ are skipped and counted, not fitted.
        std::vector<PtqTrajectoryPoint> gaps =
            wsdRun(20, 5, [](double tokens, double u) { return 0.01 * u + 0.001 * std::log10(tokens); });
        gaps[3].delta = std::nan("");
        gaps[15].delta = std::nan("");
        const PtqDegradation r = analysePtqDegradation(gaps);
        QCOMPARE(r.missingExcluded, 2);
        QCOMPARE(r.pointsUsed, 20 - 1 - 2);
    }
};

QS_TEST_GUILESS_MAIN(TstScalingPtq)
#include "tst_scaling_ptq.moc"
