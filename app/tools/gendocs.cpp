// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
// qs_gendocs: writes the manual page or the bash completion generated from the command table
// (app/cli/docgen.h). A build tool, not installed: cmake/Packaging.cmake runs it.
//
//   qs_gendocs man VERSION DATE LANGUAGES OUT.1
//   qs_gendocs bash LANGUAGES RECIPES OUT
//
// LANGUAGES: the window's translations, comma-separated ("es,zh_CN,nl,ko"); RECIPES: the built-in
// recipes' names, comma-separated.

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
    const auto list = [](const QString& text) { return text.split(QLatin1Char(','), Qt::SkipEmptyParts); };
    if (args.size() == 5 && args.at(0) == QLatin1String("man")) {
        text = qs::cli::manPage(args.at(1), args.at(2), list(args.at(3)));
    } else if (args.size() == 4 && args.at(0) == QLatin1String("bash")) {
        text = qs::cli::bashCompletion(list(args.at(1)), list(args.at(2)));
    } else {
        std::fprintf(stderr,
                     "usage: qs_gendocs man VERSION DATE LANGUAGES OUT.1 | qs_gendocs bash LANGUAGES RECIPES OUT\n");
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
