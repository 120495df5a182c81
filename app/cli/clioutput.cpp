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
    const qint64 ms = m_timer.elapsed();
    const bool step = m_tty ? (ms - m_lastMs >= 200) : (p.fraction - m_lastFraction >= 0.05);
    if (!step && p.fraction < 1.0)
        return;
    if (p.fraction >= 1.0 && m_lastFraction >= 1.0)
        return;
    m_lastMs = ms;
    m_lastFraction = p.fraction;
    QString eta;
    if (p.fraction > 0.01 && p.fraction < 1.0) {
        const double left = ms / 1000.0 * (1.0 - p.fraction) / p.fraction;
        eta = QStringLiteral(", ~%1 s left").arg(std::lround(left));
    }
    const QString line = QStringLiteral("[%1%] %2 (%3 s elapsed%4)")
                             .arg(p.fraction * 100.0, 5, 'f', 1)
                             .arg(QString::fromStdString(p.message))
                             .arg(ms / 1000)
                             .arg(eta);
    if (m_tty)
        std::fprintf(stderr, "\r\033[K%s", line.toUtf8().constData());
    else
        std::fprintf(stderr, "%s\n", line.toUtf8().constData());
    std::fflush(stderr);
    m_printed = true;
}

} // namespace qs::cli
