// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "itemmodels/jobs/interventionjob.h"

#include "core/common/errors.h"
#include "core/config/config.h"
#include "core/config/corpus.h"
#include "core/engine/averaging.h"
#include "core/engine/sweep.h"
#include "core/engine/trainer.h"
#include "core/store/store.h"
#include "itemmodels/checkpointfolder.h"
#include "itemmodels/storesnapshot.h"

#include <QDir>
#include <QFileInfo>
#include <QMutexLocker>

namespace qs {

namespace {

Store openForWriting(const QString& path)
{
    QMutexLocker lock(&storeOpenMutex());
    return Store::open(path.toStdString(), Store::Mode::ReadWrite);
}

} // namespace

InterventionJob::InterventionJob(QObject* parent)
    : Job(parent)
{
}

InterventionJob* InterventionJob::cooldown(const QString& storePath, const QString& run, qint64 step, qint64 steps,
                                           QObject* parent)
{
    auto* job = new InterventionJob(parent);
    job->m_request = {Kind::Cooldown, storePath, run, QStringLiteral("%1.cd%2").arg(run).arg(step), {},
                      step,           steps,     {}};
    return job;
}

InterventionJob* InterventionJob::lawa(const QString& storePath, const QString& run, int window, QObject* parent)
{
    auto* job = new InterventionJob(parent);
    job->m_request = {Kind::Lawa, storePath, run,    QString::fromStdString(lawaRunName(run.toStdString(), window, 1)),
                      {},         0,         window, {}};
    return job;
}

InterventionJob* InterventionJob::soup(const QString& storePath, const QString& name,
                                       std::vector<SoupIngredient> ingredients, const QString& folder, QObject* parent)
{
    auto* job = new InterventionJob(parent);
    const QString parentRun = ingredients.empty() ? QString() : QString::fromStdString(ingredients.front().run);
    job->m_request = {Kind::Soup, storePath, parentRun, name, folder, 0, 0, std::move(ingredients)};
    return job;
}

Job::Work InterventionJob::prepare()
{
    return [request = m_request](const Progress& progress) { intervene(request, progress); };
}

void InterventionJob::intervene(const Request& request, const Progress& progress)
{
    Store store = openForWriting(request.store);
    const std::string run = request.run.toStdString();
    const QString folder =
        request.folder.isEmpty() ? defaultCheckpointFolder(request.store, request.newRun) : request.folder;
    if (request.kind == Kind::Lawa) {
        lawaRun(store, run, int(request.steps), 1, folder.toStdString(), progress);
        return;
    }
    if (request.kind == Kind::Soup) {
        soupRun(store, request.newRun.toStdString(), request.ingredients, folder.toStdString(), kHfDefaultShardBytes,
                progress);
        return;
    }
    if (!store.hasRun(run))
        throw ConfigError(store.path() + ": no run '" + run + "'");
    TrainConfig config;
    try {
        config = TrainConfig::fromJson(store.runInfo(run).trainConfigJson);
    } catch (const ConfigError&) {
        throw ConfigError(store.path() + ": run '" + run
                          + "' was not trained by QuantScope; only its runs can be branched");
    }
    config.initRun = run;
    config.initStep = request.step;
    config.steps = request.steps;
    config.schedule.kind = ScheduleKind::Wsd;
    config.schedule.warmupSteps = 0;
    config.schedule.decayFraction = 1.0;
    config.keepOptimizerStates = false;
    config.checkpointEvery = std::min<int64_t>(config.checkpointEvery, request.steps);
    config.evalEvery = std::min<int64_t>(config.evalEvery, request.steps);
    config.validate();
    const Corpus corpus = corpusOfRun(store, run);
    trainRun(config, corpus, store, request.newRun.toStdString(), folder.toStdString(), progress);
}

void InterventionJob::succeeded()
{
    Q_EMIT interventionFinished(m_request.store, m_request.newRun);
}

} // namespace qs
