// qs_gendocs: writes the manual page or the bash completion generated from the command table
// (app/cli/docgen.h). A build tool, not installed: cmake/Packaging.cmake runs it.
//
//   qs_gendocs man VERSION DATE OUT.1
//   qs_gendocs bash OUT

#include "app/cli/docgen.h"

#include <QCoreApplication>
#include <QFile>
#include <QSaveFile>

#include <cstdio>

int main(int argc, char** argv)
{
    QCoreApplication app(argc, argv);
    const QStringList args = QCoreApplication::arguments().mid(1);
    QString text;
    if (args.size() == 4 && args.at(0) == QLatin1String("man")) {
        text = qs::cli::manPage(args.at(1), args.at(2));
    } else if (args.size() == 2 && args.at(0) == QLatin1String("bash")) {
        text = qs::cli::bashCompletion();
    } else {
        std::fprintf(stderr, "usage: qs_gendocs man VERSION DATE OUT.1 | qs_gendocs bash OUT\n");
        return 2;
    }
    QSaveFile out(args.last());
    if (!out.open(QIODevice::WriteOnly) || out.write(text.toUtf8()) < 0 || !out.commit()) {
        std::fprintf(stderr, "qs_gendocs: cannot write %s: %s\n", qPrintable(args.last()),
                     qPrintable(out.errorString()));
        return 1;
    }
    return 0;
}
