#include "mainwindow.h"

#include "demojob.h"
#include "figureexport.h"
#include "layertablepage.h"
#include "settings.h"
#include "storeloadjob.h"
#include "sweepdialog.h"
#include "sweepjob.h"
#include "trajectorypage.h"

#include <QAction>
#include <QCloseEvent>
#include <QComboBox>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QLabel>
#include <QMenuBar>
#include <QMessageBox>
#include <QMimeData>
#include <QProgressBar>
#include <QSplitter>
#include <QStatusBar>
#include <QToolBar>
#include <QToolButton>

#include <algorithm>

namespace qs {

namespace {

constexpr int jobPollMs = 2000;
constexpr int statusTimeoutMs = 8000;

bool isStoreFile(const QString& path)
{
    const QString suffix = QFileInfo(path).suffix().toLower();
    return suffix == QLatin1String("h5") || suffix == QLatin1String("hdf5");
}

// The checkpoint to show first: the last one any config has results for (the end of training is
// where quantization hurts most), else the last one.
int defaultCheckpoint(const RunSnapshot& run)
{
    for (int i = int(run.checkpoints.size()) - 1; i >= 0; --i) {
        for (const ConfigSnapshot& config : run.configs) {
            if (config.isDone(i))
                return i;
        }
    }
    return int(run.checkpoints.size()) - 1;
}

} // namespace

MainWindow::MainWindow(Settings* settings, QWidget* parent)
    : QMainWindow(parent)
    , m_settings(settings ? settings : new Settings(this))
{
    setObjectName(QStringLiteral("mainWindow"));
    registerSnapshotMetaTypes();

    m_loader = new StoreLoadJob(this);
    connect(m_loader, &StoreLoadJob::loaded, this, &MainWindow::onLoaded);
    connect(m_loader, &StoreLoadJob::failed, this, &MainWindow::onLoadFailed);

    m_trajectory = new TrajectoryPage;
    m_layerTable = new LayerTablePage;
    m_splitter = new QSplitter(Qt::Vertical);
    m_splitter->setObjectName(QStringLiteral("pageSplitter"));
    m_splitter->addWidget(m_trajectory);
    m_splitter->addWidget(m_layerTable);
    m_splitter->setStretchFactor(0, 3);
    m_splitter->setStretchFactor(1, 2);
    m_splitter->setChildrenCollapsible(false);
    setCentralWidget(m_splitter);

    m_runBar = addToolBar(tr("Run"));
    m_runBar->setObjectName(QStringLiteral("runToolBar"));
    m_runCombo = new QComboBox(m_runBar);
    m_runCombo->setObjectName(QStringLiteral("runCombo"));
    m_runCombo->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    m_runBar->addWidget(new QLabel(tr("Run: "), m_runBar));
    m_runBar->addWidget(m_runCombo);
    m_runBar->setVisible(false);
    connect(m_runCombo, &QComboBox::currentIndexChanged, this, [this](int index) {
        if (index >= 0 && index != m_runIndex)
            showRun(index);
    });

    m_trajectory->setXAxis(m_settings->lastXAxis() == Settings::XAxis::Tokens ? TrajectoryPage::XAxis::Tokens
                                                                              : TrajectoryPage::XAxis::Step);
    connect(m_trajectory, &TrajectoryPage::xAxisChanged, this, [this](TrajectoryPage::XAxis axis) {
        m_settings->setLastXAxis(axis == TrajectoryPage::XAxis::Tokens ? Settings::XAxis::Tokens
                                                                       : Settings::XAxis::Step);
    });
    connect(m_trajectory, &TrajectoryPage::checkpointSelected, m_layerTable, &LayerTablePage::setCheckpoint);

    createMenus();
    createStatusBar();

    m_pollTimer.setInterval(jobPollMs);
    connect(&m_pollTimer, &QTimer::timeout, this, &MainWindow::pollJobStore);

    setAcceptDrops(true);
    if (!restoreGeometry(m_settings->windowGeometry()))
        resize(1200, 860);
    restoreState(m_settings->windowState());
    updateTitle();
}

MainWindow::~MainWindow()
{
    m_pollTimer.stop();
    delete m_job; // waits for the worker before the pages it reports to go away
}

QString MainWindow::currentStorePath() const
{
    return m_snapshot ? m_snapshot->path : QString();
}

bool MainWindow::isDemoRunning() const
{
    return isJobRunning() && qobject_cast<const DemoJob*>(m_job.data());
}

bool MainWindow::isJobRunning() const
{
    return m_job && m_job->isRunning();
}

void MainWindow::createMenus()
{
    QMenu* file = menuBar()->addMenu(tr("&File"));

    QAction* open = file->addAction(tr("&Open…"), this, &MainWindow::chooseStore);
    open->setShortcut(QKeySequence::Open);
    open->setStatusTip(tr("Open a QuantScope results store (.h5)"));

    m_recentMenu = file->addMenu(tr("Open &Recent"));
    connect(m_recentMenu, &QMenu::aboutToShow, this, &MainWindow::rebuildRecentMenu);
    rebuildRecentMenu();

    file->addSeparator();
    m_demoAction = file->addAction(tr("Run &Demo"), this, &MainWindow::runDemoFromMenu);
    m_demoAction->setStatusTip(tr("Train a small byte-level LM with a WSD schedule and quantize every checkpoint"));
    m_sweepAction = file->addAction(tr("Run &Sweep…"), this, &MainWindow::chooseSweep);
    m_sweepAction->setObjectName(QStringLiteral("sweepAction"));
    m_sweepAction->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_R));
    m_sweepAction->setStatusTip(tr("Quantize every checkpoint of a run of this store with configs of your choice"));

    file->addSeparator();
    m_exportAction = file->addAction(tr("&Export Figure…"), this, &MainWindow::chooseExportFile);
    m_exportAction->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_E));
    m_exportAction->setEnabled(false);

    file->addSeparator();
    QAction* quit = file->addAction(tr("&Quit"), this, &QWidget::close);
    quit->setShortcut(QKeySequence::Quit);
    quit->setMenuRole(QAction::QuitRole);

    m_mainBar = addToolBar(tr("Main"));
    m_mainBar->setObjectName(QStringLiteral("mainToolBar"));
    m_mainBar->setToolButtonStyle(Qt::ToolButtonTextOnly);
    m_mainBar->addAction(open);
    m_mainBar->addAction(m_sweepAction);
    m_mainBar->addAction(m_exportAction);
    updateActions();
}

