// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "app/cli/help.h"

#include "app/cli/clioptions.h"
#include "app/cli/clioutput.h"
#include "app/cli/commands.h"

#include <algorithm>

namespace qs::cli {

namespace {

constexpr qsizetype kWidth = 100;

QString str(std::string_view text)
{
    return QString::fromUtf8(text.data(), qsizetype(text.size()));
}

// The words of a synopsis: a bracketed group such as "[--checkpoint STEP]" stays whole unless it is
// long.
QStringList synopsisWords(const QString& text)
{
    QStringList units;
    QString unit;
    int depth = 0;
    for (const QChar c : text) {
        depth += (c == QLatin1Char('[') || c == QLatin1Char('(')) ? 1
            : (c == QLatin1Char(']') || c == QLatin1Char(')'))    ? -1
                                                                  : 0;
        if (c == QLatin1Char(' ') && depth <= 0) {
            units << unit;
            unit.clear();
        } else {
            unit += c;
        }
    }
    units << unit;
    QStringList words;
    for (const QString& u : units) {
        if (u.size() > 40)
            words << u.split(QLatin1Char(' '), Qt::SkipEmptyParts);
        else if (!u.isEmpty())
            words << u;
    }
    return words;
}

// `words` joined by spaces into lines of at most kWidth columns; the first line starts at column
// `startColumn`, the others after `indent` spaces.
QString wrap(const QStringList& words, qsizetype startColumn, qsizetype indent)
{
    QString result;
    qsizetype column = startColumn;
    bool lineEmpty = true;
    for (const QString& w : words) {
        if (!lineEmpty && column + 1 + w.size() > kWidth) {
            result += QLatin1Char('\n') + QString(indent, QLatin1Char(' '));
            column = indent;
            lineEmpty = true;
        }
        if (!lineEmpty) {
            result += QLatin1Char(' ');
            ++column;
        }
        result += w;
        column += w.size();
        lineEmpty = false;
    }
    return result;
}

QString wrap(const QString& text, qsizetype startColumn, qsizetype indent)
{
    return wrap(text.split(QLatin1Char(' '), Qt::SkipEmptyParts), startColumn, indent);
}

QString optionLabel(const Option& option)
{
    return option.valueName.empty() ? QStringLiteral("--") + str(option.name)
                                    : QStringLiteral("--%1 %2").arg(str(option.name), str(option.valueName));
}

// Two columns: labels padded to a common width (at most 26), texts wrapped beside them.
QString table(const std::vector<std::pair<QString, QString>>& rows)
{
    qsizetype labelWidth = 0;
    for (const auto& [label, text] : rows)
        labelWidth = std::max(labelWidth, std::min<qsizetype>(label.size(), 26));
    const qsizetype indent = 2 + labelWidth + 2;
    QString result;
    for (const auto& [label, text] : rows) {
        result += QStringLiteral("  ") + label;
        if (label.size() > labelWidth)
            result += QLatin1Char('\n') + QString(indent, QLatin1Char(' '));
        else
            result += QString(labelWidth - label.size() + 2, QLatin1Char(' '));
        result += wrap(text, indent, indent) + QLatin1Char('\n');
    }
    return result;
}

} // namespace

QString optionHelp(const Option& option)
{
    QString help = str(option.help);
    if (option.required)
        help += QStringLiteral(" Required.");
    if (option.kind == OptionKind::Strings)
        help += QStringLiteral(" Repeatable.");
    const std::string accepted = option.accepted();
    if (!accepted.empty()) {
        QString sentence = QString::fromStdString(accepted);
        sentence[0] = sentence[0].toUpper();
        help += QLatin1Char(' ') + sentence + QLatin1Char('.');
    }
    if (!option.defaultValue.empty())
        help += QStringLiteral(" Default: %1.").arg(str(option.defaultValue));
    return help;
}

QString usageText()
{
    QStringList lines;
    const QString gui = QStringLiteral("usage: quantscope [--lang LANG] [STORE.h5]");
    const auto withComment = [](const QString& line, const QString& comment) -> QString {
        return line + QString(std::max<qsizetype>(1, 45 - line.size()), QLatin1Char(' ')) + comment;
    };
    lines << withComment(gui, QStringLiteral("open the GUI"));
    lines << withComment(QStringLiteral("       quantscope --version"),
                         QStringLiteral("the versions of QuantScope, Qt, libtorch and HDF5"));
    for (const Command& command : commands()) {
        for (std::string_view synopsis : command.synopsis) {
            const QString prefix = QStringLiteral("       quantscope ");
            lines << prefix
                    + wrap(synopsisWords(str(synopsis)), prefix.size(),
                           prefix.size() + qsizetype(command.name.size()) + 1);
        }
    }
    return lines.join(QLatin1Char('\n'));
}

QString helpText()
{
    std::vector<std::pair<QString, QString>> rows;
    for (const Command& command : commands())
        rows.emplace_back(str(command.name), str(command.summary));
    return usageText() + QStringLiteral("\n\nCommands:\n") + table(rows)
        + QStringLiteral("\nRun 'quantscope COMMAND --help' for a command's options. Exit codes: 0 done, 1 failed "
                         "(a file missing or wrong, the work impossible), 2 bad command line, 130 interrupted.");
}

QString commandUsage(const Command& command)
{
    QStringList lines;
    for (std::string_view synopsis : command.synopsis) {
        const QString prefix =
            lines.isEmpty() ? QStringLiteral("usage: quantscope ") : QStringLiteral("       quantscope ");
        lines << prefix
                + wrap(synopsisWords(str(synopsis)), prefix.size(), prefix.size() + qsizetype(command.name.size()) + 1);
    }
    return lines.join(QLatin1Char('\n'));
}

QString commandHelp(const Command& command)
{
    QString text = commandUsage(command) + QLatin1Char('\n');
    text += QLatin1Char('\n') + wrap(str(command.summary), 0, 0) + QLatin1Char('\n');
    if (!command.description.empty())
        text += QLatin1Char('\n') + wrap(str(command.description), 0, 0) + QLatin1Char('\n');
    if (!command.positionals.empty()) {
        std::vector<std::pair<QString, QString>> rows;
        for (const Positional& p : command.positionals)
            rows.emplace_back(str(p.name) + (p.repeatable ? QStringLiteral("...") : QString()),
                              str(p.help) + (p.required ? QStringLiteral(" Required.") : QString()));
        text += QStringLiteral("\nArguments:\n") + table(rows);
    }
    std::vector<std::pair<QString, QString>> rows;
    for (const Option& option : command.options)
        rows.emplace_back(optionLabel(option), optionHelp(option));
    rows.emplace_back(QStringLiteral("-h, --help"), QStringLiteral("Show this help."));
    text += QStringLiteral("\nOptions:\n") + table(rows);
    if (command.needsWidgets)
        text += QStringLiteral("\nIt draws figures: quantscope runs it in quantscope-gui (next to it), offscreen "
                               "without a display.\n");
    text.chop(1);
    return text;
}

namespace {

int runHelp(const Arguments& args)
{
    if (args.positionals().isEmpty()) {
        out(helpText());
        return ExitSuccess;
    }
    const QString name = args.positionals().first();
    const Command* command = findCommand(name.toStdString());
    if (!command)
        throw BadUsage(QStringLiteral("no command '%1'; the commands are listed by quantscope help").arg(name));
    out(commandHelp(*command));
    return ExitSuccess;
}

} // namespace

Command helpCommand()
{
    return {
        .name = "help",
        .synopsis = {"help [COMMAND]"},
        .summary = "List the commands, or show one command's synopsis and options.",
        .positionals = {{.name = "COMMAND", .help = "The command to describe."}},
        .run = &runHelp,
    };
}

} // namespace qs::cli
