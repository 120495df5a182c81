#pragma once

// The lab's interventions on a run of an open store, off the GUI thread: a cooldown branched from one
// of its checkpoints, or LAWA over it. Either ends as a new run of the store, linked to its parent.

#include "models/jobs/job.h"

#include <QString>

namespace qs {

class InterventionJob : public Job
{
    Q_OBJECT

public:
    // A linear cooldown from the parent's LR at checkpoint step `step` to its min_lr over `steps` steps,
    // as run "<run>.cd<step>" (the parent must keep its optimizer states there).
    static InterventionJob* cooldown(const QString& storePath, const QString& run, qint64 step, qint64 steps,
                                     QObject* parent = nullptr);
    // LAWA over every checkpoint of `run` with `window` checkpoints per average, as run "<run>.lawa<window>".
    static InterventionJob* lawa(const QString& storePath, const QString& run, int window, QObject* parent = nullptr);

    QString storePath() const { return m_store; }
    // The run the job makes (known before it starts).
    QString newRun() const { return m_newRun; }

Q_SIGNALS:
    void interventionFinished(const QString& storePath, const QString& run);

protected:
    Work prepare() override;
    void succeeded() override;

private:
    InterventionJob(QObject* parent);
    enum class Kind
    {
        Cooldown,
        Lawa,
    };
    // The work: no member of the job is used on the worker.
    static void intervene(Kind kind, const QString& storePath, const QString& parentRun, const QString& newRun,
                          qint64 step, qint64 steps, const Progress& progress);

    Kind m_kind = Kind::Cooldown;
    QString m_store, m_run, m_newRun;
    qint64 m_step = 0, m_steps = 0;
};

} // namespace qs