void MainWindow::updateActions()
{
    const bool busy = isJobRunning();
    m_demoAction->setEnabled(!busy);
    m_sweepAction->setEnabled(!busy && m_snapshot && !m_snapshot->runs.empty());
}

void MainWindow::createStatusBar()
{
    m_jobLabel = new QLabel(this);
    m_progress = new QProgressBar(this);
    m_progress->setRange(0, 1000);
    m_progress->setMaximumWidth(220);
    m_progress->setTextVisible(true);
    m_cancelButton = new QToolButton(this);
    m_cancelButton->setText(tr("Cancel"));
    m_cancelButton->setToolTip(tr("Stop the running job at its next safe point"));
    connect(m_cancelButton, &QToolButton::clicked, this, &MainWindow::cancelJob);
    m_runLabel = new QLabel(this);
    m_runLabel->setTextInteractionFlags(Qt::TextSelectableByMouse);
    statusBar()->addWidget(m_runLabel, 1);
    statusBar()->addPermanentWidget(m_jobLabel);
    statusBar()->addPermanentWidget(m_progress);
    statusBar()->addPermanentWidget(m_cancelButton);
    setJobUi(false);
}

void MainWindow::setJobUi(bool running, const QString& message)
{
    m_jobLabel->setVisible(running);
    m_progress->setVisible(running);
    m_cancelButton->setVisible(running);
    m_cancelButton->setEnabled(running);
    updateActions();
    if (running) {
        m_progress->setValue(0);
        m_jobLabel->setText(message);
    }
}

void MainWindow::rebuildRecentMenu()
{
    m_recentMenu->clear();
    const QStringList recent = m_settings->recentStores();
    for (const QString& path : recent) {
        QAction* action = m_recentMenu->addAction(QFileInfo(path).fileName(), this, [this, path] { openStore(path); });
        action->setToolTip(path);
        action->setStatusTip(path);
    }
    if (recent.isEmpty())
        m_recentMenu->addAction(tr("No recent stores"))->setEnabled(false);
    m_recentMenu->addSeparator();
    QAction* clear = m_recentMenu->addAction(tr("&Clear Menu"), m_settings, &Settings::clearRecentStores);
    clear->setEnabled(!recent.isEmpty());
}

