// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "itemmodels/storeloader.h"

#include "core/common/errors.h"

namespace qs {

StoreLoader::StoreLoader(QObject* parent)
    : QObject(parent)
{
    registerSnapshotMetaTypes();
}

StoreLoader::~StoreLoader() = default;

void StoreLoader::waitForIdle()
{
    m_loads.waitForIdle();
}

quint64 StoreLoader::load(const QString& path)
{
    return start(path, nullptr);
}

quint64 StoreLoader::refresh(const StoreSnapshotPtr& current)
{
    return start(current ? current->path : QString(), current);
}

quint64 StoreLoader::start(const QString& path, StoreSnapshotPtr current)
{
    return m_loads.request(
        [path, current = std::move(current)] {
            Outcome outcome;
            outcome.path = path;
            try {
                outcome.snapshot = loadStoreSnapshot(path);
                // Compared here, off the GUI thread: it reads every value of both snapshots.
                outcome.unchanged = current && sameContent(*outcome.snapshot, *current);
                if (outcome.unchanged)
                    outcome.snapshot.reset(); // freed here rather than on the GUI thread
            } catch (const std::exception& e) {
                outcome.error = QString::fromStdString(e.what());
            }
            return outcome;
        },
        [this](const Outcome& outcome) { deliver(outcome); });
}

void StoreLoader::deliver(const Outcome& outcome)
{
    if (outcome.unchanged)
        Q_EMIT unchanged(outcome.path);
    else if (outcome.snapshot)
        Q_EMIT loaded(outcome.snapshot);
    else
        Q_EMIT failed(outcome.path, outcome.error);
}

} // namespace qs
