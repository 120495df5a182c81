// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "itemmodels/jobs/sweepjob.h"

#include "core/common/errors.h"
#include "core/config/corpus.h"
#include "core/store/store.h"
#include "itemmodels/storesnapshot.h"

#include <optional>

namespace qs {

SweepJob::SweepJob(const QString& storePath, const QString& run, std::vector<QuantConfig> configs, QObject* parent)
    : Job(parent)
    , m_storePath(storePath)
    , m_run(run)
    , m_configs(std::move(configs))
{
}

Job::Work SweepJob::prepare()
{
    m_result = std::make_shared<SweepSummary>();
    return [storePath = m_storePath, runName = m_run, configs = m_configs, options = m_options,
            result = m_result](const Progress& progress) {
        const std::string path = storePath.toStdString();
        const std::string run = runName.toStdString();
        if (!reportProgress(progress, 0.0, tr("Opening %1").arg(storePath).toStdString()))
            throw Cancelled();
        // Scoped: the store (and its HDF5 lock) is released before the job reports back, whatever happens.
        std::optional<Store> opened;
        {
            // Waits for this process's own readers (view reloads, profile reads) to close the file.
            const QMutexLocker lock(&storeOpenMutex());
            opened.emplace(Store::open(path, Store::Mode::ReadWrite));
        }
        Store& store = *opened;
        if (!reportProgress(progress, 0.0, tr("Reading the corpus of run %1").arg(runName).toStdString()))
            throw Cancelled();
        *result = sweepRun(store, run, configs, options, progress);
    };
}

void SweepJob::succeeded()
{
    m_summary = *m_result;
    Q_EMIT sweepFinished(m_storePath);
}

} // namespace qs
