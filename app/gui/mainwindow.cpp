// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
// MainWindow: the assembly — pages, tabs, dock, run bar, status bar and the links between them
// through the Selection — and what it shows of the store its StoreFollower loads.

#include "app/gui/mainwindow.h"

#include "app/gui/clusterstatus.h"
#include "app/gui/fileactions.h"
#include "app/gui/jobcontrol.h"
#include "app/gui/jobstatusarea.h"
#include "app/gui/labactions.h"
#include "core/common/errors.h"
#include "itemmodels/scalingsource.h"
#include "itemmodels/selection.h"
#include "itemmodels/settings.h"
#include "itemmodels/storefollower.h"
#include "widgets/pages/breakdownpage.h"
#include "widgets/pages/heatmappage.h"
#include "widgets/pages/layertablepage.h"
#include "widgets/pages/outlierpage.h"
#include "widgets/pages/ptqpage.h"
#include "widgets/pages/runbrowserpage.h"
#include "widgets/pages/scaling/scalingpage.h"
#include "widgets/pages/trajectory/trajectorypage.h"
#include "widgets/plot/qcp.h"

#include <QAction>
#include <QApplication>
#include <QCloseEvent>
#include <QComboBox>
#include <QDockWidget>
#include <QFileInfo>
#include <QKeyEvent>
#include <QLabel>
#include <QMessageBox>
#include <QSplitter>
#include <QStatusBar>
#include <QTabWidget>
#include <QToolBar>

#include <algorithm>
#include <utility>

