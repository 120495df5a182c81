// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
// quantscope average: LAWA over a run (--lawa RUN --window K [--stride S]) or a soup of chosen
// checkpoints (--soup NAME --of RUN@STEP[*WEIGHT] ...), written as new runs of the store
// (core/engine/averaging.h; runs of Hugging Face revisions through core/hf/hfaverage.h).

#include "app/cli/clioptions.h"
#include "app/cli/clioutput.h"
#include "app/cli/commands.h"

#include "core/engine/averaging.h"
#include "core/store/store.h"
#include "itemmodels/checkpointfolder.h"

namespace qs::cli {

namespace {

int runAverage(const Arguments& args)
{
    args.requireOneOf({"lawa", "soup"});
    if (args.isSet("soup"))
        args.require("of");
    const QString storePath = args.value("store");
    args.forbidTogether("out", "checkpoints");
    const std::string_view folderOption = args.isSet("out") ? "out" : "checkpoints";
    const uint64_t shardBytes = uint64_t(args.integer("shard-bytes"));
    std::vector<SoupIngredient> ingredients;
    for (const QString& text : args.values("of"))
        ingredients.push_back(args.parsed<SoupIngredient>("of", text, &parseSoupIngredient));

    Store store = Store::open(storePath.toStdString(), Store::Mode::ReadWrite);
    AveragingSummary summary;
    if (args.isSet("lawa")) {
        const std::string run = args.value("lawa").toStdString();
        const int window = int(args.integer("window")), stride = int(args.integer("stride"));
        const QString name = QString::fromStdString(lawaRunName(run, window, stride));
        const QString dir =
            args.isSet(folderOption) ? args.value(folderOption) : defaultCheckpointFolder(storePath, name);
        summary = lawaRun(store, run, window, stride, dir.toStdString(), {}, shardBytes);
    } else {
        const QString name = args.value("soup");
        const QString dir =
            args.isSet(folderOption) ? args.value(folderOption) : defaultCheckpointFolder(storePath, name);
        summary = soupRun(store, name.toStdString(), ingredients, dir.toStdString(), shardBytes);
    }
    out(QStringLiteral("Run '%1': %2 averaged checkpoints added (%3 of them folders finished earlier), %4 already "
                       "in the store. Sweep it with quantscope sweep --store %5 --run %1")
            .arg(QString::fromStdString(summary.run))
            .arg(summary.created)
            .arg(summary.foldersReused)
            .arg(summary.reused)
            .arg(storePath));
    return ExitSuccess;
}

} // namespace

Command averageCommand()
{
    return {
        .name = "average",
        .synopsis = {"average --store FILE --lawa RUN [--window K] [--stride S] [--out DIR] [--shard-bytes N]",
                     "average --store FILE --soup NAME --of RUN@STEP[*WEIGHT]... [--out DIR] [--shard-bytes N]"},
        .summary = "Average checkpoints into a new run: LAWA along a run, or a soup of chosen checkpoints. Runs of "
                   "the built-in trainer give F32 safetensors files; runs of Hugging Face revisions give revision "
                   "folders (sharded safetensors with model.safetensors.index.json, the first ingredient's "
                   "config.json and tokenizer files, quantscope-average.json naming the ingredients) in the "
                   "ingredients' dtype: the weighted sum is taken in float64 and rounded once (to nearest, ties "
                   "to even). All ingredients must share architecture, tensor names, shapes and dtypes; a folder "
                   "finished by an earlier call is reused, a half-written one written again.",
        .options =
            {
                text("store", "FILE", "Results store (.h5).").require(),
                text("lawa", "RUN", "LAWA over this run: run <RUN>.lawa<K> of rolling uniform averages."),
                integer("window", "K", "LAWA window: checkpoints per average.", lawaMinWindow, lawaMaxWindow)
                    .withDefault("5"),
                integer("stride", "S", "LAWA: take every S-th checkpoint.", 1, lawaMaxStride).withDefault("1"),
                text("soup", "NAME", "Name of a soup run: one checkpoint, the average of --of."),
                texts("of", "INGREDIENT",
                      "Soup ingredient RUN@STEP or RUN@STEP*WEIGHT (RUN alone: its last checkpoint)."),
                text("out", "DIR",
                     "Folder for the averaged checkpoints or revision folders. Default: checkpoints/<new run> next "
                     "to the store."),
                text("checkpoints", "DIR", "The same as --out (its older name)."),
                integer("shard-bytes", "N",
                        "Hugging Face runs: the largest shard of an averaged revision, in bytes (a bigger tensor "
                        "gets a shard of its own).",
                        1, int64_t(1) << 50)
                    .withDefault("5000000000"),
            },
        .run = &runAverage,
    };
}

} // namespace qs::cli
