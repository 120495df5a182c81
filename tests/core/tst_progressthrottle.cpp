// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
// The one progress throttle of the GUI's jobs and the console (core/common/progressthrottle.h), on a
// fake clock: which updates are shown, the end shown once, and the time-left estimate.

#include "core/common/progressthrottle.h"

#include <QObject>
#include <QTest>

using namespace qs;

class TstProgressThrottle : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void guiShowsStepsAndNewMessagesAtMostEveryInterval()
    {
        ProgressThrottle t(ProgressThrottle::Options::gui());
        QVERIFY(t.offer({0.0, "a"}, 1.0));     // the first is always shown
        QVERIFY(!t.offer({0.0005, "a"}, 2.0)); // a step under 0.1 %
        QVERIFY(!t.offer({0.01, "a"}, 1.05));  // a step, but 0.05 s after the last shown
        const auto u = t.offer({0.01, "a"}, 1.2);
        QVERIFY(u); // 0.01 against the 0.0 shown last, 0.2 s later
        QCOMPARE(u->fraction, 0.01);
        QVERIFY(!t.offer({0.01, "a"}, 2.0)); // nothing new
        QVERIFY(t.offer({0.01, "b"}, 2.0));  // a new message is news
    }

    void endShownOnceAndClamped()
    {
        ProgressThrottle t(ProgressThrottle::Options::log());
        QVERIFY(t.offer({0.0, "x"}, 0.0));
        QVERIFY(!t.offer({0.04, "x"}, 10.0)); // a log line per 5 %
        QVERIFY(t.offer({0.05, "x"}, 10.0));
        const auto end = t.offer({1.2, "done"}, 11.0);
        QVERIFY(end);
        QCOMPARE(end->fraction, 1.0);
        QVERIFY(!t.offer({1.0, "done"}, 12.0));
        t.restart();
        QVERIFY(t.offer({1.0, "done"}, 12.0));
        QVERIFY(t.offer({std::nan(""), "bad"}, 13.0)->fraction == 0.0);
    }

    void etaExtrapolatesOnceEnoughIsKnown()
    {
        ProgressThrottle t(ProgressThrottle::Options::gui());
        QCOMPARE(t.estimateEta(0.005, 10.0), -1.0); // under 1 %
        QCOMPARE(t.estimateEta(0.5, 1.0), -1.0);    // under 2 s
        QCOMPARE(t.estimateEta(0.25, 10.0), 30.0);  // a quarter in 10 s: 30 s left
        QCOMPARE(t.estimateEta(1.0, 10.0), -1.0);
        const auto u = t.offer({0.5, "half"}, 4.0);
        QVERIFY(u);
        QCOMPARE(u->etaSeconds, 4.0);
        QCOMPARE(u->elapsedSeconds, 4.0);
    }

    void etaWords()
    {
        QCOMPARE(formatEta(-1.0), std::string());
        QCOMPARE(formatEta(0.2), std::string("about 1 s left"));
        QCOMPARE(formatEta(42.4), std::string("about 42 s left"));
        QCOMPARE(formatEta(179.0), std::string("about 3 min left"));
        QCOMPARE(formatEta(3900.0), std::string("about 1 h 5 min left"));
    }
};

QTEST_GUILESS_MAIN(TstProgressThrottle)
#include "tst_progressthrottle.moc"
