// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The main window's files in and out: File > Open…, Export Figure… (the view recorded on the GUI thread,
// written in the background by the FigureExporter it owns), Import Hugging Face Trajectory…, and what a
// drop opens — a store, the store that uses a folder of checkpoints (at their run), or the import of a
// folder of Hugging Face revisions no store uses yet. The window opens the stores it asks for.

#include <QObject>
#include <QString>

class QDragEnterEvent;
class QDropEvent;
class QMainWindow;
class QTabWidget;

namespace qs {

class FigureExporter;
class FigureView;
class JobControl;
class ScalingPage;
class Settings;
class StoreFollower;
class TrajectoryPage;
struct FigureExportOptions;

class FileActions : public QObject
{
    Q_OBJECT

public:
    // Exports the trajectory or the page shown in `tabs` (`scaling` draws without a store); dialogs go
    // into `window`, the import runs through `jobs`.
    FileActions(TrajectoryPage* trajectory, QTabWidget* tabs, ScalingPage* scaling, Settings* settings,
                StoreFollower* follower, JobControl* jobs, QMainWindow* window);

    FigureExporter* exporter() const { return m_exporter; }

    // File > Open…: asks for a store and asks the window to open it.
    void chooseStore();
    // Saves the trajectory plot as shown (.png, .pdf, .svg); reports failures like every error.
    bool exportFigure(const QString& path);
    // File > Export Figure…: asks how and where to export the page the user worked in last.
    void chooseExportFile();
    // Exports `view` as Export Figure does once the file is chosen: recorded now, written in the
    // background; figureSaved() or an error follows. False (with the error reported) when the export is
    // refused at once.
    bool startExport(FigureView& view, const QString& path, const FigureExportOptions& options);
    // Asks what to import (ImportDialog, starting at the folder `revisions` when given) and imports it
    // as a run; the store then opens at that run, ready for Run Sweep.
    void chooseImport(const QString& revisions = {});

    // The window's drag and drop: a single local store file or folder.
    void dragEnter(QDragEnterEvent* event);
    void drop(QDropEvent* event);

Q_SIGNALS:
    // The window should open the store at `path`.
    void storeRequested(const QString& path);
    // Once the store being opened has loaded, the window should show run `run`.
    void runRequested(const QString& run);
    void figureSaved(const QString& path);
    void errorOccurred(const QString& title, const QString& message);

private:
    // The page the user worked in last.
    FigureView* activeView() const;
    void showMessage(const QString& message, int timeoutMs = 0);

    TrajectoryPage* m_trajectory = nullptr;
    QTabWidget* m_tabs = nullptr;
    ScalingPage* m_scaling = nullptr;
    Settings* m_settings = nullptr;
    StoreFollower* m_follower = nullptr;
    JobControl* m_jobs = nullptr;
    QMainWindow* m_window = nullptr;
    FigureExporter* m_exporter = nullptr;
};

} // namespace qs
