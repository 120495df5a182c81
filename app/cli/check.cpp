// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
// quantscope check: whether a store is sound, one line per problem (core/store/storecheck.h), or JSON
// with --json. Exit 0 when sound (notes allowed), 1 when it found problems, 2 when the file cannot be
// read at all.

#include "app/cli/clioptions.h"
#include "app/cli/clioutput.h"
#include "app/cli/commands.h"

#include "core/scalinglaws/serialization.h"
#include "core/store/storecheck.h"

#include <nlohmann/json.hpp>

namespace qs::cli {

namespace {

// As diff and cmp do: 0 and 1 are the answer, 2 is no answer (the usage code, which a wrong command
// line also gets).
constexpr int ExitUnreadable = ExitUsage;

const char* severityWord(StoreProblem::Severity severity)
{
    return severity == StoreProblem::Severity::Error ? "error" : "note";
}

QString counted(int n, const char* noun)
{
    return QStringLiteral("%1 %2%3").arg(n).arg(QLatin1String(noun)).arg(n == 1 ? QString() : QStringLiteral("s"));
}

int runCheck(const Arguments& args)
{
    const std::string path = args.positionals().first().toStdString();
    StoreCheckOptions options;
    options.checkLaw = scaling::lawJsonProblem;
    StoreCheck check;
    try {
        check = checkStore(path, options);
    } catch (const Error& e) {
        err(args.commandName(), QString::fromUtf8(e.what()));
        return ExitUnreadable;
    }
    if (args.isSet("json")) {
        nlohmann::json doc;
        doc["store"] = check.path;
        doc["sound"] = check.sound();
        doc["truncated"] = check.truncated;
        doc["errors"] = check.errors();
        doc["notes"] = check.notes();
        doc["problems"] = nlohmann::json::array();
        for (const StoreProblem& p : check.problems)
            doc["problems"].push_back(
                {{"severity", severityWord(p.severity)}, {"object", p.object}, {"message", p.message}});
        out(QString::fromStdString(doc.dump(2)));
    } else {
        for (const StoreProblem& p : check.problems)
            out(QStringLiteral("%1: %2: %3")
                    .arg(QLatin1String(severityWord(p.severity)), QString::fromStdString(p.object),
                         QString::fromStdString(p.message)));
        const QString notes =
            check.notes() > 0 ? QStringLiteral(" (%1)").arg(counted(check.notes(), "note")) : QString();
        out(check.sound() ? QStringLiteral("%1: sound%2").arg(QString::fromStdString(path), notes)
                          : QStringLiteral("%1: %2%3")
                                .arg(QString::fromStdString(path), counted(check.errors(), "error"), notes));
    }
    return check.sound() ? ExitSuccess : ExitFailure;
}

} // namespace

Command checkCommand()
{
    return {
        .name = "check",
        .synopsis = {"check STORE [--json]"},
        .summary = "Check a store: every run, table, config and row against the format, one line per problem.",
        .description =
            "Reads every object of the store on its own and reports each problem, naming the object and what is "
            "wrong: the header, attribute and dataset types, ranks and widths, tables whose columns differ in "
            "length (a partial row), done rows without their values, config and fit JSON, checkpoint files that "
            "are missing or unreadable, and files a killed writer left beside the store. Notes (a not-done row "
            "holding values, a temporary copy of a killed writer) lose nothing. A truncated file is read padded "
            "with zeros. Exit status: 0 sound (notes allowed), 1 problems found, 2 the file cannot be read at all "
            "(missing, unreadable, not HDF5) or the command line is wrong. The store is only read.",
        .options = {flag("json",
                         "Print the problems as JSON (store, sound, truncated, errors, notes, problems with "
                         "severity, object and message).")},
        .positionals = {{.name = "STORE", .help = "Results store (.h5) to check.", .required = true}},
        .run = &runCheck,
    };
}

} // namespace qs::cli
