#pragma once

// Loads store snapshots off the GUI thread. Every load() starts a new generation; only the result of
// the newest request is delivered, so a slow older load never overwrites a newer one.

#include "storesnapshot.h"

#include <QFutureWatcher>
#include <QObject>
#include <QString>

#include <memory>

namespace qs {

class StoreLoadJob : public QObject
{
    Q_OBJECT

public:
    explicit StoreLoadJob(QObject* parent = nullptr);
    ~StoreLoadJob() override;

    // Starts loading `path`; returns the generation of this request.
    quint64 load(const QString& path);
    quint64 generation() const { return m_generation; }
    bool isLoading() const { return m_pending > 0; }
    // Blocks until every load started so far has returned (for shutdown and tests).
    void waitForIdle();

Q_SIGNALS:
    void loaded(const qs::StoreSnapshotPtr& snapshot);
    void failed(const QString& path, const QString& message);

private:
    struct Outcome
    {
        quint64 generation = 0;
        QString path;
        StoreSnapshotPtr snapshot;
        QString error;
    };
    void deliver(const Outcome& outcome);

    quint64 m_generation = 0;
    int m_pending = 0;
    std::vector<QFuture<void>> m_futures;
};

} // namespace qs
