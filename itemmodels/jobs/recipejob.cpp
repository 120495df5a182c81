// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "itemmodels/jobs/recipejob.h"

namespace qs {

RecipeJob::RecipeJob(Recipe recipe, const QString& dir, QObject* parent)
    : Job(parent)
    , m_recipe(std::move(recipe))
{
    m_options.dir = dir.toStdString();
}

QString RecipeJob::storePath() const
{
    return QString::fromStdString(m_options.storePath());
}

Job::Work RecipeJob::prepare()
{
    m_pending = std::make_shared<RecipeResult>();
    return [recipe = m_recipe, options = m_options, result = m_pending](const Progress& progress) {
        *result = runRecipe(recipe, options, progress);
    };
}

void RecipeJob::succeeded()
{
    m_result = *m_pending;
    Q_EMIT recipeFinished(QString::fromStdString(m_result.storePath), QString::fromStdString(m_result.reportPath));
}

} // namespace qs
