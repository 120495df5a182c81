// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Runs an experiment recipe (recipe.h) off the GUI thread.

#include "core/lab/recipe.h"
#include "itemmodels/jobs/job.h"

#include <memory>

namespace qs {

class RecipeJob : public Job
{
    Q_OBJECT

public:
    RecipeJob(Recipe recipe, const QString& dir, QObject* parent = nullptr);

    const Recipe& recipe() const { return m_recipe; }
    // Known before the job starts, so a viewer can follow the store as it grows.
    QString storePath() const;
    // Valid after finished().
    const RecipeResult& result() const { return m_result; }

Q_SIGNALS:
    // Emitted just before finished(), with the store and the report the recipe wrote.
    void recipeFinished(const QString& storePath, const QString& reportPath);

protected:
    Work prepare() override;
    void succeeded() override;

private:
    Recipe m_recipe;
    RecipeOptions m_options;
    RecipeResult m_result;
    std::shared_ptr<RecipeResult> m_pending; // written by the work
};

} // namespace qs
