// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
// quantscope train: a byte-level LM trained on a text file into a run of a store (core/engine/trainer.h).

#include "app/cli/clioptions.h"
#include "app/cli/clioutput.h"
#include "app/cli/commands.h"

#include "core/config/corpus.h"
#include "core/engine/trainer.h"
#include "core/store/store.h"
#include "itemmodels/checkpointfolder.h"

#include <QFileInfo>

namespace qs::cli {

namespace {

int runTrain(const Arguments& args)
{
    // Everything on the command line is checked before the config and the corpus are read.
    QString fromRun;
    qint64 fromStep = -1;
    if (args.isSet("from")) {
        const QString from = args.value("from");
        const qsizetype at = from.lastIndexOf(QLatin1Char('@'));
        bool ok = false;
        fromStep = at > 0 ? from.mid(at + 1).toLongLong(&ok) : -1;
        if (!ok || fromStep < 0)
            throw BadUsage(
                QStringLiteral("--from '%1' is not RUN@STEP (a run of the store and a checkpoint's step)").arg(from));
        fromRun = from.left(at);
    }

    TrainConfig config =
        args.isSet("config") ? TrainConfig::fromFile(args.value("config").toStdString()) : TrainConfig {};
    if (!fromRun.isEmpty()) {
        config.initRun = fromRun.toStdString();
        config.initStep = fromStep;
        config.validate();
    }
    const QString corpusPath = QFileInfo(args.value("corpus")).absoluteFilePath();
    const Corpus corpus = Corpus::fromFile(corpusPath.toStdString(), config.valFraction,
                                           "text file " + QFileInfo(corpusPath).fileName().toStdString());
    const QString storePath = args.value("store");
    const QString run = args.value("run");
    const QString checkpoints =
        args.isSet("checkpoints") ? args.value("checkpoints") : defaultCheckpointFolder(storePath, run);
    Store store = Store::openOrCreate(storePath.toStdString());
    TrainSummary summary;
    {
        ConsoleProgress console;
        summary = trainRun(config, corpus, store, run.toStdString(), checkpoints.toStdString(), console.callback(), {},
                           args.value("device").toStdString());
    }
    out(QStringLiteral("Run '%1': %2 checkpoints, final validation loss %3%4")
            .arg(run)
            .arg(summary.checkpoints)
            .arg(summary.finalValLoss, 0, 'f', 4)
            .arg(summary.reused ? QStringLiteral(" (already complete)") : QString()));
    return ExitSuccess;
}

} // namespace

Command trainCommand()
{
    return {
        .name = "train",
        .synopsis =
            {"train --corpus FILE --store FILE --run NAME [--config FILE] [--checkpoints DIR] [--from RUN@STEP] "
             "[--device DEVICE]"},
        .summary = "Train a byte-level LM on a text file; its checkpoints become a run of the store.",
        .description = "A run found complete in the store is reused; an incomplete one resumes from its last "
                       "checkpoint, so the same command continues an interrupted training.",
        .options =
            {
                text("config", "FILE",
                     "Training config (JSON; docs/recipes.md lists the fields). Default: the built-in one."),
                text("corpus", "FILE", "Text file to train on; its tail is the validation set.").require(),
                text("store", "FILE", "Results store (.h5), created if missing.").require(),
                text("run", "NAME", "Run name.").require(),
                text("checkpoints", "DIR", "Checkpoint folder. Default: checkpoints/<run> next to the store."),
                text("from", "RUN@STEP",
                     "Branch: start from checkpoint STEP of run RUN of the store (its weights and optimizer state); "
                     "steps and schedule then count from there."),
                text("device", "DEVICE",
                     "Where to train: cpu, cuda or cuda:N (the model, its optimizer state and the batches). A run "
                     "resumes on any device.")
                    .withDefault("cpu"),
            },
        .run = &runTrain,
    };
}

} // namespace qs::cli
