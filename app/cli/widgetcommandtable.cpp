// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
// The table entries of the commands that draw figures: demo, recipe, figure. They need QtWidgets, so
// their run functions are compiled into quantscope-gui only (app/gui/commands/), which registers them;
// `quantscope` starts quantscope-gui for them (needsWidgets).

#include "app/cli/commands.h"
#include "itemmodels/figurewords.h"

namespace qs::cli {

namespace {

// The words of one figure choice (itemmodels/figurewords.h), in its table's order: the first is the default.
template<typename Enum>
std::vector<std::string_view> wordsOf(std::span<const figurewords::Word<Enum>> table)
{
    std::vector<std::string_view> words;
    for (const auto& w : table)
        words.push_back(w.word);
    return words;
}

} // namespace

Command demoCommand()
{
    return {
        .name = "demo",
        .synopsis = {"demo [--dir DIR] [--steps N] [--threads N] [--device DEVICE] [--headless]"},
        .summary = "Train, quantize, store and plot the built-in demo (the GUI shows it when there is a display).",
        .description = "Trains a byte-level LM on the King James Bible with a WSD schedule, sweeps RTN and GPTQ "
                       "configs over its checkpoints, and writes the store and the trajectory figures into the "
                       "folder. Running it again reuses what is stored. With a display it runs in the GUI; "
                       "without one (or with --headless) it finishes on the console.",
        .options =
            {
                text("dir", "DIR", "Demo folder.").withDefault("demo-output"),
                integer("steps", "N", "Override the number of training steps.", 1, 1000000000),
                integer("threads", "N", "Torch threads. Default: all cores.", 1, 4096),
                text("device", "DEVICE",
                     "Where training and the sweep compute: cpu, cuda or cuda:N. A GPU demo runs on the console.")
                    .withDefault("cpu"),
                flag("headless", "Finish on the console even when a display is available."),
            },
        .needsWidgets = true,
    };
}

Command recipeCommand()
{
    return {
        .name = "recipe",
        .synopsis = {"recipe [NAME|FILE] [--dir DIR] [--threads N] [--device DEVICE] [--report-only]"},
        .summary = "Run an experiment recipe (train, branch, average, sweep) and write its report and figures.",
        .description = "Without a name it lists the built-in recipes with their cost (docs/recipes.md). Every step "
                       "is idempotent: running a recipe again finishes what an interrupted run left.",
        .options =
            {
                text("dir", "DIR", "Output folder. Default: ./recipe-<name>."),
                integer("threads", "N", "Torch threads. Default: all cores.", 1, 4096),
                text("device", "DEVICE", "Where training and the sweeps compute: cpu, cuda or cuda:N.")
                    .withDefault("cpu"),
                flag("report-only", "Only write the report and figures of the store in --dir."),
            },
        .positionals = {{.name = "RECIPE", .help = "Built-in recipe name or recipe file; none lists them."}},
        .needsWidgets = true,
    };
}

Command figureCommand()
{
    Command command {
        .name = "figure",
        .synopsis =
            {"figure --store FILE [--run NAME]... [--view VIEW] [--config ID] [--checkpoint STEP] [--layer NAME] "
             "[--metric NAME] [--x-axis step|tokens|order] [--size single|double|WxH] [--figure-style paper|screen] "
             "[--legend below|inside|none] [--dpi N] --out FILE... [--csv FILE]",
             "figure --view scaling (--law-file FILE | --store FILE --fit NAME | --law LAW [--preset P]) "
             "[--scaling-view VIEW] [--quantity Q] [--x VAR] [--series VAR|none] [--N n --D n --G n --bits b --f x] "
             "[--data FILE] --out FILE... [--csv FILE]"},
        .summary = "Export a view of a store (or a scaling law) as a figure for a paper: PDF, SVG, PNG and CSV.",
        .description = "The figure is the GUI's page drawn offscreen in the paper style (black on white, 8 pt) at "
                       "a journal's column width; --csv writes the data behind it.",
        .options =
            {
                text("store", "FILE", "Results store (.h5); optional for --view scaling."),
                texts("run", "NAME",
                      "Run name (default: the first run). Trajectory: repeat it (--run A --run B) or give a "
                      "comma-separated list (--run A,B) to overlay several runs; the first is the selected one, each "
                      "run gets its own line style."),
                word("view", "VIEW", "View to export (scaling: a scaling law, --store optional).",
                     {"trajectory", "heatmap", "breakdown", "outliers", "scaling"})
                    .withDefault("trajectory"),
                text("config", "ID", "Quantization config id. Default: the first quantized one."),
                integer("checkpoint", "STEP", "Checkpoint by training step. Default: the last with results.", 0,
                        std::numeric_limits<std::int64_t>::max()),
                text("layer", "NAME", "Layer by name. Default: the first down_proj."),
                text("metric", "NAME",
                     "Metric: for the trajectory rel_ce (default), delta_ce, kl_mean, kl_p99, top1_agree, sqnr_db; for "
                     "the heatmap and breakdown one the config has."),
                word("x-axis", "AXIS",
                     "Trajectory: the x axis. Default: step, tokens for a run of several stages (OLMo-2's stage 1 "
                     "and stage-2 ingredients), whose steps and tokens add up over the stages; order: the "
                     "checkpoints one after the other.",
                     {"step", "tokens", "order"}),
                text("size", "SIZE",
                     "Figure size: single (3.3 in wide), double (6.9 in) or WxH in inches (height 0.62 × width when "
                     "left out).")
                    .withDefault(figurewords::sizes[0].word),
                integer("dpi", "N", "PNG resolution.", 1, 4800).withDefault("300"),
                // Not "--style": QApplication takes that one as its widget style.
                word("figure-style", "STYLE", "paper: black on white, 8 pt; screen: as the GUI shows it.",
                     wordsOf<FigureKind>(figurewords::styles))
                    .withDefault(figurewords::styles[0].word),
                word("legend", "WHERE", "Paper legend placement.", wordsOf<FigureLegend>(figurewords::legends))
                    .withDefault(figurewords::legends[0].word),
                texts("out", "FILE", "Figure file (.pdf, .svg, .png)."),
                text("csv", "FILE", "Also write the data behind the figure as CSV."),
            },
        .needsWidgets = true,
    };
    const std::string_view scaling = "Scaling view: ";
    for (Option& option : lawOptions(scaling))
        if (option.name != "store")
            command.options.push_back(std::move(option));
    const std::vector<Option> more = {
        word("scaling-view", "VIEW", "Scaling view: what to draw.", {"curves", "contour", "fstar", "measured"})
            .withDefault("curves"),
        word("quantity", "Q", "Scaling view: the quantity drawn.",
             {"loss", "fp_loss", "delta", "eff", "n_eff", "f_star", "f_hat", "S"}),
        word("x", "VAR", "Scaling view: the x variable of the curves.", {"N", "D", "G", "bits", "f"}),
        word("series", "VAR", "Scaling view: the variable the curves differ in, or none.",
             {"N", "D", "G", "bits", "f", "none"}),
        text("data", "FILE", "Scaling view: measured points as CSV. Default: the store's points for the law."),
    };
    command.options.insert(command.options.end(), more.begin(), more.end());
    for (Option& option : lawInputOptions(scaling))
        command.options.push_back(std::move(option));
    return command;
}

} // namespace qs::cli
