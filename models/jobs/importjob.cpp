#include "models/jobs/importjob.h"

#include "core/common/errors.h"
#include "core/data/store.h"
#include "models/storesnapshot.h"

#include <QMutexLocker>

#include <optional>

namespace qs {

ImportJob::ImportJob(const QString& storePath, const QString& run, HfImportOptions options, QObject* parent)
    : Job(parent)
    , m_storePath(storePath)
    , m_run(run)
    , m_options(std::move(options))
{
}

ImportJob::~ImportJob()
{
    cancelAndWait();
}

void ImportJob::run(const Progress& progress)
{
    if (!reportProgress(progress, 0.0, tr("Reading the revisions of %1").arg(m_run).toStdString()))
        throw Cancelled();
    std::optional<Store> store;
    {
        const QMutexLocker lock(&storeOpenMutex());
        store.emplace(Store::openOrCreate(m_storePath.toStdString()));
    }
    m_added = int(importHfTrajectory(*store, m_run.toStdString(), m_options).size());
    reportProgress(progress, 1.0, tr("Imported %n revision(s)", nullptr, m_added).toStdString());
}

void ImportJob::succeeded()
{
    Q_EMIT imported(m_storePath, m_run, m_added);
}

} // namespace qs