void MainWindow::openStore(const QString& path)
{
    if (path.isEmpty())
        return;
    m_requestedPath = QFileInfo(path).absoluteFilePath();
    m_pollLoad = false;
    m_afterLoadMessage.clear();
    statusBar()->showMessage(tr("Loading %1…").arg(m_requestedPath));
    m_loader->load(m_requestedPath);
}

void MainWindow::onLoaded(const StoreSnapshotPtr& snapshot)
{
    const bool userRequest = !m_pollLoad;
    showSnapshot(snapshot);
    if (userRequest) {
        m_settings->addRecentStore(snapshot->path);
        statusBar()->showMessage(m_afterLoadMessage.isEmpty() ? tr("Loaded %1").arg(snapshot->path) : m_afterLoadMessage,
                                 statusTimeoutMs);
        m_afterLoadMessage.clear();
    }
    Q_EMIT storeLoaded(snapshot->path);
}

void MainWindow::onLoadFailed(const QString& path, const QString& message)
{
    if (m_pollLoad) {
        // A store being written can be briefly unreadable; the next poll tries again.
        statusBar()->showMessage(tr("Waiting for %1: %2").arg(path, message), statusTimeoutMs);
        return;
    }
    statusBar()->clearMessage();
    m_afterLoadMessage.clear();
    reportError(tr("Cannot open store"), message.contains(path) ? message : tr("%1: %2").arg(path, message));
}

void MainWindow::showSnapshot(const StoreSnapshotPtr& snapshot)
{
    const QString previousRun = m_snapshot && m_snapshot->path == snapshot->path && m_runCombo->currentIndex() >= 0
                                    ? m_runCombo->currentText()
                                    : QString();
    m_snapshot = snapshot;
    int runIndex = snapshot->runs.empty() ? -1 : std::max(0, snapshot->runIndex(previousRun));
    {
        const QSignalBlocker blocker(m_runCombo);
        m_runCombo->clear();
        for (const RunSnapshot& run : snapshot->runs)
            m_runCombo->addItem(run.name());
        m_runCombo->setCurrentIndex(runIndex);
    }
    m_runBar->setVisible(snapshot->runs.size() > 1);
    m_exportAction->setEnabled(runIndex >= 0);
    updateActions();
    m_runIndex = -1;
    showRun(runIndex);
    updateTitle();
}

void MainWindow::showRun(int runIndex)
{
    m_runIndex = runIndex;
    m_trajectory->setSnapshot(m_snapshot, runIndex);
    m_layerTable->setSnapshot(m_snapshot, runIndex);
    const RunSnapshot* run = m_trajectory->run();
    m_runLabel->clear();
    if (!run)
        return;
    m_runLabel->setText(tr("Run %1: %2 schedule, %3 checkpoints, trained on %4")
                            .arg(run->name(), QString::fromStdString(run->info.schedule).toUpper())
                            .arg(run->checkpoints.size())
                            .arg(QString::fromStdString(run->info.corpus)));
    m_runLabel->setToolTip(QString::fromStdString(run->info.trainConfigJson));
    if (m_trajectory->selectedCheckpoint() < 0)
        m_trajectory->selectCheckpoint(defaultCheckpoint(*run)); // also tells the layer table
    else
        m_layerTable->setCheckpoint(m_trajectory->selectedCheckpoint());
}

void MainWindow::updateTitle()
{
    if (!m_snapshot) {
        setWindowTitle(tr("QuantScope"));
        setWindowFilePath(QString());
        return;
    }
    setWindowFilePath(m_snapshot->path);
    setWindowTitle(tr("%1 — QuantScope").arg(QFileInfo(m_snapshot->path).fileName()));
}

void MainWindow::reportError(const QString& title, const QString& message)
{
    statusBar()->showMessage(message, statusTimeoutMs);
    Q_EMIT errorOccurred(message);
    // Window-modal and non-blocking, so loads and jobs keep running behind it.
    auto* box = new QMessageBox(QMessageBox::Critical, title, message, QMessageBox::Ok, this);
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->open();
}

void MainWindow::chooseStore()
{
    const QString start = m_snapshot ? QFileInfo(m_snapshot->path).absolutePath() : QString();
    const QString path = QFileDialog::getOpenFileName(this, tr("Open Store"), start,
                                                      tr("QuantScope stores (*.h5 *.hdf5);;All files (*)"));
    if (!path.isEmpty())
        openStore(path);
}

