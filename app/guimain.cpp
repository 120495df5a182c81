// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
// quantscope-gui: the GUI, and every command including those that draw figures (demo, recipe,
// figure; app/gui/commands/). `quantscope` starts it for those, so users and scripts call quantscope.
// `quantscope demo` opens the GUI when a display is available and otherwise (or with --headless)
// finishes on the console and prints where the store and figures are. The GUI starts in the language
// and theme saved in the settings (View menu); `--lang xx` (or --lang=xx) picks a language for this
// start only. The commands stay English: scripts read their output.

#include "app/cli/cli.h"
#include "app/cli/clioptions.h"
#include "app/cli/clioutput.h"
#include "app/gui/commands/widgetcommandruns.h"
#include "app/gui/language.h"
#include "app/gui/mainwindow.h"
#include "app/gui/theme.h"
#include "itemmodels/settings.h"

#include <QApplication>
#include <QDir>
#include <QFileInfo>
#include <QIcon>

#include <cstdio>
#include <optional>

namespace {

// Removes `--lang xx` or `--lang=xx` from `args`; returns xx, empty when not given.
QString takeLanguageOption(QStringList& args)
{
    QString language;
    for (int i = 0; i < args.size();) {
        if (args.at(i) == QLatin1String("--lang") && i + 1 < args.size()) {
            language = args.at(i + 1);
            args.remove(i, 2);
        } else if (args.at(i).startsWith(QLatin1String("--lang="))) {
            language = args.at(i).mid(7);
            args.remove(i);
        } else {
            ++i;
        }
    }
    return language;
}

// The demo's folder when `quantscope demo` should run in the GUI: a display, no --headless, no
// --help, the CPU (the GUI's demo computes there; a GPU demo runs on the console), and a command line
// that parses (otherwise the console run reports what is wrong).
std::optional<QString> guiDemoFolder(const qs::cli::Command& demo, const QStringList& args, bool noDisplay)
{
    if (noDisplay)
        return std::nullopt;
    try {
        const auto parsed = qs::cli::Arguments::parse(demo, args);
        if (parsed.helpRequested() || parsed.isSet("headless") || parsed.value("device") != QLatin1String("cpu"))
            return std::nullopt;
        return QDir(parsed.value("dir")).absolutePath();
    } catch (const qs::cli::BadUsage&) {
        return std::nullopt;
    }
}

} // namespace

int main(int argc, char** argv)
{
    QStringList rawArgs;
    for (int i = 1; i < argc; ++i)
        rawArgs << QString::fromLocal8Bit(argv[i]);
    const QString first = rawArgs.value(0);
    const qs::cli::Command* command = qs::cli::findCommand(first.toStdString());
    const bool noDisplay = qs::cli::headlessEnvironment() && qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM");
    if (first == QLatin1String("--version")
        || (!command && !first.isEmpty() && !first.startsWith(QLatin1Char('-')) && !QFileInfo::exists(first))) {
        QCoreApplication app(argc, argv);
        return qs::cli::run(rawArgs); // --version, or neither a command nor a file: says so, with the usage
    }
    const std::optional<QString> demoFolder =
        command && command->name == "demo" ? guiDemoFolder(*command, rawArgs.mid(1), noDisplay) : std::nullopt;
    if (!command && noDisplay) {
        std::fprintf(stderr,
                     "quantscope: no display for the GUI (DISPLAY is not set); use a command, "
                     "e.g. `quantscope demo` or `quantscope help`\n");
        return qs::cli::ExitUsage;
    }
    if (command && !demoFolder) {
        qputenv("QT_QPA_PLATFORM", "offscreen");
        if (qEnvironmentVariableIsEmpty("XDG_RUNTIME_DIR")) // keeps QStandardPaths from warning on consoles
            qputenv("XDG_RUNTIME_DIR", QDir::tempPath().toLocal8Bit() + "/quantscope-runtime");
    }

    QApplication app(argc, argv);
    QApplication::setApplicationName(QStringLiteral("QuantScope"));
    QApplication::setOrganizationName(QStringLiteral("QuantScope"));
    QApplication::setApplicationVersion(QStringLiteral(QS_VERSION));
    QGuiApplication::setDesktopFileName(QStringLiteral("org.quantscope.QuantScope")); // packaging/linux/

    QStringList args = QApplication::arguments().mid(1);
    if (command && !demoFolder) {
        qs::cli::registerWidgetCommands();
        return qs::cli::run(args);
    }

    // Translators and theme before the first window exists, so every text and colour is right from
    // the start. The settings outlive the window that uses them.
    qs::Settings settings;
    const QString language = takeLanguageOption(args);
    qs::installUiTranslators(language.isEmpty() ? settings.language() : language);
    qs::applyTheme(settings.theme());

    QApplication::setWindowIcon(QIcon(QStringLiteral(":/quantscope/quantscope.svg")));
    MainWindow window(&settings);
    window.show();
    if (demoFolder)
        window.startDemo(*demoFolder);
    else if (!args.isEmpty() && QFileInfo::exists(args.first()))
        window.openStore(QFileInfo(args.first()).absoluteFilePath());
    return app.exec();
}
