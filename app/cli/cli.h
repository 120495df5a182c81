#pragma once

#include <QStringList>

namespace qs::cli {

// True if `arg` names a headless subcommand (demo, train, sweep, resume, figure, info, fit, query, help).
bool isSubcommand(const QString& arg);

// True when no display is available (no DISPLAY / WAYLAND_DISPLAY and no explicit QT_QPA_PLATFORM).
bool headlessEnvironment();

// Runs a subcommand; `args` starts with the subcommand name. Returns the process exit code:
// 0 success, 1 a user-facing error (message printed to stderr), 2 bad command line, 130 cancelled.
// Needs a QApplication (figure export renders widgets offscreen).
int run(const QStringList& args);

} // namespace qs::cli
