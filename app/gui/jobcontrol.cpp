// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "app/gui/jobcontrol.h"

#include "app/gui/jobstatusarea.h"
#include "itemmodels/jobs/demojob.h"
#include "itemmodels/jobs/sweepjob.h"
#include "itemmodels/settings.h"
#include "itemmodels/storefollower.h"
#include "itemmodels/storesnapshot.h"
#include "widgets/dialogs/sweepdialog.h"

#include <QFileInfo>
#include <QMainWindow>
#include <QStatusBar>

namespace qs {

JobControl::JobControl(StoreFollower* follower, Settings* settings, QMainWindow* window)
    : QObject(window)
    , m_follower(follower)
    , m_settings(settings)
    , m_window(window)
{
}

JobControl::~JobControl()
{
    delete m_job;
}

JobStatusArea* JobControl::makeStatusArea()
{
    m_status = new JobStatusArea(m_window);
    return m_status;
}

bool JobControl::isJobRunning() const
{
    return m_job && m_job->isRunning();
}

bool JobControl::isDemoRunning() const
{
    return isJobRunning() && qobject_cast<const DemoJob*>(m_job.data());
}

void JobControl::showMessage(const QString& message)
{
    m_window->statusBar()->showMessage(message, statusTimeoutMs);
}

void JobControl::startDemo(const QString& dir)
{
    if (isJobRunning()) {
        showMessage(tr("Another job is running; cancel it first"));
        return;
    }
    auto* job = new DemoJob(dir, this);
    connect(job, &DemoJob::demoFinished, this, [this](const QString& path) {
        const QString absolute = QFileInfo(path).absoluteFilePath();
        m_doneMessage = tr("Demo finished: %1").arg(absolute);
        Q_EMIT demoFinished(absolute);
    });
    runJob(job, job->storePath(), tr("Starting the demo in %1…").arg(dir), tr("Demo failed"),
           tr("Demo cancelled; the store keeps everything computed so far"));
}

void JobControl::chooseSweep(const QString& run)
{
    const StoreSnapshotPtr snapshot = m_follower->snapshot();
    if (!snapshot || snapshot->runs.empty() || isJobRunning())
        return;
    QStringList runs;
    for (const RunSnapshot& stored : snapshot->runs)
        runs << stored.name();
    auto* dialog = new SweepDialog(runs, m_window);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->setRun(run);
    const QString specs = m_settings->sweepSpecs();
    if (!specs.trimmed().isEmpty())
        dialog->setSpecText(specs);
    const QString storePath = snapshot->path;
    connect(dialog, &QDialog::accepted, this, [this, dialog, storePath] {
        m_settings->setSweepSpecs(dialog->specText());
        startSweep(storePath, dialog->run(), dialog->configs());
    });
    dialog->open();
}

void JobControl::startSweep(const QString& storePath, const QString& run, const std::vector<QuantConfig>& configs)
{
    if (isJobRunning()) {
        showMessage(tr("Another job is running; cancel it first"));
        return;
    }
    // HDF5 refuses to open a file for writing while a read-only handle is open: let pending reads end.
    m_follower->waitForIdle();
    auto* job = new SweepJob(storePath, run, configs, this);
    connect(job, &SweepJob::sweepFinished, this, [this, job](const QString& path) {
        const SweepSummary& summary = job->summary();
        m_doneMessage = tr("Sweep of %1 finished: %n entries computed", nullptr, summary.computed).arg(job->runName())
            + (summary.skipped > 0 ? tr(", %n already in the store", nullptr, summary.skipped) : QString());
        Q_EMIT sweepFinished(QFileInfo(path).absoluteFilePath());
    });
    runJob(job, storePath, tr("Sweeping %n config(s) over run %1…", nullptr, int(configs.size())).arg(run),
           tr("Sweep failed"), tr("Sweep cancelled; the store keeps every entry finished so far"));
}

void JobControl::runJob(Job* job, const QString& storePath, const QString& startMessage, const QString& failTitle,
                        const QString& cancelledMessage)
{
    job->setParent(this);
    m_job = job;
    m_doneMessage.clear();
    const QString path = QFileInfo(storePath).absoluteFilePath();

    connect(job, &Job::runningChanged, this, [this, job](bool running) {
        if (running)
            return;
        m_follower->stopFollowingJob();
        Q_EMIT runningChanged();
        job->deleteLater();
    });
    // The outcome signals follow runningChanged(false); each shows the store as the job left it.
    connect(job, &Job::finished, this, [this, path] { reloadAfterJob(path, m_doneMessage); });
    connect(job, &Job::cancelled, this, [this, path, cancelledMessage] { reloadAfterJob(path, cancelledMessage); });
    connect(job, &Job::failed, this, [this, path, failTitle](const QString& message) {
        Q_EMIT errorOccurred(failTitle, message);
        reloadAfterJob(path, message);
    });

    job->start();
    m_status->track(job, startMessage);
    Q_EMIT runningChanged();
    m_follower->followJob(path); // shown as it grows
}

void JobControl::reloadAfterJob(const QString& storePath, const QString& message)
{
    if (m_follower->requestedPath() != storePath || !QFileInfo::exists(storePath)) {
        // The user opened another store meanwhile, or the job never created its own.
        if (!message.isEmpty())
            showMessage(message);
        return;
    }
    Q_EMIT reloadRequested(storePath, message);
}

void JobControl::cancel()
{
    if (isJobRunning())
        m_status->cancel();
}

void JobControl::cancelOnClose()
{
    if (isJobRunning())
        m_job->cancel();
}

} // namespace qs
