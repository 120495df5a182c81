// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
// quantscope figure --view scaling: a law (--law-file, --store S --fit NAME, or --law with a preset)
// drawn by the scaling page (widgets/pages/scaling) and exported like every other view.

#include "app/gui/commands/widgetcommandruns.h"

#include "app/cli/clioptions.h"
#include "app/cli/clioutput.h"
#include "app/cli/scalinglaw.h"

#include "core/common/errors.h"
#include "itemmodels/scalingsource.h"
#include "itemmodels/storesnapshot.h"
#include "widgets/pages/scaling/scalingpage.h"
#include "widgets/plot/figureexport.h"

#include <QFileInfo>

#include <cmath>
#include <optional>

namespace qs::cli {

using namespace qs::scaling;

namespace {

ScalingPage::View scalingView(const QString& name)
{
    if (name == QLatin1String("contour"))
        return ScalingPage::View::Contour;
    if (name == QLatin1String("fstar"))
        return ScalingPage::View::QatFraction;
    if (name == QLatin1String("measured"))
        return ScalingPage::View::Measured;
    return ScalingPage::View::Curves; // the table's words: curves, contour, fstar, measured
}

} // namespace

int runScalingFigure(const Arguments& args, const FigureExportOptions& options, const QStringList& outs,
                     const QString& csvPath)
{
    const Law law = lawFromArguments(args);
    ScalingPage page;
    page.resize(900, 600);
    page.setLaw(law);
    const ScalingPage::View view = scalingView(args.value("scaling-view"));

    const Inputs inputs = lawInputs(args);
    for (const Variable v : {Variable::N, Variable::D, Variable::G, Variable::Bits, Variable::QatFraction}) {
        if (std::isfinite(inputs.get(v)))
            page.setInput(v, inputs.get(v));
    }
    if (args.isSet("data")) {
        if (!page.openCsv(args.value("data")))
            throw ConfigError(page.statusMessage().toStdString());
    } else if (args.isSet("store")) {
        try {
            page.setMeasuredData(
                scalingDataFromSnapshot(*loadStoreSnapshot(args.value("store")), law.kind(), law.variant()));
        } catch (const ConfigError&) {
            if (view == ScalingPage::View::Measured)
                throw; // the view is the points: say why there are none
        }
    }
    page.setView(view);
    if (args.isSet("quantity") && !page.setQuantity(quantityFromName(args.value("quantity").toStdString())))
        throw ConfigError("the " + law.displayName() + " law has no quantity '" + args.value("quantity").toStdString()
                          + "'");
    if (args.isSet("x") && !page.setVariable(variableFromName(args.value("x").toStdString())))
        throw ConfigError("the " + law.displayName() + " law has no input '" + args.value("x").toStdString() + "'");
    if (args.isSet("series")) {
        const QString series = args.value("series");
        const std::optional<Variable> variable =
            series == QLatin1String("none") ? std::nullopt : std::optional(variableFromName(series.toStdString()));
        if (!page.setSeriesVariable(variable))
            throw ConfigError("the curves cannot differ in '" + series.toStdString() + "' for the " + law.displayName()
                              + " law");
    }
    page.updateNow();
    if (!page.plotMessage().isEmpty())
        throw ConfigError("nothing to draw: " + page.plotMessage().toStdString());

    QString error;
    for (const QString& path : outs) {
        if (!exportFigure(page, path, options, &error))
            throw IoError(error.toStdString());
        out(QStringLiteral("Figure: %1").arg(QFileInfo(path).absoluteFilePath()));
    }
    if (!csvPath.isEmpty()) {
        if (!exportCsv(page, csvPath, &error))
            throw IoError(error.toStdString());
        out(QStringLiteral("Data:   %1").arg(QFileInfo(csvPath).absoluteFilePath()));
    }
    return ExitSuccess;
}

} // namespace qs::cli
