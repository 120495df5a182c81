// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "app/cli/command.h"

#include "app/cli/commands.h"

#include <cmath>
#include <cstdio>

namespace qs::cli {

namespace {

std::string formatNumber(double value)
{
    char text[32];
    std::snprintf(text, sizeof text, "%g", value);
    return text;
}

std::vector<Command>& table()
{
    // The order of `quantscope help`: the demo, the pipeline (train, import, sweep, resume, the sweep
    // on a cluster: submit, task, status, merge; average, export, downstream, recipe), its outputs (figure, info, compare,
    // outliers, sensitivity), the store's upkeep (check, repair), the scaling laws, help.
    static std::vector<Command> commands = {
        demoCommand(),   trainCommand(),  importCommand(), sweepCommand(),   resumeCommand(),   submitCommand(),
        taskCommand(),   statusCommand(), mergeCommand(),  averageCommand(), exportCommand(),   downstreamCommand(),
        recipeCommand(), figureCommand(), infoCommand(),   compareCommand(), outliersCommand(), sensitivityCommand(),
        checkCommand(),  repairCommand(), fitCommand(),    queryCommand(),   helpCommand()};
    return commands;
}

Option make(std::string_view name, std::string_view valueName, std::string_view help, OptionKind kind)
{
    Option option;
    option.name = name;
    option.valueName = valueName;
    option.help = std::string(help);
    option.kind = kind;
    return option;
}

} // namespace

Option Option::require() const
{
    Option option = *this;
    option.required = true;
    return option;
}

Option Option::withDefault(std::string_view value) const
{
    Option option = *this;
    option.defaultValue = value;
    return option;
}

std::string Option::accepted() const
{
    switch (kind) {
    case OptionKind::Flag:
    case OptionKind::String:
    case OptionKind::Strings:
        return {};
    case OptionKind::Integer:
        if (intMax == std::numeric_limits<std::int64_t>::max())
            return "a whole number >= " + std::to_string(intMin);
        return "a whole number in [" + std::to_string(intMin) + ", " + std::to_string(intMax) + "]";
    case OptionKind::Number:
        if (std::isinf(min) && std::isinf(max))
            return "a finite number";
        if (std::isinf(max))
            return std::string("a number ") + (minExclusive ? "> " : ">= ") + formatNumber(min);
        return "a number in " + std::string(minExclusive ? "(" : "[") + formatNumber(min) + ", " + formatNumber(max)
            + "]";
    case OptionKind::Word: {
        std::string list;
        for (std::string_view w : words)
            list += (list.empty() ? "" : ", ") + std::string(w);
        return "one of " + list;
    }
    }
    return {};
}

Option flag(std::string_view name, std::string_view help)
{
    return make(name, {}, help, OptionKind::Flag);
}

Option text(std::string_view name, std::string_view valueName, std::string_view help)
{
    return make(name, valueName, help, OptionKind::String);
}

Option texts(std::string_view name, std::string_view valueName, std::string_view help)
{
    return make(name, valueName, help, OptionKind::Strings);
}

Option integer(std::string_view name, std::string_view valueName, std::string_view help, std::int64_t min,
               std::int64_t max)
{
    Option option = make(name, valueName, help, OptionKind::Integer);
    option.intMin = min;
    option.intMax = max;
    return option;
}

Option number(std::string_view name, std::string_view valueName, std::string_view help, double min, double max)
{
    Option option = make(name, valueName, help, OptionKind::Number);
    option.min = min;
    option.max = max;
    return option;
}

Option positiveNumber(std::string_view name, std::string_view valueName, std::string_view help)
{
    Option option = number(name, valueName, help, 0.0);
    option.minExclusive = true;
    return option;
}

Option word(std::string_view name, std::string_view valueName, std::string_view help,
            std::vector<std::string_view> words)
{
    Option option = make(name, valueName, help, OptionKind::Word);
    option.words = std::move(words);
    return option;
}

const Option* Command::option(std::string_view optionName) const
{
    for (const Option& o : options)
        if (o.name == optionName)
            return &o;
    return nullptr;
}

const std::vector<Command>& commands()
{
    return table();
}

const Command* findCommand(std::string_view name)
{
    if (name == "-h" || name == "--help")
        name = "help";
    for (const Command& command : table())
        if (command.name == name)
            return &command;
    return nullptr;
}

void setRun(std::string_view name, RunFunction run)
{
    for (Command& command : table())
        if (command.name == name)
            command.run = run;
}

} // namespace qs::cli
