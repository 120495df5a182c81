// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "app/gui/labactions.h"

#include "app/gui/jobcontrol.h"
#include "app/gui/recipes.h"
#include "core/common/errors.h"
#include "itemmodels/jobs/interventionjob.h"
#include "itemmodels/jobs/recipejob.h"
#include "itemmodels/selection.h"
#include "itemmodels/settings.h"
#include "itemmodels/storefollower.h"
#include "itemmodels/storesnapshot.h"
#include "widgets/dialogs/soupdialog.h"

#include <QDir>
#include <QFileInfo>
#include <QInputDialog>
#include <QMainWindow>
#include <QMenu>
#include <QStatusBar>

#include <cmath>

namespace qs {

LabActions::LabActions(Selection* selection, Settings* settings, StoreFollower* follower, JobControl* jobs,
                       QMainWindow* window)
    : QObject(window)
    , m_selection(selection)
    , m_settings(settings)
    , m_follower(follower)
    , m_jobs(jobs)
    , m_window(window)
{
}

void LabActions::addRecipesMenu(QMenu* file)
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

void LabActions::startRecipe(const QString& name, const QString& dir)
{
    if (m_jobs->isJobRunning()) {
        m_window->statusBar()->showMessage(tr("Another job is running; cancel it first"), statusTimeoutMs);
        return;
    }
    Recipe recipe;
    try {
        recipe = findRecipe(name);
    } catch (const Error& e) {
        m_window->statusBar()->showMessage(QString::fromUtf8(e.what()), statusTimeoutMs);
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
        m_jobs->setDoneMessage(tr("Recipe %1 finished in %2 min: report %3%4")
                                   .arg(QString::fromStdString(job->recipe().name))
                                   .arg(job->result().seconds / 60.0, 0, 'f', 1)
                                   .arg(QFileInfo(report).absoluteFilePath(), figures));
    });
    m_jobs->runJob(job, job->storePath(), tr("Starting recipe %1 in %2…").arg(name, dir), tr("Recipe failed"),
                   tr("Recipe cancelled; the store keeps everything finished so far, run it again to resume"));
}

void LabActions::addActions(QMenu* file)
{
    m_cooldownAction = file->addAction(tr("&Branch a Cooldown…"), this, [this] {
        const RunSnapshot* run = m_selection->run();
        const int index = m_selection->checkpoint();
        if (!run || index < 0 || index >= int(run->checkpoints.size()))
            return;
        const qint64 step = run->checkpoints[size_t(index)].step;
        bool ok = false;
        const int steps =
            QInputDialog::getInt(m_window, tr("Branch a Cooldown"),
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
            QInputDialog::getInt(m_window, tr("Average Checkpoints (LAWA)"),
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
    m_soupAction = file->addAction(tr("&Make a Model Soup…"), this, &LabActions::chooseSoup);
    m_soupAction->setObjectName(QStringLiteral("soupAction"));
    m_soupAction->setStatusTip(tr("Average chosen checkpoints of the selected run, with weights of your choice, into "
                                  "a run of one checkpoint (a model soup), to sweep like any other"));
}

void LabActions::updateActions()
{
    const bool busy = m_jobs->isJobRunning();
    m_recipesMenu->setEnabled(!busy);
    const RunSnapshot* run = m_selection->run();
    const bool trained = run && run->info.source.empty() && !run->info.trainConfigJson.empty();
    m_cooldownAction->setEnabled(!busy && trained);
    m_lawaAction->setEnabled(!busy && run && run->checkpoints.size() >= 2);
    m_soupAction->setEnabled(!busy && run && run->checkpoints.size() >= 2);
}

void LabActions::startCooldown(const QString& run, qint64 step, qint64 steps)
{
    if (!m_follower->snapshot() || m_jobs->isJobRunning())
        return;
    m_follower->waitForIdle();
    auto* job = InterventionJob::cooldown(m_follower->currentPath(), run, step, steps, this);
    runIntervention(job, tr("Training the cooldown %1…").arg(job->newRun()));
}

void LabActions::startLawa(const QString& run, int window)
{
    if (!m_follower->snapshot() || m_jobs->isJobRunning())
        return;
    m_follower->waitForIdle();
    auto* job = InterventionJob::lawa(m_follower->currentPath(), run, window, this);
    runIntervention(job, tr("Averaging %1 into %2…").arg(run, job->newRun()));
}

void LabActions::chooseSoup()
{
    const StoreSnapshotPtr snapshot = m_follower->snapshot();
    const RunSnapshot* run = m_selection->run();
    if (!snapshot || !run || m_jobs->isJobRunning())
        return;
    QStringList runs;
    for (const RunSnapshot& stored : snapshot->runs)
        runs << stored.name();
    auto* dialog = new SoupDialog(snapshot->path, *run, runs, m_window);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &QDialog::accepted, this,
            [this, dialog] { startSoup(dialog->runName(), dialog->ingredients(), dialog->outputFolder()); });
    dialog->open();
}

void LabActions::startSoup(const QString& name, const std::vector<SoupIngredient>& ingredients, const QString& folder)
{
    if (!m_follower->snapshot() || m_jobs->isJobRunning())
        return;
    m_follower->waitForIdle();
    auto* job = InterventionJob::soup(m_follower->currentPath(), name, ingredients, folder, this);
    runIntervention(job, tr("Averaging %n checkpoint(s) into the soup %1…", nullptr, int(ingredients.size())).arg(name),
                    tr("Model soup failed"), tr("Soup cancelled; the store is as it was"));
}

void LabActions::runIntervention(InterventionJob* job, const QString& startMessage, const QString& failTitle,
                                 const QString& cancelledMessage)
{
    connect(job, &InterventionJob::interventionFinished, this, [this](const QString&, const QString& run) {
        m_jobs->setDoneMessage(tr("Run %1 is in the store; File > Run Sweep quantizes it").arg(run));
    });
    m_jobs->runJob(job, job->storePath(), startMessage, failTitle.isEmpty() ? tr("Intervention failed") : failTitle,
                   cancelledMessage.isEmpty()
                       ? tr("Cancelled; what was finished is in the store, the same action resumes it")
                       : cancelledMessage);
}

} // namespace qs
