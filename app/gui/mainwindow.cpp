#include "app/gui/mainwindow.h"

#include "widgets/pages/breakdownpage.h"
#include "models/checkpointfolder.h"
#include "core/common/errors.h"
#include "models/jobs/demojob.h"
#include "widgets/dialogs/exportdialog.h"
#include "widgets/plot/figureexport.h"
#include "widgets/plot/figureexportjob.h"
#include "widgets/pages/heatmappage.h"
#include "app/gui/language.h"
#include "widgets/pages/layertablepage.h"
#include "widgets/pages/outlierpage.h"
#include "widgets/pages/ptqpage.h"
#include "widgets/plot/qcp.h"
#include "widgets/pages/runbrowserpage.h"
#include "widgets/pages/scaling/scalingpage.h"
#include "models/scalingsource.h"
#include "models/selection.h"
#include "models/settings.h"
#include "models/jobs/storeloadjob.h"
#include "widgets/dialogs/sweepdialog.h"
#include "models/jobs/sweepjob.h"
#include "app/gui/theme.h"
#include "widgets/pages/trajectory/trajectorypage.h"

#include <QAction>
#include <QActionGroup>
#include <QApplication>
#include <QCloseEvent>
#include <QComboBox>
#include <QDir>
#include <QDockWidget>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QFileSystemWatcher>
#include <QKeyEvent>
#include <QLabel>
#include <QMenuBar>
#include <QMessageBox>
#include <QMimeData>
#include <QProgressBar>
#include <QSplitter>
#include <QStatusBar>
#include <QTabWidget>
#include <QToolBar>
#include <QToolButton>

#include <algorithm>
#include <utility>

namespace qs {

namespace {

constexpr int jobPollMs = 2000;
// Another process writes the shown store: re-read it at most this often.
constexpr int externalReloadMs = 500;

} // namespace

MainWindow::MainWindow(Settings* settings, QWidget* parent)
    : QMainWindow(parent)
    , m_settings(settings ? settings : new Settings(this))
{
    setObjectName(QStringLiteral("mainWindow"));
    registerSnapshotMetaTypes();

    m_exports = new FigureExportJob(this);
    connect(m_exports, &FigureExportJob::saved, this, [this](const QString& path) {
        statusBar()->showMessage(tr("Saved %1").arg(path), statusTimeoutMs);
        Q_EMIT figureSaved(path);
    });
    connect(m_exports, &FigureExportJob::failed, this, [this](const QString&, const QString& message) {
        statusBar()->clearMessage();
        reportError(tr("Cannot export figure"), message);
    });

    m_loader = new StoreLoadJob(this);
    connect(m_loader, &StoreLoadJob::loaded, this, &MainWindow::onLoaded);
    connect(m_loader, &StoreLoadJob::failed, this, &MainWindow::onLoadFailed);
    // A poll that found the store as it was rebuilds nothing.
    connect(m_loader, &StoreLoadJob::unchanged, this, [this](const QString& path) { Q_EMIT storeUnchanged(path); });

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

    m_trajectory->setXAxis(m_settings->lastXAxis() == Settings::XAxis::Tokens ? TrajectoryPage::XAxis::Tokens
                                                                              : TrajectoryPage::XAxis::Step);
    connect(m_trajectory, &TrajectoryPage::xAxisChanged, this, [this](TrajectoryPage::XAxis axis) {
        m_settings->setLastXAxis(axis == TrajectoryPage::XAxis::Tokens ? Settings::XAxis::Tokens
                                                                       : Settings::XAxis::Step);
    });
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

    createMenus();
    createStatusBar();

    m_pollTimer.setInterval(jobPollMs);
    connect(&m_pollTimer, &QTimer::timeout, this, &MainWindow::pollJobStore);

    m_watcher = new QFileSystemWatcher(this);
    m_externalReload.setSingleShot(true);
    m_externalReload.setInterval(externalReloadMs);
    connect(m_watcher, &QFileSystemWatcher::fileChanged, this, [this](const QString& path) {
        if (path == currentStorePath() && !m_externalReload.isActive())
            m_externalReload.start();
    });
    connect(&m_externalReload, &QTimer::timeout, this, &MainWindow::reloadExternalChange);

    setAcceptDrops(true);
    if (!restoreGeometry(m_settings->windowGeometry()))
        resize(1440, 960);
    restoreState(m_settings->windowState());
    m_splitter->restoreState(m_settings->splitterState());
    m_tabs->setCurrentIndex(std::min(m_settings->viewTab(), m_tabs->count() - 1));
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
    m_importAction = file->addAction(tr("&Import Hugging Face Trajectory…"), this, [this] { chooseImport(); });
    m_importAction->setObjectName(QStringLiteral("importAction"));
    m_importAction->setStatusTip(tr("Make a run of a folder of Hugging Face revisions, to sweep like a trained run"));
    createLabActions(file);
    createRecipesMenu(file);

    file->addSeparator();
    m_exportAction = file->addAction(tr("&Export Figure…"), this, &MainWindow::chooseExportFile);
    m_exportAction->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_E));
    m_exportAction->setEnabled(false);

    file->addSeparator();
    QAction* quit = file->addAction(tr("&Quit"), this, &QWidget::close);
    quit->setShortcut(QKeySequence::Quit);
    quit->setMenuRole(QAction::QuitRole);

    createViewMenu();

    m_mainBar = addToolBar(tr("Main"));
    m_mainBar->setObjectName(QStringLiteral("mainToolBar"));
    m_mainBar->setToolButtonStyle(Qt::ToolButtonTextOnly);
    m_mainBar->addAction(open);
    m_mainBar->addAction(m_sweepAction);
    m_mainBar->addAction(m_exportAction);
    updateActions();
}

