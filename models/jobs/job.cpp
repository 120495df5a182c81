#include "models/jobs/job.h"

#include "core/common/errors.h"

#include <QCoreApplication>
#include <QMetaObject>
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

constexpr qint64 minEmitIntervalMs = 100;  // at most ~10 progress signals a second
constexpr double minFractionStep = 0.001;  // ignore steps under 0.1 %

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
    m_lastEmitMs = -1;
    m_lastFraction = -1.0;
    m_lastMessage.clear();
    Q_EMIT started();
    Q_EMIT runningChanged(true);

    m_future = QtConcurrent::run(&m_pool, [this] {
        int outcome = Succeeded;
        QString message;
        try {
            // Work that returned normally counts as done, even if a cancel came too late to stop it.
            run([this](const ProgressInfo& info) { return reportFromWorker(info); });
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
        QMetaObject::invokeMethod(this, [this, outcome, message] { complete(outcome, message); },
                                  Qt::QueuedConnection);
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
    const qint64 now = m_clock.elapsed();
    const bool messageChanged = info.message != m_lastMessage;
    const bool moved = std::abs(info.fraction - m_lastFraction) >= minFractionStep;
    if ((!moved && !messageChanged) || (m_lastEmitMs >= 0 && now - m_lastEmitMs < minEmitIntervalMs))
        return true;
    m_lastEmitMs = now;
    m_lastFraction = info.fraction;
    m_lastMessage = info.message;

    const double fraction = std::clamp(info.fraction, 0.0, 1.0);
    // Extrapolate once there is enough to extrapolate from.
    double etaSeconds = -1.0;
    if (fraction >= 0.01 && now >= 2000)
        etaSeconds = double(now) / 1000.0 * (1.0 - fraction) / fraction;
    const QString message = QString::fromStdString(info.message);
    const QString eta = formatEta(etaSeconds);
    QMetaObject::invokeMethod(
        this, [this, fraction, message, eta] {
            if (m_running)
                Q_EMIT progressChanged(fraction, message, eta);
        },
        Qt::QueuedConnection);
    return true;
}

void Job::complete(int outcome, const QString& message)
{
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
