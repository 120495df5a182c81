// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The main window assembles: the trajectory plot over the tabbed views and the run browser, a File
// menu and tool bar, a View menu (theme, language), a Help menu, and a status bar with the running
// job's progress and Cancel. What the window shows of the store comes from its StoreFollower
// (itemmodels/storefollower.h), which loads it, follows a job or another process writing it, and keeps
// the run shown by name. Its parts do the rest: JobControl runs the jobs (jobcontrol.h), LabActions
// offers the interventions and recipes (labactions.h), FileActions opens, exports, imports and takes
// drops (fileactions.h); the window opens the stores they ask for and shows their errors.

#include "core/config/config.h"
#include "itemmodels/storesnapshot.h"
#include "widgets/plot/figureexport.h"

#include <QMainWindow>

#include <vector>

class QComboBox;
class QLabel;
class QMenu;
class QSplitter;
class QTabWidget;
class QToolBar;

namespace qs {

class BreakdownPage;
class ClusterStatus;
class FigureExporter;
class FigureView;
class FileActions;
class HeatmapPage;
class JobControl;
class LabActions;
class LayerTablePage;
class OutlierPage;
class PtqPage;
class RunBrowserPage;
class ScalingPage;
class Selection;
class Settings;
class StoreFollower;
class TrajectoryPage;

class MainWindow : public QMainWindow
{
    Q_OBJECT

public:
    // Uses `settings` when given (not owned), the application's settings otherwise.
    explicit MainWindow(Settings* settings = nullptr, QWidget* parent = nullptr);
    ~MainWindow() override;

    StoreSnapshotPtr currentSnapshot() const;
    QString currentStorePath() const;
    StoreFollower* storeFollower() const { return m_follower; }
    TrajectoryPage* trajectoryPage() const { return m_trajectory; }
    LayerTablePage* layerTablePage() const { return m_layerTable; }
    ScalingPage* scalingPage() const { return m_scaling; }
    PtqPage* ptqPage() const { return m_ptq; }
    HeatmapPage* heatmapPage() const { return m_heatmap; }
    BreakdownPage* breakdownPage() const { return m_breakdown; }
    OutlierPage* outlierPage() const { return m_outliers; }
    RunBrowserPage* runBrowser() const { return m_browser; }
    Selection* selection() const { return m_selection; }
    Settings* settings() const { return m_settings; }
    bool isDemoRunning() const;
    bool isJobRunning() const;
    // How often the store of a running job (demo or sweep) is re-read.
    void setJobPollInterval(int ms);
    // File > Run Sweep…: enabled while a store with runs is shown and no job runs.
    QAction* sweepAction() const { return m_sweepAction; }
    QAction* exportAction() const { return m_exportAction; }
    // File > Import Hugging Face Trajectory…: enabled while no job runs.
    QAction* importAction() const { return m_importAction; }
    FigureExporter* exporter() const;

public Q_SLOTS:
    // Loads the store off the GUI thread; storeLoaded() or errorOccurred() follows.
    void openStore(const QString& path);
    // The jobs the window's parts start, as the menus start them once they have asked
    // (JobControl, LabActions).
    void startDemo(const QString& dir);
    void startRecipe(const QString& name, const QString& dir);
    void startCooldown(const QString& run, qint64 step, qint64 steps);
    void startLawa(const QString& run, int window);
    void cancelJob();
    // Figure exports (FileActions): the trajectory plot as shown, or `view` as Export Figure writes it.
    bool exportFigure(const QString& path);
    bool startExport(FigureView& view, const QString& path, const FigureExportOptions& options);

public:
    void startSweep(const QString& storePath, const QString& run, const std::vector<QuantConfig>& configs);

Q_SIGNALS:
    void storeLoaded(const QString& path);
    // A poll or an external change re-read the store and found nothing new.
    void storeUnchanged(const QString& path);
    // An export chosen in the window was written (it runs in the background).
    void figureSaved(const QString& path);
    // Every error the user is told about, with the message shown.
    void errorOccurred(const QString& message);
    void demoFinished(const QString& storePath);
    void sweepFinished(const QString& storePath);

protected:
    void closeEvent(QCloseEvent* event) override;
    bool eventFilter(QObject* watched, QEvent* event) override;
    void dragEnterEvent(QDragEnterEvent* event) override;
    void dropEvent(QDropEvent* event) override;

private:
    void createMenus();
    void createViewMenu();
    // Help: the documentation, the keyboard shortcuts, About (helpwindows.h).
    void createHelpMenu();
    // View > Language: saved for the next start, which installs it (main.cpp).
    void chooseLanguage(const QString& code);
    void createStatusBar();
    void rebuildRecentMenu();
    void showSnapshot(const StoreSnapshotPtr& snapshot, int runIndex);
    void showRun(int runIndex);
    void onLoaded(const StoreSnapshotPtr& snapshot, int runIndex, bool userRequest);
    void onLoadFailed(const QString& message);
    // Opens the store at `storePath` again after a job, saying `message` once it is loaded.
    void reloadAfterJob(const QString& storePath, const QString& message);
    // Takes the follower's "Waiting for <store>: <why>" off the status bar once the store reads again.
    void clearWaitingMessage();
    // Gives the scaling page the open store's points for its law (scalingsource.h), unless the user
    // brought points of their own (a CSV).
    void feedScalingPoints();
    void updateActions();
    void reportError(const QString& title, const QString& message);
    void updateTitle();

    Settings* m_settings = nullptr;
    StoreFollower* m_follower = nullptr;
    QString m_afterLoadMessage; // status text for when the pending load succeeds (a job's outcome)
    QString m_waitingMessage;   // the follower's last "Waiting for …", while the status bar may show it
    QString m_runAfterLoad;     // a run to show once its store has loaded (a dropped checkpoint folder's)
    int m_runIndex = -1;

    Selection* m_selection = nullptr;
    TrajectoryPage* m_trajectory = nullptr;
    HeatmapPage* m_heatmap = nullptr;
    BreakdownPage* m_breakdown = nullptr;
    OutlierPage* m_outliers = nullptr;
    LayerTablePage* m_layerTable = nullptr;
    ScalingPage* m_scaling = nullptr;
    PtqPage* m_ptq = nullptr;
    std::string m_scalingStoreSource; // the source of the points the store gave the scaling page
    RunBrowserPage* m_browser = nullptr;
    QTabWidget* m_tabs = nullptr;
    QSplitter* m_splitter = nullptr;

    JobControl* m_jobs = nullptr;
    LabActions* m_lab = nullptr;
    FileActions* m_files = nullptr;

    QToolBar* m_mainBar = nullptr;
    QToolBar* m_runBar = nullptr;
    QComboBox* m_runCombo = nullptr;
    QMenu* m_recentMenu = nullptr;
    QAction* m_exportAction = nullptr;
    QAction* m_demoAction = nullptr;
    QAction* m_sweepAction = nullptr;
    QAction* m_importAction = nullptr;
    QLabel* m_runLabel = nullptr; // what the shown run is: schedule, size, corpus
    ClusterStatus* m_clusterStatus = nullptr;
};

} // namespace qs

// main.cpp names the window without the namespace.
using qs::MainWindow;
