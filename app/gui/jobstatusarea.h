// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The status bar's part for the job that runs (demo, sweep, import, recipe, intervention, whichever
// Job it is): what it is doing and how long is left, its progress, and Cancel. Hidden while no job
// runs.

#include <QPointer>
#include <QWidget>

class QLabel;
class QProgressBar;
class QToolButton;

namespace qs {

class Job;

class JobStatusArea : public QWidget
{
    Q_OBJECT

public:
    explicit JobStatusArea(QWidget* parent = nullptr);

    // Shows `job` from now until it stops running, with `message` until its first progress report.
    void track(Job* job, const QString& message);

public Q_SLOTS:
    // Asks the job to stop at its next safe point (it reports cancelled() then); says so meanwhile.
    void cancel();

private:
    QPointer<Job> m_job;
    QLabel* m_label = nullptr;
    QProgressBar* m_progress = nullptr;
    QToolButton* m_cancelButton = nullptr;
};

} // namespace qs
