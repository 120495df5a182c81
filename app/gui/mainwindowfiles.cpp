// The main window's files in and out: figure export (recorded here, written in the background), what
// a drop opens (a store, the store that uses a folder of checkpoints, or the import of a folder of
// Hugging Face revisions no store uses yet) and that import.

#include "app/gui/mainwindow.h"

#include "models/checkpointfolder.h"
#include "models/jobs/importjob.h"
#include "models/settings.h"
#include "models/storefollower.h"
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

FigureView* MainWindow::activeView() const
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

void MainWindow::chooseExportFile()
{
    FigureView* view = activeView();
    if (!currentSnapshot() && view != m_scaling)
        return;
    ExportDialog dialog(this);
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
    const bool hasStore = currentSnapshot() != nullptr;
    const QFileInfo store(hasStore ? currentStorePath() : QStringLiteral("quantscope"));
    const QString dir = !lastDirectory.isEmpty() && QFileInfo(lastDirectory).isDir() ? lastDirectory
        : hasStore                                                                   ? store.absolutePath()
                                                                                     : QDir::homePath();
    const QString base = dir + QLatin1Char('/') + store.completeBaseName() + QLatin1Char('-') + view->viewName()
        + QLatin1Char('.') + suffix;
    QString path = QFileDialog::getSaveFileName(this, tr("Export %1").arg(view->viewName()), base, dialog.fileFilter());
    if (path.isEmpty())
        return;
    if (QFileInfo(path).suffix().isEmpty())
        path += QLatin1Char('.') + suffix;
    choices.directory = QFileInfo(path).absolutePath();
    m_settings->setExportChoices(choices);
    startExport(*view, path, options);
}

bool MainWindow::startExport(FigureView& view, const QString& path, const FigureExportOptions& options)
{
    // Drawn here, written in the background: a 300 dpi PNG of a big store takes longer to encode
    // than a frame may.
    QString error;
    const bool started = path.endsWith(QLatin1String(".csv"), Qt::CaseInsensitive)
        ? m_exports->startCsv(view, path, &error)
        : m_exports->start(view, path, options, &error);
    if (!started) {
        reportError(tr("Cannot export figure"), error);
        return false;
    }
    statusBar()->showMessage(tr("Saving %1…").arg(path));
    return true;
}

void MainWindow::dragEnterEvent(QDragEnterEvent* event)
{
    const QList<QUrl> urls = event->mimeData()->urls();
    // A store, or a folder of checkpoints: the store that uses them opens at their run.
    if (urls.size() == 1 && urls.first().isLocalFile()
        && (isStoreFile(urls.first().toLocalFile()) || QFileInfo(urls.first().toLocalFile()).isDir()))
        event->acceptProposedAction();
}

void MainWindow::dropEvent(QDropEvent* event)
{
    const QList<QUrl> urls = event->mimeData()->urls();
    if (urls.size() != 1 || !urls.first().isLocalFile())
        return;
    event->acceptProposedAction();
    const QString path = urls.first().toLocalFile();
    if (!QFileInfo(path).isDir()) {
        openStore(path);
        return;
    }
    CheckpointFolderMatch match;
    QString error;
    if (!findStoreForCheckpoints(path, m_settings->recentStores(), &match, &error)) {
        if (isHfRevisionFolder(path)) {
            chooseImport(path); // revisions no store knows yet: offer to import them
            return;
        }
        reportError(tr("Cannot open checkpoints"), error);
        return;
    }
    openStore(match.store);
    m_runAfterLoad = match.run;
}

void MainWindow::chooseImport(const QString& revisions)
{
    if (isJobRunning())
        return;
    auto* dialog = new ImportDialog(currentSnapshot() ? currentStorePath() : QString(), revisions, this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &QDialog::accepted, this, [this, dialog] {
        if (isJobRunning())
            return;
        m_follower->waitForIdle(); // HDF5 refuses a writer while this process still reads the file
        auto* job = new ImportJob(dialog->storePath(), dialog->runName(), dialog->options(), this);
        connect(job, &ImportJob::imported, this, [this](const QString&, const QString& run, int revisions) {
            m_jobDoneMessage =
                tr("Imported %n revision(s) as run %1; File > Run Sweep quantizes them", nullptr, revisions).arg(run);
        });
        const QString run = dialog->runName();
        runJob(job, dialog->storePath(), tr("Importing run %1…").arg(run), tr("Import failed"), tr("Import cancelled"));
        // After runJob's own finished() handler, which opens the store: show the new run.
        connect(job, &Job::finished, this, [this, run] { m_runAfterLoad = run; });
    });
    dialog->open();
}

} // namespace qs
