// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
// quantscope repair: every complete row of a damaged store copied into a new one (core/store/storerepair.h),
// and a summary of what was salvaged, what was dropped and what could not be read.

#include "app/cli/clioptions.h"
#include "app/cli/clioutput.h"
#include "app/cli/commands.h"

#include "core/store/storerepair.h"

namespace qs::cli {

namespace {

QString str(const std::string& text)
{
    return QString::fromStdString(text);
}

// "log 120", or "checkpoints 9 of 10" when rows were dropped.
QString count(const char* label, const StoreRepair::Count& c)
{
    if (c.dropped() == 0)
        return QStringLiteral("%1 %2").arg(QLatin1String(label)).arg(c.kept);
    return QStringLiteral("%1 %2 of %3").arg(QLatin1String(label)).arg(c.kept).arg(c.stored);
}

int runRepair(const Arguments& args)
{
    const std::string from = args.positionals().first().toStdString();
    const std::string to = args.value("out").toStdString();
    StoreRepair r;
    try {
        ConsoleProgress console;
        r = repairStore(from, to, console.callback());
    } catch (const Cancelled&) {
        err(args.commandName(), QStringLiteral("interrupted; %1 was not written").arg(str(to)));
        return ExitInterrupted;
    }
    out(QStringLiteral("Salvaged %1 into %2%3")
            .arg(str(from), str(to))
            .arg(r.truncated
                     ? QStringLiteral(" (the file is truncated: %1 of %2 bytes)").arg(r.fileSize).arg(r.storedEnd)
                     : QString()));
    std::size_t keptRows = 0, droppedRows = 0;
    const auto tally = [&](const StoreRepair::Count& c) {
        keptRows += c.kept;
        droppedRows += c.dropped();
    };
    for (const StoreRepair::Run& run : r.runs) {
        for (const auto* c : {&run.layers, &run.log, &run.validation, &run.checkpoints})
            tally(*c);
        if (!run.copied) {
            out(QStringLiteral("  run %1: not copied (see below)").arg(str(run.name)));
        } else {
            out(QStringLiteral("  run %1: rows of layers, log, validation, checkpoints: %2, %3, %4, %5")
                    .arg(str(run.name), count("layers", run.layers), count("log", run.log),
                         count("validation", run.validation), count("checkpoints", run.checkpoints)));
        }
        for (const StoreRepair::Config& c : run.configs) {
            tally(c.rows);
            if (!c.flagsRead)
                out(QStringLiteral("    config %1: %2; its done flags do not read")
                        .arg(str(c.id),
                             c.copied ? QStringLiteral("copied without rows") : QStringLiteral("not copied")));
            else if (!c.copied)
                out(QStringLiteral("    config %1: not copied; %2 done rows dropped")
                        .arg(str(c.id))
                        .arg(c.rows.stored));
            else if (c.rows.dropped() == 0)
                out(QStringLiteral("    config %1: %2 done rows").arg(str(c.id)).arg(c.rows.kept));
            else
                out(QStringLiteral("    config %1: %2 of %3 done rows (%4 dropped)")
                        .arg(str(c.id))
                        .arg(c.rows.kept)
                        .arg(c.rows.stored)
                        .arg(c.rows.dropped()));
            if (c.downstream.stored > 0) {
                tally(c.downstream);
                out(QStringLiteral("      downstream accuracy: %1 of %2 done rows")
                        .arg(c.downstream.kept)
                        .arg(c.downstream.stored));
            }
        }
    }
    tally(r.fits);
    out(QStringLiteral("  fits: %1")
            .arg(r.fits.dropped() == 0 ? QString::number(r.fits.kept)
                                       : QStringLiteral("%1 of %2").arg(r.fits.kept).arg(r.fits.stored)));
    if (!r.problems.empty()) {
        out(QStringLiteral("What could not be read or was dropped:"));
        for (const StoreProblem& p : r.problems)
            out(QStringLiteral("  %1: %2: %3")
                    .arg(p.severity == StoreProblem::Severity::Error ? QStringLiteral("error") : QStringLiteral("note"),
                         str(p.object), str(p.message)));
    }
    out(r.complete() ? QStringLiteral("Everything the store lists was salvaged (%1 rows).").arg(keptRows)
                     : QStringLiteral("%1 rows salvaged, %2 dropped.").arg(keptRows).arg(droppedRows));
    return ExitSuccess;
}

} // namespace

Command repairCommand()
{
    return {
        .name = "repair",
        .synopsis = {"repair STORE --out FILE"},
        .summary = "Salvage every complete row of a damaged or truncated store into a new store.",
        .description =
            "Copies what still reads into a new store through the store's own writer: runs (attributes, layers, "
            "log, validation and checkpoint rows up to the first partial or unreadable one), configs with each done "
            "row whose values all read, fits. A row that is partial, not done, or fails a check of its values is "
            "dropped, never guessed; a file cut short is read padded with zeros. STORE is only read. The new file "
            "appears complete when repair ends, or not at all. Prints what was salvaged and dropped per run and "
            "config, and what could not be read. Exit status 0 when the new store was written.",
        .options = {text("out", "FILE", "The new store to write; it must not exist.").require()},
        .positionals = {{.name = "STORE", .help = "The damaged results store (.h5); never changed.", .required = true}},
        .run = &runRepair,
    };
}

} // namespace qs::cli
