#include "app/cli/cliaverage.h"

#include "core/engine/averaging.h"
#include "models/checkpointfolder.h"
#include "core/common/errors.h"
#include "core/data/store.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>

#include <cstdio>

namespace qs::cli {

namespace {

void out(const QString& message)
{
    std::fprintf(stdout, "%s\n", qPrintable(message));
}

} // namespace

int cmdAverage(QCommandLineParser& parser)
{
    const auto option = [&](const char* name, const char* help, const char* value = nullptr) {
        parser.addOption(value ? QCommandLineOption(QString::fromLatin1(name), QString::fromLatin1(help), QString::fromLatin1(value))
                               : QCommandLineOption(QString::fromLatin1(name), QString::fromLatin1(help)));
    };
    option("store", "Results store (.h5).", "file");
    option("lawa", "LAWA over this run: run <RUN>.lawa<K> of rolling uniform averages.", "run");
    option("window", "LAWA window: checkpoints per average (default 5).", "k");
    option("stride", "LAWA: take every S-th checkpoint (default 1).", "s");
    option("soup", "Name of a soup run: one checkpoint, the average of --of.", "name");
    option("of", "Soup ingredient RUN@STEP or RUN@STEP*WEIGHT (RUN alone: its last checkpoint); repeat it.", "ingredient");
    option("checkpoints", "Folder for the averaged checkpoints (default: checkpoints/<new run> next to the store).", "dir");
    parser.process(QCoreApplication::arguments().mid(1));
    const QString storePath = parser.value(QStringLiteral("store"));
    const bool lawa = parser.isSet(QStringLiteral("lawa")), soup = parser.isSet(QStringLiteral("soup"));
    if (storePath.isEmpty() || lawa == soup) {
        std::fprintf(stderr, "quantscope: average: --store and one of --lawa RUN or --soup NAME --of ... are required\n");
        return 2;
    }
    const auto integer = [&](const char* name, int fallback) {
        if (!parser.isSet(QString::fromLatin1(name)))
            return fallback;
        bool ok = false;
        const int value = parser.value(QString::fromLatin1(name)).toInt(&ok);
        if (!ok)
            throw ConfigError(std::string("--") + name + " '" + parser.value(QString::fromLatin1(name)).toStdString()
                              + "' is not a whole number");
        return value;
    };
    Store store = Store::open(storePath.toStdString(), Store::Mode::ReadWrite);
    AveragingSummary summary;
    if (lawa) {
        const std::string run = parser.value(QStringLiteral("lawa")).toStdString();
        const int window = integer("window", 5), stride = integer("stride", 1);
        const QString name = QString::fromStdString(lawaRunName(run, window, stride));
        const QString dir = parser.isSet(QStringLiteral("checkpoints")) ? parser.value(QStringLiteral("checkpoints"))
                                                                         : defaultCheckpointFolder(storePath, name);
        summary = lawaRun(store, run, window, stride, dir.toStdString());
    } else {
        std::vector<SoupIngredient> ingredients;
        for (const QString& text : parser.values(QStringLiteral("of")))
            ingredients.push_back(parseSoupIngredient(text.toStdString()));
        const QString name = parser.value(QStringLiteral("soup"));
        const QString dir = parser.isSet(QStringLiteral("checkpoints")) ? parser.value(QStringLiteral("checkpoints"))
                                                                         : defaultCheckpointFolder(storePath, name);
        summary = soupRun(store, name.toStdString(), ingredients, dir.toStdString());
    }
    out(QStringLiteral("Run '%1': %2 averaged checkpoints written, %3 already in the store. Sweep it with "
                       "quantscope sweep --store %4 --run %1")
            .arg(QString::fromStdString(summary.run))
            .arg(summary.created)
            .arg(summary.reused)
            .arg(storePath));
    return 0;
}

} // namespace qs::cli
