// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The texts generated from the command table (command.h): the usage block (every command's
// synopsis), `quantscope help` (the usage and the list of commands with their summaries) and
// `quantscope <command> --help` (synopsis, description, options with their defaults and accepted
// values). The man page and shell completion are generated from the same records (docgen.h).

#include "app/cli/command.h"

#include <QString>

namespace qs::cli {

// "usage: quantscope [STORE.h5] …" and one line (wrapped) per synopsis of every command.
QString usageText();
// The usage, then "Commands:" with each command once and its summary.
QString helpText();
// "usage: quantscope <synopsis>" for each of the command's synopses, wrapped.
QString commandUsage(const Command& command);
// One command's synopsis, description, options and arguments.
QString commandHelp(const Command& command);
// An option's help with what the table adds: required, repeatable, accepted values, default.
QString optionHelp(const Option& option);

} // namespace qs::cli
