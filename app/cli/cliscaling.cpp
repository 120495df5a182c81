#include "app/cli/cliscaling.h"

#include "core/common/errors.h"
#include "widgets/plot/figureexport.h"
#include "widgets/pages/scaling/scalingpage.h"
#include "models/scalingsource.h"
#include "core/data/store.h"
#include "models/storesnapshot.h"

#include "core/scaling/fit.h"
#include "core/scaling/ptq.h"
#include "core/scaling/query.h"
#include "core/scaling/serialization.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QFile>
#include <QFileInfo>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <iterator>
#include <optional>
#include <cstdio>

namespace qs::cli {

using namespace qs::scaling;

namespace {

void out(const QString& message)
{
    std::fprintf(stdout, "%s\n", qPrintable(message));
    std::fflush(stdout);
}

QString number(double value)
{
    return std::isfinite(value) ? QString::number(value, 'g', 6) : QStringLiteral("-");
}

// A number such as "1e9", "7e10" or "2048" (the option's default when not given, NaN without one);
// qs::ConfigError naming the option when it is not a number.
double numberOption(const QCommandLineParser& parser, const QString& name)
{
    if (parser.value(name).isEmpty())
        return kNaN;
    bool ok = false;
    const double value = parser.value(name).toDouble(&ok);
    if (!ok || !std::isfinite(value))
        throw ConfigError("--" + name.toStdString() + ": '" + parser.value(name).toStdString() + "' is not a number");
    return value;
}

std::vector<std::string> listOption(const QCommandLineParser& parser, const QString& name)
{
    std::vector<std::string> items;
    for (const QString& value : parser.values(name))
        for (const QString& item : value.split(QLatin1Char(','), Qt::SkipEmptyParts))
            items.push_back(item.trimmed().toStdString());
    return items;
}

Law lawFromOptions(const QCommandLineParser& parser)
{
    const LawKind kind = lawKindFromName(parser.value(QStringLiteral("law")).toStdString());
    const ChinchillaPreset preset = parser.isSet(QStringLiteral("preset"))
        ? presetFromName(parser.value(QStringLiteral("preset")).toStdString())
        : ChinchillaPreset::None;
    switch (kind) {
    case LawKind::Chinchilla:
        return Law::chinchilla(preset);
    case LawKind::W4A4:
        return Law::w4a4(variantFromName(parser.value(QStringLiteral("variant")).toStdString()), preset);
    case LawKind::Qat:
        return Law::qat(preset);
    }
    return Law::chinchilla(preset);
}

// The law a command names: a JSON file (fit --out), a fit saved in a store, or a law with published
// coefficients only. `command` names the command in the message when none is given.
Law lawFromSources(const QCommandLineParser& parser, const std::string& command)
{
    if (parser.isSet(QStringLiteral("law-file"))) {
        QFile file(parser.value(QStringLiteral("law-file")));
        if (!file.open(QIODevice::ReadOnly))
            throw IoError("cannot read " + file.fileName().toStdString() + ": " + file.errorString().toStdString());
        return lawFromJson(file.readAll().toStdString());
    }
    if (parser.isSet(QStringLiteral("fit"))) {
        if (!parser.isSet(QStringLiteral("store")))
            throw ConfigError(command + ": --fit names a fit in a store: give --store too");
        const Store store = Store::open(parser.value(QStringLiteral("store")).toStdString());
        return lawFromJson(store.fitJson(parser.value(QStringLiteral("fit")).toStdString()));
    }
    if (parser.isSet(QStringLiteral("law")))
        return lawFromOptions(parser);
    throw ConfigError(command + ": give the law with --law-file FILE, --store S --fit NAME, or --law NAME [--preset P]");
}

QString coefficientTable(const Law& law)
{
    QString text = QStringLiteral("%1 %2 %3 %4  %5").arg(QStringLiteral("coefficient"), -12)
                       .arg(QStringLiteral("value"), 14).arg(QStringLiteral("95% CI"), 29)
                       .arg(QStringLiteral("source"), -10).arg(QStringLiteral("reference"));
    for (const Coefficient& c : law.coefficients()) {
        const QString ci = c.ci95 ? QStringLiteral("[%1, %2]").arg(number(c.ci95->first), number(c.ci95->second))
                                  : QStringLiteral("-");
        text += QStringLiteral("\n%1 %2 %3 %4  %5").arg(QString::fromStdString(c.name), -12)
                    .arg(number(c.value), 14).arg(ci, 29).arg(QString::fromStdString(sourceName(c.source)), -10)
                    .arg(QString::fromStdString(c.reference));
    }
    return text;
}

int fitPtq(const QCommandLineParser& parser, bool json)
{
    if (!parser.isSet(QStringLiteral("store")))
        throw ConfigError("--law ptq analyses a run of a store: give --store");
    const StoreSnapshotPtr snapshot = loadStoreSnapshot(parser.value(QStringLiteral("store")));
    const QStringList runs = parser.values(QStringLiteral("run"));
    const int runIndex = runs.isEmpty() ? 0 : snapshot->runIndex(runs.first());
    if (runIndex < 0 || runIndex >= int(snapshot->runs.size()))
        throw ConfigError("the store has no run '" + (runs.isEmpty() ? std::string() : runs.first().toStdString()) + "'");
    const RunSnapshot& run = snapshot->runs[size_t(runIndex)];
    const std::string configId = parser.value(QStringLiteral("config")).toStdString();
    const int configIndex = run.configIndex(configId);
    if (configIndex < 0)
        throw ConfigError("run '" + run.info.name + "' has no config '" + configId + "' (quantscope info lists them)");
    const std::string metric = parser.value(QStringLiteral("metric")).toStdString();
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
        return 0;
    }
    out(QStringLiteral("PTQ degradation of %1 / %2, metric %3: %4 checkpoints after warmup (%5 in the LR decay), "
                       "%6 warmup and %7 unmeasured left out")
            .arg(QString::fromStdString(run.info.name), QString::fromStdString(configId), QString::fromStdString(metric))
            .arg(r.pointsUsed).arg(r.decayPoints).arg(r.warmupExcluded).arg(r.missingExcluded));
    for (const OlsModel* m : {&r.tokensOnly, &r.tokensAndDecay}) {
        QString line = QStringLiteral("  %1  R² %2  adj. R² %3  AIC %4 :").arg(QString::fromStdString(m->name), -13)
                           .arg(m->r2, 0, 'f', 3).arg(m->adjustedR2, 0, 'f', 3).arg(m->aic, 0, 'f', 1);
        for (const RegressionTerm& t : m->terms)
            line += QStringLiteral("  %1 = %2 ± %3").arg(QString::fromStdString(t.name), number(t.estimate), number(t.stdError));
        out(line);
    }
    double slope = 0.0;
    for (const RegressionTerm& t : r.tokensAndDecay.terms)
        if (t.name == "lr_decay")
            slope = t.estimate;
    const QString verdict = r.decayP >= 0.01 ? QStringLiteral("no significant LR-decay effect beyond tokens (p ≥ 0.01)")
        : slope > 0.0 ? QStringLiteral("the error rises with the LR decay beyond what tokens explain")
                      : QStringLiteral("the error falls during the LR decay beyond what tokens explain");
    out(QStringLiteral("  decay term: F = %1, p = %2: %3").arg(number(r.decayF), number(r.decayP), verdict));
    return 0;
}

} // namespace

