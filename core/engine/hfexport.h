// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// quantscope export: one stored (revision, config) of a Hugging Face run written as a quantized
// checkpoint that its format's own clients load: a revision folder with config.json (the source's, with
// the format's quantization_config), the source's tokenizer files and one model.safetensors.
//
// The store keeps metrics, not weights, so the export quantizes the revision again with the stored
// config (the Hugging Face sweep, in dry-run mode: nothing is written to the store), which gives the
// sweep's codes again when run as the sweep was (the same device, threads and calibration chunks; the
// printed CE difference shows any gap). GPTQ and AWQ keep float16 scales: the later layers are calibrated
// as in the sweep (on Ŵ with float32 scales, as GPTQModel's are), and each block is evaluated with its Ŵ
// as the format's client computes it, so the CE printed is the checkpoint's as written. Formats:
//
//   gptq  GPTQ configs (2, 4 or 8 bits) and AWQ configs: per linear layer qweight (int32 [in / (32 / bits),
//         out], codes packed along the input, low bits first), qzeros (int32 [groups, out / (32 / bits)]),
//         scales (float16 [groups, out]) and g_idx (int32 [in], each input column's group: act-order).
//         Symmetric grids as GPTQ v1 (zero points stored less one, the layout every GPTQ loader reads);
//         asymmetric ones as "gptq_v2" (zero points as they are: v1 cannot store a zero point of 0).
//   awq   AWQ configs at 4 bits with groups: AutoAWQ's GEMM layout, qweight int32 [in, out / 8] and qzeros
//         int32 [groups, out / 8] with the eight codes of a word in AutoAWQ's order (0, 2, 4, 6, 1, 3, 5, 7),
//         unsigned codes and zero points (compressed-tensors' signed ones + 8), scales float16 [groups, out].
//         AWQ's scales are already folded into the norms and linears (written from the scaled blocks).
//   compressed-tensors  fp8 configs (E4M3, per channel or per tensor: float-quantized, weight float8_e4m3fn
//         and a float32 weight_scale), mxfp8 (mxfp8-quantized: float8 elements, E8M0 scale bytes per 32),
//         mxfp4 (mxfp4-pack-quantized: two E2M1 nibbles a byte, the even column low, E8M0 scale bytes) and
//         nvfp4 (nvfp4-pack-quantized: E2M1 nibbles, float8 block scales, weight_global_scale the
//         reciprocal of the tensor scale, which compressed-tensors divides by). Inputs quantized as FP8 per
//         token go into the config groups as dynamic input_activations, one group per distinct input
//         setting (a mixed config's kinds), each naming its modules; MX and NVFP4 inputs are refused, as
//         compressed-tensors rounds their scales otherwise than QuantScope (exportformats.cpp).
//
// Only configs a checkpoint of the format computes like QuantScope: every layer at the config's bits
// (no per-kind weight overrides); GPTQ and AWQ weights only. Everything else is refused with a
// ConfigError naming what the format cannot hold, before anything is computed. No torch in this header.

#include "core/common/progress.h"

#include <cstdint>
#include <string>

namespace qs {

class Store;

struct HfExportOptions
{
    // "gptq", "awq" or "compressed-tensors"; empty: the config's own (AWQ configs awq, fp8, mxfp4, mxfp8 and
    // nvfp4 configs compressed-tensors, GPTQ configs gptq)
    std::string format;
    std::string producer;       // written into GPTQ's meta.quantizer, e.g. "quantscope:1.4.0"
    int threads = 0;            // as SweepOptions
    std::string device = "cpu"; // as SweepOptions
    int64_t memoryBudget = 0;   // as SweepOptions
    std::string scratchDir;     // as SweepOptions
};

struct HfExportSummary
{
    std::string folder;
    std::string format;             // "gptq", "gptq_v2", "awq", "float-quantized", "mxfp4-pack-quantized", …
    std::string quantizationConfig; // the JSON written into config.json
    int layers = 0;                 // quantized linear layers written
    uint64_t bytes = 0;             // of model.safetensors
    // The validation CE the store holds for (revision, config), and QuantScope's CE of the checkpoint as
    // written (float16 scales), in nats per token.
    double storedCe = 0.0;
    double exportedCe = 0.0;
};

// Writes the checkpoint of run `run`'s revision at `step` quantized with stored config `configId` into
// the new folder `folder` (written as folder + ".partial", renamed when complete; an existing folder is
// never touched). ConfigError for a run that is not a Hugging Face trajectory, a config or step the store
// does not hold, a format the config does not fit; IoError naming the file for a failed write.
HfExportSummary exportHfCheckpoint(Store& store, const std::string& run, int64_t step, const std::string& configId,
                                   const std::string& folder, const HfExportOptions& options = {},
                                   const Progress& progress = {});

} // namespace qs
