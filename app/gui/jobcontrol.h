// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The main window's job control: the one job that runs at a time, and the one path every job of the
// window goes through (runJob) — the status bar's JobStatusArea shows its progress and Cancel, the
// StoreFollower follows its store while it grows, and the store is read again when the job ends,
// however it ends. It owns the running job and drives that status area (made with the window as its
// parent), and starts the jobs of File > Run Demo and Run Sweep… itself; the lab and file actions hand
// it theirs.

#include "core/config/config.h"

#include <QObject>
#include <QPointer>
#include <QString>

#include <vector>

class QMainWindow;

namespace qs {

class Job;
class JobStatusArea;
class Settings;
class StoreFollower;

// How long the window's status bar shows a message.
inline constexpr int statusTimeoutMs = 8000;

class JobControl : public QObject
{
    Q_OBJECT

public:
    // Dialogs and the status area go into `window`.
    JobControl(StoreFollower* follower, Settings* settings, QMainWindow* window);
    ~JobControl() override; // waits for the running job's worker

    // Makes the status bar's job area (hidden while no job runs); the window places it.
    JobStatusArea* makeStatusArea();

    bool isJobRunning() const;
    bool isDemoRunning() const;

    // Runs `job` (owned by the job control from now on) with the status area's progress, ETA and
    // Cancel, following the store at `storePath` while it runs and reading it again afterwards: the
    // status bar then says `setDoneMessage()`'s text, `cancelledMessage`, or `failTitle`'s error.
    void runJob(Job* job, const QString& storePath, const QString& startMessage, const QString& failTitle,
                const QString& cancelledMessage);
    // What the status bar says once the running job's store is read again; set by the job's own result
    // signal, before it finishes.
    void setDoneMessage(const QString& message) { m_doneMessage = message; }

    // Runs the built-in demo in `dir`, showing its store as it grows and opening it when done.
    void startDemo(const QString& dir);
    // Asks for a run (`run` first) and configs (SweepDialog) and sweeps them over the shown store.
    void chooseSweep(const QString& run);
    // Sweeps `configs` over every checkpoint of `run` in the store at `storePath`, showing the store
    // as it fills and reloading it when the sweep ends, however it ends.
    void startSweep(const QString& storePath, const QString& run, const std::vector<QuantConfig>& configs);
    // Asks the running job to stop at its next safe point; the status area says so.
    void cancel();
    // The same as the window closes: the store keeps what was computed, and the destructor waits for
    // the worker.
    void cancelOnClose();

Q_SIGNALS:
    // A job started or ended: the actions follow.
    void runningChanged();
    // The job ended: read the store at `storePath` again and say `message` once it is loaded.
    void reloadRequested(const QString& storePath, const QString& message);
    void errorOccurred(const QString& title, const QString& message);
    void demoFinished(const QString& storePath);
    void sweepFinished(const QString& storePath);

private:
    void reloadAfterJob(const QString& storePath, const QString& message);
    void showMessage(const QString& message);

    StoreFollower* m_follower = nullptr;
    Settings* m_settings = nullptr;
    QMainWindow* m_window = nullptr;
    JobStatusArea* m_status = nullptr;
    QPointer<Job> m_job;
    QString m_doneMessage;
};

} // namespace qs
