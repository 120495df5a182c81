#pragma once

// The manual page quantscope(1) and the bash completion, generated from the command table
// (command.h) at build time by qs_gendocs (app/tools/gendocs.cpp), so that both always describe the
// commands and options the programs accept. cmake/Packaging.cmake installs them.

#include <QString>

namespace qs::cli {

// The page in man(7) format: NAME, SYNOPSIS, DESCRIPTION, one subsection per command (synopsis,
// summary, description, options with their accepted values and defaults, arguments), EXIT STATUS,
// ENVIRONMENT, FILES, SEE ALSO. `date` (YYYY-MM-DD) and `version` go into its title line.
QString manPage(const QString& version, const QString& date);

// A bash completion script for quantscope and quantscope-gui: the commands, each command's options,
// the values of options that take one of a set of words, files and folders where an option or
// argument names one. Needs bash-completion's _init_completion and _filedir.
QString bashCompletion();

} // namespace qs::cli
