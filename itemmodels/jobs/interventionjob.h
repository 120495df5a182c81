// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The lab's interventions on a run of an open store, off the GUI thread: a cooldown branched from one
// of its checkpoints, LAWA over it, or a soup of chosen checkpoints. Each ends as a new run of the
// store, linked to its parent.

#include "core/config/averagingspec.h"
#include "itemmodels/jobs/job.h"

#include <QString>

#include <vector>

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
    // A model soup (soupRun): run `name` with one checkpoint, the weighted average of `ingredients`,
    // written under `folder` (empty: checkpoints/<name> next to the store, as for LAWA; for runs of
    // Hugging Face revisions the averaged revision folder goes inside it).
    static InterventionJob* soup(const QString& storePath, const QString& name, std::vector<SoupIngredient> ingredients,
                                 const QString& folder = {}, QObject* parent = nullptr);

    QString storePath() const { return m_request.store; }
    // The run the job makes (known before it starts).
    QString newRun() const { return m_request.newRun; }

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
        Soup,
    };
    // What the work needs, copied to the worker: no member of the job is used there.
    struct Request
    {
        Kind kind = Kind::Cooldown;
        QString store, run, newRun;
        QString folder; // where the new checkpoints go; empty: defaultCheckpointFolder
        qint64 step = 0, steps = 0;
        std::vector<SoupIngredient> ingredients;
    };
    static void intervene(const Request& request, const Progress& progress);

    Request m_request;
};

} // namespace qs
