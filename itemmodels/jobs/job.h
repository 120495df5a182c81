// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Base of every long job (demo, train, sweep, import, fit, recipe, intervention): the work runs on a
// worker thread, polls an atomic cancel flag through the core's Progress callback, and reports back to
// the thread that owns the job through queued calls.
//
// The contract that makes the destructor safe for every subclass: start() asks the subclass, on the
// owner's thread, for its Work, a function that never touches the job (it captures copies of its inputs
// and a shared state for its results). ~Job() then cancels and waits for that work; no subclass member
// is used on the worker, so none can be used after it was destroyed.

#include "core/common/progress.h"
#include "core/common/progressthrottle.h"

#include <QElapsedTimer>
#include <QFuture>
#include <QObject>
#include <QString>
#include <QThreadPool>

#include <atomic>
#include <functional>

namespace qs {

class Job : public QObject
{
    Q_OBJECT

public:
    explicit Job(QObject* parent = nullptr);
    // Asks a running job to stop and waits for its work to return.
    ~Job() override;

    // Blocks until the worker returned (after asking it to stop); queued results are then dropped
    // unless the event loop runs again.
    void cancelAndWait();

    bool isRunning() const { return m_running; }
    bool isCancelRequested() const { return m_cancel.load(); }

    // "about 3 min left" style text for `seconds` remaining; empty for unknown (negative), translated.
    static QString formatEta(double seconds);

public Q_SLOTS:
    // Starts the work; ignored while running.
    void start();
    // Asks the core to stop at its next safe point; the job then emits cancelled().
    void cancel();

Q_SIGNALS:
    // Emitted by start() before the work is queued: a cancel() connected directly to it stops the work
    // before its first step.
    void started();
    void progressChanged(double fraction, const QString& message, const QString& eta);
    void finished();
    void failed(const QString& message);
    void cancelled();
    void runningChanged(bool running);

protected:
    // What runs on the worker thread. Throws qs::Error on failure, qs::Cancelled when `progress`
    // returned false. It must not touch the job or the GUI: capture copies and a shared state.
    using Work = std::function<void(const Progress& progress)>;
    // Called by start() on the owning thread: the work for this run.
    virtual Work prepare() = 0;
    // Runs on the owning thread after the work returned normally, before finished(): the place to
    // publish results from the shared state and emit result signals.
    virtual void succeeded() { }

private:
    bool reportFromWorker(const ProgressInfo& info);
    void complete(int outcome, const QString& message);

    std::atomic<bool> m_cancel {false};
    bool m_running = false;
    // A thread of its own: a job runs for minutes and must not starve QtConcurrent's global pool,
    // which store loads use.
    QThreadPool m_pool;
    QFuture<void> m_future;

    // Touched by the worker thread only.
    QElapsedTimer m_clock;
    ProgressThrottle m_throttle {ProgressThrottle::Options::gui()};
};

} // namespace qs
