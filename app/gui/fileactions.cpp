// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "app/gui/fileactions.h"

#include "app/gui/jobcontrol.h"
#include "itemmodels/checkpointfolder.h"
#include "itemmodels/jobs/importjob.h"
#include "itemmodels/settings.h"
#include "itemmodels/storefollower.h"
#include "widgets/dialogs/exportdialog.h"
#include "widgets/dialogs/importdialog.h"
#include "widgets/pages/figurepages.h"
#include "widgets/pages/scaling/scalingpage.h"
#include "widgets/pages/trajectory/trajectorypage.h"
#include "widgets/plot/figureexporter.h"

#include <QApplication>
#include <QDir>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QMainWindow>
#include <QMimeData>
#include <QStatusBar>
#include <QTabWidget>
#include <QUrl>

namespace qs {

namespace {

// A Hugging Face revision (a folder with config.json), or a folder holding some.
bool isHfRevisionFolder(const QString& path)
{
    const QDir dir(path);
    if (dir.exists(QStringLiteral("config.json")))
        return true;
    for (const QString& sub : dir.entryList(QDir::Dirs | QDir::NoDotAndDotDot)) {
        if (QFileInfo::exists(dir.filePath(sub + QStringLiteral("/config.json"))))
            return true;
    }
    return false;
}

bool isStoreFile(const QString& path)
{
    const QString suffix = QFileInfo(path).suffix().toLower();
    return suffix == QLatin1String("h5") || suffix == QLatin1String("hdf5");
}

} // namespace

FileActions::FileActions(TrajectoryPage* trajectory, QTabWidget* tabs, ScalingPage* scaling, Settings* settings,
                         StoreFollower* follower, JobControl* jobs, QMainWindow* window)
    : QObject(window)
    , m_trajectory(trajectory)
    , m_tabs(tabs)
    , m_scaling(scaling)
    , m_settings(settings)
    , m_follower(follower)
    , m_jobs(jobs)
    , m_window(window)
{
    m_exporter = new FigureExporter(this);
    connect(m_exporter, &FigureExporter::saved, this, [this](const QString& path) {
        showMessage(tr("Saved %1").arg(path), statusTimeoutMs);
        Q_EMIT figureSaved(path);
    });
    connect(m_exporter, &FigureExporter::failed, this, [this](const QString&, const QString& message) {
        m_window->statusBar()->clearMessage();
        Q_EMIT errorOccurred(tr("Cannot export figure"), message);
    });
}

void FileActions::showMessage(const QString& message, int timeoutMs)
{
    m_window->statusBar()->showMessage(message, timeoutMs);
}

void FileActions::chooseStore()
{
    const QString start = m_follower->snapshot() ? QFileInfo(m_follower->currentPath()).absolutePath() : QString();
    const QString path = QFileDialog::getOpenFileName(m_window, tr("Open Store"), start,
                                                      tr("QuantScope stores (*.h5 *.hdf5);;All files (*)"));
    if (!path.isEmpty())
        Q_EMIT storeRequested(path);
}

bool FileActions::exportFigure(const QString& path)
{
    QString error;
    if (!exportTrajectoryFigure(*m_trajectory, path, &error)) {
        Q_EMIT errorOccurred(tr("Cannot export figure"), error);
        return false;
    }
    showMessage(tr("Saved %1").arg(path), statusTimeoutMs);
    return true;
}

FigureView* FileActions::activeView() const
{
    // The page the user worked in last: a tab's plot page when it has the focus or is the one shown
    // and the trajectory does not have the focus.
    QWidget* focus = QApplication::focusWidget();
    if (focus && (focus == m_trajectory || m_trajectory->isAncestorOf(focus)))
        return m_trajectory;
    if (auto* view = dynamic_cast<FigureView*>(m_tabs->currentWidget()); view && view->figurePlot())
        return view;
    return m_trajectory;
}

void FileActions::chooseExportFile()
{
    FigureView* view = activeView();
    if (!m_follower->snapshot() && view != m_scaling)
        return;
    ExportDialog dialog(m_window);
    dialog.setWindowTitle(tr("Export %1").arg(view->viewName()));
    ExportChoices choices = m_settings->exportChoices();
    dialog.setChoices(choices);
    if (dialog.exec() != QDialog::Accepted)
        return;
    const QString lastDirectory = choices.directory;
    choices = dialog.choices();
    choices.directory = lastDirectory;
    m_settings->setExportChoices(choices);
    const FigureExportOptions options = dialog.options();
    const FigureFormat format = dialog.format();
    const QString suffix = figureFormatSuffix(format);
    const bool hasStore = m_follower->snapshot() != nullptr;
    const QFileInfo store(hasStore ? m_follower->currentPath() : QStringLiteral("quantscope"));
    const QString dir = !lastDirectory.isEmpty() && QFileInfo(lastDirectory).isDir() ? lastDirectory
        : hasStore                                                                   ? store.absolutePath()
                                                                                     : QDir::homePath();
    const QString base = dir + QLatin1Char('/') + store.completeBaseName() + QLatin1Char('-') + view->viewName()
        + QLatin1Char('.') + suffix;
    QString path =
        QFileDialog::getSaveFileName(m_window, tr("Export %1").arg(view->viewName()), base, dialog.fileFilter());
    if (path.isEmpty())
        return;
    if (QFileInfo(path).suffix().isEmpty())
        path += QLatin1Char('.') + suffix;
    choices.directory = QFileInfo(path).absolutePath();
    m_settings->setExportChoices(choices);
    startExport(*view, path, options);
}

bool FileActions::startExport(FigureView& view, const QString& path, const FigureExportOptions& options)
{
    // Drawn here, written in the background: a 300 dpi PNG of a big store takes longer to encode
    // than a frame may.
    QString error;
    const bool started = path.endsWith(QLatin1String(".csv"), Qt::CaseInsensitive)
        ? m_exporter->startCsv(view, path, &error)
        : m_exporter->start(view, path, options, &error);
    if (!started) {
        Q_EMIT errorOccurred(tr("Cannot export figure"), error);
        return false;
    }
    showMessage(tr("Saving %1…").arg(path));
    return true;
}

void FileActions::dragEnter(QDragEnterEvent* event)
{
    const QList<QUrl> urls = event->mimeData()->urls();
    // A store, or a folder of checkpoints: the store that uses them opens at their run.
    if (urls.size() == 1 && urls.first().isLocalFile()
        && (isStoreFile(urls.first().toLocalFile()) || QFileInfo(urls.first().toLocalFile()).isDir()))
        event->acceptProposedAction();
}

void FileActions::drop(QDropEvent* event)
{
    const QList<QUrl> urls = event->mimeData()->urls();
    if (urls.size() != 1 || !urls.first().isLocalFile())
        return;
    event->acceptProposedAction();
    const QString path = urls.first().toLocalFile();
    if (!QFileInfo(path).isDir()) {
        Q_EMIT storeRequested(path);
        return;
    }
    CheckpointFolderMatch match;
    QString error;
    if (!findStoreForCheckpoints(path, m_settings->recentStores(), &match, &error)) {
        if (isHfRevisionFolder(path)) {
            chooseImport(path); // revisions no store knows yet: offer to import them
            return;
        }
        Q_EMIT errorOccurred(tr("Cannot open checkpoints"), error);
        return;
    }
    Q_EMIT storeRequested(match.store);
    Q_EMIT runRequested(match.run);
}

void FileActions::chooseImport(const QString& revisions)
{
    if (m_jobs->isJobRunning())
        return;
    auto* dialog =
        new ImportDialog(m_follower->snapshot() ? m_follower->currentPath() : QString(), revisions, m_window);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &QDialog::accepted, this, [this, dialog] {
        if (m_jobs->isJobRunning())
            return;
        m_follower->waitForIdle(); // HDF5 refuses a writer while this process still reads the file
        auto* job = new ImportJob(dialog->storePath(), dialog->runName(), dialog->options(), this);
        connect(job, &ImportJob::imported, this, [this](const QString&, const QString& run, int revisions) {
            m_jobs->setDoneMessage(
                tr("Imported %n revision(s) as run %1; File > Run Sweep quantizes them", nullptr, revisions).arg(run));
        });
        const QString run = dialog->runName();
        m_jobs->runJob(job, dialog->storePath(), tr("Importing run %1…").arg(run), tr("Import failed"),
                       tr("Import cancelled"));
        // After the job control's own finished() handler, which opens the store: show the new run.
        connect(job, &Job::finished, this, [this, run] { Q_EMIT runRequested(run); });
    });
    dialog->open();
}

} // namespace qs
