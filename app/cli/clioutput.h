// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// What every command prints and how it ends: results on stdout, messages on stderr as
// "quantscope <command>: …", one exit code per kind of outcome, console progress with Ctrl+C. The
// command line is English only: scripts read it.

#include "core/common/progress.h"
#include "core/common/progressthrottle.h"

#include <QElapsedTimer>
#include <QString>

#include <stdexcept>

namespace qs::cli {

// The process exit codes, one per kind of outcome.
enum ExitCode : int
{
    ExitSuccess = 0,
    ExitFailure = 1,      // the command line was fine, the work failed: a file missing or malformed, …
    ExitUsage = 2,        // the command line is wrong: unknown command or option, missing option, bad value
    ExitInterrupted = 130 // Ctrl+C; what was finished is kept
};

// A wrong command line: unknown option, missing or conflicting options, a value out of range or not
// one of the accepted words. The message names the option and the value; run() prefixes the command.
class BadUsage : public std::runtime_error
{
public:
    explicit BadUsage(const QString& message)
        : std::runtime_error(message.toStdString())
    {
    }
};

// A result line on stdout (flushed: scripts and tests read it while the command runs).
void out(const QString& line);
// A message on stderr: "quantscope: <message>", or "quantscope <command>: <message>".
void err(const QString& message);
void err(const QString& command, const QString& message);

// Console progress: a rewritten line on a terminal, a line per 5 % otherwise (logs, CI). While it
// lives, Ctrl+C asks the work to stop (the callback returns false; the core then throws Cancelled).
class ConsoleProgress
{
public:
    ConsoleProgress();
    ~ConsoleProgress();
    ConsoleProgress(const ConsoleProgress&) = delete;
    ConsoleProgress& operator=(const ConsoleProgress&) = delete;

    Progress callback();

private:
    void report(const ProgressInfo& p);

    bool m_tty;
    bool m_printed = false;
    QElapsedTimer m_timer;
    ProgressThrottle m_throttle; // the GUI's jobs use the same one (core/common/progressthrottle.h)
};

} // namespace qs::cli
