// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
// quantscope sweep / resume: every checkpoint of a run (or of every run) quantized with each config,
// each (checkpoint, config) result stored as soon as it is done (core/engine/sweep.h).

#include "app/cli/clioptions.h"
#include "app/cli/clioutput.h"
#include "app/cli/commands.h"

#include "core/engine/hfmemory.h"
#include "core/engine/sweep.h"
#include "core/hf/hfprotocol.h"
#include "core/store/store.h"

#include <algorithm>

namespace qs::cli {

namespace {

int runSweep(const Arguments& args)
{
    const std::vector<QuantConfig> configs = quantConfigs(args);
    SweepOptions options;
    options.threads = int(args.integer("threads", 0));
    options.device = args.value("device").toStdString();
    options.dtype = args.value("dtype").toStdString();
    if (args.isSet("memory"))
        options.memoryBudget = args.parsed<int64_t>("memory", args.value("memory"), &parseMemorySize);
    options.scratchDir = args.value("scratch").toStdString();
    options.spill = args.isSet("spill");
    options.sensitivity = args.isSet("sensitivity");
    if (args.isSet("step"))
        options.onlyStep = args.integer("step", 0);
    if (args.isSet("downstream")) {
        options.downstreamTasks = parseDownstreamTasks(args.value("downstream").toStdString());
        if (!args.isSet("downstream-data"))
            throw BadUsage(QStringLiteral("--downstream needs --downstream-data DIR, the folder of the task files "
                                          "(docs/downstream.md)"));
        options.downstreamData = args.value("downstream-data").toStdString();
        options.downstream.numFewshot = int(args.integer("num-fewshot", 5));
        options.downstream.limit = args.integer("limit", 0);
    } else {
        for (const char* o : {"downstream-data", "num-fewshot", "limit"})
            if (args.isSet(o))
                throw BadUsage(QStringLiteral("--%1 is an option of --downstream").arg(QLatin1String(o)));
    }

    Store store = Store::open(args.value("store").toStdString(), Store::Mode::ReadWrite);
    std::vector<std::string> runs;
    if (args.isSet("run"))
        runs.push_back(args.value("run").toStdString());
    else
        runs = store.runs();
    for (const auto& run : runs) {
        SweepSummary summary;
        {
            ConsoleProgress console;
            summary = sweepRun(store, run, configs, options, console.callback());
        }
        if (!summary.memoryPlan.empty())
            out(QStringLiteral("  %1").arg(QString::fromStdString(summary.memoryPlan)));
        for (const auto& [stage, seconds] : summary.stageSeconds)
            out(QStringLiteral("  %1: %2 s").arg(QString::fromStdString(stage)).arg(seconds, 0, 'f', 2));
        out(QStringLiteral("Run '%1': %2 results computed, %3 already stored")
                .arg(QString::fromStdString(run))
                .arg(summary.computed)
                .arg(summary.skipped));
        printSweepTimes(summary);
        printSensitivityCost(summary);
        if (summary.downstreamEntries > 0)
            out(QStringLiteral("  downstream tasks: %1 entries of %2 requests, %3 s per entry")
                    .arg(summary.downstreamEntries)
                    .arg(summary.downstreamRequests)
                    .arg(summary.downstreamSeconds / summary.downstreamEntries, 0, 'f', 2));
    }
    return ExitSuccess;
}

std::vector<Option> sweepOptions()
{
    std::vector<Option> options = {
        text("store", "FILE", "Results store (.h5).").require(),
        text("run", "NAME", "Run name. Default: every run of the store."),
    };
    for (Option& o : quantOptions())
        options.push_back(std::move(o));
    for (Option o : {
             integer("threads", "N", "Torch threads. Default: all cores.", 1, 4096),
             text("device", "DEVICE", "Torch device: cpu, cuda or cuda:N.").withDefault("cpu"),
             text("dtype", "TYPE",
                  "Compute type of the forward pass, the evaluation and the calibration activations of a Hugging Face "
                  "sweep: float32, bfloat16 or float16 (GPTQ's Hessian and Cholesky stay float32). Recorded with "
                  "every config; a run holds results of one type.")
                 .withDefault("float32"),
             text("memory", "SIZE",
                  "Peak memory a Hugging Face sweep plans for, e.g. 8G or 512M; validation states that do not fit go "
                  "to a scratch file. Default: half the machine's memory."),
             text("scratch", "DIR", "Folder for the scratch files of --memory. Default: the store's folder."),
             flag("spill", "Keep validation states in scratch files even when they would fit in --memory."),
             flag("sensitivity",
                  "Measure per-layer sensitivity too (the built-in trainer's runs): for every quantized config and "
                  "layer, ΔCE and KL with only that layer quantized and with every layer but it, and the Fisher "
                  "estimate; stored as layer metrics. Entries stored without them are computed again."),
             integer("step", "S", "Only the checkpoint of this training step.", 0, std::numeric_limits<int64_t>::max()),
             text("downstream", "TASKS",
                  "Score every entry (the FP model's too) on multiple-choice tasks as lm-eval does: all or a "
                  "comma-separated list of arc_challenge, arc_easy, openbookqa, piqa, hellaswag, winogrande, mathqa, "
                  "pubmedqa, sciq, social_iqa, commonsense_qa, mmlu (docs/downstream.md). Stores acc, acc_norm and "
                  "their standard errors per task, the mean, and each quantized entry's relative accuracy drop with "
                  "its paired interval. Entries stored without them are computed again."),
             text("downstream-data", "DIR", "With --downstream: the task files, DIR/<task>/<split>.jsonl."),
             integer("num-fewshot", "N", "With --downstream: few-shot examples per prompt.", 0, 64).withDefault("5"),
             integer("limit", "N",
                     "With --downstream: only the first N documents of each task (of each MMLU subject), for a "
                     "quick look; recorded with the results.",
                     1, std::numeric_limits<int32_t>::max()),
         })
        options.push_back(std::move(o));
    return options;
}

constexpr std::string_view kSweepDescription =
    "Each result is stored as soon as it is done: an interrupted sweep (Ctrl+C, a killed process) keeps "
    "everything finished, and the same command again computes only what is missing.";

} // namespace

std::vector<Option> quantOptions()
{
    return {
        texts("quant", "SPEC",
              "Quantization config: method[:bits][:options] with method none, rtn, gptq, awq (asymmetric, groups "
              "of 128, clip for AutoAWQ's clipping search), hqq (2, 3, 4, 8 bits, "
              "groups of 64), nf4 or fp4 (bitsandbytes, blocks of 64, dq|nodq double quantization), int8 "
              "(LLM.int8), mxfp4, mxfp8, nvfp4 or fp8 (e4m3|e5m2, pc per channel or pt per tensor); options pc|gN, "
              "sym|asym, act|noact and dampF (gptq: act-order, damping F of the mean Hessian diagonal, default 0.01), "
              "calNxT (gptq, awq: N calibration sequences of T tokens), aB|aBgN|aBmx|aBnv|aBfp|a8lt "
              "(activations: integers per token or per group of N channels, MXFP4/MXFP8, NVFP4, FP8 per token, "
              "LLM.int8's outlier decomposition), kind=wBaB (mixed precision, kind q k v o gate up down; a format "
              "too, down=a8mx, or down=a8i for integers under another format), rot|rotS|rotd (the model rotated "
              "first, QuaRot-style: Hadamard R1 on the residual stream and R2 on the heads fused into the weights, "
              "an online Hadamard before down_proj; rot and rotS with random signs from seed 0 or S, rotd the plain "
              "matrices; not with awq). E.g. rtn:4:g128:sym, "
              "gptq:3:g128:sym:act, awq:4, rtn:4:g128:a4:down=a8, none:a4, nf4, mxfp4:a4mx:down=a8mx, fp8:a8fp, "
              "int8:a8lt, hqq:3, gptq:4:g128:a4:rot. The FP reference (fp) is always measured. Default: rtn:4:g128:sym "
              "and "
              "rtn:3:g128:sym."),
        word("protocol", "NAME",
             "Add a named protocol's configs: paper1 (GPTQ W4 and W3 g128 sym act-order, damping 0.01, 1,024 "
             "calibration documents of up to 2,048 tokens).",
             {"paper1"}),
    };
}

std::vector<QuantConfig> quantConfigs(const Arguments& args)
{
    QStringList specs = args.values("quant");
    if (args.isSet("protocol")) {
        for (const std::string& spec : protocolPreset(args.value("protocol").toStdString()).quant)
            specs.append(QString::fromStdString(spec));
    }
    if (specs.isEmpty())
        specs = {QStringLiteral("rtn:4:g128:sym"), QStringLiteral("rtn:3:g128:sym")};
    std::vector<QuantConfig> configs;
    for (const QString& spec : specs)
        configs.push_back(args.parsed<QuantConfig>("quant", spec, &QuantConfig::parse));
    return configs;
}

void printSensitivityCost(const SweepSummary& summary)
{
    if (summary.sensitivityEntries == 0 || summary.blocks == 0)
        return;
    // One evaluation runs 2 × blocks block halves over the validation set.
    const double evaluations = double(summary.sensitivityHalves) / (2.0 * summary.blocks * summary.sensitivityEntries);
    const double naive = 2.0 * summary.layers;
    double measured = 0.0, evaluation = 0.0;
    for (const auto& [stage, seconds] : summary.stageSeconds) {
        if (stage.rfind("layer sensitivity: leave-one", 0) == 0)
            measured += seconds;
        if (stage == "evaluation forward and comparison")
            evaluation += seconds;
    }
    out(QStringLiteral("  per-layer sensitivity: %1 entries, each the work of %2 evaluations where 2 × %3 layers "
                       "full evaluations would be %4 (%5 %); measured %6 × the evaluation's time")
            .arg(summary.sensitivityEntries)
            .arg(evaluations, 0, 'f', 1)
            .arg(summary.layers)
            .arg(naive, 0, 'f', 0)
            .arg(100.0 * evaluations / naive, 0, 'f', 0)
            .arg(evaluation > 0.0 ? QString::number(measured / evaluation, 'f', 1) : QStringLiteral("–")));
}

void printSweepTimes(const SweepSummary& summary)
{
    if (summary.references > 0)
        out(QStringLiteral("  loading + FP distributions: %1 checkpoints, %2 s per checkpoint")
                .arg(summary.references)
                .arg(summary.referenceSeconds / summary.references, 0, 'f', 2));
    for (const auto& [id, seconds] : summary.seconds) {
        const int n = summary.entries.at(id);
        out(QStringLiteral("  %1: %2 checkpoints, %3 s per checkpoint")
                .arg(QString::fromStdString(id))
                .arg(n)
                .arg(seconds / std::max(n, 1), 0, 'f', 2));
    }
}

Command sweepCommand()
{
    return {
        .name = "sweep",
        .synopsis = {"sweep --store FILE [--run NAME] [--quant SPEC]... [--threads N] [--device DEVICE] [--dtype TYPE] "
                     "[--downstream TASKS --downstream-data DIR [--num-fewshot N] [--limit N]]"},
        .summary = "Quantize every checkpoint of a run with each config and store the metrics.",
        .description = kSweepDescription,
        .options = sweepOptions(),
        .run = &runSweep,
    };
}

Command resumeCommand()
{
    return {
        .name = "resume",
        .synopsis =
            {"resume --store FILE [--run NAME] [--quant SPEC]... [--threads N] [--device DEVICE] [--dtype TYPE] "
             "[--downstream TASKS --downstream-data DIR [--num-fewshot N] [--limit N]]"},
        .summary = "The same as sweep: compute what an interrupted sweep left (give it the same configs).",
        .description = kSweepDescription,
        .options = sweepOptions(),
        .run = &runSweep,
    };
}

} // namespace qs::cli
