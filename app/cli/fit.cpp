// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
// quantscope fit: a scaling law fitted to CSV points or a store's runs, with bootstrap CIs, kept in the
// store; or, with --law ptq, the PTQ damage along one run against tokens and the LR decay
// (docs/scaling.md). A table, or JSON with --json.

#include "app/cli/clioptions.h"
#include "app/cli/clioutput.h"
#include "app/cli/commands.h"
#include "app/cli/scalinglaw.h"
#include "core/common/metrics.h"

#include "core/common/errors.h"
#include "core/scalinglaws/fit.h"
#include "core/scalinglaws/ptq.h"
#include "core/scalinglaws/serialization.h"
#include "core/store/store.h"
#include "itemmodels/scalingsource.h"
#include "itemmodels/storesnapshot.h"

#include <QFile>

#include <nlohmann/json.hpp>

#include <cmath>

namespace qs::cli {

using namespace qs::scaling;

namespace {

QString formatted(double value)
{
    return std::isfinite(value) ? QString::number(value, 'g', 6) : QStringLiteral("-");
}

std::vector<std::string> list(const Arguments& args, std::string_view option)
{
    std::vector<std::string> items;
    for (const QString& item : args.listValues(option))
        items.push_back(item.toStdString());
    return items;
}

QString coefficientTable(const Law& law)
{
    QString text = QStringLiteral("%1 %2 %3 %4  %5")
                       .arg(QStringLiteral("coefficient"), -12)
                       .arg(QStringLiteral("value"), 14)
                       .arg(QStringLiteral("95% CI"), 29)
                       .arg(QStringLiteral("source"), -10)
                       .arg(QStringLiteral("reference"));
    for (const Coefficient& c : law.coefficients()) {
        const QString ci = c.ci95 ? QStringLiteral("[%1, %2]").arg(formatted(c.ci95->first), formatted(c.ci95->second))
                                  : QStringLiteral("-");
        text += QStringLiteral("\n%1 %2 %3 %4  %5")
                    .arg(QString::fromStdString(c.name), -12)
                    .arg(formatted(c.value), 14)
                    .arg(ci, 29)
                    .arg(QString::fromStdString(sourceName(c.source)), -10)
                    .arg(QString::fromStdString(c.reference));
    }
    return text;
}

int fitPtq(const Arguments& args, bool json)
{
    if (!args.isSet("store"))
        throw BadUsage(QStringLiteral("--law ptq analyses a run of a store: give --store FILE"));
    args.require("config");
    const StoreSnapshotPtr snapshot = loadStoreSnapshot(args.value("store"));
    const QStringList runs = args.values("run");
    const int runIndex = runs.isEmpty() ? 0 : snapshot->runIndex(runs.first());
    if (runIndex < 0 || runIndex >= int(snapshot->runs.size()))
        throw ConfigError("the store has no run '" + (runs.isEmpty() ? std::string() : runs.first().toStdString())
                          + "'");
    const RunSnapshot& run = snapshot->runs[size_t(runIndex)];
    const std::string configId = args.value("config").toStdString();
    const int configIndex = run.configIndex(configId);
    if (configIndex < 0)
        throw ConfigError("run '" + run.info.name + "' has no config '" + configId + "' (quantscope info lists them)");
    const std::string metric = args.value("metric").toStdString();
    const PtqDegradation r = analysePtqDegradation(ptqTrajectory(run, configIndex, metric));

    nlohmann::json doc;
    doc["run"] = run.info.name;
    doc["config"] = configId;
    doc["metric"] = metric;
    doc["peak_lr"] = r.peakLr;
    doc["points"] = r.pointsUsed;
    doc["warmup_excluded"] = r.warmupExcluded;
    doc["missing_excluded"] = r.missingExcluded;
    doc["decay_points"] = r.decayPoints;
    doc["decay_f"] = r.decayF;
    doc["decay_p"] = r.decayP;
    for (const OlsModel* m : {&r.tokensOnly, &r.tokensAndDecay}) {
        nlohmann::json model;
        model["r2"] = m->r2;
        model["adjusted_r2"] = m->adjustedR2;
        model["aic"] = m->aic;
        for (const RegressionTerm& t : m->terms)
            model["terms"][t.name] = {{"estimate", t.estimate}, {"std_error", t.stdError}};
        doc["models"][m->name] = model;
    }
    if (json) {
        out(QString::fromStdString(doc.dump(2)));
        return ExitSuccess;
    }
    out(QStringLiteral("PTQ degradation of %1 / %2, metric %3: %4 checkpoints after warmup (%5 in the LR decay), "
                       "%6 warmup and %7 unmeasured left out")
            .arg(QString::fromStdString(run.info.name), QString::fromStdString(configId),
                 QString::fromStdString(metric))
            .arg(r.pointsUsed)
            .arg(r.decayPoints)
            .arg(r.warmupExcluded)
            .arg(r.missingExcluded));
    for (const OlsModel* m : {&r.tokensOnly, &r.tokensAndDecay}) {
        QString line = QStringLiteral("  %1  R² %2  adj. R² %3  AIC %4 :")
                           .arg(QString::fromStdString(m->name), -13)
                           .arg(m->r2, 0, 'f', 3)
                           .arg(m->adjustedR2, 0, 'f', 3)
                           .arg(m->aic, 0, 'f', 1);
        for (const RegressionTerm& t : m->terms)
            line += QStringLiteral("  %1 = %2 ± %3")
                        .arg(QString::fromStdString(t.name), formatted(t.estimate), formatted(t.stdError));
        out(line);
    }
    double slope = 0.0;
    for (const RegressionTerm& t : r.tokensAndDecay.terms)
        if (t.name == "lr_decay")
            slope = t.estimate;
    const QString verdict = r.decayP >= 0.01 ? QStringLiteral("no significant LR-decay effect beyond tokens (p ≥ 0.01)")
        : slope > 0.0 ? QStringLiteral("the error rises with the LR decay beyond what tokens explain")
                      : QStringLiteral("the error falls during the LR decay beyond what tokens explain");
    out(QStringLiteral("  decay term: F = %1, p = %2: %3").arg(formatted(r.decayF), formatted(r.decayP), verdict));
    return ExitSuccess;
}

int runFit(const Arguments& args)
{
    const bool json = args.isSet("json");
    if (args.value("law") == QLatin1String("ptq"))
        return fitPtq(args, json);
    if (!args.isSet("csv") && !args.isSet("store"))
        throw BadUsage(QStringLiteral("give the data points with --csv FILE or --store FILE"));

    const Law law = publishedLaw(args);
    FitOptions options;
    options.target = fitTargetFromName(args.value("target").toStdString());
    options.huberDelta = args.number("huber", options.huberDelta);
    options.gridValues = int(args.integer("grid"));
    options.bootstrapResamples = int(args.integer("bootstrap"));
    options.seed = uint64_t(args.integer("seed"));
    options.freeCoefficients = list(args, "free");
    options.fixedCoefficients = list(args, "fix");

    ScalingData data;
    if (args.isSet("csv")) {
        data = readScalingCsv(args.value("csv").toStdString());
    } else {
        const StoreSnapshotPtr snapshot = loadStoreSnapshot(args.value("store"));
        data = scalingDataFromSnapshot(*snapshot, law.kind(), law.variant(), args.values("run"));
    }
    const FitResult result = fitLaw(law, data, options);
    const std::string lawJson = lawToJson(result.law);

    QString savedTo;
    if (args.isSet("store")) {
        const std::string name = args.isSet("name")
            ? args.value("name").toStdString()
            : (law.variant() ? lawKindName(law.kind()) + "-" + variantName(*law.variant()) : lawKindName(law.kind()));
        Store store = Store::open(args.value("store").toStdString(), Store::Mode::ReadWrite);
        store.saveFit(name, lawJson, args.isSet("replace"));
        savedTo = QStringLiteral("saved as fit '%1' in %2").arg(QString::fromStdString(name), args.value("store"));
    }
    if (args.isSet("out")) {
        QFile file(args.value("out"));
        if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate)
            || file.write(lawJson.data(), qint64(lawJson.size())) < 0)
            throw IoError("cannot write " + file.fileName().toStdString() + ": " + file.errorString().toStdString());
    }
    if (json) {
        out(QString::fromStdString(lawJson));
        return ExitSuccess;
    }
    const FitInfo& info = result.info;
    out(QStringLiteral("%1 fitted to %2 points of %3 (target %4; %5 held out, %6 left out with δ ≤ 0)")
            .arg(QString::fromStdString(result.law.displayName()))
            .arg(info.points)
            .arg(QString::fromStdString(info.dataSource), QString::fromStdString(info.target))
            .arg(info.heldOutPoints)
            .arg(info.rejectedPoints));
    out(coefficientTable(result.law));
    out(QStringLiteral("mean relative error: train %1, held out %2; %3 of %4 starts and %5 of %6 resamples converged")
            .arg(formatted(info.trainMre), formatted(info.heldOutMre))
            .arg(info.startsConverged)
            .arg(info.starts)
            .arg(info.bootstrapConverged)
            .arg(info.bootstrapResamples));
    if (!info.message.empty())
        out(QString::fromStdString(info.message));
    if (!savedTo.isEmpty())
        out(savedTo);
    return ExitSuccess;
}

} // namespace

