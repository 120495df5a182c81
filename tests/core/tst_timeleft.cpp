// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
// The time-left estimate of long jobs (core/common/timeleft.h), on a fake clock: kinds measured and not
// yet measured, planning again, the cost-weighted fraction, and the demo's whole run (training, then a
// sweep whose parts cost other than their priors say) with the estimate within 25 % of the real time
// left from 10 % of the progress on. The throttle shows the job's estimate.

#include "core/common/progressthrottle.h"
#include "core/common/timeleft.h"

#include <QObject>
#include <QTest>

#include <cmath>
#include <random>
#include <string>
#include <vector>

using namespace qs;

class TstTimeLeft : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void measuredAndUnmeasuredKinds()
    {
        TimeLeft t;
        t.plan("train", 100, 1.0);
        t.plan("eval", 10, 4.0);
        QCOMPARE(t.secondsLeft(), -1.0); // nothing measured: no estimate
        QCOMPARE(t.fraction(), 0.0);
        t.done("train", 10, 5.0); // 0.5 s a step
        // 90 steps at 0.5 s, 10 evals at their prior of 4 steps = 2 s each.
        QCOMPARE(t.secondsLeft(), 90 * 0.5 + 10 * 2.0);
        QCOMPARE(t.fraction(), 10 * 0.5 / (100 * 0.5 + 10 * 2.0));
        t.done("train", 90, 45.0);
        t.done("eval", 1, 3.0); // an eval measured: its own cost from now on
        QCOMPARE(t.secondsLeft(), 9 * 3.0);
        // Planning again replaces the count and keeps what was measured.
        t.plan("eval", 4, 4.0);
        QCOMPARE(t.secondsLeft(), 3 * 3.0);
        t.done("eval", 3, 9.0);
        QCOMPARE(t.secondsLeft(), 0.0);
        QCOMPARE(t.fraction(), 1.0);
        // Planning what remains keeps the done ones counted: 2 more evals, 4 done.
        t.planRemaining("eval", 2, 4.0);
        QCOMPARE(t.secondsLeft(), 2 * 3.0);
        QCOMPARE(t.fraction(), (100 * 0.5 + 4 * 3.0) / (100 * 0.5 + 6 * 3.0));
    }

    void unmeasuredKindsFollowTheMeasuredRate()
    {
        // Two kinds measured at different speeds against their priors: a third, unmeasured, is
        // estimated at the mean of their seconds per prior unit.
        TimeLeft t;
        t.plan("a", 2, 1.0);
        t.plan("b", 2, 2.0);
        t.plan("c", 1, 3.0);
        t.done("a", 1, 1.0);                 // 1 s per prior unit
        t.done("b", 1, 6.0);                 // 3 s per prior unit
        const double rate = (1.0 + 3.0) / 2; // the mean of the kinds' rates
        QCOMPARE(t.secondsLeft(), 1 * 1.0 + 1 * 6.0 + 3.0 * rate);
        // More done than planned grows the plan rather than going negative.
        t.done("a", 5, 5.0);
        QVERIFY(t.secondsLeft() >= 0.0);
    }

    void demoOnAFakeClock_data()
    {
        // How the sweep's parts really cost against their priors (training steps of the demo model):
        // all slower, all faster, and mixed, as from machine to machine. Until the first sweep entry
        // has run, the sweep is estimated from the priors alone, so all of them 20 % too high would be
        // 25 % off the time left then: the priors must hold to ~15 % (bench_demo_phases measures them).
        QTest::addColumn<double>("reference");
        QTest::addColumn<double>("rtn");
        QTest::addColumn<double>("gptq");
        QTest::addColumn<double>("activations");
        QTest::addRow("sweep 15 percent slower") << 1.15 << 1.15 << 1.15 << 1.15;
        QTest::addRow("sweep 15 percent faster") << 0.85 << 0.85 << 0.85 << 0.85;
        QTest::addRow("mixed") << 1.2 << 0.85 << 1.2 << 0.8;
    }

    void demoOnAFakeClock()
    {
        QFETCH(double, reference);
        QFETCH(double, rtn);
        QFETCH(double, gptq);
        QFETCH(double, activations);
        // The demo's shape: 500 steps (an eval every 40 costs 3 more steps), 14 checkpoints each swept
        // as soon as it is written, the FP config and 8 others (3 RTN, 2 GPTQ, 3 with 4-bit
        // activations), priors as in sweep.cpp.
        struct Part
        {
            std::string kind;
            double prior;  // steps
            double factor; // real cost / prior
        };
        const std::vector<Part> sweep = {
            {"fp", 2.9, rtn},         {"rtn4", 3.9, rtn},         {"rtn3", 3.9, rtn},
            {"rtn2", 3.9, rtn},       {"gptq4", 4.8, gptq},       {"gptq3", 4.8, gptq},
            {"a4", 5.9, activations}, {"w4a4", 5.9, activations}, {"w4a4d8", 5.9, activations}};
        // A step's seconds without and with its share of the evaluations: the priors (bench_demo_phases)
        // are in the latter.
        const double step = 0.13, meanStep = step * (1.0 + 3.0 / 40.0);
        const int steps = 500, checkpoints = 14;
        std::mt19937 rng(7);
        std::uniform_real_distribution<double> jitter(0.9, 1.1);

        // What happens, in order: (kind, units, seconds).
        struct Event
        {
            std::string kind;
            double seconds;
        };
        std::vector<Event> events;
        auto sweepCheckpoint = [&] {
            events.push_back({"reference", 2.4 * reference * meanStep * jitter(rng)});
            for (const Part& p : sweep)
                events.push_back({p.kind, p.prior * p.factor * meanStep * jitter(rng)});
        };
        sweepCheckpoint(); // step 0
        for (int s = 1; s <= steps; ++s) {
            const bool checkpoint = s % 40 == 0 || s == steps;
            events.push_back({"training", step * jitter(rng) * (checkpoint ? 4.0 : 1.0)});
            if (checkpoint)
                sweepCheckpoint();
        }
        double total = 0.0;
        for (const Event& e : events)
            total += e.seconds;

        TimeLeft t;
        t.plan("training", steps, 1.0);
        t.plan("reference", checkpoints, 2.4);
        for (const Part& p : sweep)
            t.plan(p.kind, checkpoints, p.prior);
        ProgressThrottle throttle(ProgressThrottle::Options::terminal());
        double elapsed = 0.0, worst = 0.0, worstAt = 0.0;
        int checked = 0;
        for (const Event& e : events) {
            elapsed += e.seconds;
            t.done(e.kind, 1.0, e.seconds);
            const double left = t.secondsLeft();
            const double real = total - elapsed;
            const double fraction = t.fraction();
            if (fraction >= 0.1 && real > 0.0) {
                const double error = std::abs(left - real) / real;
                if (error > worst) {
                    worst = error;
                    worstAt = fraction;
                }
                ++checked;
            }
            const auto shown = throttle.offer({fraction, e.kind, left}, elapsed);
            if (shown && shown->etaSeconds >= 0.0)
                QCOMPARE(shown->etaSeconds, left); // the job's estimate, not an extrapolation
        }
        QVERIFY(checked > 500);
        QVERIFY2(worst <= 0.25,
                 qPrintable(QStringLiteral("the estimate is off by %1 % of the real time left at %2 %")
                                .arg(100 * worst, 0, 'f', 1)
                                .arg(100 * worstAt, 0, 'f', 1)));
        QCOMPARE(t.fraction(), 1.0);
        QCOMPARE(t.secondsLeft(), 0.0);
    }
};

QTEST_GUILESS_MAIN(TstTimeLeft)
#include "tst_timeleft.moc"
