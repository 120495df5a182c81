// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
// quantscope query: what-if questions to a law (docs/scaling.md): predictions, the input that reaches
// a target, sweeps of an input, and the best bit width and size under a memory budget.

#include "app/cli/clioptions.h"
#include "app/cli/clioutput.h"
#include "app/cli/commands.h"
#include "app/cli/scalinglaw.h"

#include "core/scalinglaws/query.h"
#include "core/scalinglaws/serialization.h"

#include <nlohmann/json.hpp>

#include <cmath>

namespace qs::cli {

using namespace qs::scaling;

namespace {

QString formatted(double value)
{
    return std::isfinite(value) ? QString::number(value, 'g', 6) : QStringLiteral("-");
}

QStringList budget(const Arguments& args, const Law& law, const Inputs& inputs, nlohmann::json& doc)
{
    BudgetQuery q;
    q.memoryBytes = args.number("memory-bytes", kNaN);
    q.tokens = args.number("tokens", kNaN);
    q.flops = args.number("flops", kNaN);
    q.qatFraction = inputs.qatFraction;
    const BudgetResult r = optimalBitsAndSize(law, q);
    QStringList lines;
    lines << QStringLiteral("%1 %2 %3 %4 %5 %6")
                 .arg(QStringLiteral("bits"), 5)
                 .arg(QStringLiteral("N"), 12)
                 .arg(QStringLiteral("D"), 12)
                 .arg(QStringLiteral("f"), 8)
                 .arg(QStringLiteral("loss"), 10)
                 .arg(QStringLiteral("delta"), 10);
    for (size_t i = 0; i < r.candidates.size(); ++i) {
        const BudgetCandidate& c = r.candidates[i];
        doc["budget"]["candidates"].push_back({{"bits", c.bits},
                                               {"N", c.N},
                                               {"D", c.D},
                                               {"f", c.qatFraction},
                                               {"loss", c.loss},
                                               {"delta", c.delta},
                                               {"memory_bound", c.memoryBound},
                                               {"feasible", c.feasible}});
        lines << QStringLiteral("%1 %2 %3 %4 %5 %6%7")
                     .arg(formatted(c.bits), 5)
                     .arg(formatted(c.N), 12)
                     .arg(formatted(c.D), 12)
                     .arg(formatted(c.qatFraction), 8)
                     .arg(formatted(c.loss), 10)
                     .arg(formatted(c.delta), 10)
                     .arg(i == r.best ? QStringLiteral("  <- best")
                                      : (c.feasible ? QString() : QStringLiteral("  (does not fit)")));
    }
    doc["budget"]["best"] = r.best;
    return lines;
}

QStringList sweepTable(const Law& law, const std::vector<Quantity>& quantities, const Inputs& inputs, Variable variable,
                       double from, double to, int steps, nlohmann::json& doc)
{
    const SweepTable t = sweep(law, quantities, inputs, variable, from, to, steps, isLogVariable(variable));
    QString header = QStringLiteral("%1").arg(QString::fromStdString(variableName(variable)), 12);
    for (Quantity q : quantities)
        header += QStringLiteral(" %1").arg(QString::fromStdString(quantityName(q)), 12);
    QStringList lines {header};
    for (size_t i = 0; i < t.x.size(); ++i) {
        QString line = QStringLiteral("%1").arg(formatted(t.x[i]), 12);
        nlohmann::json row = {{variableName(variable), t.x[i]}};
        for (size_t q = 0; q < quantities.size(); ++q) {
            line += QStringLiteral(" %1").arg(formatted(t.values[q][i]), 12);
            row[quantityName(quantities[q])] =
                std::isfinite(t.values[q][i]) ? nlohmann::json(t.values[q][i]) : nlohmann::json();
        }
        lines << line;
        doc["sweep"].push_back(row);
    }
    return lines;
}

int runQuery(const Arguments& args)
{
    // The whole command line is checked before the law is read.
    std::vector<Quantity> quantities;
    for (const QString& name : args.listValues("predict"))
        quantities.push_back(
            args.parsed<Quantity>("predict", name, [](const std::string& s) { return quantityFromName(s); }));
    const auto badSpec = [&](std::string_view option, const QString& form) {
        return BadUsage(QStringLiteral("--%1 '%2' is not %3")
                            .arg(QString::fromUtf8(option.data(), qsizetype(option.size())), args.value(option), form));
    };
    double lo = kNaN, hi = kNaN, from = kNaN, to = kNaN;
    int steps = 0;
    Variable variable = Variable::N;
    if (args.isSet("memory-bytes")) {
        args.requireOneOf({"tokens", "flops"}); // the token or the compute budget
    } else if (args.isSet("solve")) {
        if (quantities.empty() || !args.isSet("target") || !args.isSet("range"))
            throw BadUsage(QStringLiteral("--solve VAR needs --predict QUANTITY, --target VALUE and --range LO:HI"));
        variable = variableFromName(args.value("solve").toStdString());
        const QStringList range = args.value("range").split(QLatin1Char(':'));
        bool okLo = false, okHi = false;
        lo = range.value(0).toDouble(&okLo);
        hi = range.value(1).toDouble(&okHi);
        if (range.size() != 2 || !okLo || !okHi || !std::isfinite(lo) || !std::isfinite(hi) || !(lo < hi))
            throw badSpec("range", QStringLiteral("LO:HI with LO < HI"));
    } else if (args.isSet("sweep")) {
        const QStringList spec = args.value("sweep").split(QLatin1Char(':'));
        bool ok1 = false, ok2 = false, ok3 = false;
        from = spec.value(1).toDouble(&ok1);
        to = spec.value(2).toDouble(&ok2);
        steps = spec.value(3).toInt(&ok3);
        if (spec.size() != 4 || !ok1 || !ok2 || !ok3 || !std::isfinite(from) || !std::isfinite(to) || steps < 2
            || steps > 100000)
            throw badSpec("sweep", QStringLiteral("VAR:FROM:TO:STEPS (STEPS in [2, 100000])"));
        variable =
            args.parsed<Variable>("sweep", spec.first(), [](const std::string& s) { return variableFromName(s); });
        if (quantities.empty())
            throw BadUsage(QStringLiteral("--sweep needs at least one --predict QUANTITY"));
    } else if (quantities.empty()) {
        throw BadUsage(
            QStringLiteral("ask for something: --predict QUANTITY, --solve VAR, --sweep SPEC or --memory-bytes B"));
    }

    const Law law = lawFromArguments(args);
    const Inputs inputs = lawInputs(args);
    nlohmann::json doc;
    doc["law"] = nlohmann::json::parse(lawToJson(law));
    QStringList lines;
    if (args.isSet("memory-bytes")) {
        lines = budget(args, law, inputs, doc);
    } else if (args.isSet("solve")) {
        const double target = args.number("target", kNaN);
        const Solution s = solve(law, quantities.front(), target, inputs, variable, lo, hi);
        doc["solve"] = {{"variable", variableName(variable)},
                        {"quantity", quantityName(quantities.front())},
                        {"target", target},
                        {"value", s.value},
                        {"achieved", s.achieved}};
        lines << QStringLiteral("%1 = %2 gives %3 = %4")
                     .arg(QString::fromStdString(variableName(variable)), formatted(s.value),
                          QString::fromStdString(quantityName(quantities.front())), formatted(s.achieved));
    } else if (args.isSet("sweep")) {
        lines = sweepTable(law, quantities, inputs, variable, from, to, steps, doc);
    } else {
        for (Quantity q : quantities) {
            const double value = predict(law, q, inputs);
            doc["predict"][quantityName(q)] = value;
            lines << QStringLiteral("%1 = %2").arg(QString::fromStdString(quantityName(q)), formatted(value));
        }
    }
    out(args.isSet("json") ? QString::fromStdString(doc.dump(2)) : lines.join(QLatin1Char('\n')));
    return ExitSuccess;
}

} // namespace

Command queryCommand()
{
    Command command {
        .name = "query",
        .synopsis = {"query (--law-file FILE | --store FILE --fit NAME | --law LAW [--variant V] [--preset P]) "
                     "--predict QUANTITY [--N n --D n --G n --bits b --f x] [--json]",
                     "query LAW... --predict QUANTITY --solve VAR --target VALUE --range LO:HI [INPUTS]",
                     "query LAW... --predict QUANTITY... --sweep VAR:FROM:TO:STEPS [INPUTS]",
                     "query LAW... --memory-bytes BYTES (--tokens N | --flops C) [--f x]"},
        .summary = "Ask a scaling law what-if questions: predict, solve for an input, sweep, or a memory budget.",
        .description = "Quantities: loss, fp_loss, delta, eff, n_eff, f_star, f_hat, S. Inputs: N (parameters), "
                       "D (tokens), G (group size), bits, f (QAT fraction). docs/scaling.md has examples.",
        .options = lawOptions(""),
        .run = &runQuery,
    };
    for (Option& option : lawInputOptions(""))
        command.options.push_back(std::move(option));
    const std::vector<Option> more = {
        texts("predict", "QUANTITY", "Quantity: loss, fp_loss, delta, eff, n_eff, f_star, f_hat or S (comma list)."),
        word("solve", "VAR", "Solve for this input so that the first --predict quantity equals --target.",
             {"N", "D", "G", "bits", "f"}),
        number("target", "VALUE", "Target value for --solve."),
        text("range", "LO:HI", "Search range of --solve."),
        text("sweep", "VAR:FROM:TO:STEPS", "Sweep an input (N, D, G, bits or f) over STEPS values."),
        positiveNumber("memory-bytes", "BYTES", "Optimal bits and N under this weight-memory budget (QAT law)."),
        positiveNumber("tokens", "N", "Token budget of --memory-bytes."),
        positiveNumber("flops", "C", "Compute budget of --memory-bytes (C = 6 N D)."),
        flag("json", "Print JSON instead of a table."),
    };
    command.options.insert(command.options.end(), more.begin(), more.end());
    return command;
}

} // namespace qs::cli
