// quantscope average: LAWA over a run (--lawa RUN --window K [--stride S]) or a soup of chosen
// checkpoints (--soup NAME --of RUN@STEP[*WEIGHT] ...), written as new runs of the store
// (core/engine/averaging.h).

#include "app/cli/clioptions.h"
#include "app/cli/clioutput.h"
#include "app/cli/commands.h"

#include "core/data/store.h"
#include "core/engine/averaging.h"
#include "models/checkpointfolder.h"

namespace qs::cli {

namespace {

int runAverage(const Arguments& args)
{
    args.requireOneOf({"lawa", "soup"});
    if (args.isSet("soup"))
        args.require("of");
    const QString storePath = args.value("store");
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
            args.isSet("checkpoints") ? args.value("checkpoints") : defaultCheckpointFolder(storePath, name);
        summary = lawaRun(store, run, window, stride, dir.toStdString());
    } else {
        const QString name = args.value("soup");
        const QString dir =
            args.isSet("checkpoints") ? args.value("checkpoints") : defaultCheckpointFolder(storePath, name);
        summary = soupRun(store, name.toStdString(), ingredients, dir.toStdString());
    }
    out(QStringLiteral("Run '%1': %2 averaged checkpoints written, %3 already in the store. Sweep it with "
                       "quantscope sweep --store %4 --run %1")
            .arg(QString::fromStdString(summary.run))
            .arg(summary.created)
            .arg(summary.reused)
            .arg(storePath));
    return ExitSuccess;
}

} // namespace

Command averageCommand()
{
    return {
        .name = "average",
        .synopsis = {"average --store FILE --lawa RUN [--window K] [--stride S] [--checkpoints DIR]",
                     "average --store FILE --soup NAME --of RUN@STEP[*WEIGHT]... [--checkpoints DIR]"},
        .summary = "Average checkpoints into a new run: LAWA along a run, or a soup of chosen checkpoints.",
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
                text("checkpoints", "DIR",
                     "Folder for the averaged checkpoints. Default: checkpoints/<new run> next to the store."),
            },
        .run = &runAverage,
    };
}

} // namespace qs::cli
