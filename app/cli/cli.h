// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Runs a command line against the command table (command.h): parses and checks it, runs the command,
// and maps what happened to the exit code (clioutput.h: 0 done, 1 failed, 2 bad command line,
// 130 interrupted), printing one clear message for anything but success.

#include <QStringList>

namespace qs::cli {

// `args` starts with the command name (or -h / --help). Needs a QCoreApplication; the widget
// commands need a QApplication and their run functions (quantscope-gui).
int run(const QStringList& args);

// True when no display is available (no DISPLAY and no WAYLAND_DISPLAY).
bool headlessEnvironment();

} // namespace qs::cli
