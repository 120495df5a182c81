// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
// A sweep split into shard stores, without a cluster: `quantscope submit --dry-run` (the plan and the
// batch script, nothing written), `--local N` worker processes through the same shards and merge as a
// SLURM array (equal, number for number, to a single-process sweep), a merge run twice (nothing
// changes), a merge killed at write events and run again, merges refused (a shard of another run, a
// shard with other values: the store unchanged), and a file system whose locks fail or hang
// (tests/support/flockshim.cpp preloaded): shards are written and read without a single lock call,
// and the main store without working locks still opens.
// The real SLURM cluster is tst_slurm's.

#include "tests/support/clusterfixture.h"
#include "tests/support/hftrajectory.h"
#include "tests/support/testutils.h"

#include "core/common/errors.h"
#include "core/hf/hfrun.h"

#include <QDir>
#include <QFileInfo>
#include <QObject>
#include <QProcess>

using namespace qs;
using namespace qs::test;

namespace {

const QStringList kQuant = ClusterRun::quantOptions();

// runCli with more environment (LD_PRELOAD of the shim).
CliResult runWith(const QStringList& args, const QMap<QString, QString>& extra, int timeoutMs = 240000)
{
    QProcess p;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.remove(QStringLiteral("DISPLAY"));
    for (auto it = extra.begin(); it != extra.end(); ++it)
        env.insert(it.key(), it.value());
    p.setProcessEnvironment(env);
    p.start(QStringLiteral(QS_BINARY), args);
    if (!p.waitForFinished(timeoutMs))
        p.kill();
    p.waitForFinished(5000);
    return {p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1, QString::fromUtf8(p.readAllStandardOutput()),
            QString::fromUtf8(p.readAllStandardError())};
}

} // namespace

