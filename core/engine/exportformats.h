// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The checkpoint layouts quantscope export writes (hfexport.h): what each holds per linear layer, which
// configs fit it, and its quantization_config. Include only from core .cpp files: this header pulls in
// libtorch.

#include "core/common/kinds.h"
#include "core/config/config.h"
#include "core/formats/safetensors.h"

#include <nlohmann/json.hpp>
#include <torch/torch.h>

#include <map>
#include <string>
#include <vector>

namespace qs {

struct QuantizedLayer;

enum class ExportLayout
{
    Gptq,              // GPTQ's qweight / qzeros / scales / g_idx (v1 symmetric, gptq_v2 asymmetric)
    Awq,               // AutoAWQ's GEMM layout
    CompressedTensors, // float-quantized (FP8), mxfp8-quantized, mxfp4- and nvfp4-pack-quantized
};

// The layout of a format name ("gptq", "awq", "compressed-tensors"; empty: the config's own). ConfigError
// for another name.
ExportLayout exportLayout(const std::string& format, const QuantConfig& config);

// ConfigError naming what the layout cannot hold (`what` names the config), before anything is computed:
// a method it does not store, layers at other bits than the config's, activation quantization it does
// not apply at run time, shapes its packing or groups do not divide.
void checkExportFits(const QuantConfig& config, ExportLayout layout, const std::vector<LayerInfo>& layers,
                     const std::string& what);

// config.json's quantization_config; `format` receives the format's name ("gptq", "gptq_v2", "awq",
// "float-quantized", …). `producer` goes into GPTQ's meta.quantizer; compressed-tensors' config groups
// name the modules of `layers` (the quantized ones) by their last part.
nlohmann::ordered_json quantizationConfig(const QuantConfig& config, ExportLayout layout,
                                          const std::vector<LayerInfo>& layers, const std::string& producer,
                                          std::string& format);

// What an export gathers while the sweep quantizes.
struct ExportedWeights
{
    ExportLayout layout = ExportLayout::Gptq;
    QuantConfig config;
    // Per quantized weight name: its tensors as the layout stores them, in the order written.
    std::map<std::string, std::vector<TensorBytes>> packed;
    // Per quantized weight name: Ŵ as a client of the layout computes it from those tensors (float16
    // scales for GPTQ and AWQ), until its block is evaluated.
    std::map<std::string, torch::Tensor> rounded;
    // Norms and biases the method changed (AWQ), by tensor name: float32 values.
    std::map<std::string, torch::Tensor> changed;
};

// Packs one quantized layer (its codes and scales from the quantizer: GptqResult or the method's parts).
// ConfigError naming the layer when a scale leaves float16's range (GPTQ, AWQ).
void packLayer(ExportedWeights& e, const QuantizedLayer& layer);

// A tensor's values as stored bytes (its element type must be `dtype`'s).
TensorBytes tensorBytes(std::string name, DType dtype, const torch::Tensor& t);

// Bytes of a float tensor's values that `format` holds exactly (E2M1 nibbles or float8 bytes): the
// encoders compressed-tensors' files need. Exposed for tests.
std::vector<uint8_t> encodeE4m3(const torch::Tensor& values);
torch::Tensor e2m1Nibbles(const torch::Tensor& values);  // uint8 0..15, sign in bit 3, values' shape
torch::Tensor packNibbles(const torch::Tensor& nibbles); // [rows, cols] -> [rows, cols / 2], even column low

} // namespace qs