namespace qs {

MainWindow::MainWindow(Settings* settings, QWidget* parent)
    : QMainWindow(parent)
    , m_settings(settings ? settings : new Settings(this))
{
    setObjectName(QStringLiteral("mainWindow"));
    registerSnapshotMetaTypes();

    m_follower = new StoreFollower(this);
    connect(m_follower, &StoreFollower::loaded, this, &MainWindow::onLoaded);
    connect(m_follower, &StoreFollower::failed, this,
            [this](const QString&, const QString& message) { onLoadFailed(message); });
    connect(m_follower, &StoreFollower::waiting, this, [this](const QString& message) {
        m_waitingMessage = message;
        statusBar()->showMessage(message, statusTimeoutMs);
    });
    // A poll that found the store as it was rebuilds nothing.
    connect(m_follower, &StoreFollower::unchanged, this, [this](const QString& path) {
        clearWaitingMessage();
        Q_EMIT storeUnchanged(path);
    });

    m_jobs = new JobControl(m_follower, m_settings, this);
    connect(m_jobs, &JobControl::runningChanged, this, &MainWindow::updateActions);
    connect(m_jobs, &JobControl::reloadRequested, this, &MainWindow::reloadAfterJob);
    connect(m_jobs, &JobControl::errorOccurred, this, &MainWindow::reportError);
    connect(m_jobs, &JobControl::demoFinished, this, &MainWindow::demoFinished);
    connect(m_jobs, &JobControl::sweepFinished, this, &MainWindow::sweepFinished);

    // One selection links every view: a click in one selects the same run, checkpoint, config and
    // layer in all of them.
    m_selection = new Selection(this);
    m_trajectory = new TrajectoryPage(m_selection);
    m_heatmap = new HeatmapPage(m_selection);
    m_breakdown = new BreakdownPage(m_selection);
    m_outliers = new OutlierPage(m_selection);
    m_layerTable = new LayerTablePage;
    m_ptq = new PtqPage(m_selection);
    m_scaling = new ScalingPage;
    m_tabs = new QTabWidget;
    m_tabs->setObjectName(QStringLiteral("viewTabs"));
    m_tabs->setDocumentMode(true);
    m_tabs->addTab(m_heatmap, tr("&Heatmap"));
    m_tabs->addTab(m_breakdown, tr("&Breakdown"));
    m_tabs->addTab(m_outliers, tr("&Outliers"));
    m_tabs->addTab(m_layerTable, tr("&Layers"));
    m_tabs->addTab(m_ptq, tr("&PTQ vs LR decay"));
    m_tabs->addTab(m_scaling, tr("&Scaling laws"));
    connect(m_scaling, &ScalingPage::lawChanged, this, &MainWindow::feedScalingPoints);
    connect(m_tabs, &QTabWidget::currentChanged, this, [this] {
        if (m_exportAction)
            updateActions();
    });
    m_splitter = new QSplitter(Qt::Vertical);
    m_splitter->setObjectName(QStringLiteral("pageSplitter"));
    m_splitter->addWidget(m_trajectory);
    m_splitter->addWidget(m_tabs);
    m_splitter->setStretchFactor(0, 1);
    m_splitter->setStretchFactor(1, 1);
    m_splitter->setChildrenCollapsible(false);
    setCentralWidget(m_splitter);

    m_browser = new RunBrowserPage(m_selection);
    auto* browserDock = new QDockWidget(tr("Runs"), this);
    browserDock->setObjectName(QStringLiteral("runBrowserDock"));
    browserDock->setWidget(m_browser);
    addDockWidget(Qt::LeftDockWidgetArea, browserDock);

    // Arrow keys on a plot move through checkpoints (left/right) and layers (up/down).
    for (QWidget* page : {static_cast<QWidget*>(m_trajectory), static_cast<QWidget*>(m_heatmap),
                          static_cast<QWidget*>(m_breakdown), static_cast<QWidget*>(m_outliers)}) {
        for (QCustomPlot* plot : page->findChildren<QCustomPlot*>()) {
            plot->setFocusPolicy(Qt::StrongFocus);
            plot->installEventFilter(this);
        }
    }

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

    m_trajectory->setXAxis(m_settings->lastXAxis());
    connect(m_trajectory, &TrajectoryPage::xAxisChanged, this,
            [this](TrajectoryAxis axis) { m_settings->setLastXAxis(axis); });
    connect(m_trajectory, &TrajectoryPage::checkpointSelected, m_selection, &Selection::setCheckpoint);
    connect(m_selection, &Selection::checkpointChanged, this, [this](int index) {
        m_trajectory->selectCheckpoint(index);
        m_layerTable->setCheckpoint(index);
    });
    connect(m_selection, &Selection::configChanged, this, [this](int index) {
        if (index >= 0)
            m_layerTable->setConfig(index);
    });
    connect(m_selection, &Selection::runChanged, this, [this](int index) {
        if (index >= 0 && index != m_runIndex) {
            const QSignalBlocker blocker(m_runCombo);
            m_runCombo->setCurrentIndex(index);
            showRun(index);
        }
    });

    m_files = new FileActions(m_trajectory, m_tabs, m_scaling, m_settings, m_follower, m_jobs, this);
    connect(m_files, &FileActions::storeRequested, this, &MainWindow::openStore);
    connect(m_files, &FileActions::runRequested, this, [this](const QString& run) { m_runAfterLoad = run; });
    connect(m_files, &FileActions::figureSaved, this, &MainWindow::figureSaved);
    connect(m_files, &FileActions::errorOccurred, this, &MainWindow::reportError);
    m_lab = new LabActions(m_selection, m_settings, m_follower, m_jobs, this);

    createMenus();
    createStatusBar();

    setAcceptDrops(true);
    if (!restoreGeometry(m_settings->windowGeometry()))
        resize(1440, 960);
    restoreState(m_settings->windowState());
    // The trajectory, the main view, gets a little more than half the height at first (its plot, title,
    // controls and legend all need room); later the user's split is restored.
    if (!m_splitter->restoreState(m_settings->splitterState()))
        m_splitter->setSizes({550, 450});
    m_tabs->setCurrentIndex(std::min(m_settings->viewTab(), m_tabs->count() - 1));
    updateTitle();
}

MainWindow::~MainWindow()
{
    m_follower->stopFollowingJob();
    delete m_jobs; // waits for the job's worker before the pages it reports to go away
    m_jobs = nullptr;
}

StoreSnapshotPtr MainWindow::currentSnapshot() const
{
    return m_follower->snapshot();
}

QString MainWindow::currentStorePath() const
{
    return m_follower->currentPath();
}

void MainWindow::setJobPollInterval(int ms)
{
    m_follower->setPollInterval(ms);
}

bool MainWindow::isDemoRunning() const
{
    return m_jobs->isDemoRunning();
}

bool MainWindow::isJobRunning() const
{
    return m_jobs->isJobRunning();
}

FigureExporter* MainWindow::exporter() const
{
    return m_files->exporter();
}

void MainWindow::startDemo(const QString& dir)
{
    m_jobs->startDemo(dir);
}

void MainWindow::startRecipe(const QString& name, const QString& dir)
{
    m_lab->startRecipe(name, dir);
}

void MainWindow::startCooldown(const QString& run, qint64 step, qint64 steps)
{
    m_lab->startCooldown(run, step, steps);
}

void MainWindow::startLawa(const QString& run, int window)
{
    m_lab->startLawa(run, window);
}

void MainWindow::startSweep(const QString& storePath, const QString& run, const std::vector<QuantConfig>& configs)
{
    m_jobs->startSweep(storePath, run, configs);
}

void MainWindow::cancelJob()
{
    m_jobs->cancel();
}

bool MainWindow::exportFigure(const QString& path)
{
    return m_files->exportFigure(path);
}

bool MainWindow::startExport(FigureView& view, const QString& path, const FigureExportOptions& options)
{
    return m_files->startExport(view, path, options);
}

void MainWindow::createStatusBar()
{
    JobStatusArea* jobStatus = m_jobs->makeStatusArea();
    m_runLabel = new QLabel(this);
    m_runLabel->setTextInteractionFlags(Qt::TextSelectableByMouse);
    statusBar()->addWidget(m_runLabel, 1);
    statusBar()->addPermanentWidget(jobStatus);
    m_clusterStatus = new ClusterStatus(this);
    statusBar()->addPermanentWidget(m_clusterStatus);
    updateActions();
}

void MainWindow::openStore(const QString& path)
{
    if (path.isEmpty())
        return;
    m_runAfterLoad.clear();
    m_afterLoadMessage.clear();
    const QString absolute = m_follower->open(path);
    statusBar()->showMessage(tr("Loading %1…").arg(absolute));
}

void MainWindow::onLoaded(const StoreSnapshotPtr& snapshot, int runIndex, bool userRequest)
{
    clearWaitingMessage();
    showSnapshot(snapshot, runIndex);
    if (userRequest && !m_runAfterLoad.isEmpty()) {
        if (const int run = snapshot->runIndex(m_runAfterLoad); run >= 0)
            m_selection->setRun(run);
        m_runAfterLoad.clear();
    }
    if (userRequest) {
        m_settings->addRecentStore(snapshot->path);
        statusBar()->showMessage(
            m_afterLoadMessage.isEmpty() ? tr("Loaded %1").arg(snapshot->path) : m_afterLoadMessage, statusTimeoutMs);
        m_afterLoadMessage.clear();
    }
    Q_EMIT storeLoaded(snapshot->path);
}

void MainWindow::reloadAfterJob(const QString& storePath, const QString& message)
{
    openStore(storePath);
    m_afterLoadMessage = message;
}

void MainWindow::clearWaitingMessage()
{
    // The store reads again: the message that it did not goes with it.
    if (!m_waitingMessage.isEmpty() && statusBar()->currentMessage() == m_waitingMessage)
        statusBar()->clearMessage();
    m_waitingMessage.clear();
}

void MainWindow::onLoadFailed(const QString& message)
{
    statusBar()->clearMessage();
    m_afterLoadMessage.clear();
    reportError(tr("Cannot open store"), message);
}

// `snapshot` is currentSnapshot() now; `runIndex` the run the follower kept by name.
void MainWindow::showSnapshot(const StoreSnapshotPtr& snapshot, int runIndex)
{
    {
        const QSignalBlocker blocker(m_runCombo);
        m_runCombo->clear();
        for (const RunSnapshot& run : snapshot->runs)
            m_runCombo->addItem(run.name());
        m_runCombo->setCurrentIndex(runIndex);
    }
    m_runBar->setVisible(snapshot->runs.size() > 1);
    m_clusterStatus->setSnapshot(snapshot);
    updateActions();
    m_runIndex = -1;
    showRun(runIndex);
    m_selection->setSnapshot(snapshot);
    if (runIndex >= 0)
        m_selection->setRun(runIndex);
    feedScalingPoints();
    updateTitle();
}

void MainWindow::feedScalingPoints()
{
    const std::string current = m_scaling->measuredData().source;
    const bool fromStore = m_scaling->measuredData().points.empty() || current == m_scalingStoreSource;
    const StoreSnapshotPtr snapshot = currentSnapshot();
    if (!fromStore || !snapshot)
        return;
    const scaling::Law& law = m_scaling->law();
    scaling::ScalingData data;
    try {
        data = scalingDataFromSnapshot(*snapshot, law.kind(), law.variant());
    } catch (const Error&) {
        // No point of this law in the store (e.g. no QAT runs): the page shows its curves without points.
        data.source = snapshot->path.toStdString();
    }
    m_scalingStoreSource = data.source;
    if (data.points.empty() && current.empty())
        return;
    const QSignalBlocker blocker(m_scaling); // setMeasuredData does not change the law
    m_scaling->setMeasuredData(std::move(data));
}

void MainWindow::showRun(int runIndex)
{
    m_runIndex = runIndex;
    m_trajectory->setSnapshot(currentSnapshot(), runIndex);
    m_layerTable->setSnapshot(currentSnapshot(), runIndex);
    const RunSnapshot* run = m_trajectory->run();
    m_follower->setShownRun(run ? run->name() : QString());
    m_runLabel->clear();
    if (!run)
        return;
    m_runLabel->setText(tr("Run %1: %2 schedule, %3 checkpoints, trained on %4")
                            .arg(run->name(), QString::fromStdString(run->info.schedule).toUpper())
                            .arg(run->checkpoints.size())
                            .arg(QString::fromStdString(run->info.corpus)));
    m_runLabel->setToolTip(QString::fromStdString(run->info.trainConfigJson));
    m_selection->setRun(runIndex);
    const int checkpoint = m_selection->runIndex() == runIndex && m_selection->checkpoint() >= 0
        ? m_selection->checkpoint()
        : defaultCheckpoint(*run);
    m_trajectory->selectCheckpoint(checkpoint);
    m_layerTable->setCheckpoint(checkpoint);
}

bool MainWindow::eventFilter(QObject* watched, QEvent* event)
{
    if (event->type() == QEvent::KeyPress && qobject_cast<QCustomPlot*>(watched)) {
        switch (static_cast<QKeyEvent*>(event)->key()) {
        case Qt::Key_Left:
            m_selection->stepCheckpoint(-1);
            return true;
        case Qt::Key_Right:
            m_selection->stepCheckpoint(+1);
            return true;
        case Qt::Key_Up:
            m_selection->stepLayer(-1);
            return true;
        case Qt::Key_Down:
            m_selection->stepLayer(+1);
            return true;
        default:
            break;
        }
    }
    return QMainWindow::eventFilter(watched, event);
}

void MainWindow::updateTitle()
{
    const QString path = currentStorePath();
    if (path.isEmpty()) {
        setWindowTitle(tr("QuantScope"));
        setWindowFilePath(QString());
        return;
    }
    setWindowFilePath(path);
    setWindowTitle(tr("%1 — QuantScope").arg(QFileInfo(path).fileName()));
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

void MainWindow::closeEvent(QCloseEvent* event)
{
    m_settings->setWindowGeometry(saveGeometry());
    m_settings->setWindowState(saveState());
    m_settings->setSplitterState(m_splitter->saveState());
    m_settings->setViewTab(m_tabs->currentIndex());
    m_settings->sync();
    m_jobs->cancelOnClose();
    QMainWindow::closeEvent(event);
}

void MainWindow::dragEnterEvent(QDragEnterEvent* event)
{
    m_files->dragEnter(event);
}

void MainWindow::dropEvent(QDropEvent* event)
{
    m_files->drop(event);
}

} // namespace qs
