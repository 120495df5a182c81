// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
// quantscope submit / task / status / merge: a run's sweep split into tasks that run as a SLURM job
// array (or as local worker processes), each writing its own shard store, folded into the main store
// afterwards (core/store/shards.h, app/cli/cluster.h, docs/cluster.md).

#include "app/cli/clioptions.h"
#include "app/cli/clioutput.h"
#include "app/cli/cluster.h"
#include "app/cli/commands.h"

#include "core/engine/hfmemory.h"
#include "core/engine/sweep.h"
#include "core/hf/hfrun.h"
#include "core/store/shards.h"
#include "core/store/store.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>

#include <algorithm>
#include <filesystem>
#include <optional>
#include <thread>

namespace fs = std::filesystem;

namespace qs::cli {

namespace {

QString q(const std::string& text)
{
    return QString::fromStdString(text);
}

std::string runOf(const Store& store, const Arguments& args)
{
    if (args.isSet("run"))
        return args.value("run").toStdString();
    const auto runs = store.runs();
    if (runs.size() != 1)
        throw BadUsage(QStringLiteral("%1 holds %2 runs; name one with --run").arg(q(store.path())).arg(runs.size()));
    return runs.front();
}

QString stepsText(const ShardTask& task)
{
    QStringList steps;
    for (int64_t s : task.steps)
        steps << QString::number(s);
    return steps.join(QLatin1String(", "));
}

// Whether the main store holds every entry of the plan (an earlier plan finished and merged).
bool planMerged(const Store& store, const ShardPlan& plan)
{
    if (!store.hasRun(plan.run))
        return false;
    for (const ShardTask& t : plan.tasks)
        for (int i : t.checkpoints)
            for (const QuantConfig& c : plan.configs)
                if (!store.hasResult(plan.run, c.id(), i))
                    return false;
    return true;
}

void removeOldTaskFiles(const ShardPlan& plan)
{
    QDir folder(q(plan.folder));
    for (const QString& name :
         folder.entryList({QStringLiteral("task-*"), QStringLiteral(".task-*")}, QDir::Files | QDir::Hidden))
        folder.remove(name);
}

void printPlan(const ShardPlan& plan)
{
    out(QStringLiteral("Plan: run '%1', %2 configs, %3 tasks")
            .arg(q(plan.run))
            .arg(plan.configs.size())
            .arg(plan.tasks.size()));
    for (const ShardTask& t : plan.tasks)
        out(QStringLiteral("  task %1: %2 %3, %4 entries")
                .arg(t.index)
                .arg(t.steps.size() == 1 ? QStringLiteral("step") : QStringLiteral("steps"), stepsText(t))
                .arg(plan.expectedEntries(t.index)));
}

QString program()
{
    return QCoreApplication::applicationFilePath();
}

void printStatus(const ShardPlan& plan, const ArrayStatus& status)
{
    out(QStringLiteral("Run '%1' of %2: %3 tasks; done %4, running %5, pending %6, failed %7, not submitted %8")
            .arg(q(plan.run), q(plan.store))
            .arg(status.tasks.size())
            .arg(status.count(TaskState::Done))
            .arg(status.count(TaskState::Running))
            .arg(status.count(TaskState::Pending))
            .arg(status.count(TaskState::Failed))
            .arg(status.count(TaskState::NotSubmitted))
        + (status.count(TaskState::Unknown) > 0 ? QStringLiteral(", unknown %1").arg(status.count(TaskState::Unknown))
                                                : QString()));
    if (!status.queue.problem.isEmpty())
        out(QStringLiteral("  (no queue information: %1; states from the shards and logs only)")
                .arg(status.queue.problem));
    for (const TaskStatus& t : status.tasks) {
        QString line = QStringLiteral("  task %1  %2  %3/%4 entries")
                           .arg(t.task, 3)
                           .arg(toString(t.state), -13)
                           .arg(t.progress.stored)
                           .arg(t.progress.expected);
        if (!t.job.isEmpty())
            line += QStringLiteral("  job %1").arg(t.job);
        if (!t.queueState.isEmpty() && t.state == TaskState::Failed)
            line += QStringLiteral(" (%1)").arg(t.queueState);
        out(line);
        if (t.state == TaskState::Failed) {
            out(QStringLiteral("      log: %1").arg(t.log.isEmpty() ? QStringLiteral("(none written)") : t.log));
            if (!t.lastError.isEmpty())
                out(QStringLiteral("      last error: %1").arg(t.lastError));
        }
    }
    const int unfinished = int(status.tasks.size()) - status.count(TaskState::Done);
    const QString store = q(plan.store);
    if (status.count(TaskState::Failed) + status.count(TaskState::NotSubmitted) > 0)
        out(QStringLiteral("Submit the unfinished tasks again: quantscope submit --store %1 --resubmit").arg(store));
    if (unfinished == 0)
        out(QStringLiteral("Every task is done: quantscope merge --store %1").arg(store));
}

int runSubmit(const Arguments& args)
{
    args.forbidTogether("resubmit", "quant");
    args.forbidTogether("resubmit", "protocol");
    args.forbidTogether("resubmit", "per-task");
    const std::string storePath = args.value("store").toStdString();
    const std::string folder = shardFolder(storePath);
    const bool havePlan = QFileInfo::exists(QDir(q(folder)).filePath(QStringLiteral("plan.json")));
    const bool local = args.isSet("local");

    SbatchOptions sbatch;
    sbatch.partition = args.value("partition");
    sbatch.account = args.value("account");
    sbatch.qos = args.value("qos");
    sbatch.time = args.value("time");
    sbatch.memory = args.value("mem");
    sbatch.cpusPerTask = int(args.integer("cpus-per-task", 1));
    sbatch.gpusPerTask = int(args.integer("gpus-per-task", 0));
    sbatch.throttle = int(args.integer("throttle", 0));
    sbatch.extra = args.values("sbatch-arg");
    sbatch.device = args.value("device");

    ShardPlan plan;
    std::vector<int> tasks;
    if (args.isSet("resubmit")) {
        if (!havePlan)
            throw IoError(storePath + ": nothing to resubmit: no plan in " + folder + " (submit one first)");
        plan = ShardPlan::load(folder);
        if (args.isSet("dtype")
            && canonicalComputeDtype(args.value("dtype").toStdString()) != plan.configs.front().computeDtype)
            throw BadUsage(QStringLiteral("--dtype cannot change on --resubmit: the plan's tasks compute in %1")
                               .arg(q(plan.configs.front().computeDtype)));
        const ArrayStatus status = arrayStatus(plan);
        for (const TaskStatus& t : status.tasks) {
            if (t.state == TaskState::Failed || t.state == TaskState::NotSubmitted)
                tasks.push_back(t.task);
        }
        if (const int unknown = status.count(TaskState::Unknown); unknown > 0)
            out(QStringLiteral("%1 tasks not resubmitted: their state is unknown (%2); they may still be queued")
                    .arg(unknown)
                    .arg(status.queue.problem));
        if (tasks.empty()) {
            out(QStringLiteral("Nothing to resubmit: %1 of %2 tasks done, %3 running, %4 pending")
                    .arg(status.count(TaskState::Done))
                    .arg(status.tasks.size())
                    .arg(status.count(TaskState::Running))
                    .arg(status.count(TaskState::Pending)));
            return ExitSuccess;
        }
    } else {
        const Store store = Store::open(storePath);
        std::optional<ShardPlan> old;
        if (havePlan && !args.isSet("dry-run")) {
            old = ShardPlan::load(folder);
            if (!planMerged(store, *old))
                throw IoError(folder
                              + " holds an earlier submission whose results are not all in the store: see "
                                "quantscope status, submit its unfinished tasks with --resubmit, fold finished shards "
                                "in with quantscope merge (a new plan can be made once everything is merged)");
        }
        const std::string run = runOf(store, args);
        const std::string dtype = canonicalComputeDtype(args.value("dtype").toStdString());
        checkComputeDtype(store, run, dtype);
        plan = planShards(store, run, quantConfigs(args), int(args.integer("per-task", 1)), dtype);
        if (plan.tasks.empty()) {
            out(QStringLiteral("Nothing to submit: every checkpoint of run '%1' has the results of all %2 configs")
                    .arg(q(plan.run))
                    .arg(plan.configs.size()));
            return ExitSuccess;
        }
        for (const ShardTask& t : plan.tasks)
            tasks.push_back(t.index);
        if (args.isSet("dry-run")) {
            printPlan(plan);
            out(QStringLiteral("Batch script (%1, not written: --dry-run):").arg(scriptPath(plan)));
            out(batchScript(plan, sbatch, program()));
            return ExitSuccess;
        }
        // The earlier plan's results are all in the store: its shards and logs make way.
        if (old)
            removeOldTaskFiles(*old);
        createShards(store, plan);
        printPlan(plan);
    }

    ShardSubmission submission;
    submission.tasks = tasks;
    submission.submitted = QDateTime::currentDateTimeUtc().toString(Qt::ISODate).toStdString();
    if (local) {
        const int workers = int(args.integer("local", 1));
        const int cores = int(std::max(1u, std::thread::hardware_concurrency()));
        const int threads = int(args.integer("threads", std::max(1, cores / workers)));
        submission.job = "local";
        plan.submissions.push_back(submission);
        plan.save();
        out(QStringLiteral("Running %1 tasks on %2 local workers, %3 threads each; logs in %4")
                .arg(tasks.size())
                .arg(workers)
                .arg(threads)
                .arg(q(plan.folder)));
        // The workers share the memory one sweep would plan for (half the machine's), at least 64 MiB each.
        const qint64 memory = std::max<qint64>(qint64(64) << 20, defaultMemoryBudget() / workers);
        const std::vector<int> failed = runLocal(plan, tasks, workers, threads, memory, sbatch.device, program());
        if (!failed.empty()) {
            printStatus(plan, arrayStatus(plan));
            return ExitFailure;
        }
        std::vector<std::string> shards;
        for (const ShardTask& t : plan.tasks)
            shards.push_back(plan.shardPath(t.index));
        const MergeReport report = mergeShards(plan.store, shards);
        out(QStringLiteral("Merged %1 shards into %2: %3 entries added, %4 already there")
                .arg(report.shards)
                .arg(q(plan.store))
                .arg(report.added)
                .arg(report.alreadyThere));
        return ExitSuccess;
    }

    const QString script = scriptPath(plan);
    QStringList extra;
    if (args.isSet("resubmit") && QFileInfo::exists(script)) {
        // The plan's own script, as submitted (or as the user edited it); resources given now override
        // its #SBATCH lines from sbatch's command line.
        SbatchOptions given;
        given.partition = sbatch.partition;
        given.account = sbatch.account;
        given.qos = sbatch.qos;
        given.time = sbatch.time;
        given.memory = sbatch.memory;
        given.cpusPerTask = args.isSet("cpus-per-task") ? sbatch.cpusPerTask : 0;
        given.gpusPerTask = sbatch.gpusPerTask;
        given.extra = sbatch.extra;
        extra = sbatchArguments(given);
        if (!args.isSet("throttle"))
            sbatch.throttle = scriptThrottle(script);
        if (args.isSet("device"))
            throw BadUsage(QStringLiteral("--device cannot change on --resubmit: edit %1").arg(script));
    } else {
        QFile file(script);
        if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate)
            || file.write(batchScript(plan, sbatch, program()).toUtf8()) < 0)
            throw IoError(script.toStdString()
                          + ": cannot write the batch script: " + file.errorString().toStdString());
    }
    submission.job = submitArray(script, tasks, sbatch.throttle, extra).toStdString();
    plan.submissions.push_back(submission);
    plan.save();
    // One arg() call: the array's "%M" must not be taken for a placeholder.
    out(QStringLiteral("Submitted job %1: array %2 of %3; batch script %4")
            .arg(q(submission.job), arraySpec(tasks, sbatch.throttle), QString::number(plan.tasks.size()), script));
    out(QStringLiteral("Watch it: quantscope status --store %1; afterwards: quantscope merge --store %1")
            .arg(q(plan.store)));
    return ExitSuccess;
}

