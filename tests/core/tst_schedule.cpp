// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
// LR schedules against values derived by hand from their definitions (core/config/schedule.h).

#include "tests/support/testutils.h"

#include "core/config/schedule.h"

#include <QObject>

using namespace qs;

class TstSchedule : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void values_data()
    {
        QTest::addColumn<int>("kind");
        QTest::addColumn<double>("peak");
        QTest::addColumn<double>("minLr");
        QTest::addColumn<int>("warmup");
        QTest::addColumn<double>("decayFraction");
        QTest::addColumn<int>("steps");
        QTest::addColumn<int>("step");
        QTest::addColumn<double>("expected");

        const int wsd = int(ScheduleKind::Wsd), cosine = int(ScheduleKind::Cosine), linear = int(ScheduleKind::Linear),
                  constant = int(ScheduleKind::Constant);
        // WSD, 100 steps, 10 warmup, last 20 % decaying: the decay starts at step 80 and reaches 0 at 99.
        QTest::addRow("wsd warmup first") << wsd << 1e-3 << 0.0 << 10 << 0.2 << 100 << 0 << 1e-4;
        QTest::addRow("wsd warmup mid") << wsd << 1e-3 << 0.0 << 10 << 0.2 << 100 << 4 << 5e-4;
        QTest::addRow("wsd warmup last") << wsd << 1e-3 << 0.0 << 10 << 0.2 << 100 << 9 << 1e-3;
        QTest::addRow("wsd stable") << wsd << 1e-3 << 0.0 << 10 << 0.2 << 100 << 50 << 1e-3;
        QTest::addRow("wsd last stable") << wsd << 1e-3 << 0.0 << 10 << 0.2 << 100 << 79 << 1e-3;
        QTest::addRow("wsd decay start") << wsd << 1e-3 << 0.0 << 10 << 0.2 << 100 << 80 << 1e-3;
        QTest::addRow("wsd decay 10/19") << wsd << 1e-3 << 0.0 << 10 << 0.2 << 100 << 90 << 1e-3 * 9.0 / 19.0;
        QTest::addRow("wsd end") << wsd << 1e-3 << 0.0 << 10 << 0.2 << 100 << 99 << 0.0;
        QTest::addRow("wsd end min_lr") << wsd << 1e-3 << 1e-4 << 10 << 0.2 << 100 << 99 << 1e-4;
        QTest::addRow("wsd past end clamps") << wsd << 1e-3 << 0.0 << 10 << 0.2 << 100 << 500 << 0.0;
        // Cosine over 11 steps without warmup: t = step / 10.
        QTest::addRow("cosine start") << cosine << 1.0 << 0.0 << 0 << 0.0 << 11 << 0 << 1.0;
        QTest::addRow("cosine quarter") << cosine << 1.0 << 0.0 << 0 << 0.0 << 11 << 5 << 0.5;
        QTest::addRow("cosine t=0.2") << cosine << 2.0 << 0.0 << 0 << 0.0 << 11 << 2 << 1.0 + std::cos(M_PI * 0.2);
        QTest::addRow("cosine end min") << cosine << 1.0 << 0.1 << 0 << 0.0 << 11 << 10 << 0.1;
        // Cosine with 5 warmup steps over 15: t = (step - 5) / 9.
        QTest::addRow("cosine after warmup") << cosine << 1.0 << 0.0 << 5 << 0.0 << 15 << 5 << 1.0;
        QTest::addRow("cosine warmup") << cosine << 1.0 << 0.0 << 5 << 0.0 << 15 << 1 << 0.4;
        QTest::addRow("linear mid") << linear << 1.0 << 0.0 << 0 << 0.0 << 11 << 5 << 0.5;
        QTest::addRow("linear to min") << linear << 1.0 << 0.2 << 0 << 0.0 << 11 << 10 << 0.2;
        QTest::addRow("constant") << constant << 3e-3 << 0.0 << 0 << 0.0 << 50 << 37 << 3e-3;
        QTest::addRow("constant warmup") << constant << 3e-3 << 0.0 << 3 << 0.0 << 50 << 0 << 1e-3;
    }

    void values()
    {
        QFETCH(int, kind);
        QFETCH(double, peak);
        QFETCH(double, minLr);
        QFETCH(int, warmup);
        QFETCH(double, decayFraction);
        QFETCH(int, steps);
        QFETCH(int, step);
        QFETCH(double, expected);
        ScheduleConfig s;
        s.kind = ScheduleKind(kind);
        s.peakLr = peak;
        s.minLr = minLr;
        s.warmupSteps = warmup;
        s.decayFraction = decayFraction;
        const double lr = learningRate(s, step, steps);
        QVERIFY2(std::abs(lr - expected) <= 1e-12 + 1e-9 * std::abs(expected),
                 qPrintable(QStringLiteral("lr %1, expected %2").arg(lr, 0, 'g', 17).arg(expected, 0, 'g', 17)));
    }

    void phases()
    {
        ScheduleConfig s;
        s.kind = ScheduleKind::Wsd;
        s.warmupSteps = 10;
        s.decayFraction = 0.2;
        QCOMPARE(decayStart(s, 100), qint64(80));
        QVERIFY(schedulePhase(s, 3, 100) == SchedulePhase::Warmup);
        QVERIFY(schedulePhase(s, 10, 100) == SchedulePhase::Stable);
        QVERIFY(schedulePhase(s, 79, 100) == SchedulePhase::Stable);
        QVERIFY(schedulePhase(s, 80, 100) == SchedulePhase::Decay);
        s.kind = ScheduleKind::Constant;
        QCOMPARE(decayStart(s, 100), qint64(100));
        QVERIFY(schedulePhase(s, 99, 100) == SchedulePhase::Stable);
    }

    void wsdIsMonotoneInDecay()
    {
        ScheduleConfig s;
        s.kind = ScheduleKind::Wsd;
        s.peakLr = 3e-3;
        s.warmupSteps = 30;
        s.decayFraction = 0.25;
        double previous = learningRate(s, decayStart(s, 600), 600);
        for (int step = decayStart(s, 600) + 1; step < 600; ++step) {
            const double lr = learningRate(s, step, 600);
            QVERIFY(lr < previous);
            previous = lr;
        }
    }
};

QS_TEST_GUILESS_MAIN(TstSchedule)
#include "tst_schedule.moc"
