// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
// quantscope demo on the console (without a display, or with --headless): the demo pipeline
// (core/lab/demo.h), then its trajectory figures. With a display, main opens the GUI instead.

#include "app/gui/commands/widgetcommandruns.h"

#include "app/cli/clioptions.h"
#include "app/cli/clioutput.h"
#include "app/cli/commands.h"

#include "core/config/corpus.h"
#include "core/lab/demo.h"
#include "itemmodels/selection.h"
#include "itemmodels/storesnapshot.h"
#include "widgets/pages/figurepages.h"
#include "widgets/pages/trajectory/trajectorypage.h"
#include "widgets/plot/figureexport.h"

#include <QDir>
#include <QElapsedTimer>

namespace qs::cli {

namespace {

// The demo's figures of `run` in the paper style at double-column width, as PNG (300 dpi) and PDF next
// to each other: relative CE (base.png/.pdf) and mean KL (base-kl.png/.pdf) along training. Returns
// the paths.
QStringList exportFigures(const QString& storePath, const QString& run, const QString& base)
{
    Selection selection;
    selection.setSnapshot(loadStoreSnapshot(storePath));
    const int runIndex = run.isEmpty() ? 0 : selection.snapshot()->runIndex(run);
    if (runIndex < 0 || runIndex >= int(selection.snapshot()->runs.size()))
        throw Error("the store " + storePath.toStdString() + " has no run '" + run.toStdString() + "'");
    selection.setRun(runIndex);
    FigurePage page = createFigurePage(QStringLiteral("trajectory"), &selection);
    auto* trajectory = qobject_cast<TrajectoryPage*>(page.widget.get());
    if (!trajectory)
        throw Error("this build has no trajectory view");
    FigureExportOptions options;
    options.size = FigureExportOptions::Size::DoubleColumn;
    QStringList written;
    for (const auto& [metric, suffix] :
         {std::pair {TrajectoryPage::Metric::RelativeCe, ""}, std::pair {TrajectoryPage::Metric::KlMean, "-kl"}}) {
        trajectory->setMetric(metric);
        for (const char* ext : {".png", ".pdf"}) {
            const QString out = base + QLatin1String(suffix) + QLatin1String(ext);
            QString error;
            if (!exportFigure(*page.view, out, options, &error))
                throw Error(error.toStdString());
            written << out;
        }
    }
    return written;
}

} // namespace

int runDemoCommand(const Arguments& args)
{
    const QString dir = QDir(args.value("dir")).absolutePath();
    DemoOptions options = DemoOptions::defaults(dir.toStdString());
    if (args.isSet("steps")) {
        options.train.steps = args.integer("steps");
        options.train.schedule.warmupSteps = std::min(options.train.schedule.warmupSteps, options.train.steps / 10);
    }
    options.train.threads = int(args.integer("threads", options.train.threads));
    options.device = args.value("device").toStdString();

    out(QStringLiteral("QuantScope demo: %1-parameter byte-level LM, %2 schedule, %3 steps of %4 x %5 bytes")
            .arg(options.train.model.parameterCount())
            .arg(QString::fromStdString(toString(options.train.schedule.kind)).toUpper())
            .arg(options.train.steps)
            .arg(options.train.batchSize)
            .arg(options.train.seqLen));
    out(QStringLiteral("Corpus: %1").arg(QString::fromUtf8(kjvDescription)));
    out(QStringLiteral("Folder: %1").arg(dir));

    QElapsedTimer timer;
    timer.start();
    DemoSummary summary;
    {
        ConsoleProgress console;
        summary = runDemo(options, console.callback());
    }
    const QString store = QString::fromStdString(summary.storePath);
    const QStringList figures =
        exportFigures(store, QString::fromStdString(options.runName), QDir(dir).filePath(QStringLiteral("trajectory")));
    out(QStringLiteral("Trained: %1 checkpoints%2, final validation loss %3 nats/byte")
            .arg(summary.checkpoints)
            .arg(summary.trainingReused ? QStringLiteral(" (reused from the store)") : QString())
            .arg(summary.finalValLoss, 0, 'f', 4));
    out(QStringLiteral("Quantized: %1 (checkpoint, config) results computed, %2 reused")
            .arg(summary.entriesComputed)
            .arg(summary.entriesReused));
    printSweepTimes(summary.sweep);
    out(QStringLiteral("Store:   %1").arg(store));
    for (const QString& f : figures)
        out(QStringLiteral("Figure:  %1").arg(f));
    out(QStringLiteral("Done in %1 s. Open the store in the GUI: quantscope %2")
            .arg(timer.elapsed() / 1000)
            .arg(store));
    return ExitSuccess;
}

} // namespace qs::cli