int runTask(const Arguments& args)
{
    const QString planFile = args.value("plan");
    const ShardPlan plan = ShardPlan::load(QFileInfo(planFile).absolutePath().toStdString());
    const int task = int(args.integer("task"));
    if (task < 0 || task >= int(plan.tasks.size()))
        throw BadUsage(QStringLiteral("--task %1: the plan %2 has tasks 0 to %3")
                           .arg(task)
                           .arg(planFile)
                           .arg(int(plan.tasks.size()) - 1));
    const std::string shardPath = plan.shardPath(task);
    out(QStringLiteral("Task %1 of run '%2': steps %3 into %4")
            .arg(task)
            .arg(q(plan.run), stepsText(plan.tasks[size_t(task)]), q(shardPath)));
    // The shard's one writer: no locks (shards.h).
    Store shard = Store::open(shardPath, Store::Mode::ReadWrite, Store::Locking::None);
    SweepOptions options;
    options.threads = int(args.integer("threads", 0));
    options.device = args.value("device").toStdString();
    options.dtype = plan.configs.front().computeDtype; // submit's --dtype, in the plan
    if (args.isSet("memory"))
        options.memoryBudget = args.parsed<int64_t>("memory", args.value("memory"), &parseMemorySize);
    const std::vector<QuantConfig> configs(plan.configs.begin() + 1, plan.configs.end());
    SweepSummary summary;
    {
        ConsoleProgress console;
        summary = sweepRun(shard, plan.run, configs, options, console.callback());
    }
    out(QStringLiteral("Task %1: %2 results computed, %3 already stored")
            .arg(task)
            .arg(summary.computed)
            .arg(summary.skipped));
    printSweepTimes(summary);
    return ExitSuccess;
}

