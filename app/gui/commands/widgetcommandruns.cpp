// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "app/gui/commands/widgetcommandruns.h"

#include "app/cli/command.h"

namespace qs::cli {

void registerWidgetCommands()
{
    setRun("demo", &runDemoCommand);
    setRun("recipe", &runRecipeCommand);
    setRun("figure", &runFigureCommand);
}

} // namespace qs::cli