int cmdFit(QCommandLineParser& parser)
{
    parser.addOptions({
        {QStringLiteral("law"), QStringLiteral("chinchilla, w4a4, qat, or ptq (PTQ error along a run against tokens and LR decay)."), QStringLiteral("law")},
        {QStringLiteral("variant"), QStringLiteral("w4a4 law: w4a16, w16a4, w16a4-fc2a8 or w4a4."), QStringLiteral("variant")},
        {QStringLiteral("preset"), QStringLiteral("Chinchilla part of a w4a4/qat law: hoffmann2022 or besiroglu2024 (fixed)."), QStringLiteral("preset")},
        {QStringLiteral("csv"), QStringLiteral("Data points (columns: docs/scaling.md)."), QStringLiteral("file")},
        {QStringLiteral("store"), QStringLiteral("Results store: data points from its runs, and where the fit is saved."), QStringLiteral("file")},
        {QStringLiteral("run"), QStringLiteral("Take points from this run only (repeatable)."), QStringLiteral("name")},
        {QStringLiteral("config"), QStringLiteral("ptq: the quantization config id."), QStringLiteral("id")},
        {QStringLiteral("metric"), QStringLiteral("ptq: the damage metric (default delta_ce)."), QStringLiteral("name"), QStringLiteral("delta_ce")},
        {QStringLiteral("target"), QStringLiteral("auto, loss or delta: what the residuals are taken of."), QStringLiteral("t"), QStringLiteral("auto")},
        {QStringLiteral("huber"), QStringLiteral("Huber delta (default 1e-3)."), QStringLiteral("x"), QStringLiteral("1e-3")},
        {QStringLiteral("grid"), QStringLiteral("Starting values per free parameter (default 4)."), QStringLiteral("n"), QStringLiteral("4")},
        {QStringLiteral("bootstrap"), QStringLiteral("Bootstrap resamples for the CIs (default 100, 0 = none)."), QStringLiteral("n"), QStringLiteral("100")},
        {QStringLiteral("seed"), QStringLiteral("Seed of the start subset and the bootstrap."), QStringLiteral("n"), QStringLiteral("20240101")},
        {QStringLiteral("free"), QStringLiteral("Also fit these published coefficients (comma list)."), QStringLiteral("names")},
        {QStringLiteral("fix"), QStringLiteral("Keep these coefficients (comma list)."), QStringLiteral("names")},
        {QStringLiteral("name"), QStringLiteral("Name of the fit in the store (default: the law's name)."), QStringLiteral("name")},
        {QStringLiteral("replace"), QStringLiteral("Replace a stored fit of the same name.")},
        {QStringLiteral("out"), QStringLiteral("Also write the fitted law as JSON to this file."), QStringLiteral("file")},
        {QStringLiteral("json"), QStringLiteral("Print the fitted law as JSON instead of a table.")},
    });
    parser.process(QCoreApplication::arguments().mid(1));
    const bool json = parser.isSet(QStringLiteral("json"));
    if (!parser.isSet(QStringLiteral("law")))
        throw ConfigError("fit: give --law chinchilla|w4a4|qat|ptq");
    if (parser.value(QStringLiteral("law")) == QLatin1String("ptq"))
        return fitPtq(parser, json);
    if (!parser.isSet(QStringLiteral("csv")) && !parser.isSet(QStringLiteral("store")))
        throw ConfigError("fit: give the data points with --csv FILE or --store FILE");

    const Law law = lawFromOptions(parser);
    ScalingData data;
    if (parser.isSet(QStringLiteral("csv"))) {
        data = readScalingCsv(parser.value(QStringLiteral("csv")).toStdString());
    } else {
        const StoreSnapshotPtr snapshot = loadStoreSnapshot(parser.value(QStringLiteral("store")));
        data = scalingDataFromSnapshot(*snapshot, law.kind(), law.variant(), parser.values(QStringLiteral("run")));
    }

    FitOptions options;
    options.target = fitTargetFromName(parser.value(QStringLiteral("target")).toStdString());
    options.huberDelta = numberOption(parser, QStringLiteral("huber"));
    options.gridValues = int(numberOption(parser, QStringLiteral("grid")));
    options.bootstrapResamples = int(numberOption(parser, QStringLiteral("bootstrap")));
    options.seed = uint64_t(numberOption(parser, QStringLiteral("seed")));
    options.freeCoefficients = listOption(parser, QStringLiteral("free"));
    options.fixedCoefficients = listOption(parser, QStringLiteral("fix"));
    if (!(options.huberDelta > 0.0) || options.gridValues < 1 || options.bootstrapResamples < 0)
        throw ConfigError("fit: --huber must be > 0, --grid ≥ 1 and --bootstrap ≥ 0");
    const FitResult result = fitLaw(law, data, options);
    const std::string lawJson = lawToJson(result.law);

    QString savedTo;
    if (parser.isSet(QStringLiteral("store"))) {
        const std::string name = parser.isSet(QStringLiteral("name"))
            ? parser.value(QStringLiteral("name")).toStdString()
            : (law.variant() ? lawKindName(law.kind()) + "-" + variantName(*law.variant()) : lawKindName(law.kind()));
        Store store = Store::open(parser.value(QStringLiteral("store")).toStdString(), Store::Mode::ReadWrite);
        store.saveFit(name, lawJson, parser.isSet(QStringLiteral("replace")));
        savedTo = QStringLiteral("saved as fit '%1' in %2").arg(QString::fromStdString(name), parser.value(QStringLiteral("store")));
    }
    if (parser.isSet(QStringLiteral("out"))) {
        QFile file(parser.value(QStringLiteral("out")));
        if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate) || file.write(lawJson.data(), qint64(lawJson.size())) < 0)
            throw IoError("cannot write " + file.fileName().toStdString() + ": " + file.errorString().toStdString());
    }
    if (json) {
        out(QString::fromStdString(lawJson));
        return 0;
    }
    const FitInfo& info = result.info;
    out(QStringLiteral("%1 fitted to %2 points of %3 (target %4; %5 held out, %6 left out with δ ≤ 0)")
            .arg(QString::fromStdString(result.law.displayName())).arg(info.points)
            .arg(QString::fromStdString(info.dataSource), QString::fromStdString(info.target))
            .arg(info.heldOutPoints).arg(info.rejectedPoints));
    out(coefficientTable(result.law));
    out(QStringLiteral("mean relative error: train %1, held out %2; %3 of %4 starts and %5 of %6 resamples converged")
            .arg(number(info.trainMre), number(info.heldOutMre)).arg(info.startsConverged).arg(info.starts)
            .arg(info.bootstrapConverged).arg(info.bootstrapResamples));
    if (!info.message.empty())
        out(QString::fromStdString(info.message));
    if (!savedTo.isEmpty())
        out(savedTo);
    return 0;
}