bool MainWindow::exportFigure(const QString& path)
{
    QString error;
    if (!exportTrajectoryFigure(*m_trajectory, path, &error)) {
        reportError(tr("Cannot export figure"), error);
        return false;
    }
    statusBar()->showMessage(tr("Saved %1").arg(path), statusTimeoutMs);
    return true;
}

void MainWindow::chooseExportFile()
{
    if (!m_snapshot)
        return;
    const QString base = QFileInfo(m_snapshot->path).absolutePath() + QLatin1Char('/')
                         + QFileInfo(m_snapshot->path).completeBaseName() + QStringLiteral("-trajectory.pdf");
    QString selectedFilter;
    QString path = QFileDialog::getSaveFileName(this, tr("Export Figure"), base,
                                                tr("PDF document (*.pdf);;PNG image (*.png);;SVG image (*.svg)"),
                                                &selectedFilter);
    if (path.isEmpty())
        return;
    if (QFileInfo(path).suffix().isEmpty()) {
        if (selectedFilter.contains(QLatin1String("*.png")))
            path += QStringLiteral(".png");
        else if (selectedFilter.contains(QLatin1String("*.svg")))
            path += QStringLiteral(".svg");
        else
            path += QStringLiteral(".pdf");
    }
    exportFigure(path);
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
    if (!m_snapshot || m_snapshot->runs.empty() || isJobRunning())
        return;
    QStringList runs;
    for (const RunSnapshot& run : m_snapshot->runs)
        runs << run.name();
    auto* dialog = new SweepDialog(runs, this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->setRun(m_runCombo->currentText());
    const QString specs = m_settings->sweepSpecs();
    if (!specs.trimmed().isEmpty())
        dialog->setSpecText(specs);
    const QString storePath = m_snapshot->path;
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
    m_loader->waitForIdle();
    auto* job = new SweepJob(storePath, run, configs, this);
    connect(job, &SweepJob::sweepFinished, this, [this, job](const QString& path) {
        const SweepSummary& summary = job->summary();
        m_jobDoneMessage = tr("Sweep of %1 finished: %n entries computed", nullptr, summary.computed).arg(job->runName())
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
    m_jobStorePath = path;
    m_requestedPath = path; // follow the job's store while it grows

    connect(job, &Job::progressChanged, this, [this](double fraction, const QString& message, const QString& eta) {
        m_progress->setValue(int(fraction * 1000.0));
        m_jobLabel->setText(eta.isEmpty() ? message : tr("%1 (%2)").arg(message, eta));
    });
    connect(job, &Job::runningChanged, this, [this, job](bool running) {
        if (running)
            return;
        m_pollTimer.stop();
        m_jobStorePath.clear();
        setJobUi(false);
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
    setJobUi(true, startMessage);
    m_pollTimer.start();
}

void MainWindow::reloadAfterJob(const QString& storePath, const QString& message)
{
    if (m_requestedPath != storePath || !QFileInfo::exists(storePath)) {
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
    if (isJobRunning()) {
        m_job->cancel();
        m_cancelButton->setEnabled(false);
        m_jobLabel->setText(tr("Cancelling…"));
    }
}

void MainWindow::pollJobStore()
{
    if (!isJobRunning() || m_loader->isLoading())
        return;
    if (m_requestedPath != m_jobStorePath || !QFileInfo::exists(m_jobStorePath))
        return; // the user opened another store meanwhile, or the job has not created it yet
    m_pollLoad = true;
    m_loader->load(m_jobStorePath);
}

void MainWindow::closeEvent(QCloseEvent* event)
{
    m_settings->setWindowGeometry(saveGeometry());
    m_settings->setWindowState(saveState());
    m_settings->sync();
    if (isJobRunning())
        m_job->cancel(); // the store keeps what was computed; the destructor waits for the worker
    QMainWindow::closeEvent(event);
}

void MainWindow::dragEnterEvent(QDragEnterEvent* event)
{
    const QList<QUrl> urls = event->mimeData()->urls();
    if (urls.size() == 1 && urls.first().isLocalFile() && isStoreFile(urls.first().toLocalFile()))
        event->acceptProposedAction();
}

void MainWindow::dropEvent(QDropEvent* event)
{
    const QList<QUrl> urls = event->mimeData()->urls();
    if (urls.size() == 1 && urls.first().isLocalFile()) {
        event->acceptProposedAction();
        openStore(urls.first().toLocalFile());
    }
}

} // namespace qs
