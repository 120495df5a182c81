// MainWindow: File > Run Recipe — the built-in experiment recipes, each one action.

#include "mainwindow.h"

#include "errors.h"
#include "recipejob.h"
#include "recipes.h"
#include "settings.h"
#include "storeloadjob.h"

#include <QDir>

#include <cmath>
#include <QFileInfo>
#include <QMenu>
#include <QStatusBar>

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
        connect(action, &QAction::triggered, this,
                [this, name] { startRecipe(name, QDir(m_settings->demoDirectory()).filePath(QStringLiteral("recipes/") + name)); });
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
    m_loader->waitForIdle();
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

} // namespace qs
