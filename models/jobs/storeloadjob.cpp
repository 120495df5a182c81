#include "models/jobs/storeloadjob.h"

#include "core/common/errors.h"

#include <QMetaObject>
#include <QtConcurrent/QtConcurrentRun>

#include <algorithm>

namespace qs {

StoreLoadJob::StoreLoadJob(QObject* parent)
    : QObject(parent)
{
    registerSnapshotMetaTypes();
}

StoreLoadJob::~StoreLoadJob()
{
    waitForIdle();
}

void StoreLoadJob::waitForIdle()
{
    for (QFuture<void>& future : m_futures)
        future.waitForFinished();
    m_futures.clear();
}

quint64 StoreLoadJob::load(const QString& path)
{
    return start(path, nullptr);
}

quint64 StoreLoadJob::refresh(const StoreSnapshotPtr& current)
{
    return start(current ? current->path : QString(), current);
}

quint64 StoreLoadJob::start(const QString& path, StoreSnapshotPtr current)
{
    const quint64 generation = ++m_generation;
    ++m_pending;
    std::erase_if(m_futures, [](const QFuture<void>& f) { return f.isFinished(); });
    m_futures.push_back(QtConcurrent::run([this, generation, path, current = std::move(current)] {
        Outcome outcome {generation, path, {}, {}};
        try {
            outcome.snapshot = loadStoreSnapshot(path);
            // Compared here, off the GUI thread: it reads every value of both snapshots.
            outcome.unchanged = current && sameContent(*outcome.snapshot, *current);
            if (outcome.unchanged)
                outcome.snapshot.reset(); // freed here rather than on the GUI thread
        } catch (const std::exception& e) {
            outcome.error = QString::fromStdString(e.what());
        }
        QMetaObject::invokeMethod(this, [this, outcome] { deliver(outcome); }, Qt::QueuedConnection);
    }));
    return generation;
}

void StoreLoadJob::deliver(const Outcome& outcome)
{
    --m_pending;
    if (outcome.generation != m_generation)
        return; // the user asked for something newer meanwhile
    if (outcome.unchanged)
        Q_EMIT unchanged(outcome.path);
    else if (outcome.snapshot)
        Q_EMIT loaded(outcome.snapshot);
    else
        Q_EMIT failed(outcome.path, outcome.error);
}

} // namespace qs
