// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The status bar's part for a sweep that runs on a cluster (a store with a shard folder,
// core/store/shards.h): "Cluster: 3 of 4 tasks done, 1 failed · 9 entries not merged", and on a click
// the tasks as `quantscope status` lists them (state, entries, job, log, last error line). The state
// comes from the shards and from SLURM (squeue, sacct where accounting runs), asked off the GUI thread
// at each new snapshot and at most every few seconds. Hidden for a store without a shard folder.

#include "app/cli/cluster.h"
#include "itemmodels/storesnapshot.h"

#include <QElapsedTimer>
#include <QFutureWatcher>
#include <QPointer>
#include <QTimer>
#include <QToolButton>

class QDialog;
class QLabel;
class QTableWidget;

namespace qs {

class ClusterStatus : public QToolButton
{
    Q_OBJECT

public:
    explicit ClusterStatus(QWidget* parent = nullptr);
    ~ClusterStatus() override;

    void setSnapshot(const StoreSnapshotPtr& snapshot);
    // The task table (also what a click shows).
    QDialog* showDetails();
    // The last state read; empty before the first read returns.
    const cli::ArrayStatus& status() const { return m_status; }

Q_SIGNALS:
    void statusRead(); // a read of the tasks' state returned (tests)

private:
    struct Reading
    {
        QString folder; // the shard folder read
        cli::ArrayStatus status;
        QString error; // the plan could not be read
    };
    void refresh();
    void onRead();
    void fillDetails();

    QString m_folder;
    int m_unmerged = 0;
    QFutureWatcher<Reading> m_watcher;
    bool m_again = false; // a refresh was asked for while a read ran
    QElapsedTimer m_lastRead;
    QTimer* m_periodic = nullptr; // the queue changes without new entries (pending -> running -> failed)
    cli::ArrayStatus m_status;
    QString m_error;
    QPointer<QDialog> m_dialog;
    QLabel* m_summary = nullptr;
    QTableWidget* m_table = nullptr;
};

} // namespace qs
