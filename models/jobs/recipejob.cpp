#include "models/jobs/recipejob.h"

namespace qs {

RecipeJob::RecipeJob(Recipe recipe, const QString& dir, QObject* parent)
    : Job(parent)
    , m_recipe(std::move(recipe))
{
    m_options.dir = dir.toStdString();
}

RecipeJob::~RecipeJob()
{
    cancelAndWait();
}

QString RecipeJob::storePath() const
{
    return QString::fromStdString(m_options.storePath());
}

void RecipeJob::run(const Progress& progress)
{
    m_result = runRecipe(m_recipe, m_options, progress);
}

void RecipeJob::succeeded()
{
    Q_EMIT recipeFinished(QString::fromStdString(m_result.storePath), QString::fromStdString(m_result.reportPath));
}

} // namespace qs
