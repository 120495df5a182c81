// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The run functions of the commands that draw figures (demo, recipe, figure; their table entries are
// in app/cli/widgetcommandtable.cpp). Only quantscope-gui has them: they need a QApplication.

#include <QStringList>

namespace qs {
struct FigureExportOptions;
}

namespace qs::cli {

class Arguments;

// Gives the table's widget commands their run functions (call once, before cli::run).
void registerWidgetCommands();

int runDemoCommand(const Arguments& args);
int runRecipeCommand(const Arguments& args);
int runFigureCommand(const Arguments& args);
// `figure --view scaling`: a law drawn by the scaling page and exported like every other view.
int runScalingFigure(const Arguments& args, const FigureExportOptions& options, const QStringList& outs,
                     const QString& csvPath);

} // namespace qs::cli
