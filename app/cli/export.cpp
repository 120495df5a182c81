// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
// quantscope export: a stored (revision, config) of a Hugging Face run written as a GPTQ, AWQ or
// compressed-tensors checkpoint that transformers, GPTQModel and compressed-tensors load
// (core/engine/hfexport.h).

#include "app/cli/clioptions.h"
#include "app/cli/clioutput.h"
#include "app/cli/commands.h"
#include "app/cli/version.h"

#include "core/common/errors.h"
#include "core/config/config.h"
#include "core/engine/hfexport.h"
#include "core/engine/hfmemory.h"
#include "core/store/store.h"

#include <algorithm>
#include <limits>

namespace qs::cli {

namespace {

int runExport(const Arguments& args)
{
    HfExportOptions options;
    options.format = args.value("format").toStdString();
    options.producer = "quantscope:" + versions().quantScope.toStdString();
    options.threads = int(args.integer("threads", 0));
    options.device = args.value("device").toStdString();
    if (args.isSet("memory"))
        options.memoryBudget = args.parsed<int64_t>("memory", args.value("memory"), &parseMemorySize);
    options.scratchDir = args.value("scratch").toStdString();

    // Read-only: the export computes again and stores nothing.
    Store store = Store::open(args.value("store").toStdString());
    // A config is named by its id or by the spec that makes it ("mxfp4" is both a spec and not an id).
    const std::string run = args.value("run").toStdString();
    std::string config = args.value("config").toStdString();
    if (store.hasRun(run)) {
        const std::vector<std::string> ids = store.configIds(run);
        if (std::find(ids.begin(), ids.end(), config) == ids.end()) {
            try {
                config = QuantConfig::parse(config).id();
            } catch (const ConfigError& e) {
                throw ConfigError("run '" + run + "' of " + store.path() + " holds no config '" + config
                                  + "', and it is not a spec of one: " + e.what());
            }
        }
    }
    HfExportSummary summary;
    {
        ConsoleProgress console;
        summary = exportHfCheckpoint(store, run, args.integer("step", 0), config, args.value("out").toStdString(),
                                     options, console.callback());
    }
    out(QStringLiteral("Wrote %1: %2 checkpoint, %3 quantized layers, %4 bytes")
            .arg(QString::fromStdString(summary.folder), QString::fromStdString(summary.format))
            .arg(summary.layers)
            .arg(qulonglong(summary.bytes)));
    out(QStringLiteral("  quantization_config: %1").arg(QString::fromStdString(summary.quantizationConfig)));
    out(QStringLiteral("  CE of the checkpoint as written: %1 nats per token; stored by the sweep: %2 (difference %3)")
            .arg(summary.exportedCe, 0, 'f', 6)
            .arg(summary.storedCe, 0, 'f', 6)
            .arg(summary.exportedCe - summary.storedCe, 0, 'g', 3));
    return ExitSuccess;
}

} // namespace

Command exportCommand()
{
    return {
        .name = "export",
        .synopsis = {"export --store FILE --run NAME --step S --config ID|SPEC --out DIR [--format NAME] "
                     "[--threads N] [--device DEVICE] [--memory SIZE] [--scratch DIR]"},
        .summary = "Write a stored (revision, config) of a Hugging Face run as a quantized checkpoint that "
                   "transformers, GPTQModel and compressed-tensors load: GPTQ (GPTQ and AWQ configs; 2, 4 or 8 "
                   "bits), AWQ GEMM (AWQ configs, 4 bits) or compressed-tensors (fp8, mxfp4, mxfp8, nvfp4).",
        .description =
            "The store keeps metrics, not weights: the revision is quantized again with the stored config (the "
            "sweep's codes again) and written as a new revision folder: config.json with its "
            "quantization_config, the tokenizer files, model.safetensors with each linear layer as the format "
            "stores it (qweight, qzeros, float16 scales and g_idx; or compressed-tensors' weight_packed, "
            "weight_scale, …). Prints QuantScope's CE of the checkpoint as written (GPTQ and AWQ: with the "
            "float16 scales) next to the stored one. Refused: configs that keep layers at other bits; GPTQ and "
            "AWQ configs that quantize activations; activations other than FP8 per token for compressed-tensors, "
            "which quantizes them at run time with its own rounding of MX and NVFP4 scales.",
        .options =
            {
                text("store", "FILE", "Results store (.h5).").require(),
                text("run", "NAME", "The Hugging Face run (quantscope import).").require(),
                integer("step", "S", "The revision's training step.", 0, std::numeric_limits<int64_t>::max()).require(),
                text("config", "ID",
                     "The stored config, by id (awq_w4_g128, gptq_w4_g128_sym_act) or by the spec that makes it "
                     "(awq:4, gptq:4:g128:sym:act).")
                    .require(),
                text("out", "DIR", "The new checkpoint folder (must not exist).").require(),
                word("format", "NAME",
                     "gptq, awq or compressed-tensors. Default: the config's own (GPTQ configs gptq, AWQ configs "
                     "awq, fp8, mxfp4, mxfp8 and nvfp4 configs compressed-tensors).",
                     {"gptq", "awq", "compressed-tensors"}),
                integer("threads", "N", "Torch threads. Default: all cores.", 1, 4096),
                text("device", "DEVICE", "Torch device: cpu, cuda or cuda:N.").withDefault("cpu"),
                text("memory", "SIZE", "Peak memory to plan for, as for sweep. Default: half the machine's memory."),
                text("scratch", "DIR", "Folder for scratch files, as for sweep. Default: the store's folder."),
            },
        .run = &runExport,
    };
}

} // namespace qs::cli
