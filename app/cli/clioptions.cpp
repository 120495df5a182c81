// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "app/cli/clioptions.h"

#include "app/cli/clioutput.h"

#include <cmath>
#include <stdexcept>

namespace qs::cli {

namespace {

QString str(std::string_view text)
{
    return QString::fromUtf8(text.data(), qsizetype(text.size()));
}

// "--store FILE", "--json".
QString optionWithValue(const Option& option)
{
    return option.valueName.empty() ? QStringLiteral("--") + str(option.name)
                                    : QStringLiteral("--%1 %2").arg(str(option.name), str(option.valueName));
}

} // namespace

QString canonicalWord(const Option& option, const QString& value)
{
    for (std::string_view w : option.words)
        if (value.compare(str(w), Qt::CaseInsensitive) == 0)
            return str(w);
    return {};
}

QString checkValue(const Option& option, const QString& value)
{
    bool ok = true;
    switch (option.kind) {
    case OptionKind::Flag:
    case OptionKind::String:
    case OptionKind::Strings:
        return {};
    case OptionKind::Integer: {
        const qlonglong v = value.toLongLong(&ok); // false on overflow: never wrapped
        ok = ok && v >= option.intMin && v <= option.intMax;
        break;
    }
    case OptionKind::Number: {
        const double v = value.toDouble(&ok);
        ok = ok && std::isfinite(v) && (option.minExclusive ? v > option.min : v >= option.min) && v <= option.max;
        break;
    }
    case OptionKind::Word:
        ok = !canonicalWord(option, value).isEmpty();
        break;
    }
    if (ok)
        return {};
    return QStringLiteral("--%1 '%2' is not %3")
        .arg(str(option.name), value, QString::fromStdString(option.accepted()));
}

Arguments Arguments::parse(const Command& command, const QStringList& args)
{
    Arguments parsed;
    parsed.m_command = &command;
    bool onlyPositionals = false;
    QString problem; // the first one; --help anywhere on the line wins over it
    for (qsizetype i = 0; i < args.size(); ++i) {
        const QString& arg = args.at(i);
        if (onlyPositionals || arg == QLatin1String("-") || !arg.startsWith(QLatin1Char('-'))) {
            parsed.m_positionals << arg;
        } else if (arg == QLatin1String("--")) {
            onlyPositionals = true;
        } else if (arg == QLatin1String("-h") || arg == QLatin1String("--help")) {
            parsed.m_help = true;
        } else {
            const qsizetype equals = arg.indexOf(QLatin1Char('='));
            const QString name = arg.mid(2, equals < 0 ? -1 : equals - 2);
            const Option* option = arg.startsWith(QLatin1String("--")) ? command.option(name.toStdString()) : nullptr;
            QString value;
            if (!option) {
                if (problem.isEmpty())
                    problem = QStringLiteral("unknown option '%1' (quantscope %2 --help lists them)")
                                  .arg(equals < 0 ? arg : arg.left(equals), str(command.name));
                continue;
            }
            if (option->kind == OptionKind::Flag) {
                if (equals >= 0 && problem.isEmpty())
                    problem = QStringLiteral("--%1 takes no value").arg(name);
            } else if (equals >= 0) {
                value = arg.mid(equals + 1);
            } else if (i + 1 < args.size()) {
                value = args.at(++i);
            } else if (problem.isEmpty()) {
                problem = QStringLiteral("%1: the value is missing").arg(optionWithValue(*option));
            }
            parsed.m_values[std::string(option->name)] << value;
        }
    }
    if (parsed.m_help)
        return parsed; // --help shows the options whatever else is on the line
    if (!problem.isEmpty())
        throw BadUsage(problem);

    for (auto& [name, values] : parsed.m_values) {
        const Option& option = *command.option(name);
        for (QString& value : values) {
            const QString bad = checkValue(option, value);
            if (!bad.isEmpty())
                throw BadUsage(bad);
            if (option.kind == OptionKind::Word)
                value = canonicalWord(option, value);
        }
    }
    for (const Option& option : command.options) {
        if (option.required && !parsed.isSet(option.name))
            throw BadUsage(QStringLiteral("%1 is required").arg(optionWithValue(option)));
    }
    qsizetype accepted = 0;
    bool unlimited = false;
    for (const Positional& p : command.positionals) {
        if (p.required && parsed.m_positionals.size() <= accepted)
            throw BadUsage(QStringLiteral("%1 is missing (%2)").arg(str(p.name), str(p.help)));
        ++accepted;
        unlimited = unlimited || p.repeatable;
    }
    if (!unlimited && parsed.m_positionals.size() > accepted)
        throw BadUsage(QStringLiteral("unexpected argument '%1'").arg(parsed.m_positionals.at(accepted)));
    return parsed;
}

QString Arguments::commandName() const
{
    return str(m_command->name);
}

const Option& Arguments::declared(std::string_view option) const
{
    const Option* o = m_command->option(option);
    if (!o) // a mistake in the code, not on the command line
        throw std::logic_error("--" + std::string(option) + " is not an option of " + std::string(m_command->name));
    return *o;
}

bool Arguments::isSet(std::string_view option) const
{
    declared(option);
    return m_values.find(option) != m_values.end();
}

QString Arguments::value(std::string_view option) const
{
    const Option& o = declared(option);
    const auto it = m_values.find(option);
    return it != m_values.end() ? it->second.last() : str(o.defaultValue);
}

QStringList Arguments::values(std::string_view option) const
{
    const Option& o = declared(option);
    const auto it = m_values.find(option);
    if (it != m_values.end())
        return it->second;
    return o.defaultValue.empty() ? QStringList() : QStringList {str(o.defaultValue)};
}

QStringList Arguments::listValues(std::string_view option) const
{
    QStringList items;
    for (const QString& value : values(option))
        for (const QString& item : value.split(QLatin1Char(','), Qt::SkipEmptyParts))
            if (!item.trimmed().isEmpty())
                items << item.trimmed();
    return items;
}

std::int64_t Arguments::integer(std::string_view option, std::int64_t fallback) const
{
    const QString text = value(option);
    return text.isEmpty() ? fallback : text.toLongLong();
}

double Arguments::number(std::string_view option, double fallback) const
{
    const QString text = value(option);
    return text.isEmpty() ? fallback : text.toDouble();
}

void Arguments::require(std::string_view option) const
{
    if (!isSet(option))
        throw BadUsage(QStringLiteral("%1 is required").arg(optionWithValue(declared(option))));
}

void Arguments::requireOneOf(std::initializer_list<std::string_view> options) const
{
    QStringList names;
    int given = 0;
    for (std::string_view option : options) {
        names << optionWithValue(declared(option));
        given += isSet(option) ? 1 : 0;
    }
    if (given == 0)
        throw BadUsage(QStringLiteral("give one of %1").arg(names.join(QStringLiteral(", "))));
    if (given > 1)
        throw BadUsage(QStringLiteral("give only one of %1").arg(names.join(QStringLiteral(", "))));
}

void Arguments::forbidTogether(std::string_view a, std::string_view b) const
{
    if (isSet(a) && isSet(b))
        throw BadUsage(QStringLiteral("give --%1 or --%2, not both").arg(str(a), str(b)));
}

void Arguments::rethrowAsUsage(std::string_view option, const QString& text, const ConfigError& e) const
{
    throw BadUsage(QStringLiteral("--%1 '%2': %3").arg(str(option), text, QString::fromUtf8(e.what())));
}

} // namespace qs::cli
