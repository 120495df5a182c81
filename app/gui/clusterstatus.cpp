// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "app/gui/clusterstatus.h"

#include "core/common/errors.h"

#include <QDialog>
#include <QDialogButtonBox>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QStyle>
#include <QTableWidget>
#include <QTimer>
#include <QVBoxLayout>
#include <QtConcurrent/QtConcurrentRun>

#include <cstring>

namespace qs {

namespace {

// SLURM is asked at most this often however fast the shards change.
constexpr int minReadIntervalMs = 3000;

} // namespace

ClusterStatus::ClusterStatus(QWidget* parent)
    : QToolButton(parent)
{
    setObjectName(QStringLiteral("clusterStatus"));
    setAutoRaise(true);
    setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    setToolTip(tr("The tasks of the sweep submitted to the cluster (quantscope status)"));
    hide();
    connect(this, &QToolButton::clicked, this, [this] { showDetails(); });
    connect(&m_watcher, &QFutureWatcher<Reading>::finished, this, &ClusterStatus::onRead);
    m_periodic = new QTimer(this);
    m_periodic->setInterval(15000);
    connect(m_periodic, &QTimer::timeout, this, &ClusterStatus::refresh);
}

ClusterStatus::~ClusterStatus()
{
    m_watcher.waitForFinished();
}

void ClusterStatus::setSnapshot(const StoreSnapshotPtr& snapshot)
{
    const QString folder = snapshot ? snapshot->shards.folder : QString();
    m_unmerged = snapshot ? snapshot->shards.unmergedEntries : 0;
    if (folder != m_folder) {
        m_folder = folder;
        m_status = {};
        m_error.clear();
    }
    setVisible(!m_folder.isEmpty());
    if (m_folder.isEmpty()) {
        m_periodic->stop();
        return;
    }
    if (!m_periodic->isActive())
        m_periodic->start();
    refresh();
}

void ClusterStatus::refresh()
{
    if (m_watcher.isRunning()) {
        m_again = true;
        return;
    }
    if (m_lastRead.isValid() && m_lastRead.elapsed() < minReadIntervalMs) {
        m_again = true;
        QTimer::singleShot(minReadIntervalMs - int(m_lastRead.elapsed()), this, [this] {
            if (m_again && !m_watcher.isRunning()) {
                m_again = false;
                m_lastRead.invalidate();
                refresh();
            }
        });
        return;
    }
    m_again = false;
    m_lastRead.start();
    const std::string folder = m_folder.toStdString();
    m_watcher.setFuture(QtConcurrent::run([folder] {
        Reading reading;
        reading.folder = QString::fromStdString(folder);
        try {
            reading.status = cli::arrayStatus(ShardPlan::load(folder));
        } catch (const Error& e) {
            reading.error = QString::fromUtf8(e.what());
        }
        return reading;
    }));
}

void ClusterStatus::onRead()
{
    const Reading reading = m_watcher.result();
    if (reading.folder != m_folder) {
        // Read for a store no longer shown.
        if (!m_folder.isEmpty())
            refresh();
        return;
    }
    m_status = reading.status;
    m_error = reading.error;
    using cli::TaskState;
    const int tasks = int(m_status.tasks.size());
    QStringList parts;
    if (!m_error.isEmpty()) {
        parts << tr("Cluster: cannot read the plan");
    } else {
        parts << tr("Cluster: %1 of %2 tasks done").arg(m_status.count(TaskState::Done)).arg(tasks);
        if (const int n = m_status.count(TaskState::Running))
            parts << tr("%1 running").arg(n);
        if (const int n = m_status.count(TaskState::Pending))
            parts << tr("%1 pending").arg(n);
        if (const int n = m_status.count(TaskState::Failed))
            parts << tr("%1 failed").arg(n);
    }
    QString text = parts.join(QStringLiteral(", "));
    if (m_unmerged > 0)
        text += tr(" · %n entries not merged", nullptr, m_unmerged);
    setText(text);
    const bool trouble = !m_error.isEmpty() || m_status.count(TaskState::Failed) > 0;
    setIcon(trouble ? style()->standardIcon(QStyle::SP_MessageBoxWarning) : QIcon());
    if (m_dialog)
        fillDetails();
    Q_EMIT statusRead();
    if (m_again)
        refresh();
}

QDialog* ClusterStatus::showDetails()
{
    if (!m_dialog) {
        auto* dialog = new QDialog(window());
        dialog->setObjectName(QStringLiteral("clusterDialog"));
        dialog->setAttribute(Qt::WA_DeleteOnClose);
        dialog->setWindowTitle(tr("Cluster Tasks"));
        auto* layout = new QVBoxLayout(dialog);
        m_summary = new QLabel(dialog);
        m_summary->setWordWrap(true);
        m_summary->setTextInteractionFlags(Qt::TextSelectableByMouse);
        layout->addWidget(m_summary);
        m_table = new QTableWidget(0, 5, dialog);
        m_table->setHorizontalHeaderLabels(
            {tr("Task"), tr("State"), tr("Entries"), tr("Job"), tr("Log and last error")});
        m_table->verticalHeader()->hide();
        m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
        m_table->setWordWrap(true);
        m_table->horizontalHeader()->setStretchLastSection(true);
        layout->addWidget(m_table);
        auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, dialog);
        QPushButton* refreshButton = buttons->addButton(tr("&Refresh"), QDialogButtonBox::ActionRole);
        connect(refreshButton, &QPushButton::clicked, this, [this] {
            m_lastRead.invalidate();
            refresh();
        });
        connect(buttons, &QDialogButtonBox::rejected, dialog, &QDialog::close);
        layout->addWidget(buttons);
        dialog->resize(900, 360);
        m_dialog = dialog;
    }
    fillDetails();
    m_dialog->show();
    m_dialog->raise();
    return m_dialog;
}

