// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
// The optimiser and the fit objective (core/scalinglaws/lbfgs.h, fit.h): L-BFGS on problems with known
// minima, every law's analytic gradient against central finite differences, the kernel's exp/log
// against libm, the start grid, the bootstrap generator and percentiles.

#include "tests/support/numeric.h"
#include "tests/support/testutils.h"

#include "core/scalinglaws/fit.h"
#include "core/scalinglaws/kernel.h"
#include "core/scalinglaws/lbfgs.h"

#include <QObject>

#include <cmath>
#include <random>

using namespace qs::scaling;
using qs::test::describe;
using qs::test::errorOf;

namespace {

LbfgsOptions tight()
{
    LbfgsOptions o;
    o.gradientTolerance = 1e-10;
    o.functionTolerance = 0.0; // stop on the gradient only
    o.maxIterations = 5000;
    o.maxEvaluations = 50000;
    return o;
}

// Chained Rosenbrock Σ 100(x_{i+1} − x_i²)² + (1 − x_i)²: minimum 0 at all ones.
double rosenbrock(std::span<const double> x, std::span<double> g)
{
    double f = 0.0;
    std::fill(g.begin(), g.end(), 0.0);
    for (size_t i = 0; i + 1 < x.size(); ++i) {
        const double a = x[i + 1] - x[i] * x[i], b = 1.0 - x[i];
        f += 100.0 * a * a + b * b;
        g[i] += -400.0 * a * x[i] - 2.0 * b;
        g[i + 1] += 200.0 * a;
    }
    return f;
}

// Points of every law with mild noise, every column the laws need.
ScalingData mixedData(LawKind kind)
{
    std::mt19937_64 rng(3);
    std::uniform_real_distribution<double> u(0.0, 1.0);
    ScalingData d;
    d.source = "generated";
    d.columns = {"N", "D", "G", "bits", "D_fp", "D_qat", "loss", "delta"};
    for (int i = 0; i < 40; ++i) {
        ScalingPoint p;
        p.N = std::exp(std::log(1e7) + u(rng) * std::log(1e3));
        p.D_fp = std::exp(std::log(1e9) + u(rng) * std::log(1e2));
        p.D_qat = std::exp(std::log(1e9) + u(rng) * std::log(1e2));
        p.D = kind == LawKind::Qat ? p.D_fp + p.D_qat : std::exp(std::log(1e8) + u(rng) * std::log(1e4));
        p.G = std::pow(2.0, 5 + i % 4);
        p.bits = 1 + i % 8;
        p.loss = 2.0 + 0.5 * u(rng);
        p.delta = 0.01 + 0.05 * u(rng);
        d.points.push_back(p);
    }
    return d;
}

} // namespace

