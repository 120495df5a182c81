#pragma once

// The main window only assembles pages: the trajectory plot over the per-layer table, a File menu,
// and a status bar that shows and cancels the running job.

#include "storesnapshot.h"

#include <QMainWindow>
#include <QPointer>
#include <QTimer>

class QComboBox;
class QLabel;
class QMenu;
class QProgressBar;
class QSplitter;
class QToolBar;
class QToolButton;

namespace qs {

class DemoJob;
class LayerTablePage;
class Settings;
class StoreLoadJob;
class TrajectoryPage;

class MainWindow : public QMainWindow
{
    Q_OBJECT

public:
    // Uses `settings` when given (not owned), the application's settings otherwise.
    explicit MainWindow(Settings* settings = nullptr, QWidget* parent = nullptr);
    ~MainWindow() override;

    StoreSnapshotPtr currentSnapshot() const { return m_snapshot; }
    QString currentStorePath() const;
    TrajectoryPage* trajectoryPage() const { return m_trajectory; }
    LayerTablePage* layerTablePage() const { return m_layerTable; }
    Settings* settings() const { return m_settings; }
    bool isDemoRunning() const;
    // How often a running demo's store is re-read.
    void setDemoPollInterval(int ms) { m_pollTimer.setInterval(ms); }

public Q_SLOTS:
    // Loads the store off the GUI thread; storeLoaded() or errorOccurred() follows.
    void openStore(const QString& path);
    // Runs the built-in demo in `dir`, showing its store as it grows and opening it when done.
    void startDemo(const QString& dir);
    void cancelJob();
    // Saves the trajectory plot as shown (.png, .pdf, .svg); reports failures like every error.
    bool exportFigure(const QString& path);

Q_SIGNALS:
    void storeLoaded(const QString& path);
    // Every error the user is told about, with the message shown.
    void errorOccurred(const QString& message);
    void demoFinished(const QString& storePath);

protected:
    void closeEvent(QCloseEvent* event) override;
    void dragEnterEvent(QDragEnterEvent* event) override;
    void dropEvent(QDropEvent* event) override;

private:
    void createMenus();
    void createStatusBar();
    void rebuildRecentMenu();
    void showSnapshot(const StoreSnapshotPtr& snapshot);
    void showRun(int runIndex);
    void onLoaded(const StoreSnapshotPtr& snapshot);
    void onLoadFailed(const QString& path, const QString& message);
    void pollDemoStore();
    void setJobUi(bool running, const QString& message = {});
    void reportError(const QString& title, const QString& message);
    void updateTitle();
    void chooseStore();
    void chooseExportFile();
    void runDemoFromMenu();

    Settings* m_settings = nullptr;
    StoreLoadJob* m_loader = nullptr;
    StoreSnapshotPtr m_snapshot;
    QString m_requestedPath; // the store the user asked for last
    bool m_pollLoad = false;  // the pending load is a demo poll: failures are not reported
    int m_runIndex = -1;

    TrajectoryPage* m_trajectory = nullptr;
    LayerTablePage* m_layerTable = nullptr;
    QSplitter* m_splitter = nullptr;
    QToolBar* m_runBar = nullptr;
    QComboBox* m_runCombo = nullptr;
    QMenu* m_recentMenu = nullptr;
    QAction* m_exportAction = nullptr;
    QAction* m_demoAction = nullptr;

    QLabel* m_jobLabel = nullptr;
    QLabel* m_runLabel = nullptr; // what the shown run is: schedule, size, corpus
    QProgressBar* m_progress = nullptr;
    QToolButton* m_cancelButton = nullptr;

    QPointer<DemoJob> m_demo;
    QTimer m_pollTimer;
};

} // namespace qs

// main.cpp names the window without the namespace.
using qs::MainWindow;
