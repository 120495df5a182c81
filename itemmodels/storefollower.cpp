// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "itemmodels/storefollower.h"

#include "itemmodels/storeloader.h"

#include <QCoreApplication>
#include <QFile>
#include <QFileInfo>
#include <QFileSystemWatcher>

#include <algorithm>

#include <sys/stat.h>

namespace qs {

namespace {

constexpr int jobPollMs = 2000;
// A store with a shard folder (a cluster sweep) is also re-read this often: shards written on other
// machines of a network file system change no watched file here, and a folder made after the store
// was opened is found.
constexpr int shardPollMs = 10000;
// Another process writes the shown store: re-read it at most this often.
constexpr int externalReloadMs = 500;

// The messages were the main window's and keep its translation context (translations/*.ts).
class WindowText
{
    Q_DECLARE_TR_FUNCTIONS(qs::MainWindow)
};

} // namespace

StoreFollower::StoreFollower(QObject* parent)
    : QObject(parent)
{
    m_loader = new StoreLoader(this);
    connect(m_loader, &StoreLoader::loaded, this, &StoreFollower::onLoaded);
    connect(m_loader, &StoreLoader::failed, this, &StoreFollower::onFailed);
    // A poll that found the store as it was rebuilds nothing.
    connect(m_loader, &StoreLoader::unchanged, this, [this](const QString& path) {
        // A writer publishes each change by renaming a new file over the store: the watch on the old
        // file ended with it, so it is set again here as after a load.
        watch(path);
        Q_EMIT unchanged(path);
    });

    m_pollTimer.setInterval(jobPollMs);
    connect(&m_pollTimer, &QTimer::timeout, this, &StoreFollower::pollJobStore);

    m_watcher = new QFileSystemWatcher(this);
    m_externalReload.setSingleShot(true);
    m_externalReload.setInterval(externalReloadMs);
    connect(m_watcher, &QFileSystemWatcher::fileChanged, this, [this](const QString& path) {
        if (path == currentPath() && !m_externalReload.isActive())
            m_externalReload.start();
    });
    // A cluster sweep's shard folder (shards.h): each shard change is a rename inside it.
    connect(m_watcher, &QFileSystemWatcher::directoryChanged, this, [this](const QString& folder) {
        if (folder == currentPath() + QStringLiteral(".shards") && !m_externalReload.isActive())
            m_externalReload.start();
    });
    connect(&m_externalReload, &QTimer::timeout, this, &StoreFollower::reloadExternalChange);
    m_shardPoll.setInterval(shardPollMs);
    connect(&m_shardPoll, &QTimer::timeout, this, [this] {
        if (!currentPath().isEmpty() && QFileInfo(currentPath() + QStringLiteral(".shards")).isDir()
            && !m_externalReload.isActive())
            reloadExternalChange();
    });
    m_shardPoll.start();
}

StoreFollower::~StoreFollower()
{
    m_pollTimer.stop();
    m_shardPoll.stop();
}

QString StoreFollower::currentPath() const
{
    return m_snapshot ? m_snapshot->path : QString();
}

bool StoreFollower::isLoading() const
{
    return m_loader->isLoading();
}

void StoreFollower::waitForIdle()
{
    m_loader->waitForIdle();
}

QString StoreFollower::open(const QString& path)
{
    m_requestedPath = QFileInfo(path).absoluteFilePath();
    m_pollLoad = false;
    read(m_requestedPath, false);
    return m_requestedPath;
}

void StoreFollower::followJob(const QString& path)
{
    m_jobPath = QFileInfo(path).absoluteFilePath();
    m_requestedPath = m_jobPath; // follow the job's store while it grows
    m_pollTimer.start();
}

void StoreFollower::stopFollowingJob()
{
    m_pollTimer.stop();
    m_jobPath.clear();
}

void StoreFollower::onLoaded(const StoreSnapshotPtr& snapshot)
{
    const bool sameStore = m_snapshot && m_snapshot->path == snapshot->path;
    const QString keep = sameStore ? m_shownRun : QString();
    m_snapshot = snapshot;
    const int run = snapshot->runs.empty() ? -1 : std::max(0, snapshot->runIndex(keep));
    watch(snapshot->path);
    Q_EMIT loaded(snapshot, run, !m_pollLoad);
}

void StoreFollower::onFailed(const QString& path, const QString& message)
{
    if (m_pollLoad) {
        // A store being written can be briefly unreadable; the next poll tries again. The file is named
        // once: the core's message starts with it.
        const QString prefix = path + QStringLiteral(": ");
        Q_EMIT waiting(WindowText::tr("Waiting for %1: %2")
                           .arg(path, message.startsWith(prefix) ? message.mid(prefix.size()) : message));
        if (!isFollowingJob() && path == currentPath())
            m_externalReload.start(); // no further change may come to trigger it
        return;
    }
    Q_EMIT failed(path, message.contains(path) ? message : WindowText::tr("%1: %2").arg(path, message));
}

void StoreFollower::reload(const QString& path)
{
    read(path, m_snapshot && m_snapshot->path == path);
}

void StoreFollower::read(const QString& path, bool refresh)
{
    m_readStamp = stampOf(path);
    if (refresh)
        m_loader->refresh(m_snapshot);
    else
        m_loader->load(path);
}

void StoreFollower::pollJobStore()
{
    if (!isFollowingJob() || m_loader->isLoading())
        return;
    if (m_requestedPath != m_jobPath || !QFileInfo::exists(m_jobPath))
        return; // the user opened another store meanwhile, or the job has not created it yet
    m_pollLoad = true;
    reload(m_jobPath);
}

void StoreFollower::reloadExternalChange()
{
    // A job of this process has its own polling; a load in progress is waited for.
    if (isFollowingJob() || currentPath().isEmpty())
        return;
    if (m_loader->isLoading()) {
        m_externalReload.start();
        return;
    }
    m_pollLoad = true;
    reload(currentPath());
}

void StoreFollower::watch(const QString& path)
{
    const QStringList watched = m_watcher->files();
    if (!watched.isEmpty() && watched != QStringList {path})
        m_watcher->removePaths(watched);
    if (!m_watcher->files().contains(path))
        m_watcher->addPath(path);
    const QString shards = path + QStringLiteral(".shards");
    const QStringList folders = m_watcher->directories();
    const bool haveShards = QFileInfo(shards).isDir();
    if (!folders.isEmpty() && (!haveShards || folders != QStringList {shards}))
        m_watcher->removePaths(folders);
    if (haveShards && !m_watcher->directories().contains(shards))
        m_watcher->addPath(shards);
    // Compared after the watch is set: a change from now on is reported by the watcher, one before it
    // by the stamp. (A job of this process has its polls.)
    if (!isFollowingJob() && path == currentPath() && stampOf(path) != m_readStamp && !m_externalReload.isActive())
        m_externalReload.start();
}

StoreFollower::FileStamp StoreFollower::stampOf(const QString& path)
{
    struct stat st
    {
    };
    if (::stat(QFile::encodeName(path).constData(), &st) != 0)
        return {};
    const auto ns = [](const timespec& t) { return qint64(t.tv_sec) * 1000000000 + t.tv_nsec; };
    return {qint64(st.st_dev), qint64(st.st_ino), qint64(st.st_size), ns(st.st_mtim), ns(st.st_ctim)};
}

} // namespace qs
