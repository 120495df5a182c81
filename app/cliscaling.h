#pragma once

// The scaling-law commands of the CLI (docs/scaling.md):
//   quantscope fit   --law chinchilla|w4a4|qat|ptq … (--csv F | --store S) → coefficients with CIs
//   quantscope query (--law-file F | --store S --fit NAME | --law …) → predictions, solutions, budgets
// Output in English (scripts parse it): a table, or JSON with --json.

class QCommandLineParser;

namespace qs::cli {

int cmdFit(QCommandLineParser& parser);
int cmdQuery(QCommandLineParser& parser);

} // namespace qs::cli
