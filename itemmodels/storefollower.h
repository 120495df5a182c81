// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Follows the results store the window shows. It loads the store the user opens off the GUI thread
// (StoreLoader), re-reads it periodically while a job of this process writes it, and re-reads it
// when another process changes the file or the shard stores of a cluster sweep in its shard folder
// (a file watcher, at most every 500 ms). A re-read that finds
// the store as shown rebuilds nothing (unchanged()); one that fails keeps the snapshot shown, says
// why (waiting()) and tries again. It keeps the snapshot shown and, across newer snapshots of the same
// store, the run shown by name. QtCore only.

#include "itemmodels/storesnapshot.h"

#include <QObject>
#include <QString>
#include <QTimer>

class QFileSystemWatcher;

namespace qs {

class StoreLoader;

class StoreFollower : public QObject
{
    Q_OBJECT

public:
    explicit StoreFollower(QObject* parent = nullptr);
    ~StoreFollower() override;

    // The snapshot shown (the last one loaded); null before the first.
    StoreSnapshotPtr snapshot() const { return m_snapshot; }
    // Its path; empty when none is shown.
    QString currentPath() const;
    // The store asked for last (open() or followJob()), absolute.
    QString requestedPath() const { return m_requestedPath; }
    bool isLoading() const;
    // Blocks until every read started so far has returned: HDF5 refuses to open a file for writing
    // while this process still reads it.
    void waitForIdle();

    // Loads `path` (made absolute, which it returns) as the user asked: loaded(…, true) or failed()
    // follows.
    QString open(const QString& path);

    // While a job of this process writes the store at `path`: asked for from now on, re-read every
    // poll interval once it exists (loaded(…, false), unchanged() or waiting()), changes of the file
    // left to these polls.
    void followJob(const QString& path);
    void stopFollowingJob();
    bool isFollowingJob() const { return !m_jobPath.isEmpty(); }
    void setPollInterval(int ms) { m_pollTimer.setInterval(ms); }
    // How soon after another process changed the file it is re-read (500 ms; shorter in tests).
    void setExternalReloadDelay(int ms) { m_externalReload.setInterval(ms); }

    // The run the window shows, kept by name in a newer snapshot of the same store.
    void setShownRun(const QString& name) { m_shownRun = name; }

Q_SIGNALS:
    // A new snapshot, now snapshot(). `run`: the run to show — the one shown before, by name, when
    // the snapshot is of the same store and still has it, else the first; -1 without runs.
    // `requested`: the user asked for it (open()), rather than a poll or a change of the file.
    void loaded(const qs::StoreSnapshotPtr& snapshot, int run, bool requested);
    // A re-read found the store as shown.
    void unchanged(const QString& path);
    // A load the user asked for failed; `message` names the file.
    void failed(const QString& path, const QString& message);
    // A re-read failed (a store being written can be briefly unreadable): "Waiting for <path>: <why>".
    void waiting(const QString& message);

private:
    void onLoaded(const StoreSnapshotPtr& snapshot);
    void onFailed(const QString& path, const QString& message);
    // Re-reads `path`: a refresh of the snapshot shown when it is that store, else a load.
    void reload(const QString& path);
    void pollJobStore();
    void reloadExternalChange();
    // Watches `path` again after a read of it returned, and re-reads it if it changed since that read
    // started (see m_readStamp).
    void watch(const QString& path);

    // What tells one version of the file at a path from another: a writer publishes by renaming a new
    // file over the store (another inode), a program writing in place changes its size or times.
    struct FileStamp
    {
        qint64 device = -1;
        qint64 inode = -1;
        qint64 size = -1;
        qint64 modifiedNs = -1;
        qint64 changedNs = -1;
        bool operator==(const FileStamp&) const = default;
    };
    static FileStamp stampOf(const QString& path);
    // Starts a read of `path`: a load, or a refresh of the snapshot shown.
    void read(const QString& path, bool refresh);

    StoreLoader* m_loader = nullptr;
    StoreSnapshotPtr m_snapshot;
    QString m_shownRun;
    QString m_requestedPath;
    bool m_pollLoad = false; // the pending read is a poll or a change: failures are waited out
    QString m_jobPath;       // absolute; empty when no job of this process writes the store
    QTimer m_pollTimer;
    QFileSystemWatcher* m_watcher = nullptr;
    QTimer m_externalReload;
    QTimer m_shardPoll; // re-reads a store with a shard folder every 10 s
    // The file as the newest read started. A publish ends the watch on the old file, and the path is
    // watched again only when the read returns: a change published in between is seen by comparing
    // this stamp with the file's then.
    FileStamp m_readStamp;
};

} // namespace qs
