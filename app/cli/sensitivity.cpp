// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
// quantscope sensitivity: which layers a config's damage comes from along a run, from the per-layer
// sensitivity a sweep with --sensitivity stored (core/analysis/sensitivityreport.h), and whether the cheap
// Fisher estimate ranks the layers as the measurement does.

#include "app/cli/clioptions.h"
#include "app/cli/clioutput.h"
#include "app/cli/commands.h"
#include "core/analysis/sensitivityreport.h"
#include "core/common/errors.h"
#include "core/common/metrics.h"
#include "core/store/store.h"

#include <algorithm>
#include <cmath>

namespace qs::cli {

namespace {

QString number(double v, int precision = 4)
{
    return std::isfinite(v) ? QString::number(v, 'g', precision) : QStringLiteral("–");
}

QString signedNumber(double v)
{
    return std::isfinite(v) ? QString::asprintf("%+.4g", v) : QStringLiteral("–");
}

// "3.down": block and kind, the way the heatmap's rows read.
QString shortName(const LayerInfo& layer)
{
    return QStringLiteral("%1.%2").arg(layer.block).arg(QString::fromStdString(layer.kind));
}

int runSensitivity(const Arguments& args)
{
    const Store store = Store::open(args.positionals().first().toStdString());
    const std::string run = args.value("run").toStdString();
    if (!store.hasRun(run))
        throw ConfigError("the store has no run '" + run + "'");
    std::vector<std::string> configs;
    if (args.isSet("config"))
        configs.push_back(args.value("config").toStdString());
    else
        configs = configsWithSensitivity(store, run);
    if (configs.empty()) {
        out(QStringLiteral("Run '%1' holds no per-layer sensitivity: sweep it with --sensitivity "
                           "(quantscope sweep --store %2 --run %1 --sensitivity --quant …).")
                .arg(QString::fromStdString(run), QString::fromStdString(store.path())));
        return ExitSuccess;
    }
    const int top = int(args.integer("top", 5));
    const auto rows = store.checkpoints(run);
    const auto layers = store.layers(run);
    const bool oneStep = args.isSet("step");
    const int64_t step = args.integer("step", 0);
    bool stepFound = false;

    for (const std::string& config : configs) {
        const SensitivityReport report = sensitivityReport(store, run, config, args.value("by").toStdString());
        out(QStringLiteral("%1:").arg(QString::fromStdString(config)));
        if (report.checkpoints.empty()) {
            out(QStringLiteral("  no checkpoint holds per-layer sensitivity (sweep with --sensitivity)"));
            continue;
        }
        if (!oneStep) {
            out(QStringLiteral("  %1 %2 %3 %4 %5  %6")
                    .arg(QStringLiteral("step"), 6)
                    .arg(QStringLiteral("ΔCE"), 10)
                    .arg(QStringLiteral("Σ LOI ΔCE"), 10)
                    .arg(QStringLiteral("ρ(F, ΔCE)"), 16)
                    .arg(QStringLiteral("ρ(F, KL)"), 16)
                    .arg(QStringLiteral("most sensitive layers (%1)").arg(args.value("by"))));
        }
        for (const SensitivityAtCheckpoint& s : report.checkpoints) {
            const int64_t rowStep = rows[size_t(s.checkpoint)].step;
            if (oneStep && rowStep != step)
                continue;
            stepFound = true;
            double sum = 0.0;
            for (double v : s.loiDeltaCe)
                sum += std::isfinite(v) ? v : 0.0;
            if (!oneStep) {
                QStringList names;
                for (int i = 0; i < std::min<int>(top, int(s.ranking.size())); ++i)
                    names << shortName(layers[size_t(s.ranking[size_t(i)])]);
                out(QStringLiteral("  %1 %2 %3 %4 %5  %6")
                        .arg(rowStep, 6)
                        .arg(signedNumber(s.deltaCe), 10)
                        .arg(signedNumber(sum), 10)
                        .arg(QStringLiteral("%1 (p %2)").arg(number(s.rhoDeltaCe, 2), number(s.pDeltaCe, 2)), 16)
                        .arg(QStringLiteral("%1 (p %2)").arg(number(s.rhoKl, 2), number(s.pKl, 2)), 16)
                        .arg(names.join(QStringLiteral(" "))));
                continue;
            }
            out(QStringLiteral("  step %1: ΔCE %2 with every layer quantized, %3 summed over the layers quantized "
                               "alone; the Fisher estimate's rank agreement ρ = %4 (p %5) with the leave-one-in "
                               "ΔCE, %6 (p %7) with its KL")
                    .arg(rowStep)
                    .arg(signedNumber(s.deltaCe), signedNumber(sum), number(s.rhoDeltaCe, 2), number(s.pDeltaCe, 2),
                         number(s.rhoKl, 2), number(s.pKl, 2)));
            out(QStringLiteral("  %1 %2 %3 %4 %5 %6 %7")
                    .arg(QStringLiteral("rank"), 4)
                    .arg(QStringLiteral("layer"), -9)
                    .arg(QStringLiteral("LOI ΔCE"), 11)
                    .arg(QStringLiteral("LOI KL"), 10)
                    .arg(QStringLiteral("LOO ΔCE"), 11)
                    .arg(QStringLiteral("LOO KL"), 10)
                    .arg(QStringLiteral("Fisher est."), 11));
            for (int i = 0; i < std::min<int>(top, int(s.ranking.size())); ++i) {
                const size_t l = size_t(s.ranking[size_t(i)]);
                out(QStringLiteral("  %1 %2 %3 %4 %5 %6 %7")
                        .arg(i + 1, 4)
                        .arg(shortName(layers[l]), -9)
                        .arg(signedNumber(s.loiDeltaCe[l]), 11)
                        .arg(number(s.loiKl[l]), 10)
                        .arg(signedNumber(s.looDeltaCe[l]), 11)
                        .arg(number(s.looKl[l]), 10)
                        .arg(number(s.fisherEstimate[l]), 11));
            }
        }
    }
    if (oneStep && !stepFound)
        throw ConfigError("no checkpoint of step " + std::to_string(step) + " of run '" + run
                          + "' holds per-layer sensitivity");
    return ExitSuccess;
}

} // namespace

Command sensitivityCommand()
{
    return {
        .name = "sensitivity",
        .synopsis = {"sensitivity STORE --run R [--config ID] [--step S] [--top K]"},
        .summary = "Rank a run's layers by the damage each causes, along its checkpoints.",
        .description =
            "From the per-layer sensitivity a sweep with --sensitivity stored: per checkpoint of each config, "
            "the config's ΔCE, the sum of the layers' leave-one-in ΔCE (only that layer quantized), the "
            "layers that cause the most damage (by default their leave-one-in KL), and the Fisher estimate's rank "
            "agreement with "
            "the measurement (Spearman's ρ over the layers, with a permutation p-value, against the "
            "leave-one-in ΔCE and KL): where ρ is high the cheap estimate can stand in for the measurement. "
            "With --step, one checkpoint's most sensitive layers with every sensitivity metric.",
        .options = {text("run", "R", "The run.").require(),
                    text("config", "ID", "One config. Default: every config with per-layer sensitivity."),
                    integer("step", "S", "One checkpoint, by training step: its layers in detail.", 0,
                            std::numeric_limits<int>::max()),
                    integer("top", "K", "How many layers to name.", 1, 100000).withDefault("5"),
                    word("by", "METRIC",
                         "Rank the layers by this sensitivity metric (largest first; leave-one-out ones smallest "
                         "first). KL is never negative; a layer's ΔCE alone can be, by its first-order term or by "
                         "noise.",
                         {metrics::loiKl, metrics::loiDeltaCe, metrics::looKl, metrics::looDeltaCe, metrics::fisherEst})
                        .withDefault(metrics::loiKl)},
        .positionals = {{.name = "STORE", .help = "Results store (.h5).", .required = true}},
        .run = &runSensitivity,
    };
}

} // namespace qs::cli
