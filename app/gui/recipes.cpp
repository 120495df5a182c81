// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "app/gui/recipes.h"

#include "core/common/errors.h"
#include "itemmodels/selection.h"
#include "itemmodels/storesnapshot.h"
#include "widgets/pages/figurepages.h"
#include "widgets/pages/trajectory/trajectorypage.h"
#include "widgets/plot/figureexport.h"

#include "widgets/plot/qcp.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QRegularExpression>

#include <map>

namespace qs {

namespace {

Recipe readRecipe(const QString& path, const QString& origin)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        throw IoError(origin.toStdString() + ": cannot open recipe");
    const QByteArray text = file.readAll();
    return Recipe::fromJson(text.toStdString(), origin.toStdString());
}

QStringList matchingRuns(const StoreSnapshot& snapshot, const std::vector<std::string>& patterns)
{
    QStringList runs;
    for (const RunSnapshot& run : snapshot.runs) {
        for (const std::string& p : patterns) {
            const QRegularExpression re(QRegularExpression::wildcardToRegularExpression(QString::fromStdString(p)));
            if (re.match(run.name()).hasMatch()) {
                runs << run.name();
                break;
            }
        }
    }
    return runs;
}

QStringList exportTrajectory(const RecipeFigure& figure, const QString& storePath, const QString& base,
                             const FigureExportOptions& options)
{
    Selection selection;
    selection.setSnapshot(loadStoreSnapshot(storePath));
    const int runIndex = selection.snapshot()->runIndex(QString::fromStdString(figure.run));
    if (runIndex < 0)
        throw Error(storePath.toStdString() + ": figure " + figure.file + ": no run '" + figure.run + "'");
    selection.setRun(runIndex);
    FigurePage page = createFigurePage(QStringLiteral("trajectory"), &selection);
    auto* trajectory = qobject_cast<TrajectoryPage*>(page.widget.get());
    if (!trajectory)
        throw Error("this build has no trajectory view");
    QStringList overlays = matchingRuns(*selection.snapshot(), figure.overlay);
    overlays.removeAll(QString::fromStdString(figure.run));
    trajectory->setOverlayRuns(overlays);
    TrajectoryPage::Metric metric;
    if (!TrajectoryPage::metricFromName(QString::fromStdString(figure.metric), &metric))
        throw Error("figure " + figure.file + ": unknown metric '" + figure.metric + "'");
    trajectory->setMetric(metric);
    trajectory->setXAxis(figure.x == "steps" ? TrajectoryAxis::Step : TrajectoryAxis::Tokens);
    QStringList written;
    for (const char* ext : {".png", ".pdf"}) {
        QString error;
        if (!exportFigure(*page.view, base + QLatin1String(ext), options, &error))
            throw Error(error.toStdString());
        written << base + QLatin1String(ext);
    }
    return written;
}

// Quantized CE against the QAT fraction, relative to PTQ (f = 0) of the same budget, so budgets of
// very different loss share one axis: one line per (budget, fusion), markers at the grid.
QStringList exportQatFractions(const Recipe& recipe, const QString& storePath, const QString& base)
{
    const auto points = qatFractionPoints(recipe, storePath.toStdString());
    QCustomPlot plot;
    std::map<std::pair<std::string, std::string>, QCPGraph*> graphs;
    const QList<QColor> colors {QColor(0x1f, 0x77, 0xb4), QColor(0xd6, 0x27, 0x28), QColor(0x2c, 0xa0, 0x2c)};
    std::map<std::string, int> budgetIndex;
    std::map<std::string, double> ptq;
    for (const QatFractionPoint& p : points)
        if (p.fraction == 0.0)
            ptq[p.trunk] = p.quantizedCe;
    for (const QatFractionPoint& p : points) {
        const auto key = std::pair {p.trunk, p.fusion};
        QCPGraph*& graph = graphs[key];
        if (!graph) {
            const int b = budgetIndex.try_emplace(p.trunk, int(budgetIndex.size())).first->second;
            graph = plot.addGraph();
            graph->setName(QStringLiteral("%1 steps, %2").arg(p.budgetSteps).arg(QString::fromStdString(p.fusion)));
            QPen pen(colors[b % colors.size()], 1.5, p.fusion == "fused" ? Qt::SolidLine : Qt::DashLine);
            graph->setPen(pen);
            graph->setScatterStyle(
                QCPScatterStyle(p.fusion == "fused" ? QCPScatterStyle::ssCircle : QCPScatterStyle::ssSquare, 6));
        }
        const auto base = ptq.find(p.trunk);
        if (std::isfinite(p.quantizedCe) && base != ptq.end())
            graph->addData(p.fraction, p.quantizedCe - base->second);
    }
    plot.xAxis->setLabel(QStringLiteral("QAT fraction f of the token budget"));
    plot.yAxis->setLabel(QStringLiteral("quantized CE − PTQ's (nats/byte)"));
    plot.legend->setVisible(true);
    plot.axisRect()->insetLayout()->setInsetAlignment(0, Qt::AlignBottom | Qt::AlignLeft);
    plot.rescaleAxes();
    plot.yAxis->scaleRange(1.2);
    plot.xAxis->setRange(-0.03, 1.0);
    QStringList written;
    for (const char* ext : {".png", ".pdf"}) {
        QString error;
        if (!savePlotFigure(&plot, base + QLatin1String(ext), &error, 900, 560))
            throw Error(error.toStdString());
        written << base + QLatin1String(ext);
    }
    return written;
}

} // namespace

std::vector<Recipe> builtinRecipes()
{
    std::vector<Recipe> recipes;
    const QDir dir(QStringLiteral(":/recipes"));
    for (const QString& name : dir.entryList({QStringLiteral("*.json")}, QDir::Files, QDir::Name))
        recipes.push_back(readRecipe(dir.filePath(name), QStringLiteral("resources/recipes/") + name));
    return recipes;
}

Recipe findRecipe(const QString& nameOrPath)
{
    QStringList names;
    for (Recipe& recipe : builtinRecipes()) {
        if (QString::fromStdString(recipe.name) == nameOrPath)
            return recipe;
        names << QString::fromStdString(recipe.name);
    }
    if (QFileInfo(nameOrPath).isFile())
        return readRecipe(nameOrPath, nameOrPath);
    throw ConfigError("no recipe '" + nameOrPath.toStdString() + "': neither a file nor a built-in recipe ("
                      + names.join(QStringLiteral(", ")).toStdString() + ")");
}

QStringList exportRecipeFigures(const Recipe& recipe, const QString& storePath, const QString& dir)
{
    FigureExportOptions options;
    options.size = FigureExportOptions::Size::DoubleColumn;
    QStringList written;
    for (const RecipeFigure& figure : recipe.figures()) {
        const QString base = QDir(dir).filePath(QString::fromStdString(figure.file));
        if (figure.kind == "qat_fractions")
            written << exportQatFractions(recipe, storePath, base);
        else
            written << exportTrajectory(figure, storePath, base, options);
    }
    return written;
}

} // namespace qs
