#pragma once

// The main window assembles: the trajectory plot over the tabbed views and the run browser, a File
// menu and tool bar, a View menu (theme, language), and a status bar with the running job's progress
// and Cancel (JobStatusArea). What the window shows of the store comes from its StoreFollower
// (models/storefollower.h), which loads it, follows a job or another process writing it, and keeps
// the run shown by name; the window starts the jobs and shows their outcome.

#include "core/data/averagingspec.h"
#include "core/data/config.h"
#include "models/storesnapshot.h"
#include "widgets/plot/figureexport.h"

#include <QMainWindow>
#include <QPointer>

#include <vector>

class QComboBox;
class QLabel;
class QMenu;
class QSplitter;
class QTabWidget;
class QToolBar;

namespace qs {

class BreakdownPage;
class HeatmapPage;
class FigureView;
class ScalingPage;
class PtqPage;
class FigureExporter;
class InterventionJob;
class Job;
class ClusterStatus;
class JobStatusArea;
class LayerTablePage;
class OutlierPage;
class RunBrowserPage;
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
    FigureExporter* exporter() const { return m_exports; }

public Q_SLOTS:
    // Loads the store off the GUI thread; storeLoaded() or errorOccurred() follows.
    void openStore(const QString& path);
    // Runs the built-in demo in `dir`, showing its store as it grows and opening it when done.
    void startDemo(const QString& dir);
    // Runs the built-in recipe `name` (recipes.h) in `dir`, following its store and opening it when done;
    // its report and figures land in `dir`.
    void startRecipe(const QString& name, const QString& dir);
    // A cooldown of `steps` steps branched from checkpoint `step` of `run` of the open store, and LAWA
    // over `run` (what File > Branch a Cooldown… and Average Checkpoints… start after asking).
    void startCooldown(const QString& run, qint64 step, qint64 steps);
    void startLawa(const QString& run, int window);
    // Asks which checkpoints of the selected run to average (SoupDialog) and makes the soup
    // (File > Make a Model Soup…).
    void chooseSoup();
    // A soup of `ingredients` as run `name` of the open store, its checkpoint under `folder` (empty:
    // checkpoints/<name> next to the store).
    void startSoup(const QString& name, const std::vector<SoupIngredient>& ingredients, const QString& folder = {});
    void cancelJob();
    // Asks for a run and configs (SweepDialog) and sweeps them over the shown store.
    void chooseSweep();
    // Asks what to import (ImportDialog, starting at the folder `revisions` when given) and imports it
    // as a run; the store then opens at that run, ready for Run Sweep.
    void chooseImport(const QString& revisions = {});
    // Saves the trajectory plot as shown (.png, .pdf, .svg); reports failures like every error.
    bool exportFigure(const QString& path);
    // Exports `view` as Export Figure does once the file is chosen: recorded now, written in the
    // background; figureSaved() or an error message follows. False (with the message shown) when the
    // export is refused at once.
    bool startExport(FigureView& view, const QString& path, const FigureExportOptions& options);

public:
    // Sweeps `configs` over every checkpoint of `run` in the store at `storePath`, showing the store
    // as it fills and reloading it when the sweep ends, however it ends.
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
    void createRecipesMenu(QMenu* file);
    void createLabActions(QMenu* file);
    // Runs an intervention through runJob; an empty title or message says it as for any intervention.
    void runIntervention(InterventionJob* job, const QString& startMessage, const QString& failTitle = {},
                         const QString& cancelledMessage = {});
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
    // Takes the follower's "Waiting for <store>: <why>" off the status bar once the store reads again.
    void clearWaitingMessage();
    // Runs `job` (owned by the window from now on) with the status bar's progress, ETA and Cancel
    // button, following the store at `storePath` while it runs and reloading it afterwards.
    void runJob(Job* job, const QString& storePath, const QString& startMessage, const QString& failTitle,
                const QString& cancelledMessage);
    void reloadAfterJob(const QString& storePath, const QString& message);
    // Gives the scaling page the open store's points for its law (scalingsource.h), unless the user
    // brought points of their own (a CSV).
    void feedScalingPoints();
    void updateActions();
    void reportError(const QString& title, const QString& message);
    void updateTitle();
    void chooseStore();
    void chooseExportFile();
    FigureView* activeView() const;
    void runDemoFromMenu();

    Settings* m_settings = nullptr;
    StoreFollower* m_follower = nullptr;
    QString m_afterLoadMessage; // status text for when the pending load succeeds (a job's outcome)
    QString m_waitingMessage;   // the follower's last "Waiting for …", while the status bar may show it
    int m_runIndex = -1;

    Selection* m_selection = nullptr;
    TrajectoryPage* m_trajectory = nullptr;
    HeatmapPage* m_heatmap = nullptr;
    BreakdownPage* m_breakdown = nullptr;
    OutlierPage* m_outliers = nullptr;
    LayerTablePage* m_layerTable = nullptr;
    static constexpr int statusTimeoutMs = 8000;

    ScalingPage* m_scaling = nullptr;
    PtqPage* m_ptq = nullptr;
    FigureExporter* m_exports = nullptr;
    QString m_runAfterLoad;           // a dropped checkpoint folder's run, shown once its store has loaded
    std::string m_scalingStoreSource; // the source of the points the store gave the scaling page
    RunBrowserPage* m_browser = nullptr;
    QTabWidget* m_tabs = nullptr;
    QSplitter* m_splitter = nullptr;
    QToolBar* m_mainBar = nullptr;
    QToolBar* m_runBar = nullptr;
    QComboBox* m_runCombo = nullptr;
    QMenu* m_recentMenu = nullptr;
    QAction* m_exportAction = nullptr;
    QAction* m_demoAction = nullptr;
    QAction* m_sweepAction = nullptr;
    QAction* m_importAction = nullptr;
    QMenu* m_recipesMenu = nullptr;
    QAction* m_cooldownAction = nullptr;
    QAction* m_lawaAction = nullptr;
    QAction* m_soupAction = nullptr;

    QLabel* m_runLabel = nullptr; // what the shown run is: schedule, size, corpus
    JobStatusArea* m_jobStatus = nullptr;
    ClusterStatus* m_clusterStatus = nullptr;

    QPointer<Job> m_job;
    QString m_jobDoneMessage; // set by the job's own result signal, shown once its store is reloaded
};

} // namespace qs

// main.cpp names the window without the namespace.
using qs::MainWindow;