void ClusterStatus::fillDetails()
{
    using cli::TaskState;
    QString summary;
    if (!m_error.isEmpty()) {
        summary = m_error;
    } else {
        summary = tr("Shards in %1: %2 tasks; done %3, running %4, pending %5, failed %6, not submitted %7.")
                      .arg(m_folder)
                      .arg(m_status.tasks.size())
                      .arg(m_status.count(TaskState::Done))
                      .arg(m_status.count(TaskState::Running))
                      .arg(m_status.count(TaskState::Pending))
                      .arg(m_status.count(TaskState::Failed))
                      .arg(m_status.count(TaskState::NotSubmitted));
        if (!m_status.queue.problem.isEmpty())
            summary += QLatin1Char(' ') + tr("No queue information (%1).").arg(m_status.queue.problem);
        if (m_unmerged > 0)
            summary += QLatin1Char(' ')
                + tr("The views show %n entries of the shards that are not merged yet (quantscope merge).", nullptr,
                     m_unmerged);
        if (m_status.count(TaskState::Failed) + m_status.count(TaskState::NotSubmitted) > 0)
            summary += QLatin1Char(' ')
                + tr("Submit the unfinished tasks again: quantscope submit --store %1 --resubmit.")
                      .arg(m_folder.chopped(int(std::strlen(".shards"))));
    }
    m_summary->setText(summary);
    m_table->setRowCount(int(m_status.tasks.size()));
    for (int row = 0; row < int(m_status.tasks.size()); ++row) {
        const cli::TaskStatus& t = m_status.tasks[size_t(row)];
        QString log = t.log;
        if (t.state == TaskState::Failed && !t.lastError.isEmpty())
            log += QLatin1Char('\n') + t.lastError;
        const QStringList cells = {
            QString::number(t.task), cli::toString(t.state),
            QStringLiteral("%1/%2").arg(t.progress.stored).arg(t.progress.expected),
            t.job + (t.queueState.isEmpty() ? QString() : QStringLiteral(" (%1)").arg(t.queueState)), log};
        for (int c = 0; c < cells.size(); ++c) {
            auto* item = new QTableWidgetItem(cells[c]);
            item->setToolTip(cells[c]); // the whole error line, which the column may elide
            if (t.state == TaskState::Failed)
                item->setForeground(QColor(200, 40, 40));
            m_table->setItem(row, c, item);
        }
    }
    m_table->resizeColumnsToContents();
    m_table->resizeRowsToContents();
    m_table->horizontalHeader()->setStretchLastSection(true);
}

} // namespace qs
