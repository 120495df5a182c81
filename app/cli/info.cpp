// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
// quantscope info: what a store holds, one table per run (step, tokens, LR, FP CE, each config's
// relative CE).

#include "app/cli/clioptions.h"
#include "app/cli/clioutput.h"
#include "app/cli/commands.h"
#include "core/common/metrics.h"

#include "core/store/store.h"

#include <cmath>

namespace qs::cli {

namespace {

int runInfo(const Arguments& args)
{
    const Store store = Store::open(args.positionals().first().toStdString());
    out(QStringLiteral("%1 (schema %2)").arg(QString::fromStdString(store.path())).arg(Store::schemaVersion));
    for (const auto& run : store.runs()) {
        const RunInfo info = store.runInfo(run);
        const auto checkpoints = store.checkpoints(run);
        out(QStringLiteral("run %1: %2 schedule, %3 log rows, %4 checkpoints, corpus: %5")
                .arg(QString::fromStdString(run), QString::fromStdString(info.schedule))
                .arg(store.log(run).size())
                .arg(checkpoints.size())
                .arg(QString::fromStdString(info.corpus)));
        const auto ids = store.configIds(run);
        QString header = QStringLiteral("%1 %2 %3 %4")
                             .arg(QStringLiteral("step"), 8)
                             .arg(QStringLiteral("tokens"), 10)
                             .arg(QStringLiteral("lr"), 10)
                             .arg(QLatin1String(metrics::fpCe), 8);
        std::vector<ConfigResults> results;
        for (const auto& id : ids) {
            header += QStringLiteral(" %1").arg(QString::fromStdString(id + ":" + metrics::relCe), 22);
            results.push_back(store.results(run, id));
        }
        out(header);
        for (size_t i = 0; i < checkpoints.size(); ++i) {
            const auto& c = checkpoints[i];
            QString line = QStringLiteral("%1 %2 %3 %4")
                               .arg(c.step, 8)
                               .arg(c.tokens, 10)
                               .arg(c.lr, 10, 'e', 2)
                               .arg(c.fpValCe, 8, 'f', 4);
            for (const auto& r : results) {
                const auto it = r.model.find(metrics::relCe);
                const double v = (it != r.model.end() && i < it->second.size()) ? it->second[i] : std::nan("");
                line += QStringLiteral(" %1").arg(v, 22, 'f', 5);
            }
            out(line);
        }
    }
    return ExitSuccess;
}

} // namespace

Command infoCommand()
{
    return {
        .name = "info",
        .synopsis = {"info STORE"},
        .summary = "Print what a store holds: per run its checkpoints and each config's relative CE.",
        .positionals = {{.name = "STORE", .help = "Results store (.h5).", .required = true}},
        .run = &runInfo,
    };
}

} // namespace qs::cli
