// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Runs the built-in demo (train a small LM with a WSD schedule, quantize every checkpoint) off the
// GUI thread.

#include "core/lab/demo.h"
#include "itemmodels/jobs/job.h"

#include <memory>

namespace qs {

class DemoJob : public Job
{
    Q_OBJECT

public:
    explicit DemoJob(const QString& dir, QObject* parent = nullptr);

    QString directory() const { return m_dir; }
    // Where the demo writes its store; known before the job starts, so a viewer can poll it.
    QString storePath() const;
    // Valid after finished().
    const DemoSummary& summary() const { return m_summary; }

Q_SIGNALS:
    // Emitted just before finished(), with the store the demo wrote.
    void demoFinished(const QString& storePath);

protected:
    Work prepare() override;
    void succeeded() override;

private:
    QString m_dir;
    DemoOptions m_options;
    DemoSummary m_summary;
    std::shared_ptr<DemoSummary> m_result; // written by the work
};

} // namespace qs
