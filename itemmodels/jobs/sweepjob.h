// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Runs a quantization sweep (core/engine/sweep.h) over one run of a store off the GUI thread. The job opens
// the store for writing only while it runs: HDF5 locks the file, so nothing else may hold it open
// for writing meanwhile, and the store is closed again (also on failure or cancel) before the job
// reports back.

#include "core/config/config.h"
#include "core/engine/sweep.h"
#include "itemmodels/jobs/job.h"

#include <memory>
#include <vector>

namespace qs {

class SweepJob : public Job
{
    Q_OBJECT

public:
    SweepJob(const QString& storePath, const QString& run, std::vector<QuantConfig> configs, QObject* parent = nullptr);

    QString storePath() const { return m_storePath; }
    QString runName() const { return m_run; }
    const std::vector<QuantConfig>& configs() const { return m_configs; }
    // Threads and device of the sweep; takes effect at the next start().
    void setOptions(const SweepOptions& options) { m_options = options; }
    const SweepOptions& options() const { return m_options; }
    // Valid after finished().
    const SweepSummary& summary() const { return m_summary; }

Q_SIGNALS:
    // Emitted just before finished(), with the store the sweep wrote.
    void sweepFinished(const QString& storePath);

protected:
    Work prepare() override;
    void succeeded() override;

private:
    QString m_storePath;
    QString m_run;
    std::vector<QuantConfig> m_configs;
    SweepOptions m_options;
    SweepSummary m_summary;
    std::shared_ptr<SweepSummary> m_result; // written by the work
};

} // namespace qs
