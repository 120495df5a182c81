// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The command line as a table. Each command is a record: its name, synopsis, summary, options and
// positional arguments, and the function that runs it. Dispatch, `quantscope help`, the usage text,
// every `quantscope <command> --help` and the option parsing with its checks are generated from the
// records, and so can a man page or shell completion be: everything a user reads is data here.
//
// Every command is in the table of both programs. `quantscope` (QtCore only) has the run functions
// of the commands that need no widgets; for the others (needsWidgets) it starts quantscope-gui, which
// registers their run functions with setRun() (app/gui/commands/).

#include <cstdint>
#include <limits>
#include <string>
#include <string_view>
#include <vector>

namespace qs::cli {

class Arguments;

enum class OptionKind
{
    Flag,    // --name, no value
    String,  // --name VALUE (the last one given counts)
    Strings, // --name VALUE, repeatable: every value counts
    Integer, // a whole number in [intMin, intMax]
    Number,  // a finite number in [min, max] (min excluded when minExclusive)
    Word,    // one of `words`
};

struct Option
{
    std::string_view name;      // without the leading "--"
    std::string_view valueName; // "FILE", "N"; empty for a flag
    std::string help;           // one or more sentences
    OptionKind kind = OptionKind::String;
    std::string_view defaultValue = {}; // the value when the option is not given; empty: none
    bool required = false;
    std::int64_t intMin = 0, intMax = 0;
    double min = -std::numeric_limits<double>::infinity();
    double max = std::numeric_limits<double>::infinity();
    bool minExclusive = false;
    std::vector<std::string_view> words;

    Option require() const; // this option, marked required
    Option withDefault(std::string_view value) const;
    // "a whole number in [1, 4096]", "a number > 0", "one of paper, screen", "" for strings.
    std::string accepted() const;
};

// Builders for the table's entries.
Option flag(std::string_view name, std::string_view help);
Option text(std::string_view name, std::string_view valueName, std::string_view help);
Option texts(std::string_view name, std::string_view valueName, std::string_view help);
Option integer(std::string_view name, std::string_view valueName, std::string_view help, std::int64_t min,
               std::int64_t max);
Option number(std::string_view name, std::string_view valueName, std::string_view help,
              double min = -std::numeric_limits<double>::infinity(),
              double max = std::numeric_limits<double>::infinity());
Option positiveNumber(std::string_view name, std::string_view valueName, std::string_view help); // > 0
Option word(std::string_view name, std::string_view valueName, std::string_view help,
            std::vector<std::string_view> words);

struct Positional
{
    std::string_view name = {}; // "STORE", "REVISION"
    std::string_view help = {};
    bool required = false;
    bool repeatable = false;
};

using RunFunction = int (*)(const Arguments& args);

struct Command
{
    std::string_view name = {};
    std::vector<std::string_view> synopsis = {}; // each a full synopsis after "quantscope "
    std::string_view summary = {};               // one line, for the command list
    std::string_view description = {};           // a paragraph for --help; may be empty
    std::vector<Option> options = {};
    std::vector<Positional> positionals = {};
    bool needsWidgets = false; // figure export: runs in quantscope-gui
    RunFunction run = nullptr;

    const Option* option(std::string_view name) const;
};

// The table, in the order `quantscope help` lists it.
const std::vector<Command>& commands();
// The command named `name`; nullptr for none ("-h" and "--help" name `help`).
const Command* findCommand(std::string_view name);
// Gives the widget commands their run functions (quantscope-gui only).
void setRun(std::string_view name, RunFunction run);

} // namespace qs::cli
