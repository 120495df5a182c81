#include "storeloadjob.h"

#include "errors.h"

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
    const quint64 generation = ++m_generation;
    ++m_pending;
    std::erase_if(m_futures, [](const QFuture<void>& f) { return f.isFinished(); });
    m_futures.push_back(QtConcurrent::run([this, generation, path] {
        Outcome outcome {generation, path, {}, {}};
        try {
            outcome.snapshot = loadStoreSnapshot(path);
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
    if (outcome.snapshot)
        Q_EMIT loaded(outcome.snapshot);
    else
        Q_EMIT failed(outcome.path, outcome.error);
}

} // namespace qs
