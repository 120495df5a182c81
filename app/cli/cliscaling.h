#pragma once

// The scaling-law commands of the CLI (docs/scaling.md):
//   quantscope fit   --law chinchilla|w4a4|qat|ptq … (--csv F | --store S) → coefficients with CIs
//   quantscope query (--law-file F | --store S --fit NAME | --law …) → predictions, solutions, budgets
//   quantscope figure --view scaling (same law options) --out F → the scaling page as a figure
// Output in English (scripts parse it): a table, or JSON with --json.

#include <QStringList>

class QCommandLineParser;

namespace qs {
struct FigureExportOptions;
}

namespace qs::cli {

int cmdFit(QCommandLineParser& parser);
int cmdQuery(QCommandLineParser& parser);

// `figure --view scaling`: a law (--law-file, --store S --fit NAME, or --law with a preset) drawn by
// the scaling page and exported like every other view. addScalingFigureOptions() adds its options to
// the figure command's parser.
void addScalingFigureOptions(QCommandLineParser& parser);
int figureScaling(const QCommandLineParser& parser, const FigureExportOptions& options, const QStringList& outs,
                  const QString& csvPath);

} // namespace qs::cli