int cmdQuery(QCommandLineParser& parser)
{
    parser.addOptions({
        {QStringLiteral("law-file"), QStringLiteral("A fitted law (JSON written by fit --out)."), QStringLiteral("file")},
        {QStringLiteral("store"), QStringLiteral("Store holding the fit named by --fit."), QStringLiteral("file")},
        {QStringLiteral("fit"), QStringLiteral("Name of a fit saved in the store."), QStringLiteral("name")},
        {QStringLiteral("law"), QStringLiteral("A law with published coefficients only: chinchilla, w4a4 or qat."), QStringLiteral("law")},
        {QStringLiteral("variant"), QStringLiteral("w4a4 law variant."), QStringLiteral("variant")},
        {QStringLiteral("preset"), QStringLiteral("hoffmann2022 or besiroglu2024."), QStringLiteral("preset")},
        {QStringLiteral("predict"), QStringLiteral("Quantity: loss, fp_loss, delta, eff, n_eff, f_star, f_hat, S (repeatable)."), QStringLiteral("q")},
        {QStringLiteral("N"), QStringLiteral("Parameters."), QStringLiteral("n")},
        {QStringLiteral("D"), QStringLiteral("Tokens."), QStringLiteral("n")},
        {QStringLiteral("G"), QStringLiteral("Group size."), QStringLiteral("n")},
        {QStringLiteral("bits"), QStringLiteral("Weight bits."), QStringLiteral("n")},
        {QStringLiteral("f"), QStringLiteral("QAT fraction."), QStringLiteral("x")},
        {QStringLiteral("solve"), QStringLiteral("Solve for this input (N, D, G, bits, f) so that the first --predict quantity equals --target."), QStringLiteral("var")},
        {QStringLiteral("target"), QStringLiteral("Target value for --solve."), QStringLiteral("x")},
        {QStringLiteral("range"), QStringLiteral("Search range of --solve, LO:HI."), QStringLiteral("lo:hi")},
        {QStringLiteral("memory-bytes"), QStringLiteral("Optimal bits and N under this weight-memory budget (QAT law)."), QStringLiteral("bytes")},
        {QStringLiteral("tokens"), QStringLiteral("Token budget of --memory-bytes."), QStringLiteral("n")},
        {QStringLiteral("flops"), QStringLiteral("Compute budget of --memory-bytes (C = 6 N D)."), QStringLiteral("n")},
        {QStringLiteral("sweep"), QStringLiteral("Sweep an input: VAR:FROM:TO:STEPS."), QStringLiteral("spec")},
        {QStringLiteral("json"), QStringLiteral("Print JSON instead of a table.")},
    });
    parser.process(QCoreApplication::arguments().mid(1));
    const bool json = parser.isSet(QStringLiteral("json"));

    const Law law = lawFromSources(parser, "query");

    Inputs inputs;
    inputs.N = numberOption(parser, QStringLiteral("N"));
    inputs.D = numberOption(parser, QStringLiteral("D"));
    inputs.G = numberOption(parser, QStringLiteral("G"));
    inputs.bits = numberOption(parser, QStringLiteral("bits"));
    inputs.qatFraction = numberOption(parser, QStringLiteral("f"));
    std::vector<Quantity> quantities;
    for (const std::string& name : listOption(parser, QStringLiteral("predict")))
        quantities.push_back(quantityFromName(name));

    nlohmann::json doc;
    doc["law"] = nlohmann::json::parse(lawToJson(law));
    QStringList lines;

    if (parser.isSet(QStringLiteral("memory-bytes"))) {
        BudgetQuery q;
        q.memoryBytes = numberOption(parser, QStringLiteral("memory-bytes"));
        q.tokens = numberOption(parser, QStringLiteral("tokens"));
        q.flops = numberOption(parser, QStringLiteral("flops"));
        q.qatFraction = inputs.qatFraction;
        const BudgetResult r = optimalBitsAndSize(law, q);
        lines << QStringLiteral("%1 %2 %3 %4 %5 %6").arg(QStringLiteral("bits"), 5).arg(QStringLiteral("N"), 12)
                     .arg(QStringLiteral("D"), 12).arg(QStringLiteral("f"), 8).arg(QStringLiteral("loss"), 10).arg(QStringLiteral("delta"), 10);
        for (size_t i = 0; i < r.candidates.size(); ++i) {
            const BudgetCandidate& c = r.candidates[i];
            doc["budget"]["candidates"].push_back({{"bits", c.bits}, {"N", c.N}, {"D", c.D}, {"f", c.qatFraction},
                                                   {"loss", c.loss}, {"delta", c.delta}, {"memory_bound", c.memoryBound},
                                                   {"feasible", c.feasible}});
            lines << QStringLiteral("%1 %2 %3 %4 %5 %6%7").arg(number(c.bits), 5).arg(number(c.N), 12).arg(number(c.D), 12)
                         .arg(number(c.qatFraction), 8).arg(number(c.loss), 10).arg(number(c.delta), 10)
                         .arg(i == r.best ? QStringLiteral("  <- best") : (c.feasible ? QString() : QStringLiteral("  (does not fit)")));
        }
        doc["budget"]["best"] = r.best;
    } else if (parser.isSet(QStringLiteral("solve"))) {
        if (quantities.empty() || !parser.isSet(QStringLiteral("target")) || !parser.isSet(QStringLiteral("range")))
            throw ConfigError("query --solve VAR needs --predict QUANTITY, --target VALUE and --range LO:HI");
        const Variable variable = variableFromName(parser.value(QStringLiteral("solve")).toStdString());
        const QStringList range = parser.value(QStringLiteral("range")).split(QLatin1Char(':'));
        bool okLo = false, okHi = false;
        const double lo = range.value(0).toDouble(&okLo), hi = range.value(1).toDouble(&okHi);
        if (range.size() != 2 || !okLo || !okHi || !(lo < hi))
            throw ConfigError("--range: '" + parser.value(QStringLiteral("range")).toStdString() + "' is not LO:HI with LO < HI");
        const double target = numberOption(parser, QStringLiteral("target"));
        const Solution s = solve(law, quantities.front(), target, inputs, variable, lo, hi);
        doc["solve"] = {{"variable", variableName(variable)}, {"quantity", quantityName(quantities.front())},
                        {"target", target}, {"value", s.value}, {"achieved", s.achieved}};
        lines << QStringLiteral("%1 = %2 gives %3 = %4").arg(QString::fromStdString(variableName(variable)), number(s.value),
                                                            QString::fromStdString(quantityName(quantities.front())), number(s.achieved));
    } else if (parser.isSet(QStringLiteral("sweep"))) {
        const QStringList spec = parser.value(QStringLiteral("sweep")).split(QLatin1Char(':'));
        bool ok1 = false, ok2 = false, ok3 = false;
        const double from = spec.value(1).toDouble(&ok1), to = spec.value(2).toDouble(&ok2);
        const int steps = spec.value(3).toInt(&ok3);
        if (spec.size() != 4 || !ok1 || !ok2 || !ok3 || steps < 2)
            throw ConfigError("--sweep: '" + parser.value(QStringLiteral("sweep")).toStdString() + "' is not VAR:FROM:TO:STEPS (STEPS ≥ 2)");
        if (quantities.empty())
            throw ConfigError("query --sweep needs at least one --predict QUANTITY");
        const Variable variable = variableFromName(spec.first().toStdString());
        const SweepTable t = sweep(law, quantities, inputs, variable, from, to, steps, isLogVariable(variable));
        QString header = QStringLiteral("%1").arg(QString::fromStdString(variableName(variable)), 12);
        for (Quantity q : quantities)
            header += QStringLiteral(" %1").arg(QString::fromStdString(quantityName(q)), 12);
        lines << header;
        for (size_t i = 0; i < t.x.size(); ++i) {
            QString line = QStringLiteral("%1").arg(number(t.x[i]), 12);
            nlohmann::json row = {{variableName(variable), t.x[i]}};
            for (size_t q = 0; q < quantities.size(); ++q) {
                line += QStringLiteral(" %1").arg(number(t.values[q][i]), 12);
                row[quantityName(quantities[q])] = std::isfinite(t.values[q][i]) ? nlohmann::json(t.values[q][i]) : nlohmann::json();
            }
            lines << line;
            doc["sweep"].push_back(row);
        }
    } else {
        if (quantities.empty())
            throw ConfigError("query: ask for something: --predict QUANTITY, --solve VAR, --sweep SPEC or --memory-bytes B");
        for (Quantity q : quantities) {
            const double value = predict(law, q, inputs);
            doc["predict"][quantityName(q)] = value;
            lines << QStringLiteral("%1 = %2").arg(QString::fromStdString(quantityName(q)), number(value));
        }
    }
    if (json)
        out(QString::fromStdString(doc.dump(2)));
    else
        out(lines.join(QLatin1Char('\n')));
    return 0;
}

