// MainWindow: the jobs it runs itself — the demo and sweeps — and the one path every job of the
// window goes through (runJob): the status bar's JobStatusArea shows it, the StoreFollower follows
// its store while it grows, and the store is read again when it ends, however it ends.

#include "app/gui/mainwindow.h"

#include "app/gui/jobstatusarea.h"
#include "models/jobs/demojob.h"
#include "models/jobs/sweepjob.h"
#include "models/settings.h"
#include "models/storefollower.h"
#include "widgets/dialogs/sweepdialog.h"

#include <QComboBox>
#include <QFileInfo>
#include <QStatusBar>

namespace qs {

bool MainWindow::isDemoRunning() const
{
    return isJobRunning() && qobject_cast<const DemoJob*>(m_job.data());
}

bool MainWindow::isJobRunning() const
{
    return m_job && m_job->isRunning();
}

void MainWindow::runDemoFromMenu()
{
    startDemo(m_settings->demoDirectory());
}

void MainWindow::startDemo(const QString& dir)
{
    if (isJobRunning()) {
        statusBar()->showMessage(tr("Another job is running; cancel it first"), statusTimeoutMs);
        return;
    }
    auto* job = new DemoJob(dir, this);
    connect(job, &DemoJob::demoFinished, this, [this](const QString& path) {
        const QString absolute = QFileInfo(path).absoluteFilePath();
        m_jobDoneMessage = tr("Demo finished: %1").arg(absolute);
        Q_EMIT demoFinished(absolute);
    });
    runJob(job, job->storePath(), tr("Starting the demo in %1…").arg(dir), tr("Demo failed"),
           tr("Demo cancelled; the store keeps everything computed so far"));
}

void MainWindow::chooseSweep()
{
    const StoreSnapshotPtr snapshot = currentSnapshot();
    if (!snapshot || snapshot->runs.empty() || isJobRunning())
        return;
    QStringList runs;
    for (const RunSnapshot& run : snapshot->runs)
        runs << run.name();
    auto* dialog = new SweepDialog(runs, this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->setRun(m_runCombo->currentText());
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

void MainWindow::startSweep(const QString& storePath, const QString& run, const std::vector<QuantConfig>& configs)
{
    if (isJobRunning()) {
        statusBar()->showMessage(tr("Another job is running; cancel it first"), statusTimeoutMs);
        return;
    }
    // HDF5 refuses to open a file for writing while a read-only handle is open: let pending reads end.
    m_follower->waitForIdle();
    auto* job = new SweepJob(storePath, run, configs, this);
    connect(job, &SweepJob::sweepFinished, this, [this, job](const QString& path) {
        const SweepSummary& summary = job->summary();
        m_jobDoneMessage =
            tr("Sweep of %1 finished: %n entries computed", nullptr, summary.computed).arg(job->runName())
            + (summary.skipped > 0 ? tr(", %n already in the store", nullptr, summary.skipped) : QString());
        Q_EMIT sweepFinished(QFileInfo(path).absoluteFilePath());
    });
    runJob(job, storePath, tr("Sweeping %n config(s) over run %1…", nullptr, int(configs.size())).arg(run),
           tr("Sweep failed"), tr("Sweep cancelled; the store keeps every entry finished so far"));
}

void MainWindow::runJob(Job* job, const QString& storePath, const QString& startMessage, const QString& failTitle,
                        const QString& cancelledMessage)
{
    m_job = job;
    m_jobDoneMessage.clear();
    const QString path = QFileInfo(storePath).absoluteFilePath();

    connect(job, &Job::runningChanged, this, [this, job](bool running) {
        if (running)
            return;
        m_follower->stopFollowingJob();
        updateActions();
        job->deleteLater();
    });
    // The outcome signals follow runningChanged(false); each shows the store as the job left it.
    connect(job, &Job::finished, this, [this, path] { reloadAfterJob(path, m_jobDoneMessage); });
    connect(job, &Job::cancelled, this, [this, path, cancelledMessage] { reloadAfterJob(path, cancelledMessage); });
    connect(job, &Job::failed, this, [this, path, failTitle](const QString& message) {
        reportError(failTitle, message);
        reloadAfterJob(path, message);
    });

    job->start();
    m_jobStatus->track(job, startMessage);
    updateActions();
    m_follower->followJob(path); // shown as it grows
}

void MainWindow::reloadAfterJob(const QString& storePath, const QString& message)
{
    if (m_follower->requestedPath() != storePath || !QFileInfo::exists(storePath)) {
        // The user opened another store meanwhile, or the job never created its own.
        if (!message.isEmpty())
            statusBar()->showMessage(message, statusTimeoutMs);
        return;
    }
    openStore(storePath);
    m_afterLoadMessage = message;
}

void MainWindow::cancelJob()
{
    if (isJobRunning())
        m_jobStatus->cancel();
}

} // namespace qs