class TstCluster : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    QTemporaryDir m_otherDir;

    QString path(const QString& name) const { return m_dir.filePath(name); }
    QString fresh(const QString& name) const
    {
        copyStore(path(QStringLiteral("pristine.h5")), path(name));
        return path(name);
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid() && m_otherDir.isValid());
        ClusterRun::train(m_dir.path(), QStringLiteral("pristine.h5"));
        // The single-process reference every sharded sweep must equal.
        const QString failed = ClusterRun::sweepInOneProcess(m_dir.path());
        QVERIFY2(failed.isEmpty(), qPrintable(failed));
    }

    void dryRunWritesNothing()
    {
        const QString store = fresh(QStringLiteral("dry.h5"));
        const CliResult r = runCli({QStringLiteral("submit"),
                                    QStringLiteral("--store"),
                                    store,
                                    QStringLiteral("--quant"),
                                    QStringLiteral("rtn:4:g16:sym"),
                                    QStringLiteral("--per-task"),
                                    QStringLiteral("3"),
                                    QStringLiteral("--partition"),
                                    QStringLiteral("gpu"),
                                    QStringLiteral("--throttle"),
                                    QStringLiteral("2"),
                                    QStringLiteral("--mem"),
                                    QStringLiteral("4G"),
                                    QStringLiteral("--time"),
                                    QStringLiteral("01:00:00"),
                                    QStringLiteral("--gpus-per-task"),
                                    QStringLiteral("1"),
                                    QStringLiteral("--device"),
                                    QStringLiteral("cuda"),
                                    QStringLiteral("--sbatch-arg"),
                                    QStringLiteral("--constraint=a100"),
                                    QStringLiteral("--dry-run")});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        for (const char* line :
             {"Plan: run 'tiny', 2 configs, 2 tasks", "task 0: steps 0, 10, 20, 6 entries",
              "task 1: step 30, 2 entries", "#SBATCH --array=0-1%2", "#SBATCH --partition=gpu", "#SBATCH --mem=4G",
              "#SBATCH --time=01:00:00", "#SBATCH --gpus-per-task=1", "#SBATCH --constraint=a100",
              "#SBATCH --open-mode=append", "export HDF5_USE_FILE_LOCKING=FALSE", "--device 'cuda'"})
            QVERIFY2(r.out.contains(QLatin1String(line)),
                     qPrintable(QStringLiteral("%1\n---\n%2").arg(QLatin1String(line), r.out)));
        QVERIFY(!QFileInfo::exists(store + QStringLiteral(".shards")));
        // The script is bash that parses.
        const int scriptStart = r.out.indexOf(QLatin1String("#!/bin/bash"));
        QVERIFY(scriptStart >= 0);
        QProcess bash;
        bash.start(QStringLiteral("bash"), {QStringLiteral("-n")});
        bash.write(r.out.mid(scriptStart).toUtf8());
        bash.closeWriteChannel();
        QVERIFY(bash.waitForFinished(10000));
        QCOMPARE(bash.exitCode(), 0);
    }

    // submit --dtype: the compute type travels in the plan with every config (the batch script and the
    // local workers run `task`, which takes it from there), so the results come back recorded in it;
    // refused by name for a built-in trainer's run and when --resubmit would change it.
    void computeTypeInThePlan()
    {
        const CliResult own =
            runCli({QStringLiteral("submit"), QStringLiteral("--store"), fresh(QStringLiteral("own-bf16.h5")),
                    QStringLiteral("--dtype"), QStringLiteral("bf16"), QStringLiteral("--dry-run")});
        QCOMPARE(own.exitCode, 1);
        QVERIFY2(own.err.contains(QLatin1String("run 'tiny' is a built-in trainer's run: it sweeps in float32 (--dtype "
                                                "bfloat16 is for Hugging Face trajectories)")),
                 qPrintable(own.err));

        const QString revisions = path(QStringLiteral("hf-revisions"));
        QVERIFY(!test::makeHfModel(revisions + QStringLiteral("/stage1-step1000-tokens2B"), QStringLiteral("llama"), 1)
                     .isEmpty());
        QVERIFY(!test::makeHfModel(revisions + QStringLiteral("/stage1-step2000-tokens4B"), QStringLiteral("llama"), 2)
                     .isEmpty());
        const QString tokens = path(QStringLiteral("hf-val.bin"));
        QVERIFY(test::writeTokenWalk(tokens));
        const QString store = path(QStringLiteral("hf-bf16.h5"));
        {
            Store s = Store::create(store.toStdString());
            importHfTrajectory(s, "olmo", test::smallHfImport(revisions, tokens));
        }
        const CliResult r =
            runCli({QStringLiteral("submit"), QStringLiteral("--store"), store, QStringLiteral("--quant"),
                    QStringLiteral("rtn:4:g16:sym"), QStringLiteral("--dtype"), QStringLiteral("bf16"),
                    QStringLiteral("--local"), QStringLiteral("1"), QStringLiteral("--threads"), QStringLiteral("1")});
        QVERIFY2(r.exitCode == 0, qPrintable(r.out + r.err));
        QVERIFY2(r.out.contains(QLatin1String("Merged 2 shards")), qPrintable(r.out));
        {
            const Store s = Store::open(store.toStdString());
            for (const char* id : {"fp", "rtn_w4_g16_sym"}) {
                QVERIFY2(s.hasResult("olmo", id, 1), id);
                QCOMPARE(QuantConfig::fromJson(s.configJson("olmo", id)).computeDtype, std::string("bfloat16"));
            }
        }
        const CliResult again = runCli({QStringLiteral("submit"), QStringLiteral("--store"), store,
                                        QStringLiteral("--resubmit"), QStringLiteral("--dtype"),
                                        QStringLiteral("float32"), QStringLiteral("--local"), QStringLiteral("1")});
        QCOMPARE(again.exitCode, 2);
        QVERIFY2(again.err.contains(QLatin1String("--dtype cannot change on --resubmit: the plan's tasks compute in "
                                                  "bfloat16")),
                 qPrintable(again.err));
        // A new plan in float32 for the bfloat16 run: refused before any shard exists.
        const CliResult other =
            runCli({QStringLiteral("submit"), QStringLiteral("--store"), store, QStringLiteral("--quant"),
                    QStringLiteral("rtn:3:g16:sym"), QStringLiteral("--dry-run")});
        QCOMPARE(other.exitCode, 1);
        QVERIFY2(other.err.contains(QLatin1String("run 'olmo' holds results computed in bfloat16; a sweep in float32")),
                 qPrintable(other.err));
    }

    void localWorkersEqualOneProcess()
    {
        const QString store = fresh(QStringLiteral("local.h5"));
        const CliResult r =
            runCli(QStringList {QStringLiteral("submit"), QStringLiteral("--store"), store, QStringLiteral("--local"),
                                QStringLiteral("2"), QStringLiteral("--threads"), QStringLiteral("1")}
                   + kQuant);
        QVERIFY2(r.exitCode == 0, qPrintable(r.out + r.err));
        QVERIFY2(r.out.contains(QLatin1String("Merged 4 shards")) && r.out.contains(QLatin1String("12 entries added")),
                 qPrintable(r.out));
        // Same binary, machine and thread count as the single-process sweep: the same numbers.
        const QString difference = resultDifference(path(QStringLiteral("single.h5")), store, ClusterRun::run, 1e-12);
        QVERIFY2(difference.isEmpty(), qPrintable(difference));
        const CliResult status = runCli({QStringLiteral("status"), QStringLiteral("--store"), store});
        QVERIFY2(status.out.contains(QLatin1String("4 tasks; done 4, running 0, pending 0, failed 0")),
                 qPrintable(status.out));
    }

    void mergeAgainChangesNothing()
    {
        const QString store = path(QStringLiteral("local.h5"));
        const QByteArray before = fileBytes(store);
        const CliResult r = runCli({QStringLiteral("merge"), QStringLiteral("--store"), store});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        QVERIFY2(r.out.contains(QLatin1String("0 entries added, 12 already there")), qPrintable(r.out));
        QVERIFY(fileBytes(store) == before);
        const CliResult again = runCli(QStringList {QStringLiteral("submit"), QStringLiteral("--store"), store,
                                                    QStringLiteral("--local"), QStringLiteral("1")}
                                       + kQuant);
        QVERIFY2(again.exitCode == 0 && again.out.contains(QLatin1String("Nothing to submit")), qPrintable(again.out));
    }

    void killedMergeReruns()
    {
        // merge killed at write events of its main store (tests/support/killshim.cpp: a torn write, or
        // before an fsync or a rename): the store opens, holds only whole, correct entries, and the
        // merge run again completes it.
        QStringList shards;
        for (int t = 0; t < 4; ++t)
            shards << QStringLiteral("--shard") << path(QStringLiteral("local.h5.shards/task-%1.h5").arg(t));
        const QString counted = fresh(QStringLiteral("kill-count.h5"));
        const QString countFile = path(QStringLiteral("kill-count.events"));
        const CliResult all =
            runWith(QStringList {QStringLiteral("merge"), QStringLiteral("--store"), counted} + shards,
                    {{QStringLiteral("LD_PRELOAD"), QStringLiteral(QS_KILLSHIM)},
                     {QStringLiteral("QS_KILLSHIM_COUNT"), countFile}});
        QVERIFY2(all.exitCode == 0, qPrintable(all.err));
        const long events = fileBytes(countFile).trimmed().toLong();
        QVERIFY2(events > 4, "the kill shim counted too few write events");
        for (const long at : {1L, events / 3, events / 2, 2 * events / 3, events}) {
            const QString store = fresh(QStringLiteral("killed.h5"));
            const QString diedAt = path(QStringLiteral("killed.events"));
            QFile::remove(diedAt);
            const CliResult killed =
                runWith(QStringList {QStringLiteral("merge"), QStringLiteral("--store"), store} + shards,
                        {{QStringLiteral("LD_PRELOAD"), QStringLiteral(QS_KILLSHIM)},
                         {QStringLiteral("QS_KILLSHIM_AT"), QString::number(at)},
                         {QStringLiteral("QS_KILLSHIM_COUNT"), diedAt}});
            QVERIFY2(killed.exitCode == -1 && fileBytes(diedAt).trimmed().toLong() == at,
                     qPrintable(QStringLiteral("event %1: %2").arg(at).arg(killed.err)));
            {
                const Store partial = Store::open(store.toStdString());
                const Store single = Store::open(path(QStringLiteral("single.h5")).toStdString());
                for (const std::string& id : partial.configIds(ClusterRun::run))
                    for (int i = 0; i < ClusterRun::checkpoints; ++i)
                        if (partial.hasResult(ClusterRun::run, id, i))
                            QVERIFY(entryDifference(readEntry(partial, ClusterRun::run, id, i),
                                                    readEntry(single, ClusterRun::run, id, i))
                                        .empty());
            }
            const CliResult again =
                runCli(QStringList {QStringLiteral("merge"), QStringLiteral("--store"), store} + shards);
            QVERIFY2(again.exitCode == 0, qPrintable(again.err));
            const QString difference =
                resultDifference(path(QStringLiteral("single.h5")), store, ClusterRun::run, 1e-12);
            QVERIFY2(difference.isEmpty(),
                     qPrintable(QStringLiteral("killed at event %1: %2").arg(at).arg(difference)));
        }
    }

    void foreignShardRefused()
    {
        // The same run name, trained with another seed: not the store's run.
        {
            const QString corpusPath = m_otherDir.filePath(QStringLiteral("corpus.txt"));
            writeCorpus(corpusPath);
            TrainConfig config = tinyConfig();
            config.steps = 10;
            config.seed = 6;
            const Corpus corpus = Corpus::fromFile(corpusPath.toStdString(), config.valFraction, "word soup");
            Store other = Store::create(m_otherDir.filePath(QStringLiteral("other.h5")).toStdString());
            trainRun(config, corpus, other, ClusterRun::run, m_otherDir.filePath(QStringLiteral("ckpt")).toStdString());
        }
        const QString other = m_otherDir.filePath(QStringLiteral("other.h5"));
        const QString shard = path(QStringLiteral("local.h5.shards/task-0.h5"));
        const QByteArray before = fileBytes(other);
        const CliResult r =
            runCli({QStringLiteral("merge"), QStringLiteral("--store"), other, QStringLiteral("--shard"), shard});
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.err.contains(shard) && r.err.contains(QLatin1String("another training config"))
                     && r.err.contains(QLatin1String("nothing merged")),
                 qPrintable(r.err));
        QVERIFY(fileBytes(other) == before);
    }

    void conflictingValuesRefused()
    {
        const QString store = path(QStringLiteral("local.h5"));
        const QString shard = path(QStringLiteral("conflict.h5"));
        copyStore(path(QStringLiteral("local.h5.shards/task-1.h5")), shard);
        {
            Store s = Store::open(shard.toStdString(), Store::Mode::ReadWrite, Store::Locking::None);
            ResultEntry entry = readEntry(s, ClusterRun::run, "rtn_w4_g16_sym", 0);
            entry.model["ce"] += 0.5;
            s.writeResult(ClusterRun::run, "rtn_w4_g16_sym", 0, entry);
        }
        const QByteArray before = fileBytes(store);
        const CliResult r =
            runCli({QStringLiteral("merge"), QStringLiteral("--store"), store, QStringLiteral("--shard"), shard});
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.err.contains(shard) && r.err.contains(QLatin1String("config 'rtn_w4_g16_sym', checkpoint step 10"))
                     && r.err.contains(QLatin1String("ce: ")),
                 qPrintable(r.err));
        QVERIFY(fileBytes(store) == before);
        // Two shards that disagree, merged into a store that holds neither entry: refused, naming both.
        const QString empty = fresh(QStringLiteral("two-shards.h5"));
        const QByteArray emptyBefore = fileBytes(empty);
        const QString original = path(QStringLiteral("local.h5.shards/task-1.h5"));
        const CliResult two = runCli({QStringLiteral("merge"), QStringLiteral("--store"), empty,
                                      QStringLiteral("--shard"), original, QStringLiteral("--shard"), shard});
        QCOMPARE(two.exitCode, 1);
        QVERIFY2(two.err.contains(shard) && two.err.contains(original)
                     && two.err.contains(QLatin1String("holds other values")),
                 qPrintable(two.err));
        QVERIFY(fileBytes(empty) == emptyBefore);
    }

    void filesystemWithoutLocks()
    {
        const QString shim = QStringLiteral(QS_FLOCKSHIM);
        // Locks that hang: a task never asks for one, so it finishes.
        const QString store = fresh(QStringLiteral("nolocks.h5"));
        ShardPlan plan;
        {
            const Store main = Store::open(store.toStdString());
            plan = planShards(main, ClusterRun::run, {QuantConfig::parse("rtn:4:g16:sym")}, 4);
            QCOMPARE(int(plan.tasks.size()), 1);
            createShards(main, plan);
        }
        const QString calls = path(QStringLiteral("flock-calls.txt"));
        const CliResult task =
            runWith({QStringLiteral("task"), QStringLiteral("--plan"), QString::fromStdString(plan.planPath()),
                     QStringLiteral("--task"), QStringLiteral("0"), QStringLiteral("--threads"), QStringLiteral("1")},
                    {{QStringLiteral("LD_PRELOAD"), shim},
                     {QStringLiteral("QS_FLOCKSHIM"), QStringLiteral("hang")},
                     {QStringLiteral("QS_FLOCKSHIM_COUNT"), calls}},
                    120000);
        QVERIFY2(task.exitCode == 0, qPrintable(task.out + task.err));
        QVERIFY2(task.out.contains(QLatin1String("Task 0: 8 results computed, 0 already stored")),
                 qPrintable(task.out));
        QVERIFY2(!QFileInfo::exists(calls), "a lock was asked for");
        // Locks that fail (ENOLCK): status and merge read the shards, and the main store is read and
        // written without its locks.
        const QMap<QString, QString> failing = {{QStringLiteral("LD_PRELOAD"), shim},
                                                {QStringLiteral("QS_FLOCKSHIM"), QStringLiteral("fail")},
                                                {QStringLiteral("QS_FLOCKSHIM_COUNT"), calls}};
        const CliResult status = runWith({QStringLiteral("status"), QStringLiteral("--store"), store}, failing);
        QVERIFY2(status.out.contains(QLatin1String("1 tasks; done 1")), qPrintable(status.out + status.err));
        const CliResult merge = runWith({QStringLiteral("merge"), QStringLiteral("--store"), store}, failing);
        QVERIFY2(merge.exitCode == 0 && merge.out.contains(QLatin1String("8 entries added")),
                 qPrintable(merge.out + merge.err));
        QVERIFY2(QFileInfo::exists(calls), "the shim was not loaded");
        const Store merged = Store::open(store.toStdString());
        for (int i = 0; i < ClusterRun::checkpoints; ++i)
            QVERIFY(merged.hasResult(ClusterRun::run, "rtn_w4_g16_sym", i));
    }

    void unknownWithoutQueue()
    {
        // A task submitted to SLURM, not done, and squeue cannot answer: neither failed nor resubmitted.
        const QString store = fresh(QStringLiteral("queue.h5"));
        {
            const Store main = Store::open(store.toStdString());
            ShardPlan plan = planShards(main, ClusterRun::run, {QuantConfig::parse("rtn:4:g16:sym")}, 4);
            plan.submissions.push_back({"999", {0}, "2026-12-03T00:00:00Z"});
            createShards(main, plan);
        }
        // An empty slurm.conf: squeue and sacct fail at once (a missing one makes them retry for a minute).
        writeFile(path(QStringLiteral("empty-slurm.conf")), QByteArray());
        const QMap<QString, QString> noCluster = {
            {QStringLiteral("SLURM_CONF"), path(QStringLiteral("empty-slurm.conf"))}};
        const CliResult status = runWith({QStringLiteral("status"), QStringLiteral("--store"), store}, noCluster);
        QVERIFY2(status.exitCode == 0 && status.out.contains(QLatin1String("failed 0, not submitted 0, unknown 1"))
                     && status.out.contains(QLatin1String("(no queue information: squeue"))
                     && status.out.contains(QLatin1String("task   0  unknown")),
                 qPrintable(status.out + status.err));
        const CliResult again = runWith(
            {QStringLiteral("submit"), QStringLiteral("--store"), store, QStringLiteral("--resubmit")}, noCluster);
        QVERIFY2(again.exitCode == 0
                     && again.out.contains(QLatin1String("1 tasks not resubmitted: their state is unknown"))
                     && again.out.contains(QLatin1String("Nothing to resubmit")),
                 qPrintable(again.out + again.err));
    }

    void badPlans()
    {
        // No plan, a plan of another version, a task out of range: messages that name them.
        const CliResult none =
            runCli({QStringLiteral("merge"), QStringLiteral("--store"), path(QStringLiteral("single.h5"))});
        QCOMPARE(none.exitCode, 1);
        QVERIFY2(none.err.contains(QLatin1String("plan.json: cannot read the shard plan")), qPrintable(none.err));
        const QString planFile = path(QStringLiteral("local.h5.shards/plan.json"));
        const CliResult range = runCli({QStringLiteral("task"), QStringLiteral("--plan"), planFile,
                                        QStringLiteral("--task"), QStringLiteral("9")});
        QCOMPARE(range.exitCode, 2);
        QVERIFY2(range.err.contains(QLatin1String("has tasks 0 to 3")), qPrintable(range.err));
        QDir().mkpath(path(QStringLiteral("bad.h5.shards")));
        writeFile(path(QStringLiteral("bad.h5.shards/plan.json")),
                  "{\"format\": \"quantscope-shard-plan\", \"version\": 9}");
        const CliResult bad =
            runCli({QStringLiteral("status"), QStringLiteral("--store"), path(QStringLiteral("bad.h5"))});
        QCOMPARE(bad.exitCode, 1);
        QVERIFY2(bad.err.contains(QLatin1String("shard plan version 9")), qPrintable(bad.err));
    }
};

QS_TEST_GUILESS_MAIN(TstCluster)
#include "tst_cluster.moc"
