// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
// quantscope figure: a view of a store (trajectory, heatmap, breakdown, outliers) built offscreen on
// the selection the options name, exported as the GUI's File > Export Figure does
// (widgets/plot/figureexport.h). --view scaling is in figurescaling.cpp.

#include "app/gui/commands/widgetcommandruns.h"
#include "itemmodels/figurewords.h"

#include "app/cli/clioptions.h"
#include "app/cli/clioutput.h"

#include "core/common/errors.h"
#include "itemmodels/selection.h"
#include "itemmodels/storesnapshot.h"
#include "widgets/pages/breakdownpage.h"
#include "widgets/pages/figurepages.h"
#include "widgets/pages/heatmappage.h"
#include "widgets/pages/trajectory/trajectorypage.h"
#include "widgets/plot/figureexport.h"

#include <QFileInfo>

namespace qs::cli {

namespace {

// The runs --run names: the option repeated, or comma-separated names ("a,b"; a name the store holds
// with a comma in it is taken whole).
QStringList runNames(const Arguments& args, const StoreSnapshot& snapshot)
{
    QStringList names;
    for (const QString& value : args.values("run")) {
        const QStringList parts = snapshot.runIndex(value) >= 0 ? QStringList {value} : value.split(QLatin1Char(','));
        for (const QString& part : parts) {
            const QString name = part.trimmed();
            if (!name.isEmpty() && !names.contains(name))
                names << name;
        }
    }
    return names;
}

// Sets what --run, --config, --checkpoint and --layer name in `selection`; the runs after the first
// --run go to `overlays`. A value the store does not hold is a BadUsage listing the ones it has.
void selectFromOptions(const Arguments& args, Selection& selection, QStringList* overlays)
{
    const StoreSnapshotPtr snapshot = selection.snapshot();
    const QString storePath = snapshot->path;
    const QStringList runs = runNames(args, *snapshot);
    for (const QString& name : runs) {
        if (snapshot->runIndex(name) >= 0)
            continue;
        QStringList names;
        for (const RunSnapshot& run : snapshot->runs)
            names << run.name();
        throw BadUsage(
            QStringLiteral("no run '%1' in %2 (runs: %3)").arg(name, storePath, names.join(QStringLiteral(", "))));
    }
    if (!runs.isEmpty())
        selection.setRun(snapshot->runIndex(runs.first()));
    *overlays = runs.mid(1);
    const RunSnapshot& run = *selection.run();
    if (args.isSet("config")) {
        const QString id = args.value("config");
        const int index = run.configIndex(id.toStdString());
        if (index < 0) {
            QStringList ids;
            for (const ConfigSnapshot& config : run.configs)
                ids << QString::fromStdString(config.results.configId);
            throw BadUsage(QStringLiteral("run %1 has no config '%2' (configs: %3)")
                               .arg(run.name(), id, ids.join(QStringLiteral(", "))));
        }
        selection.setConfig(index);
    }
    if (args.isSet("checkpoint")) {
        const qint64 step = args.integer("checkpoint");
        int index = -1;
        QStringList steps;
        for (int i = 0; i < int(run.checkpoints.size()); ++i) {
            steps << QString::number(run.checkpoints[size_t(i)].step);
            if (run.checkpoints[size_t(i)].step == step)
                index = i;
        }
        if (index < 0)
            throw BadUsage(QStringLiteral("run %1 has no checkpoint at step '%2' (steps: %3)")
                               .arg(run.name(), args.value("checkpoint"), steps.join(QStringLiteral(", "))));
        selection.setCheckpoint(index);
    }
    if (args.isSet("layer")) {
        const QString name = args.value("layer");
        int index = -1;
        QStringList names;
        for (int i = 0; i < int(run.layers.size()); ++i) {
            names << QString::fromStdString(run.layers[size_t(i)].name);
            if (names.last() == name)
                index = i;
        }
        if (index < 0)
            throw BadUsage(QStringLiteral("run %1 has no layer '%2' (layers: %3)")
                               .arg(run.name(), name, names.join(QStringLiteral(", "))));
        selection.setLayer(index);
    }
}

// Shows metric `name` on the page if the page has such a choice; a BadUsage listing the valid ones
// otherwise.
void selectMetric(QWidget* page, const QString& view, const QString& name)
{
    if (auto* trajectory = qobject_cast<TrajectoryPage*>(page)) {
        TrajectoryPage::Metric metric;
        if (!TrajectoryPage::metricFromName(name, &metric))
            throw BadUsage(QStringLiteral("unknown metric '%1' (use one of %2)")
                               .arg(name, TrajectoryPage::metricNames().join(QStringLiteral(", "))));
        trajectory->setMetric(metric);
        return;
    }
    const auto choose = [&](auto* chooser) {
        if (!chooser->setMetric(name))
            throw BadUsage(QStringLiteral("unknown metric '%1' for the %2 of this config (use one of %3)")
                               .arg(name, view, chooser->availableMetrics().join(QStringLiteral(", "))));
    };
    if (auto* heatmap = qobject_cast<HeatmapPage*>(page))
        return choose(heatmap);
    if (auto* breakdown = qobject_cast<BreakdownPage*>(page))
        return choose(breakdown);
    throw BadUsage(QStringLiteral("the %1 view has no --metric (trajectory, heatmap and breakdown have)").arg(view));
}

// --size, --dpi, --figure-style and --legend as export options; the formats of the --out files.
FigureExportOptions exportOptions(const Arguments& args, const QStringList& outs)
{
    FigureExportOptions options;
    if (!parseFigureSize(args.value("size"), &options))
        throw BadUsage(
            QStringLiteral("--size '%1' is not single, double or WxH in inches (e.g. 5x3)").arg(args.value("size")));
    options.dpi = int(args.integer("dpi"));
    // The table checked both words (itemmodels/figurewords.h).
    if (figureWordValue<FigureKind>(args.value("figure-style")) == FigureKind::Screen)
        options.style = FigureStyle::screen();
    options.style.legend = figureWordValue<FigureLegend>(args.value("legend")).value_or(FigureLegend::Below);
    for (const QString& out : outs) {
        FigureFormat format;
        if (!figureFormatFromPath(out, &format) || format == FigureFormat::Csv)
            throw BadUsage(QStringLiteral("cannot tell the format of '%1' (use .pdf, .svg or .png)").arg(out));
    }
    return options;
}

} // namespace

int runFigureCommand(const Arguments& args)
{
    const QStringList outs = args.values("out");
    const QString csv = args.value("csv");
    const QString view = args.value("view");
    const bool scaling = view == QLatin1String("scaling"); // a law, drawn with or without a store
    if (outs.isEmpty() && csv.isEmpty())
        throw BadUsage(QStringLiteral("--out FILE (or --csv FILE) is required"));
    if (!scaling)
        args.require("store");
    const FigureExportOptions options = exportOptions(args, outs);
    if (scaling)
        return runScalingFigure(args, options, outs, csv);
    const QString metric = args.value("metric");
    TrajectoryPage::Metric trajectoryMetric;
    if (view == QLatin1String("trajectory") && !metric.isEmpty()
        && !TrajectoryPage::metricFromName(metric, &trajectoryMetric))
        throw BadUsage(QStringLiteral("unknown metric '%1' (use one of %2)")
                           .arg(metric, TrajectoryPage::metricNames().join(QStringLiteral(", "))));

    const QString storePath = args.value("store");
    Selection selection;
    selection.setSnapshot(loadStoreSnapshot(storePath));
    if (!selection.run())
        throw Error("the store " + storePath.toStdString() + " holds no runs");
    QStringList overlays;
    selectFromOptions(args, selection, &overlays);
    if (!overlays.isEmpty() && view != QLatin1String("trajectory"))
        throw BadUsage(QStringLiteral("only the trajectory view overlays runs; the %1 view shows one (--run %2)")
                           .arg(view, selection.run()->name()));
    FigurePage page = createFigurePage(view, &selection);
    if (!page.view)
        throw std::logic_error("no figure page for the view " + view.toStdString());
    if (auto* trajectory = qobject_cast<TrajectoryPage*>(page.widget.get()))
        trajectory->setOverlayRuns(overlays);
    if (!metric.isEmpty())
        selectMetric(page.widget.get(), view, metric);
    if (args.isSet("x-axis")) {
        auto* trajectory = qobject_cast<TrajectoryPage*>(page.widget.get());
        if (!trajectory)
            throw BadUsage(QStringLiteral("the %1 view has no --x-axis (the trajectory has)").arg(view));
        const QString axis = args.value("x-axis");
        trajectory->setXAxis(axis == QLatin1String("tokens")      ? TrajectoryAxis::Tokens
                                 : axis == QLatin1String("order") ? TrajectoryAxis::Order
                                                                  : TrajectoryAxis::Step);
    }
    constexpr int loadTimeoutMs = 120000;
    if (!waitForFigurePage(page, loadTimeoutMs))
        throw Error(QStringLiteral("the %1 view was still reading %2 after %3 s")
                        .arg(view, storePath)
                        .arg(loadTimeoutMs / 1000)
                        .toStdString());
    QString error;
    for (const QString& out : outs) {
        if (!exportFigure(*page.view, out, options, &error))
            throw Error(error.toStdString());
        cli::out(QStringLiteral("Figure: %1").arg(QFileInfo(out).absoluteFilePath()));
    }
    if (!csv.isEmpty()) {
        if (!exportCsv(*page.view, csv, &error))
            throw Error(error.toStdString());
        out(QStringLiteral("Data:   %1").arg(QFileInfo(csv).absoluteFilePath()));
    }
    return ExitSuccess;
}

} // namespace qs::cli