void MainWindow::createViewMenu()
{
    QMenu* view = menuBar()->addMenu(tr("&View"));

    QMenu* themeMenu = view->addMenu(tr("&Theme"));
    auto* themes = new QActionGroup(this);
    themes->setObjectName(QStringLiteral("themeActions"));
    const std::pair<Settings::Theme, QString> themeItems[] = {
        {Settings::Theme::System, tr("&System")},
        {Settings::Theme::Light, tr("&Light")},
        {Settings::Theme::Dark, tr("&Dark")},
    };
    for (const auto& [theme, text] : themeItems) {
        QAction* action = themeMenu->addAction(text);
        action->setCheckable(true);
        action->setChecked(theme == m_settings->theme());
        action->setData(int(theme));
        themes->addAction(action);
        connect(action, &QAction::triggered, this, [this, theme = theme] {
            m_settings->setTheme(theme);
            applyTheme(theme);
        });
    }

    QMenu* languageMenu = view->addMenu(tr("&Language"));
    auto* languages = new QActionGroup(this);
    languages->setObjectName(QStringLiteral("languageActions"));
    const QString current = m_settings->language();
    QAction* system = languageMenu->addAction(tr("&System"));
    system->setStatusTip(tr("Follow the language of the operating system"));
    languageMenu->addSeparator();
    QList<QAction*> actions {system};
    QStringList codes {QString()};
    for (const UiLanguage& language : uiLanguages()) {
        actions << languageMenu->addAction(language.nativeName);
        codes << language.code;
    }
    for (int i = 0; i < actions.size(); ++i) {
        QAction* action = actions.at(i);
        const QString code = codes.at(i);
        action->setCheckable(true);
        action->setChecked(code == current);
        action->setData(code);
        languages->addAction(action);
        connect(action, &QAction::triggered, this, [this, code] { chooseLanguage(code); });
    }
}

void MainWindow::chooseLanguage(const QString& code)
{
    if (code == m_settings->language())
        return;
    m_settings->setLanguage(code);
    m_settings->sync();
    const QString message = tr("The new language applies the next time QuantScope starts.");
    statusBar()->showMessage(message, statusTimeoutMs);
    auto* box = new QMessageBox(QMessageBox::Information, tr("Language"), message, QMessageBox::Ok, this);
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->open();
}

