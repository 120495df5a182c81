#pragma once

// Base of every long job (demo, train, sweep, export): the work runs on a worker thread, polls an
// atomic cancel flag through the core's Progress callback, and reports back to the thread that owns
// the job through queued calls.

#include "core/common/progress.h"

#include <QElapsedTimer>
#include <QFuture>
#include <QObject>
#include <QString>
#include <QThreadPool>

#include <atomic>
#include <mutex>

namespace qs {

class Job : public QObject
{
    Q_OBJECT

public:
    explicit Job(QObject* parent = nullptr);
    // Asks a running job to stop and waits for its worker to return. Subclasses call cancelAndWait()
    // in their own destructor, since the worker calls their run().
    ~Job() override;

    // Blocks until the worker returned (after asking it to stop); queued results are then dropped
    // unless the event loop runs again.
    void cancelAndWait();

    bool isRunning() const { return m_running; }
    bool isCancelRequested() const { return m_cancel.load(); }

    // "about 3 min left" style text for `seconds` remaining; empty for unknown (negative).
    static QString formatEta(double seconds);

public Q_SLOTS:
    // Starts the work; ignored while running.
    void start();
    // Asks the core to stop at its next safe point; the job then emits cancelled().
    void cancel();

Q_SIGNALS:
    void started();
    void progressChanged(double fraction, const QString& message, const QString& eta);
    void finished();
    void failed(const QString& message);
    void cancelled();
    void runningChanged(bool running);

protected:
    // Runs on the worker thread. Throws qs::Error on failure, qs::Cancelled when `progress` returned
    // false. Must not touch the GUI.
    virtual void run(const Progress& progress) = 0;
    // Runs on the owning thread after run() returned normally, before finished(): the place to
    // publish results and emit result signals.
    virtual void succeeded() {}

private:
    bool reportFromWorker(const ProgressInfo& info);
    void complete(int outcome, const QString& message);

    std::atomic<bool> m_cancel {false};
    bool m_running = false;
    // A thread of its own: a job runs for minutes and must not starve QtConcurrent's global pool,
    // which store loads use.
    QThreadPool m_pool;
    QFuture<void> m_future;

    // Throttling state, touched by the worker thread only.
    QElapsedTimer m_clock;
    qint64 m_lastEmitMs = -1;
    double m_lastFraction = -1.0;
    std::string m_lastMessage;
};

} // namespace qs
