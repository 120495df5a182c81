// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "app/cli/cluster.h"

#include "core/common/errors.h"

#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QRegularExpression>

#include <signal.h>

#include <algorithm>
#include <memory>

namespace qs::cli {

namespace {

// 'text' for bash (a ' inside becomes '\'').
QString shellQuoted(const QString& text)
{
    QString quoted = text;
    quoted.replace(QLatin1Char('\''), QLatin1String("'\\''"));
    return QLatin1Char('\'') + quoted + QLatin1Char('\'');
}

struct CommandResult
{
    bool started = false;
    int exitCode = -1;
    QString out, err;
};

// Runs a scheduler command; one that does not answer in `seconds` counts as not answering (squeue
// without a configuration file retries for a minute).
CommandResult runCommand(const QString& program, const QStringList& args, int seconds = 15)
{
    CommandResult result;
    QProcess process;
    process.start(program, args);
    if (!process.waitForStarted(seconds * 1000))
        return result;
    result.started = true;
    if (!process.waitForFinished(seconds * 1000)) {
        process.kill();
        process.waitForFinished(2000);
        result.err = QStringLiteral("%1 did not answer within %2 s").arg(program).arg(seconds);
        return result;
    }
    result.exitCode = process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1;
    result.out = QString::fromUtf8(process.readAllStandardOutput());
    result.err = QString::fromUtf8(process.readAllStandardError()).trimmed();
    return result;
}

QString configList(const ShardPlan& plan)
{
    QStringList ids;
    for (const QuantConfig& c : plan.configs)
        ids << QString::fromStdString(c.id());
    return ids.join(QLatin1String(", "));
}

bool pidAlive(const QString& pidFile)
{
    QFile file(pidFile);
    if (!file.open(QIODevice::ReadOnly))
        return false;
    bool ok = false;
    const qint64 pid = QString::fromLatin1(file.readAll()).trimmed().toLongLong(&ok);
    return ok && pid > 0 && ::kill(pid_t(pid), 0) == 0;
}

} // namespace

QString arraySpec(const std::vector<int>& tasks, int throttle)
{
    std::vector<int> sorted = tasks;
    std::sort(sorted.begin(), sorted.end());
    sorted.erase(std::unique(sorted.begin(), sorted.end()), sorted.end());
    QStringList parts;
    for (size_t i = 0; i < sorted.size();) {
        size_t j = i;
        while (j + 1 < sorted.size() && sorted[j + 1] == sorted[j] + 1)
            ++j;
        parts << (j == i ? QString::number(sorted[i]) : QStringLiteral("%1-%2").arg(sorted[i]).arg(sorted[j]));
        i = j + 1;
    }
    QString spec = parts.join(QLatin1Char(','));
    if (throttle > 0)
        spec += QStringLiteral("%%1").arg(throttle);
    return spec;
}

QString scriptPath(const ShardPlan& plan)
{
    return QDir(QString::fromStdString(plan.folder)).filePath(QStringLiteral("job.sbatch"));
}

QString batchScript(const ShardPlan& plan, const SbatchOptions& options, const QString& program)
{
    const QString store = QString::fromStdString(plan.store);
    const QString folder = QString::fromStdString(plan.folder);
    std::vector<int> all;
    for (const ShardTask& t : plan.tasks)
        all.push_back(t.index);
    QStringList s;
    s << QStringLiteral("#!/bin/bash")
      << QStringLiteral("# QuantScope: the sweep of one run as a SLURM job array, written by `quantscope submit`.")
      << QStringLiteral("#") << QStringLiteral("#   store    %1").arg(store)
      << QStringLiteral("#   run      %1").arg(QString::fromStdString(plan.run))
      << QStringLiteral("#   configs  %1").arg(configList(plan))
      << QStringLiteral("#   tasks    %1 (array indices %2); the checkpoints of each are in plan.json")
             .arg(plan.tasks.size())
             .arg(arraySpec(all, 0))
      << QStringLiteral("#")
      << QStringLiteral("# Array task N sweeps its checkpoints into its own shard store, task-N.h5 in this folder,")
      << QStringLiteral("# and appends its output to task-N.log. A task that stops midway (failed, cancelled,")
      << QStringLiteral("# preempted, out of time) keeps every entry it stored; run again, it computes only the rest.")
      << QStringLiteral("#   quantscope status --store %1             the tasks' state").arg(shellQuoted(store))
      << QStringLiteral("#   quantscope merge --store %1              the shards folded into the store")
             .arg(shellQuoted(store))
      << QStringLiteral("#   quantscope submit --store %1 --resubmit  the unfinished tasks again")
             .arg(shellQuoted(store))
      << QStringLiteral(
             "# Submitting this script by hand: sbatch job.sbatch (every task), sbatch --array=2,5 job.sbatch")
      << QStringLiteral("# (some tasks). The #SBATCH lines below may be edited; sbatch options given on its command")
      << QStringLiteral("# line take precedence over them.") << QStringLiteral("#")
      << QStringLiteral("#SBATCH --job-name=quantscope-%1").arg(QString::fromStdString(plan.run))
      << QStringLiteral("#SBATCH --array=%1").arg(arraySpec(all, options.throttle))
      << QStringLiteral("#SBATCH --output=%1/task-%a.log").arg(folder) << QStringLiteral("#SBATCH --open-mode=append")
      << QStringLiteral("#SBATCH --cpus-per-task=%1").arg(options.cpusPerTask);
    if (options.gpusPerTask > 0)
        s << QStringLiteral("#SBATCH --gpus-per-task=%1").arg(options.gpusPerTask);
    if (!options.memory.isEmpty())
        s << QStringLiteral("#SBATCH --mem=%1").arg(options.memory);
    if (!options.time.isEmpty())
        s << QStringLiteral("#SBATCH --time=%1").arg(options.time);
    if (!options.partition.isEmpty())
        s << QStringLiteral("#SBATCH --partition=%1").arg(options.partition);
    if (!options.account.isEmpty())
        s << QStringLiteral("#SBATCH --account=%1").arg(options.account);
    if (!options.qos.isEmpty())
        s << QStringLiteral("#SBATCH --qos=%1").arg(options.qos);
    for (const QString& extra : options.extra)
        s << QStringLiteral("#SBATCH %1").arg(extra);
    s << QString() << QStringLiteral("set -eu")
      << QStringLiteral("# A shard store has one writer, its task, so QuantScope takes no file locks on it; this keeps")
      << QStringLiteral("# HDF5 from trying any either (its locks fail or hang on some NFS and Lustre mounts).")
      << QStringLiteral("export HDF5_USE_FILE_LOCKING=FALSE")
      << QStringLiteral(
             "# What a Hugging Face sweep plans its memory for: half the job's --mem (without SLURM, half the")
      << QStringLiteral("# machine's), so that the task stays inside its allocation.") << QStringLiteral("memory=()")
      << QStringLiteral(
             "if [ \"${SLURM_MEM_PER_NODE:-0}\" -gt 0 ]; then memory=(--memory \"$((SLURM_MEM_PER_NODE / 2))M\"); fi")
      << QStringLiteral("echo \"quantscope: array task ${SLURM_ARRAY_TASK_ID} of job ${SLURM_ARRAY_JOB_ID} on "
                        "$(hostname) at $(date -u +%Y-%m-%dT%H:%M:%SZ)\"")
      << QStringLiteral(
             "exec %1 task --plan %2 --task \"${SLURM_ARRAY_TASK_ID}\" --threads \"${SLURM_CPUS_PER_TASK:-1}\" "
             "--device %3 ${memory[@]+\"${memory[@]}\"}")
             .arg(shellQuoted(program), shellQuoted(QString::fromStdString(plan.planPath())),
                  shellQuoted(options.device));
    return s.join(QLatin1Char('\n')) + QLatin1Char('\n');
}

QStringList sbatchArguments(const SbatchOptions& options)
{
    QStringList args;
    auto add = [&](const char* name, const QString& value) {
        if (!value.isEmpty())
            args << QStringLiteral("--%1=%2").arg(QLatin1String(name), value);
    };
    add("partition", options.partition);
    add("account", options.account);
    add("qos", options.qos);
    add("time", options.time);
    add("mem", options.memory);
    if (options.cpusPerTask > 0)
        add("cpus-per-task", QString::number(options.cpusPerTask));
    if (options.gpusPerTask > 0)
        add("gpus-per-task", QString::number(options.gpusPerTask));
    return args + options.extra;
}

int scriptThrottle(const QString& script)
{
    QFile file(script);
    if (!file.open(QIODevice::ReadOnly))
        return 0;
    static const QRegularExpression array(QStringLiteral("^#SBATCH\\s+--array=\\S*%(\\d+)\\s*$"),
                                          QRegularExpression::MultilineOption);
    return array.match(QString::fromUtf8(file.readAll())).captured(1).toInt();
}

QString submitArray(const QString& script, const std::vector<int>& tasks, int throttle, const QStringList& extra)
{
    const CommandResult r = runCommand(
        QStringLiteral("sbatch"),
        QStringList {QStringLiteral("--parsable"), QStringLiteral("--array=%1").arg(arraySpec(tasks, throttle))} + extra
            + QStringList {script});
    if (!r.started)
        throw IoError("sbatch could not be started: is SLURM's client (package slurm-client) installed and on PATH?");
    if (r.exitCode != 0)
        throw IoError(QStringLiteral("sbatch refused the job (exit %1): %2")
                          .arg(r.exitCode)
                          .arg(r.err.isEmpty() ? r.out.trimmed() : r.err)
                          .toStdString());
    // --parsable: "<job id>" or "<job id>;<cluster>".
    const QString job = r.out.trimmed().section(QLatin1Char(';'), 0, 0);
    if (job.isEmpty() || !QRegularExpression(QStringLiteral("^\\d+$")).match(job).hasMatch())
        throw IoError(QStringLiteral("sbatch answered '%1', not a job id").arg(r.out.trimmed()).toStdString());
    return job;
}

QueueView queryQueue(const QStringList& jobs)
{
    QueueView view;
    if (jobs.isEmpty())
        return view;
    // Every array task of the user's jobs on its own line (-r): "<array job id>|<task id>|<state>".
    // All jobs rather than -j: squeue refuses the whole query once one id has left its memory.
    const CommandResult q = runCommand(QStringLiteral("squeue"),
                                       {QStringLiteral("--me"), QStringLiteral("-h"), QStringLiteral("-r"),
                                        QStringLiteral("-o"), QStringLiteral("%F|%K|%T")});
    if (q.started && q.exitCode == 0) {
        view.squeue = true;
        for (const QString& line : q.out.split(QLatin1Char('\n'), Qt::SkipEmptyParts)) {
            const QStringList f = line.trimmed().split(QLatin1Char('|'));
            bool ok = false;
            const int task = f.value(1).toInt(&ok);
            if (f.size() == 3 && ok && jobs.contains(f[0])) {
                view.states[{f[0], task}] = f[2];
                view.queued.insert({f[0], task});
            }
        }
    } else {
        view.problem = !q.started ? QStringLiteral("squeue is not installed") : QStringLiteral("squeue: %1").arg(q.err);
    }
    // Finished tasks from accounting, where it runs: FAILED, TIMEOUT, OUT_OF_MEMORY, … (squeue's view wins).
    const CommandResult a =
        runCommand(QStringLiteral("sacct"),
                   {QStringLiteral("-n"), QStringLiteral("-P"), QStringLiteral("-X"), QStringLiteral("-o"),
                    QStringLiteral("JobID,State"), QStringLiteral("-j"), jobs.join(QLatin1Char(','))});
    if (a.started && a.exitCode == 0) {
        view.sacct = true;
        static const QRegularExpression id(QStringLiteral("^(\\d+)_(\\d+)$"));
        for (const QString& line : a.out.split(QLatin1Char('\n'), Qt::SkipEmptyParts)) {
            const QStringList f = line.trimmed().split(QLatin1Char('|'));
            const auto m = id.match(f.value(0));
            if (f.size() == 2 && m.hasMatch()) {
                const std::pair<QString, int> key {m.captured(1), m.captured(2).toInt()};
                if (!view.states.count(key))
                    view.states[key] = f[1].section(QLatin1Char(' '), 0, 0); // "CANCELLED by 0"
            }
        }
    }
    return view;
}

QString toString(TaskState state)
{
    switch (state) {
    case TaskState::Done:
        return QStringLiteral("done");
    case TaskState::Running:
        return QStringLiteral("running");
    case TaskState::Pending:
        return QStringLiteral("pending");
    case TaskState::Failed:
        return QStringLiteral("failed");
    case TaskState::NotSubmitted:
        return QStringLiteral("not submitted");
    case TaskState::Unknown:
        return QStringLiteral("unknown");
    }
    return {};
}

int ArrayStatus::count(TaskState state) const
{
    return int(std::count_if(tasks.begin(), tasks.end(), [&](const TaskStatus& t) { return t.state == state; }));
}

QString lastErrorLine(const QString& log)
{
    QFile file(log);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    // The tail is enough: a task's log ends where it stopped.
    const qint64 tail = qint64(64) * 1024;
    if (file.size() > tail)
        file.seek(file.size() - tail);
    const QStringList lines =
        QString::fromUtf8(file.readAll()).split(QRegularExpression(QStringLiteral("[\r\n]")), Qt::SkipEmptyParts);
    static const QRegularExpression error(QStringLiteral("^quantscope [a-z]+: |error|Error|ERROR|CANCELLED|Killed"));
    for (auto it = lines.rbegin(); it != lines.rend(); ++it) {
        if (error.match(*it).hasMatch())
            return it->trimmed();
    }
    for (auto it = lines.rbegin(); it != lines.rend(); ++it) {
        if (!it->trimmed().isEmpty())
            return it->trimmed();
    }
    return {};
}

ArrayStatus arrayStatus(const ShardPlan& plan)
{
    ArrayStatus status;
    QStringList jobs;
    for (const ShardSubmission& s : plan.submissions) {
        if (s.job != "local")
            jobs << QString::fromStdString(s.job);
    }
    status.queue = queryQueue(jobs);
    for (const ShardTask& t : plan.tasks) {
        TaskStatus task;
        task.task = t.index;
        task.progress = shardProgress(plan, t.index);
        const QString job = QString::fromStdString(plan.jobOf(t.index));
        const QString log = QString::fromStdString(plan.logPath(t.index));
        if (QFileInfo::exists(log))
            task.log = log;
        if (job == QLatin1String("local")) {
            task.job = job;
        } else if (!job.isEmpty()) {
            task.job = QStringLiteral("%1_%2").arg(job).arg(t.index);
            const auto it = status.queue.states.find({job, t.index});
            if (it != status.queue.states.end())
                task.queueState = it->second;
        }
        const QString pidFile =
            QDir(QString::fromStdString(plan.folder)).filePath(QStringLiteral("task-%1.pid").arg(t.index));
        if (task.progress.complete())
            task.state = TaskState::Done;
        else if (job.isEmpty())
            task.state = TaskState::NotSubmitted;
        else if (status.queue.queued.count({job, t.index}))
            // Listed by squeue in any state (SUSPENDED, REQUEUE_HOLD, …): still SLURM's, never failed.
            task.state = task.queueState == QLatin1String("PENDING")
                    || task.queueState.startsWith(QLatin1String("REQUEUE"))
                    || task.queueState == QLatin1String("CONFIGURING")
                    || task.queueState.endsWith(QLatin1String("HOLD"))
                ? TaskState::Pending
                : TaskState::Running;
        else if (job == QLatin1String("local") && pidAlive(pidFile))
            task.state = TaskState::Running;
        else if (job != QLatin1String("local") && !status.queue.squeue)
            task.state = TaskState::Unknown; // it may be queued or running: nobody could say
        else
            task.state = TaskState::Failed;
        if (task.state == TaskState::Failed) {
            task.lastError = lastErrorLine(log);
            if (!task.progress.error.empty())
                task.lastError = QString::fromStdString(task.progress.error);
        }
        status.tasks.push_back(std::move(task));
    }
    return status;
}

std::vector<int> runLocal(const ShardPlan& plan, const std::vector<int>& tasks, int workers, int threads, qint64 memory,
                          const QString& device, const QString& program)
{
    struct Worker
    {
        int task;
        std::unique_ptr<QProcess> process;
        QString pidFile;
    };
    std::vector<int> failed;
    std::vector<Worker> running;
    size_t next = 0;
    const QDir folder(QString::fromStdString(plan.folder));
    auto finish = [&](Worker& w) {
        const bool ok = w.process->exitStatus() == QProcess::NormalExit && w.process->exitCode() == 0;
        if (!ok)
            failed.push_back(w.task);
        QFile::remove(w.pidFile);
    };
    while (next < tasks.size() || !running.empty()) {
        while (next < tasks.size() && int(running.size()) < workers) {
            const int task = tasks[next++];
            Worker w {task, std::make_unique<QProcess>(), folder.filePath(QStringLiteral("task-%1.pid").arg(task))};
            QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
            env.insert(QStringLiteral("HDF5_USE_FILE_LOCKING"), QStringLiteral("FALSE"));
            w.process->setProcessEnvironment(env);
            w.process->setProcessChannelMode(QProcess::MergedChannels);
            w.process->setStandardOutputFile(QString::fromStdString(plan.logPath(task)), QIODevice::Append);
            w.process->start(program,
                             {QStringLiteral("task"), QStringLiteral("--plan"), QString::fromStdString(plan.planPath()),
                              QStringLiteral("--task"), QString::number(task), QStringLiteral("--threads"),
                              QString::number(threads), QStringLiteral("--device"), device, QStringLiteral("--memory"),
                              QString::number(memory)});
            if (!w.process->waitForStarted(30000)) {
                failed.push_back(task);
                continue;
            }
            QFile pid(w.pidFile);
            if (pid.open(QIODevice::WriteOnly | QIODevice::Truncate))
                pid.write(QByteArray::number(w.process->processId()) + '\n');
            running.push_back(std::move(w));
        }
        // Wait for any worker: poll each briefly (a handful of processes).
        for (auto it = running.begin(); it != running.end();) {
            if (it->process->state() == QProcess::NotRunning || it->process->waitForFinished(100)) {
                finish(*it);
                it = running.erase(it);
            } else {
                ++it;
            }
        }
    }
    std::sort(failed.begin(), failed.end());
    return failed;
}

} // namespace qs::cli
