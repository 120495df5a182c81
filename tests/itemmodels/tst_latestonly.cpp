// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
// The generation counter (models/latestonly.h): the newest request's result wins, older ones are
// dropped, results arrive on the owner's thread, and an owner destroyed with requests in flight is safe.

#include "itemmodels/latestonly.h"
#include "tests/support/testutils.h"

#include <QObject>
#include <QSemaphore>
#include <QSignalSpy>
#include <QThread>

#include <atomic>
#include <memory>
#include <thread>

namespace {

// An owner that records what it was given and on which thread.
class Owner : public QObject
{
public:
    std::vector<int> delivered;
    std::vector<QThread*> threads;
    qs::LatestOnly<int> latest {this};

    void ask(int value, QSemaphore* gate = nullptr)
    {
        latest.request(
            [value, gate] {
                if (gate)
                    gate->acquire();
                return value;
            },
            [this](int v) {
                delivered.push_back(v);
                threads.push_back(QThread::currentThread());
            });
    }
};

} // namespace

class TstLatestOnly : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void newestWinsEvenWhenAnOlderRequestFinishesLast()
    {
        Owner owner;
        QSemaphore slowGate;
        owner.ask(1, &slowGate); // held until the newer one is done
        owner.ask(2);
        QTRY_COMPARE(owner.delivered, std::vector<int> {2});
        QVERIFY(owner.latest.isBusy()); // request 1 still running
        slowGate.release();
        QTRY_VERIFY(!owner.latest.isBusy());
        QCOMPARE(owner.delivered, std::vector<int> {2}); // 1 arrived later and was dropped
        QCOMPARE(owner.threads, std::vector<QThread*> {QThread::currentThread()});
        QCOMPARE(owner.latest.generation(), quint64(2));
    }

    void invalidateDropsWhatIsInFlight()
    {
        Owner owner;
        owner.ask(7);
        owner.latest.invalidate();
        owner.latest.waitForIdle();
        QTRY_VERIFY(!owner.latest.isBusy());
        QVERIFY(owner.delivered.empty());
        owner.ask(8);
        QTRY_COMPARE(owner.delivered, std::vector<int> {8});
    }

    void ownerDestroyedWithRequestsInFlight()
    {
        QSemaphore gate;
        auto owner = std::make_unique<Owner>();
        owner->ask(1, &gate);
        owner->ask(2, &gate);
        std::thread releaser([&gate] {
            QThread::msleep(50);
            gate.release(2);
        });
        owner.reset(); // waits for both works; their queued deliveries die with the owner
        releaser.join();
        QCoreApplication::processEvents(); // nothing is delivered to the dead owner
    }
};

QS_TEST_GUILESS_MAIN(TstLatestOnly)
#include "tst_latestonly.moc"
