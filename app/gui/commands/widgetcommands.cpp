#include "app/gui/commands/widgetcommands.h"

#include "app/cli/command.h"

namespace qs::cli {

void registerWidgetCommands()
{
    setRun("demo", &runDemoCommand);
    setRun("recipe", &runRecipeCommand);
    setRun("figure", &runFigureCommand);
}

} // namespace qs::cli