int runStatus(const Arguments& args)
{
    const std::string folder = shardFolder(args.value("store").toStdString());
    if (!QFileInfo::exists(q(folder))) {
        out(QStringLiteral("No shard folder (%1): nothing was submitted for this store").arg(q(folder)));
        return ExitSuccess;
    }
    const ShardPlan plan = ShardPlan::load(folder);
    printStatus(plan, arrayStatus(plan));
    return ExitSuccess;
}

int runMerge(const Arguments& args)
{
    const std::string storePath = args.value("store").toStdString();
    std::vector<std::string> shards;
    for (const QString& s : args.values("shard"))
        shards.push_back(s.toStdString());
    if (shards.empty()) {
        const ShardPlan plan = ShardPlan::load(shardFolder(storePath));
        for (const ShardTask& t : plan.tasks) {
            if (fs::exists(plan.shardPath(t.index)))
                shards.push_back(plan.shardPath(t.index));
        }
    }
    if (shards.empty()) {
        out(QStringLiteral("No shard stores to merge"));
        return ExitSuccess;
    }
    const MergeReport report = mergeShards(storePath, shards);
    out(QStringLiteral("Merged %1 shards into %2: %3 entries added, %4 already there")
            .arg(report.shards)
            .arg(q(storePath))
            .arg(report.added)
            .arg(report.alreadyThere));
    for (const std::string& line : report.incomplete)
        out(QStringLiteral("  incomplete: %1 (merged what it has; quantscope status tells why)").arg(q(line)));
    return ExitSuccess;
}

} // namespace

