// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The entries of the command table (command.h), one function per command, each defined next to its
// run function: app/cli/<command>.cpp. The entries of the commands that draw figures (demo, recipe,
// figure) are in widgetcommandtable.cpp without a run function; quantscope-gui gives them theirs
// (app/gui/commands/widgetcommandruns.h).

#include "app/cli/command.h"

namespace qs {
struct QuantConfig;
struct SweepSummary;
} // namespace qs

namespace qs::cli {

Command demoCommand();
Command trainCommand();
Command importCommand();
Command sweepCommand();
Command resumeCommand();
Command averageCommand();
Command exportCommand();
Command downstreamCommand();
Command recipeCommand();
Command figureCommand();
Command infoCommand();
Command compareCommand();
Command outliersCommand();
Command sensitivityCommand();
Command checkCommand();
Command repairCommand();
Command fitCommand();
Command queryCommand();
Command submitCommand();
Command taskCommand();
Command statusCommand();
Command mergeCommand();
Command helpCommand();

// The options that name a scaling law, shared by query and figure --view scaling: --law-file, --store,
// --fit, --law, --variant, --preset. `prefix` starts each help text ("Scaling view: ").
std::vector<Option> lawOptions(std::string_view prefix);
// The inputs of a law: --N, --D, --G, --bits, --f.
std::vector<Option> lawInputOptions(std::string_view prefix);

// --quant and --protocol (sweep, submit), and the configs they name (the sweep's default pair when
// neither is given).
std::vector<Option> quantOptions();
std::vector<QuantConfig> quantConfigs(const Arguments& args);

// Seconds per (checkpoint, config), per config, for the entries a sweep computed (sweep and demo).
void printSweepTimes(const SweepSummary& summary);
// The cost of the per-layer sensitivity a sweep measured, against full evaluations (nothing without it).
void printSensitivityCost(const SweepSummary& summary);

} // namespace qs::cli
