// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The manual page quantscope(1) and the bash completion, generated from the command table
// (command.h) at build time by qs_gendocs (app/tools/gendocs.cpp), so that both always describe the
// commands and options the programs accept. cmake/Packaging.cmake installs them.

#include <QString>
#include <QStringList>

namespace qs::cli {

// The page in man(7) format: NAME, SYNOPSIS, DESCRIPTION, one subsection per command (synopsis,
// summary, description, options with their accepted values and defaults, arguments), OPTIONS, EXIT
// STATUS, ENVIRONMENT, FILES, EXAMPLES, SEE ALSO. `date` (YYYY-MM-DD) and `version` go into its title
// line; `languages` are the window's translations (--lang), from the build (QS_UI_LANGUAGES).
QString manPage(const QString& version, const QString& date, const QStringList& languages);

// A bash completion script for quantscope and quantscope-gui: the commands, each command's options,
// the values of options that take one of a set of words, files and folders where an option or
// argument names one, --lang's languages and recipe's built-in recipes (`recipes`: their names, from
// resources/recipes/). Needs bash-completion's _init_completion and _filedir.
QString bashCompletion(const QStringList& languages, const QStringList& recipes);

} // namespace qs::cli
