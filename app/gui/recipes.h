// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The built-in experiment recipes (resources/recipes/*.json, embedded as :/recipes/) and their
// figures, shared by `quantscope recipe` and the GUI's Recipes menu.

#include "core/lab/recipe.h"

#include <QString>
#include <QStringList>

#include <vector>

namespace qs {

// The embedded recipes, in file order.
std::vector<Recipe> builtinRecipes();
// A built-in recipe by name (its "recipe" field) or a recipe file by path; ConfigError listing the
// built-in names when neither matches.
Recipe findRecipe(const QString& nameOrPath);
// Writes the recipe's figures (PNG at 300 dpi and PDF, double-column width) into `dir` from its store
// and returns the paths. Needs a QApplication; throws Error naming the figure that failed.
QStringList exportRecipeFigures(const Recipe& recipe, const QString& storePath, const QString& dir);

} // namespace qs
