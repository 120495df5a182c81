// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "app/cli/cli.h"

#include "app/cli/clioptions.h"
#include "app/cli/clioutput.h"
#include "app/cli/help.h"
#include "app/cli/version.h"

#include <cstdio>

namespace qs::cli {

namespace {

void printUsage(const QString& text)
{
    std::fprintf(stderr, "%s\n", text.toUtf8().constData());
}

} // namespace

bool headlessEnvironment()
{
    return qEnvironmentVariableIsEmpty("DISPLAY") && qEnvironmentVariableIsEmpty("WAYLAND_DISPLAY");
}

int run(const QStringList& args)
{
    const QString name = args.value(0);
    if (name == QLatin1String("--version")) {
        out(versionText());
        return ExitSuccess;
    }
    const Command* command = findCommand(name.toStdString());
    if (!command) {
        err(name.isEmpty() ? QStringLiteral("no command given")
                           : QStringLiteral("'%1' is neither a command nor a file").arg(name));
        printUsage(usageText() + QStringLiteral("\nRun 'quantscope help' for the list of commands."));
        return ExitUsage;
    }
    const QString commandName = QString::fromUtf8(command->name.data(), qsizetype(command->name.size()));
    try {
        const Arguments arguments = Arguments::parse(*command, args.mid(1));
        if (arguments.helpRequested()) {
            out(commandHelp(*command));
            return ExitSuccess;
        }
        if (!command->run) {
            err(commandName,
                QStringLiteral("this program draws no figures; run quantscope-gui %1")
                    .arg(args.join(QLatin1Char(' '))));
            return ExitFailure;
        }
        return command->run(arguments);
    } catch (const BadUsage& e) {
        err(commandName, QString::fromUtf8(e.what()));
        printUsage(commandUsage(*command));
        return ExitUsage;
    } catch (const Cancelled&) {
        err(commandName,
            QStringLiteral("interrupted; what was finished is in the store, run the same command again to resume"));
        return ExitInterrupted;
    } catch (const Error& e) {
        err(commandName, QString::fromUtf8(e.what()));
        return ExitFailure;
    } catch (const std::exception& e) {
        err(commandName, QStringLiteral("internal error: %1").arg(QString::fromUtf8(e.what())));
        return ExitFailure;
    }
}

} // namespace qs::cli
