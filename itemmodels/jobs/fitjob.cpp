// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "itemmodels/jobs/fitjob.h"

#include "core/common/errors.h"

namespace qs {

FitJob::FitJob(scaling::Law law, scaling::ScalingData data, scaling::FitOptions options, QObject* parent)
    : Job(parent)
    , m_law(std::move(law))
    , m_data(std::move(data))
    , m_options(std::move(options))
{
}

Job::Work FitJob::prepare()
{
    m_pending = std::make_shared<std::optional<scaling::FitResult>>();
    return [law = m_law, data = m_data, options = m_options, pending = m_pending](const Progress& progress) mutable {
        if (!reportProgress(progress, 0.0, tr("Preparing the fit of %1 points").arg(data.points.size()).toStdString()))
            throw Cancelled();
        options.progress = progress;
        *pending = scaling::fitLaw(law, data, options);
    };
}

void FitJob::succeeded()
{
    m_result = std::move(*m_pending);
    m_pending.reset();
    if (m_result)
        Q_EMIT fitFinished(m_result->law);
}

} // namespace qs
