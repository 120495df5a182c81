// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Imports a trajectory of Hugging Face revisions as a run of a store (core/hf/hfrun.h) off the GUI thread:
// every revision's config and shard headers are read and checked, which takes a moment for big
// trajectories. The store is created when it does not exist, and closed before the job reports back.

#include "core/hf/hfrun.h"
#include "itemmodels/jobs/job.h"

#include <memory>

namespace qs {

class ImportJob : public Job
{
    Q_OBJECT

public:
    ImportJob(const QString& storePath, const QString& run, HfImportOptions options, QObject* parent = nullptr);

    QString storePath() const { return m_storePath; }
    QString runName() const { return m_run; }
    int added() const { return m_added; } // valid after finished()

Q_SIGNALS:
    // Emitted just before finished().
    void imported(const QString& storePath, const QString& run, int revisions);

protected:
    Work prepare() override;
    void succeeded() override;

private:
    QString m_storePath;
    QString m_run;
    HfImportOptions m_options;
    int m_added = 0;
    std::shared_ptr<int> m_result; // written by the work
};

} // namespace qs