void addScalingFigureOptions(QCommandLineParser& parser)
{
    parser.addOptions({
        {QStringLiteral("law-file"), QStringLiteral("Scaling view: a fitted law (JSON written by fit --out)."), QStringLiteral("file")},
        {QStringLiteral("fit"), QStringLiteral("Scaling view: a fit saved in --store."), QStringLiteral("name")},
        {QStringLiteral("law"), QStringLiteral("Scaling view: a law with published coefficients: chinchilla, w4a4 or qat."), QStringLiteral("law")},
        {QStringLiteral("variant"), QStringLiteral("Scaling view: w4a4 law variant."), QStringLiteral("variant")},
        {QStringLiteral("preset"), QStringLiteral("Scaling view: hoffmann2022 or besiroglu2024."), QStringLiteral("preset")},
        {QStringLiteral("scaling-view"), QStringLiteral("Scaling view: curves (default), contour, fstar or measured."), QStringLiteral("view"), QStringLiteral("curves")},
        {QStringLiteral("quantity"), QStringLiteral("Scaling view: loss, fp_loss, delta, eff, n_eff, f_star, f_hat or S."), QStringLiteral("q")},
        {QStringLiteral("x"), QStringLiteral("Scaling view: the x variable of the curves (N, D, G, bits, f)."), QStringLiteral("var")},
        {QStringLiteral("series"), QStringLiteral("Scaling view: the variable the curves differ in, or none."), QStringLiteral("var")},
        {QStringLiteral("data"), QStringLiteral("Scaling view: measured points as CSV (default: the store's points for the law)."), QStringLiteral("file")},
        {QStringLiteral("N"), QStringLiteral("Scaling view: parameters."), QStringLiteral("n")},
        {QStringLiteral("D"), QStringLiteral("Scaling view: tokens."), QStringLiteral("n")},
        {QStringLiteral("G"), QStringLiteral("Scaling view: group size."), QStringLiteral("n")},
        {QStringLiteral("bits"), QStringLiteral("Scaling view: weight bits."), QStringLiteral("n")},
        {QStringLiteral("f"), QStringLiteral("Scaling view: QAT fraction."), QStringLiteral("x")},
    });
}