Command submitCommand()
{
    std::vector<Option> options = {
        text("store", "FILE", "Results store (.h5); the shards go to FILE.shards/ beside it.").require(),
        text("run", "NAME", "Run to sweep. Default: the store's only run."),
    };
    for (Option& o : quantOptions())
        options.push_back(std::move(o));
    for (Option o : {
             integer("per-task", "K", "Checkpoints per array task. Default: 1.", 1, 1000000),
             flag("resubmit", "Submit the unfinished tasks of the last plan again (failed, cancelled, never run)."),
             flag("dry-run", "Print the task plan and the batch script; submit nothing, write nothing."),
             integer("local", "N", "Run the tasks as N local worker processes instead of a SLURM array, then merge.", 1,
                     4096),
             integer("threads", "N", "--local: torch threads per worker. Default: the cores divided among the workers.",
                     1, 4096),
             text("partition", "NAME", "sbatch --partition."),
             text("account", "NAME", "sbatch --account."),
             text("qos", "NAME", "sbatch --qos."),
             text("time", "LIMIT", "sbatch --time per task, e.g. 04:00:00."),
             text("mem", "SIZE", "sbatch --mem per task, e.g. 32G."),
             integer("cpus-per-task", "N", "sbatch --cpus-per-task; the task's torch threads. Default: 1.", 1, 4096),
             integer("gpus-per-task", "N", "sbatch --gpus-per-task.", 0, 64),
             integer("throttle", "M", "At most M array tasks at once (--array=…%M).", 1, 1000000),
             texts("sbatch-arg", "ARG", "One more #SBATCH line, e.g. --constraint=a100 (repeatable)."),
             text("device", "DEVICE", "Torch device of the tasks: cpu, cuda or cuda:N.").withDefault("cpu"),
             text("dtype", "TYPE",
                  "Compute type of the tasks' Hugging Face sweeps: float32, bfloat16 or float16 (as sweep's "
                  "--dtype). Recorded in the plan with every config.")
                 .withDefault("float32"),
         })
        options.push_back(std::move(o));
    return {
        .name = "submit",
        .synopsis = {"submit --store FILE [--run NAME] [--quant SPEC]... [--per-task K] [--dtype TYPE] [SBATCH "
                     "OPTIONS] [--dry-run]",
                     "submit --store FILE --resubmit", "submit --store FILE [--quant SPEC]... --local N"},
        .summary = "Sweep a run as a SLURM job array (or local workers), one shard store per task.",
        .description =
            "Plans the (checkpoint, config) entries the store is missing, K checkpoints per task, creates a shard "
            "store per task in FILE.shards/, writes the batch script job.sbatch there and submits it with sbatch "
            "--array. Each task runs `quantscope task` and stores every entry as soon as it is done; `quantscope "
            "status` shows the tasks, `quantscope merge` folds the shards into the store, --resubmit runs the "
            "unfinished tasks again (they resume their shards). docs/cluster.md has the details.",
        .options = std::move(options),
        .run = &runSubmit,
    };
}

