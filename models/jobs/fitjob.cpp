#include "models/jobs/fitjob.h"

#include "core/common/errors.h"

namespace qs {

FitJob::FitJob(scaling::Law law, scaling::ScalingData data, scaling::FitOptions options, QObject* parent)
    : Job(parent)
    , m_law(std::move(law))
    , m_data(std::move(data))
    , m_options(std::move(options))
{
}

FitJob::~FitJob()
{
    cancelAndWait();
}

void FitJob::run(const Progress& progress)
{
    m_pending.reset();
    if (!reportProgress(progress, 0.0, tr("Preparing the fit of %1 points").arg(m_data.points.size()).toStdString()))
        throw Cancelled();
    scaling::FitOptions options = m_options;
    options.progress = progress;
    m_pending = scaling::fitLaw(m_law, m_data, options);
}

void FitJob::succeeded()
{
    m_result = std::move(m_pending);
    m_pending.reset();
    if (m_result)
        Q_EMIT fitFinished(m_result->law);
}

} // namespace qs