void MainWindow::updateActions()
{
    // The scaling page draws laws without a store; the other views need a run.
    const bool hasRun = m_snapshot && !m_snapshot->runs.empty();
    m_exportAction->setEnabled(hasRun || m_tabs->currentWidget() == m_scaling);
    const bool busy = isJobRunning();
    m_demoAction->setEnabled(!busy);
    m_sweepAction->setEnabled(!busy && m_snapshot && !m_snapshot->runs.empty());
    m_importAction->setEnabled(!busy);
    m_recipesMenu->setEnabled(!busy);
    const RunSnapshot* run = m_selection->run();
    const bool trained = run && run->info.source.empty() && !run->info.trainConfigJson.empty();
    m_cooldownAction->setEnabled(!busy && trained);
    m_lawaAction->setEnabled(!busy && run && run->checkpoints.size() >= 2);
}

void MainWindow::createStatusBar()
{
    m_jobLabel = new QLabel(this);
    m_progress = new QProgressBar(this);
    m_progress->setObjectName(QStringLiteral("jobProgress"));
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
    m_runAfterLoad.clear();
    m_pollLoad = false;
    m_afterLoadMessage.clear();
    statusBar()->showMessage(tr("Loading %1…").arg(m_requestedPath));
    m_loader->load(m_requestedPath);
}

void MainWindow::onLoaded(const StoreSnapshotPtr& snapshot)
{
    const bool userRequest = !m_pollLoad;
    showSnapshot(snapshot);
    if (userRequest && !m_runAfterLoad.isEmpty()) {
        if (const int run = snapshot->runIndex(m_runAfterLoad); run >= 0)
            m_selection->setRun(run);
        m_runAfterLoad.clear();
    }
    watchStore(snapshot->path);
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
        if (!isJobRunning() && path == currentStorePath())
            m_externalReload.start(); // no further change may come to trigger it
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
    if (!fromStore || !m_snapshot)
        return;
    const scaling::Law& law = m_scaling->law();
    scaling::ScalingData data;
    try {
        data = scalingDataFromSnapshot(*m_snapshot, law.kind(), law.variant());
    } catch (const Error&) {
        // No point of this law in the store (e.g. no QAT runs): the page shows its curves without points.
        data.source = m_snapshot->path.toStdString();
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

void MainWindow::watchStore(const QString& path)
{
    const QStringList watched = m_watcher->files();
    if (!watched.isEmpty() && watched != QStringList {path})
        m_watcher->removePaths(watched);
    if (!m_watcher->files().contains(path))
        m_watcher->addPath(path);
}

void MainWindow::reloadExternalChange()
{
    // The window's own job has its own polling; a load in progress is waited for.
    if (isJobRunning() || currentStorePath().isEmpty())
        return;
    if (m_loader->isLoading()) {
        m_externalReload.start();
        return;
    }
    m_pollLoad = true;
    reload(currentStorePath());
}

void MainWindow::pollJobStore()
{
    if (!isJobRunning() || m_loader->isLoading())
        return;
    if (m_requestedPath != m_jobStorePath || !QFileInfo::exists(m_jobStorePath))
        return; // the user opened another store meanwhile, or the job has not created it yet
    m_pollLoad = true;
    reload(m_jobStorePath);
}

void MainWindow::reload(const QString& path)
{
    if (m_snapshot && m_snapshot->path == path)
        m_loader->refresh(m_snapshot);
    else
        m_loader->load(path);
}

void MainWindow::closeEvent(QCloseEvent* event)
{
    m_settings->setWindowGeometry(saveGeometry());
    m_settings->setWindowState(saveState());
    m_settings->setSplitterState(m_splitter->saveState());
    m_settings->setViewTab(m_tabs->currentIndex());
    m_settings->sync();
    if (isJobRunning())
        m_job->cancel(); // the store keeps what was computed; the destructor waits for the worker
    QMainWindow::closeEvent(event);
}

} // namespace qs
