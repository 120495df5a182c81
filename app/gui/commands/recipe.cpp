// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
// quantscope recipe: an experiment recipe run on the console (core/lab/recipe.h), then its report and
// figures (app/gui/recipes.h draws them).

#include "app/gui/commands/widgetcommandruns.h"

#include "app/cli/clioptions.h"
#include "app/cli/clioutput.h"
#include "app/gui/recipes.h"

#include "core/common/errors.h"

#include <QDir>
#include <QFile>

namespace qs::cli {

int runRecipeCommand(const Arguments& args)
{
    if (args.positionals().isEmpty()) {
        for (const Recipe& r : builtinRecipes())
            out(QStringLiteral("%1 (v%2, about %3 min on 2 cores): %4")
                    .arg(QString::fromStdString(r.name))
                    .arg(r.version)
                    .arg(r.costMinutes, 0, 'f', 0)
                    .arg(QString::fromStdString(r.title)));
        return ExitSuccess;
    }
    const Recipe recipe = findRecipe(args.positionals().first());
    RecipeOptions options;
    options.dir =
        QDir(args.isSet("dir") ? args.value("dir") : QStringLiteral("recipe-") + QString::fromStdString(recipe.name))
            .absolutePath()
            .toStdString();
    options.threads = int(args.integer("threads", options.threads));
    options.device = args.value("device").toStdString();
    out(QStringLiteral("Recipe %1 v%2: %3")
            .arg(QString::fromStdString(recipe.name))
            .arg(recipe.version)
            .arg(QString::fromStdString(recipe.title)));
    RecipeResult result;
    if (args.isSet("report-only")) {
        result.storePath = options.storePath();
        result.reportPath = options.reportPath();
        result.report = recipeReport(recipe, result.storePath);
        QFile report(QString::fromStdString(result.reportPath));
        if (!report.open(QIODevice::WriteOnly | QIODevice::Truncate)
            || report.write(QByteArray::fromStdString(result.report)) < 0)
            throw IoError(result.reportPath + ": cannot write the report");
    } else {
        ConsoleProgress console;
        result = runRecipe(recipe, options, console.callback());
    }
    const QStringList figures =
        exportRecipeFigures(recipe, QString::fromStdString(result.storePath), QString::fromStdString(options.dir));
    out(QString::fromStdString(result.report));
    out(QStringLiteral("Store:   %1").arg(QString::fromStdString(result.storePath)));
    out(QStringLiteral("Report:  %1").arg(QString::fromStdString(result.reportPath)));
    for (const QString& f : figures)
        out(QStringLiteral("Figure:  %1").arg(f));
    if (result.seconds > 0)
        out(QStringLiteral("Done in %1 min.").arg(result.seconds / 60.0, 0, 'f', 1));
    return ExitSuccess;
}

} // namespace qs::cli
