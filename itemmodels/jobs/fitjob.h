// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Fits a scaling law to data points (core/scalinglaws/fit.h) off the GUI thread: Huber loss on log
// residuals, L-BFGS from a grid of starts, bootstrap intervals. Cancel stops it at the next start or
// resample; a fit that fails (too few points, a column missing, no convergence) reports failed() with
// the core's message and leaves no result.

#include "core/scalinglaws/data.h"
#include "core/scalinglaws/fit.h"
#include "itemmodels/jobs/job.h"

#include <memory>
#include <optional>

namespace qs {

class FitJob : public Job
{
    Q_OBJECT

public:
    // `options.progress` is replaced by the job's own (cancel, progress signal).
    FitJob(scaling::Law law, scaling::ScalingData data, scaling::FitOptions options = {}, QObject* parent = nullptr);

    const scaling::Law& law() const { return m_law; }
    const scaling::ScalingData& data() const { return m_data; }
    const scaling::FitOptions& options() const { return m_options; }
    // Set after finished(); empty before, and after failed() or cancelled().
    const std::optional<scaling::FitResult>& result() const { return m_result; }

Q_SIGNALS:
    // Emitted just before finished(), with the fitted law (coefficients with source fit and CIs).
    void fitFinished(const qs::scaling::Law& law);

protected:
    Work prepare() override;
    void succeeded() override;

private:
    scaling::Law m_law;
    scaling::ScalingData m_data;
    scaling::FitOptions m_options;
    std::optional<scaling::FitResult> m_result;                   // published on the owning thread
    std::shared_ptr<std::optional<scaling::FitResult>> m_pending; // written by the work
};

} // namespace qs