Command fitCommand()
{
    return {
        .name = "fit",
        .synopsis = {"fit --law chinchilla|w4a4|qat (--csv FILE | --store FILE [--run NAME]...) [--variant VARIANT] "
                     "[--name NAME] [--grid N] [--bootstrap N] [--json]",
                     "fit --law ptq --store FILE [--run NAME] --config ID [--metric NAME] [--json]"},
        .summary = "Fit a scaling law to measured points (saved in the store), or the PTQ damage along a run.",
        .description = "docs/scaling.md describes the laws, the CSV columns and the fit (Huber loss from a grid "
                       "of starts, bootstrap confidence intervals).",
        .options =
            {
                word("law", "LAW",
                     "The law: chinchilla, w4a4, qat, or ptq (PTQ error along a run against tokens and LR decay).",
                     {"chinchilla", "w4a4", "qat", "ptq"})
                    .require(),
                word("variant", "VARIANT", "Variant of the w4a4 law.", {"w4a16", "w16a4", "w16a4-fc2a8", "w4a4"}),
                word("preset", "PRESET", "Chinchilla part of a w4a4 or qat law, kept fixed.",
                     {"none", "hoffmann2022", "besiroglu2024"}),
                text("csv", "FILE", "Data points (columns: docs/scaling.md)."),
                text("store", "FILE", "Results store: data points from its runs, and where the fit is saved."),
                texts("run", "NAME", "Take points from this run only."),
                text("config", "ID", "ptq: the quantization config id."),
                text("metric", "NAME", "ptq: the damage metric.").withDefault(metrics::deltaCe),
                word("target", "TARGET", "What the residuals are taken of.", {"auto", "loss", "delta"})
                    .withDefault("auto"),
                positiveNumber("huber", "DELTA", "Huber delta.").withDefault("1e-3"),
                integer("grid", "N", "Starting values per free parameter.", 1, 64).withDefault("4"),
                integer("bootstrap", "N", "Bootstrap resamples for the CIs (0: none).", 0, 100000).withDefault("100"),
                integer("seed", "N", "Seed of the start subset and the bootstrap.", 0,
                        std::numeric_limits<std::int64_t>::max())
                    .withDefault("20240101"),
                texts("free", "NAMES", "Also fit these published coefficients (comma list)."),
                texts("fix", "NAMES", "Keep these coefficients (comma list)."),
                text("name", "NAME", "Name of the fit in the store. Default: the law's name."),
                flag("replace", "Replace a stored fit of the same name."),
                text("out", "FILE", "Also write the fitted law as JSON to this file."),
                flag("json", "Print the fitted law as JSON instead of a table."),
            },
        .run = &runFit,
    };
}

} // namespace qs::cli
