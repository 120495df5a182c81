// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "itemmodels/jobs/importjob.h"

#include "core/common/errors.h"
#include "core/store/store.h"
#include "itemmodels/storesnapshot.h"

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

Job::Work ImportJob::prepare()
{
    m_result = std::make_shared<int>(0);
    return [storePath = m_storePath, run = m_run, options = m_options, added = m_result](const Progress& progress) {
        if (!reportProgress(progress, 0.0, tr("Reading the revisions of %1").arg(run).toStdString()))
            throw Cancelled();
        std::optional<Store> store;
        {
            const QMutexLocker lock(&storeOpenMutex());
            store.emplace(Store::openOrCreate(storePath.toStdString()));
        }
        *added = int(importHfTrajectory(*store, run.toStdString(), options).size());
        reportProgress(progress, 1.0, tr("Imported %n revision(s)", nullptr, *added).toStdString());
    };
}

void ImportJob::succeeded()
{
    m_added = *m_result;
    Q_EMIT imported(m_storePath, m_run, m_added);
}

} // namespace qs
