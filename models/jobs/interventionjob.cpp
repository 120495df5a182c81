#include "models/jobs/interventionjob.h"

#include "core/common/errors.h"
#include "core/data/config.h"
#include "core/data/corpus.h"
#include "core/data/store.h"
#include "core/engine/averaging.h"
#include "core/engine/sweep.h"
#include "core/engine/trainer.h"
#include "models/checkpointfolder.h"
#include "models/storesnapshot.h"

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
    job->m_kind = Kind::Cooldown;
    job->m_store = storePath;
    job->m_run = run;
    job->m_step = step;
    job->m_steps = steps;
    job->m_newRun = QStringLiteral("%1.cd%2").arg(run).arg(step);
    return job;
}

InterventionJob* InterventionJob::lawa(const QString& storePath, const QString& run, int window, QObject* parent)
{
    auto* job = new InterventionJob(parent);
    job->m_kind = Kind::Lawa;
    job->m_store = storePath;
    job->m_run = run;
    job->m_steps = window;
    job->m_newRun = QString::fromStdString(lawaRunName(run.toStdString(), window, 1));
    return job;
}

Job::Work InterventionJob::prepare()
{
    return [kind = m_kind, storePath = m_store, parentRun = m_run, newRun = m_newRun, step = m_step, steps = m_steps](
               const Progress& progress) { intervene(kind, storePath, parentRun, newRun, step, steps, progress); };
}

void InterventionJob::intervene(Kind kind, const QString& storePath, const QString& parentRun, const QString& newRun,
                                qint64 step, qint64 steps, const Progress& progress)
{
    Store store = openForWriting(storePath);
    const std::string run = parentRun.toStdString();
    const QString folder = defaultCheckpointFolder(storePath, newRun);
    if (kind == Kind::Lawa) {
        lawaRun(store, run, int(steps), 1, folder.toStdString(), progress);
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
    config.initStep = step;
    config.steps = steps;
    config.schedule.kind = ScheduleKind::Wsd;
    config.schedule.warmupSteps = 0;
    config.schedule.decayFraction = 1.0;
    config.keepOptimizerStates = false;
    config.checkpointEvery = std::min<int64_t>(config.checkpointEvery, steps);
    config.evalEvery = std::min<int64_t>(config.evalEvery, steps);
    config.validate();
    const Corpus corpus = corpusOfRun(store, run);
    trainRun(config, corpus, store, newRun.toStdString(), folder.toStdString(), progress);
}

void InterventionJob::succeeded()
{
    Q_EMIT interventionFinished(m_store, m_newRun);
}

} // namespace qs
