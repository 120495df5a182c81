#include "models/jobs/sweepjob.h"

#include "core/data/corpus.h"
#include "core/common/errors.h"
#include "core/data/store.h"
#include "models/storesnapshot.h"

#include <optional>

namespace qs {

SweepJob::SweepJob(const QString& storePath, const QString& run, std::vector<QuantConfig> configs, QObject* parent)
    : Job(parent)
    , m_storePath(storePath)
    , m_run(run)
    , m_configs(std::move(configs))
{
}

SweepJob::~SweepJob()
{
    cancelAndWait();
}

void SweepJob::run(const Progress& progress)
{
    const std::string path = m_storePath.toStdString();
    const std::string run = m_run.toStdString();
    if (!reportProgress(progress, 0.0, tr("Opening %1").arg(m_storePath).toStdString()))
        throw Cancelled();
    // Scoped: the store (and its HDF5 lock) is released before the job reports back, whatever happens.
    std::optional<Store> opened;
    {
        // Waits for this process's own readers (view reloads, profile reads) to close the file.
        const QMutexLocker lock(&storeOpenMutex());
        opened.emplace(Store::open(path, Store::Mode::ReadWrite));
    }
    Store& store = *opened;
    if (!reportProgress(progress, 0.0, tr("Reading the corpus of run %1").arg(m_run).toStdString()))
        throw Cancelled();
    m_summary = sweepRun(store, run, m_configs, m_options, progress);
}

void SweepJob::succeeded()
{
    Q_EMIT sweepFinished(m_storePath);
}

} // namespace qs
