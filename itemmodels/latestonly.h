// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The generation counter of every background read whose newest request is the only one that matters
// (a store snapshot, an outlier profile): each request runs off the owner's thread; its result is
// delivered on the owner's thread, and only if no newer request was made meanwhile. Results of older
// requests are dropped, so a slow old read never overwrites a newer one.
//
// Lifetime: a LatestOnly is a member of its owner. Its destructor waits for the requests still running,
// whose queued deliveries then die with the owner (Qt drops posted calls to a destroyed object).

#include <QFuture>
#include <QMetaObject>
#include <QObject>
#include <QThread>
#include <QtConcurrent/QtConcurrentRun>

#include <functional>
#include <vector>

namespace qs {

template<typename Result>
class LatestOnly
{
public:
    explicit LatestOnly(QObject* owner)
        : m_owner(owner)
    {
    }
    ~LatestOnly() { waitForIdle(); }
    LatestOnly(const LatestOnly&) = delete;
    LatestOnly& operator=(const LatestOnly&) = delete;

    // Runs `work` on Qt's global thread pool and hands its result to `deliver` on the owner's thread,
    // unless a newer request (or invalidate()) came first. `work` must not throw: catch inside and put
    // the error in the Result. Returns the request's generation.
    quint64 request(std::function<Result()> work, std::function<void(Result)> deliver)
    {
        const quint64 generation = ++m_generation;
        ++m_pending;
        std::erase_if(m_futures, [](const QFuture<void>& f) { return f.isFinished(); });
        m_futures.push_back(QtConcurrent::run([this, generation, work = std::move(work), deliver = std::move(deliver)] {
            Result result = work();
            QMetaObject::invokeMethod(
                m_owner,
                [this, generation, deliver, result = std::move(result)]() mutable {
                    Q_ASSERT_X(QThread::currentThread() == m_owner->thread(), "LatestOnly",
                               "results are delivered on the owner's thread");
                    --m_pending;
                    if (generation == m_generation)
                        deliver(std::move(result));
                },
                Qt::QueuedConnection);
        }));
        return generation;
    }

    // Drops the results of every request made so far.
    void invalidate() { ++m_generation; }
    // The generation of the newest request.
    quint64 generation() const { return m_generation; }
    // True while a request has not delivered (or been dropped) yet.
    bool isBusy() const { return m_pending > 0; }
    // Blocks until every request made so far has returned from its work (deliveries still queued).
    void waitForIdle()
    {
        for (QFuture<void>& future : m_futures)
            future.waitForFinished();
        m_futures.clear();
    }

private:
    QObject* m_owner;
    quint64 m_generation = 0;
    int m_pending = 0;
    std::vector<QFuture<void>> m_futures;
};

} // namespace qs
