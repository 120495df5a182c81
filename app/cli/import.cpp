// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
// quantscope import: a trajectory of Hugging Face revisions (folders with config.json and safetensors
// or PyTorch .bin weights) as a run of a results store, which `quantscope sweep` then quantizes like a
// run of the built-in trainer (core/hf/hfrun.h).

#include "app/cli/clioptions.h"
#include "app/cli/clioutput.h"
#include "app/cli/commands.h"

#include "core/formats/hfconfig.h"
#include "core/hf/hfprotocol.h"
#include "core/hf/hfrun.h"
#include "core/store/store.h"

#include <QFileInfo>

#include <cmath>

namespace qs::cli {

namespace {

int runImport(const Arguments& args)
{
    args.requireOneOf({"text", "tokens"});
    args.forbidTogether("lr-log", "lr-schedule");
    args.forbidTogether("lr-log", "log");
    for (const char* tag : {"lr-tag", "loss-tag"}) {
        if (args.isSet(tag) && !args.isSet("log"))
            throw BadUsage(QStringLiteral("--%1 names a series of the --log training log: give --log too")
                               .arg(QLatin1String(tag)));
    }
    if (args.isSet("tokenizer") && !args.isSet("text"))
        throw BadUsage(QStringLiteral("--tokenizer goes with --text (a --tokens file is tokenized already)"));
    HfImportOptions options;
    options.lrSchedule = args.value("lr-schedule").toStdString();
    if (!options.lrSchedule.empty()) // its syntax is part of the command line: checked before any work
        args.parsed<double>("lr-schedule", args.value("lr-schedule"),
                            [](const std::string& spec) { return describedScheduleLr(spec, 0); });
    const std::string storePath = args.value("store").toStdString();
    const std::string run = args.value("run").toStdString();
    for (const QString& p : args.positionals())
        options.sources.push_back(p.toStdString());
    options.manifest = args.value("manifest").toStdString();
    options.lrLog = args.value("lr-log").toStdString();
    options.log = args.value("log").toStdString();
    options.lrTag = args.value("lr-tag").toStdString();
    options.lossTag = args.value("loss-tag").toStdString();
    options.report = [](const std::string& line) { out(QString::fromStdString(line)); };
    options.tokensPerStep = args.number("tokens-per-step", 0.0);
    HfEvalData& data = options.data;
    data.seqLen = int(args.integer("seq-len"));
    data.valSequences = int(args.integer("val-sequences"));
    data.stride = int(args.integer("stride", 0));
    data.tokenBudget = args.integer("token-budget", 0);
    data.calibData = args.value("calibration").toStdString();
    data.calibFormat = args.value("calibration-format").toStdString();
    data.calibUnit = args.value("calibration-unit").toStdString();
    data.calibOrder = args.value("calibration-order").toStdString();
    if (args.isSet("protocol")) {
        // A preset's settings, each unless given on the command line.
        const ProtocolPreset& preset = protocolPreset(args.value("protocol").toStdString());
        if (!args.isSet("seq-len"))
            data.seqLen = preset.seqLen;
        if (!args.isSet("stride"))
            data.stride = preset.stride;
        if (!args.isSet("token-budget"))
            data.tokenBudget = preset.tokenBudget;
        if (!args.isSet("calibration-unit"))
            data.calibUnit = preset.calibrationUnit;
        if (!args.isSet("calibration-order"))
            data.calibOrder = preset.calibrationOrder;
    }
    data.batchSize = int(args.integer("batch"));
    data.rawTokenType = args.value("token-type").toStdString();
    if (args.isSet("tokens")) {
        data.data = args.value("tokens").toStdString();
    } else {
        data.data = args.value("text").toStdString();
        data.tokenizer = args.value("tokenizer").toStdString();
        if (data.tokenizer.empty()) {
            const auto revisions = collectRevisions(options);
            const QString candidate =
                QString::fromStdString(revisions.front().path) + QStringLiteral("/tokenizer.json");
            if (!QFileInfo::exists(candidate))
                throw ConfigError(revisions.front().path
                                  + " has no tokenizer.json; name the model's tokenizer with --tokenizer");
            data.tokenizer = candidate.toStdString();
        }
    }

    Store store = Store::openOrCreate(storePath);
    const auto added = importHfTrajectory(store, run, options);
    const auto rows = store.checkpoints(run);
    const HfArch arch = HfArch::fromJson(store.runInfo(run).modelConfigJson, storePath);
    out(QStringLiteral("Run '%1' (%2, %3 non-embedding parameters): %4 revisions added, %5 in all")
            .arg(QString::fromStdString(run), QString::fromStdString(arch.summary()))
            .arg(double(arch.parameterCount()), 0, 'g', 3)
            .arg(added.size())
            .arg(rows.size()));
    for (size_t i = 0; i < added.size(); ++i) {
        const RevisionInfo& r = added[i];
        // The LR as stored: the manifest's, or interpolated from a log or a schedule.
        const double lr = rows[rows.size() - added.size() + i].lr;
        out(QStringLiteral("  %1  step %2%3%4")
                .arg(QString::fromStdString(r.name), -40)
                .arg(r.step ? *r.step : -1)
                .arg(r.tokens ? QStringLiteral("  tokens %1").arg(*r.tokens, 0, 'g', 4) : QString())
                .arg(std::isfinite(lr) ? QStringLiteral("  lr %1").arg(lr, 0, 'g', 4) : QString()));
    }
    const HfEvalData stored = HfEvalData::fromJson(store.runInfo(run).source);
    if (!stored.protocol.empty())
        out(QStringLiteral("Protocol: %1").arg(QString::fromStdString(stored.protocol)));
    if (args.isSet("protocol"))
        out(QStringLiteral("Next: quantscope sweep --store %1 --run %2 --protocol %3")
                .arg(QString::fromStdString(storePath), QString::fromStdString(run), args.value("protocol")));
    else
        out(QStringLiteral("Next: quantscope sweep --store %1 --run %2 --quant gptq:4:g128:sym:act …")
                .arg(QString::fromStdString(storePath), QString::fromStdString(run)));
    return ExitSuccess;
}

} // namespace

Command importCommand()
{
    return {
        .name = "import",
        .synopsis = {"import --store FILE --run NAME REVISION... (--text FILE [--tokenizer FILE] | --tokens FILE) "
                     "[--manifest FILE] [--log FILE|FOLDER [--lr-tag TAG] [--loss-tag TAG]] [--lr-log FILE | "
                     "--lr-schedule SPEC] "
                     "[--seq-len N]"},
        .summary = "Make a trajectory of Hugging Face revisions a run of a store, for sweep to quantize.",
        .description =
            "Revisions are folders with config.json and safetensors weights, or PyTorch .bin ones "
            "(pytorch_model.bin or its shards), of Llama, Mistral, Qwen2, Qwen3, OLMo-1, OLMo-2, "
            "OLMo-3, SmolLM3, Apertus or GPT-NeoX/Pythia; their steps come from the folder names or a manifest. The "
            "evaluation and calibration data is a text file with a tokenizer, or pre-tokenized ids.",
        .options =
            {
                text("store", "FILE", "Results store (.h5); created if absent.").require(),
                text("run", "NAME", "Name of the run the revisions become (extended if it exists).").require(),
                text("manifest", "FILE", "CSV or JSON manifest: path, step, tokens, lr, stage per revision."),
                text("text", "FILE", "Validation and calibration text, tokenized with --tokenizer."),
                text("tokenizer", "FILE", "tokenizer.json. Default: the one in the first revision folder."),
                text("tokens", "FILE", "Pre-tokenized validation and calibration data (.npy, or raw .bin)."),
                word("token-type", "TYPE", "Value type of a raw token file.", {"uint16", "uint32"})
                    .withDefault("uint16"),
                integer("seq-len", "N", "Tokens per evaluation block (L).", 2, 65536).withDefault("256"),
                integer("val-sequences", "N", "Evaluation blocks, when no --token-budget is given.", 1, 1 << 20)
                    .withDefault("16"),
                integer("stride", "S",
                        "Tokens between the starts of evaluation blocks (at most L; blocks after the first score "
                        "only the tokens they add, as HF's strided perplexity does). Default: L.",
                        1, 65536),
                integer("token-budget", "N",
                        "Evaluation tokens: blocks of L at stride S over the first N tokens (the last ones without "
                        "--calibration).",
                        2, int64_t(1) << 40),
                text("calibration", "FILE",
                     "Calibration data of its own: a text file (documents separated by empty lines), JSON lines "
                     "(a \"text\" field per line) or a token file. Default: windows of the evaluation data before "
                     "the evaluation blocks."),
                word("calibration-format", "FORMAT", "Format of --calibration.", {"auto", "text", "jsonl", "tokens"})
                    .withDefault("auto"),
                word("calibration-unit", "UNIT",
                     "Calibration sequences: whole documents (cut at the config's calibration length) or windows.",
                     {"documents", "windows"})
                    .withDefault("documents"),
                word("calibration-order", "ORDER",
                     "Which documents or windows: the first ones in the file, or drawn with the config's seed.",
                     {"first", "random"})
                    .withDefault("first"),
                word("protocol", "NAME",
                     "A named protocol's evaluation settings: paper1 (arXiv 2510.06213: 2048-token blocks at stride "
                     "2048 over 600,000 tokens, the first documents of --calibration).",
                     {"paper1"}),
                integer("batch", "N", "Sequences per forward pass.", 1, 4096).withDefault("4"),
                text("log", "FILE|FOLDER",
                     "The run's training log: TensorBoard event files (a folder of them or one events.out.tfevents.* "
                     "file), a W&B history export (CSV with _step, or JSON lines) or a CSV log. Its LR and training "
                     "loss become the run's per-step log, each revision's LR is interpolated from it, and every "
                     "scalar is kept in the store (scalars/)."),
                text("lr-tag", "TAG",
                     "The --log series holding the LR. Default: lr, learning_rate, train/lr, optim/lr, "
                     "lr-AdamW, ... (the first present)."),
                text("loss-tag", "TAG",
                     "The --log series holding the training loss. Default: train/loss, train_loss, "
                     "loss, ... (the first present)."),
                text("lr-log", "FILE",
                     "Training log (CSV with step and lr or learning_rate columns) giving each revision's LR only "
                     "(--log reads more)."),
                text("lr-schedule", "SPEC",
                     "The run's LR schedule, e.g. wsd:peak=3e-4,warmup=2000,total=143000,decay=0.2,min=0 (kinds wsd, "
                     "cosine, linear, constant)."),
                positiveNumber("tokens-per-step", "N",
                               "Tokens per optimizer step, for revisions whose names give only the step."),
            },
        .positionals = {{.name = "REVISION",
                         .help =
                             "Revision folders, folders holding them, or files listing them (none: the manifest's).",
                         .repeatable = true}},
        .run = &runImport,
    };
}

} // namespace qs::cli
