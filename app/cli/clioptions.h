// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// A command line parsed against its command's table entry (command.h). Parsing checks everything the
// table says before any work starts: unknown options, missing values, required options, the count of
// positional arguments, every number (syntax, range, overflow) and every word; a problem is a BadUsage
// naming the option, the value and what is accepted. The run functions then read typed values and
// check the combinations the table cannot express (requireOneOf, …).

#include "app/cli/command.h"
#include "core/common/errors.h"

#include <QString>
#include <QStringList>

#include <functional>
#include <initializer_list>
#include <map>
#include <string>

namespace qs::cli {

class Arguments
{
public:
    // Parses `args` (the words after the command name) for `command`; throws BadUsage.
    static Arguments parse(const Command& command, const QStringList& args);

    const Command& command() const { return *m_command; }
    QString commandName() const;
    bool helpRequested() const { return m_help; }

    bool isSet(std::string_view option) const;
    // The last value given, else the table's default, else "".
    QString value(std::string_view option) const;
    // Every value given (Strings), else the default as one value, else none.
    QStringList values(std::string_view option) const;
    // Every value given, each split at commas, trimmed, empties dropped.
    QStringList listValues(std::string_view option) const;
    // Integer and Number options, checked by parse(): the value given, else the default, else `fallback`.
    std::int64_t integer(std::string_view option, std::int64_t fallback = 0) const;
    double number(std::string_view option, double fallback) const;
    QStringList positionals() const { return m_positionals; }

    // Usage checks that depend on more than one option; each throws BadUsage.
    void require(std::string_view option) const;
    void requireOneOf(std::initializer_list<std::string_view> options) const; // exactly one
    void forbidTogether(std::string_view a, std::string_view b) const;
    // Converts a value with a core name parser (e.g. variableFromName); a ConfigError it throws (an
    // unknown name, with the names it knows) becomes a BadUsage naming the option.
    template<typename T, typename Parse>
    T parsed(std::string_view option, const QString& text, Parse parse) const
    {
        return parsedImpl<T>(option, text, std::function<T(const std::string&)>(parse));
    }

private:
    const Option& declared(std::string_view option) const;
    [[noreturn]] void rethrowAsUsage(std::string_view option, const QString& text, const ConfigError& e) const;
    template<typename T>
    T parsedImpl(std::string_view option, const QString& text, const std::function<T(const std::string&)>& parse) const
    {
        try {
            return parse(text.toStdString());
        } catch (const ConfigError& e) {
            rethrowAsUsage(option, text, e);
        }
    }

    const Command* m_command = nullptr;
    bool m_help = false;
    std::map<std::string, QStringList, std::less<>> m_values;
    QStringList m_positionals;
};

// "--threads 'abc' is not a whole number in [1, 4096]": the check of one value against its option.
// Returns an empty string when the value is accepted.
QString checkValue(const Option& option, const QString& value);
// The word of a Word option that `value` spells, ignoring case; empty for none.
QString canonicalWord(const Option& option, const QString& value);

} // namespace qs::cli
