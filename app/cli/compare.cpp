// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
// quantscope compare: whether two stored results differ by more than the evaluation's noise — a
// paired bootstrap over the evaluation units both were measured on (core/analysis/comparison.h).

#include "app/cli/clioptions.h"
#include "app/cli/clioutput.h"
#include "app/cli/commands.h"
#include "core/analysis/comparison.h"
#include "core/common/metrics.h"
#include "core/store/store.h"

#include <cmath>

namespace qs::cli {

namespace {

// Decimals that show a standard error with two significant digits (at least 1, at most 9).
int decimalsFor(double se)
{
    if (!(se > 0.0) || !std::isfinite(se))
        return 5;
    return std::clamp(1 - int(std::floor(std::log10(se))), 1, 9);
}

QString signedNumber(double v, int decimals)
{
    return (v >= 0.0 ? QStringLiteral("+") : QString()) + QString::number(v, 'f', decimals);
}

int runCompare(const Arguments& args)
{
    const Store store = Store::open(args.positionals().at(0).toStdString());
    const EntryRef a = parseEntryRef(store, args.positionals().at(1).toStdString());
    const EntryRef b = parseEntryRef(store, args.positionals().at(2).toStdString());
    const std::string metric = args.value("metric").toStdString();
    const double level = args.number("level", 0.95);
    stats::Bootstrap bootstrap;
    bootstrap.resamples = int(args.integer("resamples", 2000));
    bootstrap.blockLength = std::size_t(args.integer("block", 1));
    bootstrap.seed = std::uint64_t(args.integer("seed", 1));
    const EntryComparison c = compareEntries(store, a, b, metric, level, bootstrap);

    const MetricInfo* info = findMetric(metric);
    const QString unit = info && *info->unit ? QStringLiteral(" %1").arg(QString::fromUtf8(info->unit)) : QString();
    const stats::Estimate& d = c.test.difference;
    const int decimals = decimalsFor(d.se);
    const QString percent = QString::number(level * 100.0, 'g', 4);
    out(QStringLiteral("%1, paired over %2 evaluation units:")
            .arg(QString::fromUtf8(info ? info->title : metric.c_str()))
            .arg(d.units));
    out(QStringLiteral("  A  %1  %2")
            .arg(QString::fromStdString(describeEntry(store, a)), QString::number(c.a, 'f', decimals)));
    out(QStringLiteral("  B  %1  %2")
            .arg(QString::fromStdString(describeEntry(store, b)), QString::number(c.b, 'f', decimals)));
    out(QStringLiteral("  B − A = %1 ± %2%3 (standard error), %4 % interval [%5, %6], p = %7")
            .arg(signedNumber(d.value, decimals), QString::number(d.se, 'f', decimals), unit, percent,
                 signedNumber(c.test.interval.lower, decimals), signedNumber(c.test.interval.upper, decimals),
                 QString::number(c.test.pValue, 'g', 2)));
    out(c.test.significant()
            ? QStringLiteral("  The difference exceeds the noise: the %1 % interval excludes 0.").arg(percent)
            : QStringLiteral("  Within the noise: the %1 % interval includes 0.").arg(percent));
    out(QStringLiteral("  (bootstrap over units: %1 resamples%2, seed %3)")
            .arg(bootstrap.resamples)
            .arg(bootstrap.blockLength > 1 ? QStringLiteral(" in blocks of %1 units").arg(bootstrap.blockLength)
                                           : QString())
            .arg(bootstrap.seed));
    return ExitSuccess;
}

} // namespace

Command compareCommand()
{
    std::vector<std::string_view> metricWords;
    for (const std::string& m : comparableMetrics())
        metricWords.push_back(m);
    return {
        .name = "compare",
        .synopsis = {"compare STORE A B [--metric M] [--level P] [--resamples N] [--block N] [--seed N]"},
        .summary = "Test whether two stored results differ by more than the evaluation's noise.",
        .description = "A and B name results as RUN:CONFIG@STEP (or @#ROW for a checkpoint's row, @last for "
                       "the config's last result). The two must be evaluated on the same tokens: two "
                       "checkpoints of one config, two configs at one checkpoint, or two runs of one "
                       "evaluation set (LAWA against its cooldown). The test is paired: B − A per "
                       "evaluation unit (a validation sequence or evaluation block), its standard error, "
                       "and a bootstrap percentile interval and p-value over the units. delta_ce subtracts "
                       "each result's own FP model first, so it compares quantization damage.",
        .options = {word("metric", "M", "The metric compared.", metricWords).withDefault(metrics::deltaCe),
                    number("level", "P", "Confidence level of the interval.", 0.5, 0.999).withDefault("0.95"),
                    integer("resamples", "N", "Bootstrap resamples.", 100, 1000000).withDefault("2000"),
                    integer("block", "N",
                            "Draw units in runs of N consecutive ones (a moving-block bootstrap), when "
                            "neighbouring units are correlated.",
                            1, 1000000)
                        .withDefault("1"),
                    integer("seed", "N", "Seed of the resampling: the same seed gives the same interval.", 0,
                            std::numeric_limits<std::int32_t>::max())
                        .withDefault("1")},
        .positionals = {{.name = "STORE", .help = "Results store (.h5).", .required = true},
                        {.name = "A", .help = "The first result, RUN:CONFIG@STEP.", .required = true},
                        {.name = "B", .help = "The second result, RUN:CONFIG@STEP.", .required = true}},
        .run = &runCompare,
    };
}

} // namespace qs::cli
