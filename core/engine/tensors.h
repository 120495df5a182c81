// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Bridge between safetensors files and the libtorch model. Include only from core .cpp files.

#include "core/engine/model.h"
#include "core/formats/safetensors.h"

#include <map>
#include <string>

namespace qs {

// Metadata keys QuantScope writes into its checkpoints' __metadata__.
inline constexpr const char* kMetaFormat = "format"; // "pt" (as HF writes it)
inline constexpr const char* kMetaModelConfig = "quantscope.model_config";
inline constexpr const char* kMetaStep = "quantscope.step";
inline constexpr const char* kMetaTokens = "quantscope.tokens";

torch::Tensor toTensor(const TensorView& view); // float32 copy

void saveCheckpoint(TinyLm& model, const std::string& path, DType dtype,
                    std::map<std::string, std::string> metadata = {});

// Builds the model from the checkpoint's own model config and loads every tensor. Throws FormatError
// naming the file for a missing config, a missing tensor, a shape mismatch or an unexpected tensor.
TinyLm loadCheckpoint(const std::string& path);
void loadWeights(TinyLm& model, const SafetensorsFile& file);

} // namespace qs
