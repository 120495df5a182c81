// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "itemmodels/jobs/job.h"

#include "core/common/errors.h"

#include <QCoreApplication>
#include <QMetaObject>
#include <QThread>
#include <QtConcurrent/QtConcurrentRun>

#include <algorithm>
#include <cmath>

namespace qs {

namespace {

enum Outcome
{
    Succeeded,
    Failed,
    WasCancelled,
};

} // namespace

Job::Job(QObject* parent)
    : QObject(parent)
{
    m_pool.setMaxThreadCount(1);
}

Job::~Job()
{
    cancelAndWait();
}

void Job::cancelAndWait()
{
    m_cancel = true;
    if (m_future.isValid())
        m_future.waitForFinished();
}

QString Job::formatEta(double seconds)
{
    // The words of qs::formatEta (the console's), translated.
    if (!(seconds >= 0.0) || !std::isfinite(seconds))
        return {};
    if (seconds < 60.0)
        return tr("about %n s left", nullptr, std::max(1, int(std::lround(seconds))));
    if (seconds < 3600.0)
        return tr("about %n min left", nullptr, int(std::lround(seconds / 60.0)));
    const int minutes = int(std::lround(seconds / 60.0));
    return tr("about %1 h %2 min left").arg(minutes / 60).arg(minutes % 60);
}

void Job::start()
{
    if (m_running)
        return;
    m_cancel = false;
    m_running = true;
    m_clock.start();
    m_throttle.restart();
    Work work;
    try {
        work = prepare();
    } catch (const std::exception& e) {
        m_running = false;
        Q_EMIT started();
        Q_EMIT runningChanged(false);
        Q_EMIT failed(QString::fromStdString(e.what()));
        return;
    }
    Q_EMIT started();
    Q_EMIT runningChanged(true);

    // The work captures what it needs; only the base's own members (the cancel flag, the throttle, the
    // queued calls to this object) are used on the worker, and ~Job() waits for it.
    m_future = QtConcurrent::run(&m_pool, [this, work = std::move(work)] {
        int outcome = Succeeded;
        QString message;
        try {
            // Work that returned normally counts as done, even if a cancel came too late to stop it.
            work([this](const ProgressInfo& info) { return reportFromWorker(info); });
        } catch (const Cancelled&) {
            outcome = WasCancelled;
        } catch (const std::exception& e) {
            outcome = Failed;
            message = QString::fromStdString(e.what());
        } catch (...) {
            outcome = Failed;
            message = tr("unknown error");
        }
        // Queued to the owner's thread; dropped by Qt if the job is destroyed meanwhile.
        QMetaObject::invokeMethod(
            this, [this, outcome, message] { complete(outcome, message); }, Qt::QueuedConnection);
    });
}

void Job::cancel()
{
    if (m_running)
        m_cancel = true;
}

bool Job::reportFromWorker(const ProgressInfo& info)
{
    if (m_cancel.load())
        return false;
    const auto update = m_throttle.offer(info, double(m_clock.elapsed()) / 1000.0);
    if (!update)
        return true;
    const double fraction = update->fraction;
    const QString message = QString::fromStdString(update->message);
    const QString eta = formatEta(update->etaSeconds);
    QMetaObject::invokeMethod(
        this,
        [this, fraction, message, eta] {
            if (m_running)
                Q_EMIT progressChanged(fraction, message, eta);
        },
        Qt::QueuedConnection);
    return true;
}

void Job::complete(int outcome, const QString& message)
{
    Q_ASSERT_X(QThread::currentThread() == thread(), "Job::complete", "results are delivered on the owner's thread");
    m_running = false;
    switch (outcome) {
    case Succeeded:
        succeeded();
        Q_EMIT runningChanged(false);
        Q_EMIT finished();
        break;
    case WasCancelled:
        Q_EMIT runningChanged(false);
        Q_EMIT cancelled();
        break;
    default:
        Q_EMIT runningChanged(false);
        Q_EMIT failed(message);
        break;
    }
}

} // namespace qs
