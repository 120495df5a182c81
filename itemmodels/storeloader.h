// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Loads store snapshots off the GUI thread. Every load() or refresh() is a new request of a LatestOnly:
// only the result of the newest is delivered, so a slow older load never overwrites a newer one.

#include "itemmodels/latestonly.h"
#include "itemmodels/storesnapshot.h"

#include <QObject>
#include <QString>

#include <memory>

namespace qs {

class StoreLoader : public QObject
{
    Q_OBJECT

public:
    explicit StoreLoader(QObject* parent = nullptr);
    ~StoreLoader() override;

    // Starts loading `path`; returns the generation of this request. loaded() or failed() follows.
    quint64 load(const QString& path);
    // Reads the store `current` was read from again (a poll while a sweep writes it, a change another
    // process made). When it reads exactly as `current` (sameContent), unchanged() follows instead
    // of loaded(), so nothing is rebuilt for a poll that found nothing new. `current` must not be null.
    quint64 refresh(const StoreSnapshotPtr& current);
    quint64 generation() const { return m_loads.generation(); }
    bool isLoading() const { return m_loads.isBusy(); }
    // Blocks until every load started so far has returned (for shutdown and tests).
    void waitForIdle();

Q_SIGNALS:
    void loaded(const qs::StoreSnapshotPtr& snapshot);
    // A refresh() found the store as it was.
    void unchanged(const QString& path);
    void failed(const QString& path, const QString& message);

private:
    struct Outcome
    {
        QString path;
        StoreSnapshotPtr snapshot;
        QString error;
        bool unchanged = false;
    };
    quint64 start(const QString& path, StoreSnapshotPtr current);
    void deliver(const Outcome& outcome);

    LatestOnly<Outcome> m_loads {this};
};

} // namespace qs
