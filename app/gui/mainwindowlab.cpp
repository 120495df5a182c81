// MainWindow: the interventions lab — File > Run Recipe (the built-in experiment recipes, each one
// action), a cooldown branched from the selected checkpoint, LAWA over the selected run and a soup of
// its chosen checkpoints.

#include "app/gui/mainwindow.h"

#include "app/gui/recipes.h"
#include "core/common/errors.h"
#include "models/jobs/interventionjob.h"
#include "models/jobs/recipejob.h"
#include "models/selection.h"
#include "models/settings.h"
#include "models/storefollower.h"
#include "models/storesnapshot.h"
#include "widgets/dialogs/soupdialog.h"

#include <QDir>
#include <QFileInfo>
#include <QInputDialog>
#include <QMenu>
#include <QStatusBar>
#include <cmath>

namespace qs {

void MainWindow::createRecipesMenu(QMenu* file)
{
    m_recipesMenu = file->addMenu(tr("Run Re&cipe"));
    m_recipesMenu->setObjectName(QStringLiteral("recipesMenu"));
    m_recipesMenu->setToolTipsVisible(true);
    std::vector<Recipe> recipes;
    try {
        recipes = builtinRecipes();
    } catch (const Error& e) {
        m_recipesMenu->addAction(tr("Recipes unavailable: %1").arg(QString::fromUtf8(e.what())))->setEnabled(false);
        return;
    }
    for (const Recipe& recipe : recipes) {
        QAction* action = m_recipesMenu->addAction(tr("%1 (about %n min)", nullptr, int(std::ceil(recipe.costMinutes)))
                                                       .arg(QString::fromStdString(recipe.title)));
        action->setObjectName(QStringLiteral("recipe-") + QString::fromStdString(recipe.name));
        action->setToolTip(QString::fromStdString(recipe.paper + ".\n" + recipe.expect));
        action->setStatusTip(QString::fromStdString(recipe.paper));
        const QString name = QString::fromStdString(recipe.name);
        connect(action, &QAction::triggered, this, [this, name] {
            startRecipe(name, QDir(m_settings->demoDirectory()).filePath(QStringLiteral("recipes/") + name));
        });
    }
}

void MainWindow::startRecipe(const QString& name, const QString& dir)
{
    if (isJobRunning()) {
        statusBar()->showMessage(tr("Another job is running; cancel it first"), statusTimeoutMs);
        return;
    }
    Recipe recipe;
    try {
        recipe = findRecipe(name);
    } catch (const Error& e) {
        statusBar()->showMessage(QString::fromUtf8(e.what()), statusTimeoutMs);
        return;
    }
    m_follower->waitForIdle();
    auto* job = new RecipeJob(recipe, dir, this);
    connect(job, &RecipeJob::recipeFinished, this, [this, job, dir](const QString& store, const QString& report) {
        // The figures need widgets: drawn here, on the GUI thread, from the finished store.
        QString figures;
        try {
            figures = tr(", %n figure(s)", nullptr, int(exportRecipeFigures(job->recipe(), store, dir).size()));
        } catch (const Error& e) {
            figures = tr(", figures failed: %1").arg(QString::fromUtf8(e.what()));
        }
        m_jobDoneMessage = tr("Recipe %1 finished in %2 min: report %3%4")
                               .arg(QString::fromStdString(job->recipe().name))
                               .arg(job->result().seconds / 60.0, 0, 'f', 1)
                               .arg(QFileInfo(report).absoluteFilePath(), figures);
    });
    runJob(job, job->storePath(), tr("Starting recipe %1 in %2…").arg(name, dir), tr("Recipe failed"),
           tr("Recipe cancelled; the store keeps everything finished so far, run it again to resume"));
}

void MainWindow::createLabActions(QMenu* file)
{
    m_cooldownAction = file->addAction(tr("&Branch a Cooldown…"), this, [this] {
        const RunSnapshot* run = m_selection->run();
        const int index = m_selection->checkpoint();
        if (!run || index < 0 || index >= int(run->checkpoints.size()))
            return;
        const qint64 step = run->checkpoints[size_t(index)].step;
        bool ok = false;
        const int steps =
            QInputDialog::getInt(this, tr("Branch a Cooldown"),
                                 tr("Linear LR decay to the run's min LR, from checkpoint step %1 of %2.\n"
                                    "Cooldown length (steps):")
                                     .arg(step)
                                     .arg(run->name()),
                                 200, 1, 100000000, 10, &ok);
        if (ok)
            startCooldown(run->name(), step, steps);
    });
    m_cooldownAction->setObjectName(QStringLiteral("cooldownAction"));
    m_cooldownAction->setStatusTip(tr("Train a cooldown branch from the selected checkpoint (the run must keep its "
                                      "optimizer states); it is drawn with its parent"));
    m_lawaAction = file->addAction(tr("&Average Checkpoints (LAWA)…"), this, [this] {
        const RunSnapshot* run = m_selection->run();
        if (!run)
            return;
        bool ok = false;
        const int window =
            QInputDialog::getInt(this, tr("Average Checkpoints (LAWA)"),
                                 tr("Uniform average of the last k checkpoints of %1, at every checkpoint.\n"
                                    "Window k:")
                                     .arg(run->name()),
                                 5, 2, 1000, 1, &ok);
        if (ok)
            startLawa(run->name(), window);
    });
    m_lawaAction->setObjectName(QStringLiteral("lawaAction"));
    m_lawaAction->setStatusTip(
        tr("Make a run of rolling checkpoint averages (LAWA) of the selected run, to sweep like any other"));
    m_soupAction = file->addAction(tr("&Make a Model Soup…"), this, &MainWindow::chooseSoup);
    m_soupAction->setObjectName(QStringLiteral("soupAction"));
    m_soupAction->setStatusTip(tr("Average chosen checkpoints of the selected run, with weights of your choice, into "
                                  "a run of one checkpoint (a model soup), to sweep like any other"));
    // They act on the selected run: follow it (a new snapshot selects a run after the actions' update).
    connect(m_selection, &Selection::runChanged, this, &MainWindow::updateActions);
}

void MainWindow::startCooldown(const QString& run, qint64 step, qint64 steps)
{
    if (!currentSnapshot() || isJobRunning())
        return;
    m_follower->waitForIdle();
    auto* job = InterventionJob::cooldown(currentStorePath(), run, step, steps, this);
    runIntervention(job, tr("Training the cooldown %1…").arg(job->newRun()));
}

void MainWindow::startLawa(const QString& run, int window)
{
    if (!currentSnapshot() || isJobRunning())
        return;
    m_follower->waitForIdle();
    auto* job = InterventionJob::lawa(currentStorePath(), run, window, this);
    runIntervention(job, tr("Averaging %1 into %2…").arg(run, job->newRun()));
}

void MainWindow::chooseSoup()
{
    const StoreSnapshotPtr snapshot = currentSnapshot();
    const RunSnapshot* run = m_selection->run();
    if (!snapshot || !run || isJobRunning())
        return;
    QStringList runs;
    for (const RunSnapshot& stored : snapshot->runs)
        runs << stored.name();
    auto* dialog = new SoupDialog(snapshot->path, *run, runs, this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &QDialog::accepted, this,
            [this, dialog] { startSoup(dialog->runName(), dialog->ingredients(), dialog->outputFolder()); });
    dialog->open();
}

void MainWindow::startSoup(const QString& name, const std::vector<SoupIngredient>& ingredients, const QString& folder)
{
    if (!currentSnapshot() || isJobRunning())
        return;
    m_follower->waitForIdle();
    auto* job = InterventionJob::soup(currentStorePath(), name, ingredients, folder, this);
    runIntervention(job, tr("Averaging %n checkpoint(s) into the soup %1…", nullptr, int(ingredients.size())).arg(name),
                    tr("Model soup failed"), tr("Soup cancelled; the store is as it was"));
}

void MainWindow::runIntervention(InterventionJob* job, const QString& startMessage, const QString& failTitle,
                                 const QString& cancelledMessage)
{
    connect(job, &InterventionJob::interventionFinished, this, [this](const QString&, const QString& run) {
        m_jobDoneMessage = tr("Run %1 is in the store; File > Run Sweep quantizes it").arg(run);
    });
    runJob(job, job->storePath(), startMessage, failTitle.isEmpty() ? tr("Intervention failed") : failTitle,
           cancelledMessage.isEmpty() ? tr("Cancelled; what was finished is in the store, the same action resumes it")
                                      : cancelledMessage);
}

} // namespace qs
