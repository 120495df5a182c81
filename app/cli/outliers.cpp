// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
// quantscope outliers: outlier input channels followed across a run's checkpoints, from the FP
// reference's per-channel profiles (core/analysis/outliertracking.h), and how their number goes with the
// W4A4 error.

#include "app/cli/clioptions.h"
#include "app/cli/clioutput.h"
#include "app/cli/commands.h"
#include "core/analysis/outliertracking.h"
#include "core/common/errors.h"
#include "core/common/metrics.h"
#include "core/store/store.h"

#include <algorithm>
#include <cmath>

namespace qs::cli {

namespace {

QString pValue(double p)
{
    return std::isfinite(p) ? QString::number(p, 'g', 2) : QStringLiteral("–");
}

QString rho(double r)
{
    return std::isfinite(r) ? QString::number(r, 'f', 2) : QStringLiteral("–");
}

int runOutliers(const Arguments& args)
{
    const Store store = Store::open(args.positionals().first().toStdString());
    const std::string run = args.value("run").toStdString();
    if (!store.hasRun(run))
        throw ConfigError("the store has no run '" + run + "'");
    const double threshold = args.number("threshold", metrics::outlierThreshold);
    const OutlierTracking tracking = trackOutliers(store, run, threshold);
    const auto rows = store.checkpoints(run);
    const auto layers = store.layers(run);
    QStringList steps;
    for (int k : tracking.checkpoints)
        steps << QString::number(rows[size_t(k)].step);
    out(QStringLiteral("Run '%1': input channels with max |x| > %2 at %3 checkpoints of the FP reference (steps %4).")
            .arg(QString::fromStdString(run), QString::number(threshold, 'g', 4))
            .arg(tracking.checkpoints.size())
            .arg(steps.join(QStringLiteral(", "))));
    if (tracking.checkpoints.empty())
        return ExitSuccess;
    const auto stepOf = [&](int tracked) { return rows[size_t(tracking.checkpoints[size_t(tracked)])].step; };

    // One layer: every channel that is an outlier somewhere.
    if (args.isSet("layer")) {
        const QString wanted = args.value("layer");
        bool isIndex = false;
        const int index = wanted.toInt(&isIndex);
        int layer = -1;
        for (size_t l = 0; l < layers.size(); ++l)
            if ((isIndex && int(l) == index) || QString::fromStdString(layers[l].name) == wanted)
                layer = int(l);
        if (layer < 0)
            throw ConfigError("run '" + run + "' has no layer '" + wanted.toStdString()
                              + "' (a name of `quantscope info`'s " + "layers or an index 0–"
                              + std::to_string(layers.size() - 1) + ")");
        const LayerOutlierTrack& t = tracking.layers[size_t(layer)];
        out(QStringLiteral("%1 (%2 input channels): %3 channels are outliers at some checkpoint")
                .arg(QString::fromStdString(layers[size_t(layer)].name))
                .arg(layers[size_t(layer)].cols)
                .arg(t.channels.size()));
        out(QStringLiteral("%1 %2 %3 %4 %5 %6")
                .arg(QStringLiteral("channel"), 8)
                .arg(QStringLiteral("first step"), 11)
                .arg(QStringLiteral("last step"), 10)
                .arg(QStringLiteral("checkpoints"), 12)
                .arg(QStringLiteral("from first"), 11)
                .arg(QStringLiteral("peak |x|"), 9));
        for (const ChannelTrack& c : t.channels)
            out(QStringLiteral("%1 %2 %3 %4 %5 %6")
                    .arg(c.channel, 8)
                    .arg(stepOf(c.first), 11)
                    .arg(stepOf(c.last), 10)
                    .arg(c.count, 12)
                    .arg(c.firstRun, 11)
                    .arg(double(c.peak), 9, 'f', 2));
        return ExitSuccess;
    }

    // Every layer: new/persistent outliers per checkpoint, and how many are still there at the end.
    out(QStringLiteral("new+persistent outlier channels per checkpoint, per layer:"));
    int width = 5;
    for (const auto& l : layers)
        width = std::max(width, int(l.name.size()));
    QString header = QStringLiteral("%1").arg(QStringLiteral("layer"), -width);
    for (const QString& s : steps)
        header += QStringLiteral(" %1").arg(s, 9);
    out(header);
    for (size_t l = 0; l < layers.size(); ++l) {
        const LayerOutlierTrack& t = tracking.layers[l];
        QString line = QStringLiteral("%1").arg(QString::fromStdString(layers[l].name), -width);
        for (size_t k = 0; k < tracking.checkpoints.size(); ++k)
            line += QStringLiteral(" %1").arg(QStringLiteral("%1+%2").arg(t.fresh[k]).arg(t.persistent[k]), 9);
        out(line);
    }

    std::string config = args.value("config").toStdString();
    if (config.empty())
        config = w4a4Config(store, run);
    if (config.empty()) {
        out(QStringLiteral("No W4A4 config in this run to correlate with (sweep one, e.g. --quant rtn:4:g128:a4, "
                           "or name a config with --config)."));
        return ExitSuccess;
    }
    const OutlierCorrelation c = correlateOutliers(store, run, tracking, config, args.value("metric").toStdString());
    out(QStringLiteral("Outlier channels against %1's %2 over %3 checkpoints: Spearman ρ = %4 (p = %5) for every "
                       "layer's, ρ = %6 (p = %7) for the FC2 (down_proj) inputs'.")
            .arg(QString::fromStdString(c.config), QString::fromStdString(c.metric))
            .arg(c.points)
            .arg(rho(c.rhoAll), pValue(c.pAll), rho(c.rhoFc2), pValue(c.pFc2)));
    return ExitSuccess;
}

} // namespace

Command outliersCommand()
{
    return {
        .name = "outliers",
        .synopsis = {"outliers STORE --run R [--threshold X] [--layer L] [--config ID] [--metric M]"},
        .summary = "Follow a run's outlier input channels across its checkpoints.",
        .description = "From the FP reference's per-channel input profiles: per layer and checkpoint, the "
                       "channels whose max |x| exceeds the threshold, as new+persistent (an outlier at the "
                       "previous checkpoint too), and how their number goes with the W4A4 config's error "
                       "along the run (Spearman's ρ with a permutation p-value, over every layer and over "
                       "the FC2 inputs). With --layer, each outlier channel of that layer: when it "
                       "appeared, when it was last one, for how many checkpoints, and its peak.",
        .options = {text("run", "R", "The run.").require(),
                    number("threshold", "X", "Outlier magnitude of max |x| (LLM.int8()'s 6).", 0.0).withDefault("6"),
                    text("layer", "L", "One layer, by name or index: its outlier channels."),
                    text("config", "ID",
                         "The config whose error the outliers are correlated with. Default: the "
                         "run's W4A4 config."),
                    word("metric", "M", "That config's metric.", {metrics::deltaCe, metrics::relCe, metrics::klMean})
                        .withDefault(metrics::deltaCe)},
        .positionals = {{.name = "STORE", .help = "Results store (.h5).", .required = true}},
        .run = &runOutliers,
    };
}

} // namespace qs::cli