int figureScaling(const QCommandLineParser& parser, const FigureExportOptions& options, const QStringList& outs,
                  const QString& csvPath)
{
    const std::string command = "figure --view scaling";
    const Law law = lawFromSources(parser, command);
    ScalingPage page;
    page.resize(900, 600);
    page.setLaw(law);

    const QString viewName = parser.value(QStringLiteral("scaling-view"));
    const std::pair<const char*, ScalingPage::View> views[] = {{"curves", ScalingPage::View::Curves},
                                                               {"contour", ScalingPage::View::Contour},
                                                               {"fstar", ScalingPage::View::QatFraction},
                                                               {"measured", ScalingPage::View::Measured}};
    const auto view = std::find_if(std::begin(views), std::end(views),
                                   [&](const auto& v) { return viewName == QLatin1String(v.first); });
    if (view == std::end(views))
        throw ConfigError(command + ": unknown --scaling-view '" + viewName.toStdString()
                          + "' (use curves, contour, fstar or measured)");

    for (const Variable v : {Variable::N, Variable::D, Variable::G, Variable::Bits, Variable::QatFraction}) {
        const double value = numberOption(parser, QString::fromStdString(variableName(v)));
        if (std::isfinite(value))
            page.setInput(v, value);
    }
    if (parser.isSet(QStringLiteral("data"))) {
        if (!page.openCsv(parser.value(QStringLiteral("data"))))
            throw ConfigError(page.statusMessage().toStdString());
    } else if (parser.isSet(QStringLiteral("store"))) {
        try {
            page.setMeasuredData(scalingDataFromSnapshot(*loadStoreSnapshot(parser.value(QStringLiteral("store"))),
                                                         law.kind(), law.variant()));
        } catch (const ConfigError&) {
            if (view->second == ScalingPage::View::Measured)
                throw; // the view is the points: say why there are none
        }
    }
    page.setView(view->second);
    if (parser.isSet(QStringLiteral("quantity"))
        && !page.setQuantity(quantityFromName(parser.value(QStringLiteral("quantity")).toStdString())))
        throw ConfigError(command + ": the " + law.displayName() + " law has no quantity '"
                          + parser.value(QStringLiteral("quantity")).toStdString() + "'");
    if (parser.isSet(QStringLiteral("x"))
        && !page.setVariable(variableFromName(parser.value(QStringLiteral("x")).toStdString())))
        throw ConfigError(command + ": the " + law.displayName() + " law has no input '"
                          + parser.value(QStringLiteral("x")).toStdString() + "'");
    if (parser.isSet(QStringLiteral("series"))) {
        const QString series = parser.value(QStringLiteral("series"));
        const std::optional<Variable> variable = series == QLatin1String("none")
                                                     ? std::nullopt
                                                     : std::optional(variableFromName(series.toStdString()));
        if (!page.setSeriesVariable(variable))
            throw ConfigError(command + ": the curves cannot differ in '" + series.toStdString() + "' for the "
                              + law.displayName() + " law");
    }
    page.updateNow();
    if (!page.plotMessage().isEmpty())
        throw ConfigError(command + ": nothing to draw: " + page.plotMessage().toStdString());

    QString error;
    for (const QString& path : outs) {
        if (!exportFigure(page, path, options, &error))
            throw IoError(error.toStdString());
        out(QStringLiteral("Figure: %1").arg(QFileInfo(path).absoluteFilePath()));
    }
    if (!csvPath.isEmpty()) {
        if (!exportCsv(page, csvPath, &error))
            throw IoError(error.toStdString());
        out(QStringLiteral("Data:   %1").arg(QFileInfo(csvPath).absoluteFilePath()));
    }
    return 0;
}

} // namespace qs::cli