Command taskCommand()
{
    return {
        .name = "task",
        .synopsis = {"task --plan FILE --task N [--threads N] [--device DEVICE] [--memory SIZE]"},
        .summary = "Run one task of a submitted plan into its shard store (what an array task runs).",
        .description = "Sweeps the task's checkpoints into its shard store, skipping what the shard holds, so a "
                       "task run again after a kill or a preemption resumes.",
        .options = {text("plan", "FILE", "The plan (FILE.shards/plan.json of the store).").require(),
                    integer("task", "N", "The task (the array index).", 0, 100000000).require(),
                    integer("threads", "N", "Torch threads. Default: all cores.", 1, 4096),
                    text("device", "DEVICE", "Torch device: cpu, cuda or cuda:N.").withDefault("cpu"),
                    text("memory", "SIZE",
                         "Peak memory a Hugging Face sweep plans for, e.g. 8G (the batch script passes half the "
                         "job's --mem). Default: half the machine's memory.")},
        .run = &runTask,
    };
}

Command statusCommand()
{
    return {
        .name = "status",
        .synopsis = {"status --store FILE"},
        .summary = "Show the tasks of a submitted sweep: done, running, pending, failed (with log and error).",
        .description = "Reads the shard stores and asks SLURM (squeue, and sacct where accounting runs) about the "
                       "submitted array jobs.",
        .options = {text("store", "FILE", "Results store (.h5) whose FILE.shards/ to report on.").require()},
        .run = &runStatus,
    };
}

Command mergeCommand()
{
    return {
        .name = "merge",
        .synopsis = {"merge --store FILE [--shard SHARD]..."},
        .summary = "Fold shard stores into the store: checked first, idempotent, safe to kill and rerun.",
        .description =
            "Every shard must hold the store's run (same model, training config, corpus and layers), its configs "
            "with the same parameters and checkpoints of that run; an entry both hold must have the same values. "
            "Anything else is refused, naming the shard, config and checkpoint, before the store is changed.",
        .options = {text("store", "FILE", "Results store (.h5) to merge into.").require(),
                    texts("shard", "SHARD", "A shard store to merge. Default: every shard of FILE.shards/.")},
        .run = &runMerge,
    };
}

} // namespace qs::cli
