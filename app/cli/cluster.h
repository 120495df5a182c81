// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The scheduler side of a sharded sweep (core/store/shards.h): the SLURM batch script, sbatch, the
// queue's view of an array (squeue, and sacct where accounting runs), local worker processes, and
// the state of every task put together from its shard, the queue and its log. QtCore only: the
// status is shown by `quantscope status` and by the GUI.

#include "core/store/shards.h"

#include <QString>
#include <QStringList>

#include <map>
#include <set>
#include <vector>

namespace qs::cli {

struct SbatchOptions
{
    QString partition, account, qos, time, memory;
    int cpusPerTask = 1;
    int gpusPerTask = 0;
    int throttle = 0;  // at most this many tasks at once (%M); 0: no limit
    QStringList extra; // more sbatch arguments, one directive each
    QString device = QStringLiteral("cpu");
};

// "0-3,5,7-8" (with "%M" for a throttle > 0).
QString arraySpec(const std::vector<int>& tasks, int throttle);
// The batch script: #SBATCH lines from `options`, then the task's command (`program task ...`). Plain
// bash with comments, for a user to read, edit and submit by hand.
QString batchScript(const ShardPlan& plan, const SbatchOptions& options, const QString& program);
// <folder>/job.sbatch
QString scriptPath(const ShardPlan& plan);
// `sbatch --parsable --array=<tasks> [extra] script`: the job id. IoError with sbatch's own message when
// it fails or is not installed.
QString submitArray(const QString& script, const std::vector<int>& tasks, int throttle, const QStringList& extra = {});
// The options set in `options` as sbatch arguments ("--mem=4G", …, then `extra`): what a resubmission
// passes on sbatch's command line, which takes precedence over the script's #SBATCH lines.
QStringList sbatchArguments(const SbatchOptions& options);
// The %M of the script's `#SBATCH --array=…%M` line; 0 for none (or no script).
int scriptThrottle(const QString& script);

// One line of the queue: a task of an array job, in SLURM's words (PENDING, RUNNING, COMPLETED,
// FAILED, CANCELLED, TIMEOUT, OUT_OF_MEMORY, PREEMPTED, NODE_FAIL, …).
struct QueueView
{
    bool squeue = false;                               // squeue answered
    bool sacct = false;                                // sacct answered (accounting is configured)
    QString problem;                                   // why neither answered, for the status text
    std::map<std::pair<QString, int>, QString> states; // (job, task) -> state
    std::set<std::pair<QString, int>> queued;          // the tasks squeue lists (in any state)
};
QueueView queryQueue(const QStringList& jobs);

enum class TaskState
{
    Done,
    Running,
    Pending,
    Failed,       // not complete and no longer queued (or the scheduler says it failed)
    NotSubmitted, // no submission ran it
    Unknown,      // submitted to SLURM, not complete, and squeue did not answer
};
QString toString(TaskState state); // "done", "running", …

struct TaskStatus
{
    int task = 0;
    TaskState state = TaskState::NotSubmitted;
    ShardProgress progress;
    QString job;        // "4711_2", "local", or ""
    QString queueState; // what the scheduler said, if anything
    QString log;        // the task's log file (absolute), "" if none was written
    QString lastError;  // the last error line of the log (failed tasks)
};

struct ArrayStatus
{
    QueueView queue;
    std::vector<TaskStatus> tasks;
    int count(TaskState state) const;
};
ArrayStatus arrayStatus(const ShardPlan& plan);

// The last line of `log` that reports an error (QuantScope's "quantscope <command>: …", slurmstepd's
// "error:" lines), else its last non-empty line; "" for a missing or empty file.
QString lastErrorLine(const QString& log);

// Runs `tasks` of the plan as local processes of `program` (`program task --plan … --task N`), at most
// `workers` at once, each with `threads` torch threads, `memory` bytes to plan for (--memory) and its
// output appended to its log; while one runs, <folder>/task-<N>.pid holds its pid. Returns the tasks
// that failed.
std::vector<int> runLocal(const ShardPlan& plan, const std::vector<int>& tasks, int workers, int threads, qint64 memory,
                          const QString& device, const QString& program);

} // namespace qs::cli
