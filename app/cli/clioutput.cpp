// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "app/cli/clioutput.h"

#include <atomic>
#include <cmath>
#include <csignal>
#include <cstdio>
#include <unistd.h>

namespace qs::cli {

namespace {

std::atomic<bool> g_interrupted {false};

void onSigint(int)
{
    g_interrupted = true;
}

} // namespace

void out(const QString& line)
{
    std::fprintf(stdout, "%s\n", line.toUtf8().constData());
    std::fflush(stdout);
}

void err(const QString& message)
{
    std::fprintf(stderr, "quantscope: %s\n", message.toUtf8().constData());
}

void err(const QString& command, const QString& message)
{
    std::fprintf(stderr, "quantscope %s: %s\n", command.toUtf8().constData(), message.toUtf8().constData());
}

ConsoleProgress::ConsoleProgress()
    : m_tty(isatty(fileno(stderr)))
    , m_throttle(m_tty ? ProgressThrottle::Options::terminal() : ProgressThrottle::Options::log())
{
    m_timer.start();
    g_interrupted = false;
    std::signal(SIGINT, onSigint);
}

ConsoleProgress::~ConsoleProgress()
{
    if (m_tty && m_printed)
        std::fputc('\n', stderr);
    std::signal(SIGINT, SIG_DFL);
}

Progress ConsoleProgress::callback()
{
    return [this](const ProgressInfo& p) {
        report(p);
        return !g_interrupted.load();
    };
}

void ConsoleProgress::report(const ProgressInfo& p)
{
    const auto update = m_throttle.offer(p, double(m_timer.elapsed()) / 1000.0);
    if (!update)
        return;
    const std::string eta = formatEta(update->etaSeconds);
    const QString line = QStringLiteral("[%1%] %2 (%3 s elapsed%4)")
                             .arg(update->fraction * 100.0, 5, 'f', 1)
                             .arg(QString::fromStdString(update->message))
                             .arg(qint64(update->elapsedSeconds))
                             .arg(eta.empty() ? QString() : QStringLiteral(", ") + QString::fromStdString(eta));
    if (m_tty)
        std::fprintf(stderr, "\r\033[K%s", line.toUtf8().constData());
    else
        std::fprintf(stderr, "%s\n", line.toUtf8().constData());
    std::fflush(stderr);
    m_printed = true;
}

} // namespace qs::cli