class TstScalingLbfgs : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void rosenbrock2d()
    {
        const LbfgsResult r = minimizeLbfgs(rosenbrock, {-1.2, 1.0}, tight());
        QVERIFY2(r.converged, r.reason.c_str());
        QVERIFY2(std::abs(r.x[0] - 1.0) <= 1e-6 && std::abs(r.x[1] - 1.0) <= 1e-6,
                 qPrintable(QStringLiteral("x = (%1, %2)").arg(r.x[0], 0, 'g', 12).arg(r.x[1], 0, 'g', 12)));
        QVERIFY(r.f <= 1e-12);
        QVERIFY(r.iterations > 10 && r.evaluations >= r.iterations);
    }

    void rosenbrock10d()
    {
        std::vector<double> x0(10, 0.0);
        x0[0] = -1.2;
        const LbfgsResult r = minimizeLbfgs(rosenbrock, x0, tight());
        QVERIFY2(r.converged, r.reason.c_str());
        for (double v : r.x)
            QVERIFY2(std::abs(v - 1.0) <= 1e-6, qPrintable(describe(v, 1.0)));
        QVERIFY(r.f <= 1e-12);
    }

    void convexQuadratic()
    {
        // f = ½(x − x*)ᵀA(x − x*), A = tridiag(−1, 2.5, −1) (diagonally dominant: SPD), x*_i = (i − 7)/3:
        // minimum 0 at x*, gradient A·x − b with b = A·x*.
        const size_t n = 20;
        std::vector<double> xStar(n), b(n);
        for (size_t i = 0; i < n; ++i)
            xStar[i] = (double(i) - 7.0) / 3.0;
        const auto mul = [n](std::span<const double> x, size_t i) {
            return 2.5 * x[i] - (i > 0 ? x[i - 1] : 0.0) - (i + 1 < n ? x[i + 1] : 0.0);
        };
        for (size_t i = 0; i < n; ++i)
            b[i] = mul(xStar, i);
        const Objective f = [&](std::span<const double> x, std::span<double> g) {
            std::vector<double> d(n);
            for (size_t i = 0; i < n; ++i)
                d[i] = x[i] - xStar[i];
            double v = 0.0;
            for (size_t i = 0; i < n; ++i) {
                g[i] = mul(x, i) - b[i];
                v += 0.5 * d[i] * mul(d, i);
            }
            return v;
        };
        const LbfgsResult r = minimizeLbfgs(f, std::vector<double>(n, 5.0), tight());
        QVERIFY2(r.converged, r.reason.c_str());
        for (size_t i = 0; i < n; ++i)
            QVERIFY2(std::abs(r.x[i] - xStar[i]) <= 1e-8, qPrintable(describe(r.x[i], xStar[i])));
        QVERIFY(r.iterations <= 60); // a 20-dimensional quadratic needs few quasi-Newton steps
    }

    void stopsAndErrors()
    {
        LbfgsOptions one = tight();
        one.maxIterations = 1;
        const LbfgsResult r = minimizeLbfgs(rosenbrock, {-1.2, 1.0}, one);
        QVERIFY(!r.converged);
        QCOMPARE(r.iterations, 1);
        QVERIFY2(r.reason == "maximum iterations (1) reached", r.reason.c_str());
        LbfgsOptions bad;
        bad.history = 0;
        QVERIFY(errorOf([&] { minimizeLbfgs(rosenbrock, {0.0, 0.0}, bad); }).contains(QStringLiteral("at least 1")));
        QVERIFY(errorOf([&] { minimizeLbfgs(rosenbrock, {}, {}); }).contains(QStringLiteral("no parameters")));
        const Objective nan = [](std::span<const double>, std::span<double> g) {
            std::fill(g.begin(), g.end(), 0.0);
            return NAN;
        };
        QVERIFY(errorOf([&] { minimizeLbfgs(nan, {1.0}, {}); }).contains(QStringLiteral("not finite at the starting")));
        // An objective that is infinite away from the start: the line search shortens its steps.
        const Objective wall = [](std::span<const double> x, std::span<double> g) {
            g[0] = 2.0 * (x[0] - 0.5);
            return x[0] > 0.9 ? INFINITY : (x[0] - 0.5) * (x[0] - 0.5);
        };
        const LbfgsResult w = minimizeLbfgs(wall, {0.0}, tight());
        QVERIFY2(w.converged && std::abs(w.x[0] - 0.5) <= 1e-9, w.reason.c_str());
    }

    void lawGradients_data()
    {
        QTest::addColumn<int>("kind");
        QTest::addColumn<int>("target");
        QTest::addColumn<double>("huber");
        QTest::addColumn<bool>("weighted");
        const int c = int(LawKind::Chinchilla), w = int(LawKind::W4A4), q = int(LawKind::Qat);
        const int loss = int(FitTarget::Loss), delta = int(FitTarget::Delta);
        for (double huber : {1e-3, 10.0})
            for (bool weighted : {false, true}) {
                const QString s =
                    QStringLiteral(" huber %1%2").arg(huber).arg(weighted ? QStringLiteral(" weighted") : QString());
                QTest::addRow("%s", qPrintable(QStringLiteral("chinchilla loss") + s))
                    << c << loss << huber << weighted;
                QTest::addRow("%s", qPrintable(QStringLiteral("w4a4 delta") + s)) << w << delta << huber << weighted;
                QTest::addRow("%s", qPrintable(QStringLiteral("w4a4 loss") + s)) << w << loss << huber << weighted;
                QTest::addRow("%s", qPrintable(QStringLiteral("qat delta") + s)) << q << delta << huber << weighted;
                QTest::addRow("%s", qPrintable(QStringLiteral("qat loss") + s)) << q << loss << huber << weighted;
            }
    }

    // Every free parameter's analytic derivative against a central difference (h = 1e-6) at random θ.
    void lawGradients()
    {
        QFETCH(int, kind);
        QFETCH(int, target);
        QFETCH(double, huber);
        QFETCH(bool, weighted);
        const Law law = kind == int(LawKind::Chinchilla) ? Law::chinchilla()
            : kind == int(LawKind::W4A4)                 ? Law::w4a4(W4A4Variant::Full)
                                                         : Law::qat();
        const ScalingData data = mixedData(LawKind(kind));
        FitOptions options;
        options.target = FitTarget(target);
        options.huberDelta = huber;
        const FitProblem problem(law, data, options);
        const size_t p = problem.size();
        QCOMPARE(p,
                 size_t(kind == int(LawKind::Chinchilla) ? 5
                            : kind == int(LawKind::W4A4) ? (target == int(FitTarget::Loss) ? 9 : 4)
                                                         : (target == int(FitTarget::Loss) ? 16 : 11)));
        std::vector<double> weights;
        if (weighted)
            weights = bootstrapWeights(problem.trainingPoints().size(), 1, 5)[0];
        std::mt19937_64 rng(17);
        const auto ranges = problem.startRanges();
        for (int trial = 0; trial < 3; ++trial) {
            std::vector<double> theta(p), grad(p), scratch(p);
            for (size_t j = 0; j < p; ++j)
                theta[j] = ranges[j].first
                    + (ranges[j].second - ranges[j].first) * std::uniform_real_distribution<double>(0.3, 0.7)(rng);
            problem.evaluate(theta, grad, weights);
            for (size_t j = 0; j < p; ++j) {
                const double h = 1e-6 * std::max(1.0, std::abs(theta[j]));
                std::vector<double> plus = theta, minus = theta;
                plus[j] += h, minus[j] -= h;
                const double fd =
                    (problem.evaluate(plus, scratch, weights) - problem.evaluate(minus, scratch, weights)) / (2 * h);
                const double scale = std::max(
                    std::abs(grad[j]), 1e-3 * std::max(1.0, std::abs(problem.evaluate(theta, scratch, weights))));
                QVERIFY2(std::abs(grad[j] - fd) <= 1e-5 * scale,
                         qPrintable(QStringLiteral("%1: ").arg(QString::fromStdString(problem.parameterNames()[j]))
                                    + describe(grad[j], fd)));
            }
        }
    }

    void kernelAccuracy()
    {
        std::mt19937_64 rng(1);
        double worstExp = 0.0, worstLog = 0.0;
        for (int i = 0; i < 200000; ++i) {
            const double x = std::uniform_real_distribution<double>(-700.0, 700.0)(rng);
            const double e = std::exp(x);
            worstExp = std::max(worstExp, std::abs(detail::kernelExp(x) - e) / e);
            const double y = std::exp(std::uniform_real_distribution<double>(-690.0, 690.0)(rng));
            const double l = std::log(y);
            worstLog = std::max(worstLog, std::abs(detail::kernelLog(y) - l) / std::max(std::abs(l), 1.0));
        }
        QVERIFY2(worstExp <= 1e-15, qPrintable(QStringLiteral("exp rel error %1").arg(worstExp)));
        QVERIFY2(worstLog <= 1e-15, qPrintable(QStringLiteral("log error %1").arg(worstLog)));
        // Near 1, where log is small: absolute error at the ulp of 1.
        for (double y : {1.0, 1.0 + 1e-12, 1.5, 0.75, 2.0, 3.0})
            QVERIFY2(std::abs(detail::kernelLog(y) - std::log(y)) <= 4e-16,
                     qPrintable(describe(detail::kernelLog(y), std::log(y))));
        QCOMPARE(detail::kernelExp(0.0), 1.0);
        QVERIFY(std::isnan(detail::kernelExp(NAN)));
        QVERIFY(detail::kernelExp(-1e6) >= 0.0 && detail::kernelExp(-1e6) < 1e-300);
    }

    void startGrid()
    {
        const ScalingData data = mixedData(LawKind::Chinchilla);
        const FitProblem problem(Law::chinchilla(), data, FitOptions {});
        QVERIFY(problem.parameterNames() == std::vector<std::string>({"E", "A", "B", "alpha", "beta"}));
        QVERIFY(problem.isLogParameter(0) && problem.isLogParameter(2) && !problem.isLogParameter(3));
        const auto starts = problem.startingPoints(4, 1024, 1);
        QCOMPARE(starts.size(), size_t(1024));
        // log E [−1, 1], log A and log B [0, 25], α and β [0, 2], first parameter slowest.
        QVERIFY(starts.front() == std::vector<double>({-1.0, 0.0, 0.0, 0.0, 0.0}));
        QVERIFY(starts.back() == std::vector<double>({1.0, 25.0, 25.0, 2.0, 2.0}));
        QVERIFY(starts[1] == std::vector<double>({-1.0, 0.0, 0.0, 0.0, 2.0 / 3.0}));
        QVERIFY(std::abs(starts[256][0] + 1.0 / 3.0) <= 1e-15); // −1 + 2·(1/3)
        QVERIFY(std::all_of(starts[256].begin() + 1, starts[256].end(), [](double v) { return v == 0.0; }));
        // More grid points than allowed: a distinct random subset of the grid.
        const auto few = problem.startingPoints(4, 100, 1);
        QCOMPARE(few.size(), size_t(100));
        for (size_t i = 0; i < few.size(); ++i) {
            QVERIFY(std::find(starts.begin(), starts.end(), few[i]) != starts.end());
            QVERIFY(std::find(few.begin() + long(i) + 1, few.end(), few[i]) == few.end());
        }
        QVERIFY(problem.startingPoints(1, 10, 1) == std::vector<std::vector<double>>({{0.0, 12.5, 12.5, 1.0, 1.0}}));
    }

    void generatorAndPercentiles()
    {
        // SplitMix64's published first outputs for seed 0.
        SplitMix64 rng(0);
        QVERIFY(rng.next() == 0xe220a8397b1dcdafULL);
        QVERIFY(rng.next() == 0x6e789e6aa1b965f4ULL);
        const auto w = bootstrapWeights(7, 3, 42);
        QCOMPARE(w.size(), size_t(3));
        for (const auto& r : w) {
            double total = 0.0;
            for (double v : r)
                total += v;
            QCOMPARE(total, 7.0);
        }
        // Resample 0 is the first 7 draws of SplitMix64(42), each mod 7.
        SplitMix64 again(42);
        std::vector<double> first(7, 0.0);
        for (int i = 0; i < 7; ++i)
            first[again.next() % 7] += 1.0;
        QVERIFY(w[0] == first);
        // numpy.percentile([1, 2, 3, 4], q): position q/100·3, linear interpolation.
        QCOMPARE(percentile({4, 1, 3, 2}, 50), 2.5);
        QCOMPARE(percentile({4, 1, 3, 2}, 0), 1.0);
        QCOMPARE(percentile({4, 1, 3, 2}, 100), 4.0);
        QCOMPARE(percentile({1, 2, 3, 4}, 2.5), 1.075);
        QVERIFY(std::isnan(percentile({}, 50)));
    }
};

QS_TEST_GUILESS_MAIN(TstScalingLbfgs)
#include "tst_scaling_lbfgs.moc"
