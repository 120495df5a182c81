// quantscope: the GUI by default; with a subcommand (demo, train, sweep, figure, info) it works
// headless. `quantscope demo` opens the GUI when a display is available and otherwise finishes on the
// console and prints where the store and figures are. The GUI starts in the language and theme saved
// in the settings (View menu); `--lang xx` (or --lang=xx) picks a language for this start only. The
// subcommands stay English: scripts read their output.

#include "app/cli/cli.h"
#include "core/lab/demo.h"
#include "app/gui/language.h"
#include "app/gui/mainwindow.h"
#include "models/settings.h"
#include "app/gui/theme.h"

#include <QApplication>
#include <QDir>
#include <QFileInfo>
#include <QIcon>

#include <cstdio>

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

} // namespace

int main(int argc, char** argv)
{
    const QString first = argc > 1 ? QString::fromLocal8Bit(argv[1]) : QString();
    const bool subcommand = qs::cli::isSubcommand(first);
    bool forceHeadless = false;
    for (int i = 1; i < argc; ++i)
        forceHeadless |= QString::fromLocal8Bit(argv[i]) == QLatin1String("--headless");
    const bool noDisplay = qs::cli::headlessEnvironment() && qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM");
    const bool guiDemo = first == QLatin1String("demo") && !noDisplay && !forceHeadless;
    if (!first.isEmpty() && !subcommand && !first.startsWith(QLatin1Char('-')) && !QFileInfo::exists(first)) {
        std::fprintf(stderr, "quantscope: '%s' is neither a command nor a file\n", argv[1]);
        QCoreApplication app(argc, argv);
        return qs::cli::run({QStringLiteral("help-unknown")});
    }
    if (!subcommand && noDisplay) {
        std::fprintf(stderr, "quantscope: no display for the GUI (DISPLAY is not set); use a subcommand, "
                             "e.g. `quantscope demo` or `quantscope help`\n");
        return 2;
    }
    if (subcommand && !guiDemo) {
        qputenv("QT_QPA_PLATFORM", "offscreen");
        if (qEnvironmentVariableIsEmpty("XDG_RUNTIME_DIR")) // keeps QStandardPaths from warning on consoles
            qputenv("XDG_RUNTIME_DIR", QDir::tempPath().toLocal8Bit() + "/quantscope-runtime");
    }

    QApplication app(argc, argv);
    QApplication::setApplicationName(QStringLiteral("QuantScope"));
    QApplication::setOrganizationName(QStringLiteral("QuantScope"));
    QApplication::setApplicationVersion(QStringLiteral(QS_VERSION));

    QStringList args = QApplication::arguments().mid(1);
    args.removeAll(QStringLiteral("--headless"));
    if (subcommand && !guiDemo)
        return qs::cli::run(args);

    // Translators and theme before the first window exists, so every text and colour is right from
    // the start. The settings outlive the window that uses them.
    qs::Settings settings;
    const QString language = takeLanguageOption(args);
    qs::installUiTranslators(language.isEmpty() ? settings.language() : language);
    qs::applyTheme(settings.theme());

    QApplication::setWindowIcon(QIcon(QStringLiteral(":/quantscope/quantscope.svg")));
    MainWindow window(&settings);
    window.show();
    if (guiDemo) {
        QString dir = QDir::current().filePath(QStringLiteral("demo-output"));
        const int at = args.indexOf(QStringLiteral("--dir"));
        if (at >= 0 && at + 1 < args.size())
            dir = args.at(at + 1);
        window.startDemo(QDir(dir).absolutePath());
    } else if (!args.isEmpty() && QFileInfo::exists(args.first())) {
        window.openStore(QFileInfo(args.first()).absoluteFilePath());
    }
    return app.exec();
}
