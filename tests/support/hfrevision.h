// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// A tiny Llama revision folder for import tests that need no forward pass: its config.json and
// weights of the shapes the config names (all 0.01), written by the project's safetensors writer.

#include "tests/support/testutils.h"

#include "core/formats/hfconfig.h"
#include "core/formats/safetensors.h"

#include <QDir>

#include <vector>

namespace qs::test {

inline bool makeTinyRevision(const QString& folder)
{
    const QByteArray config = R"({"architectures": ["LlamaForCausalLM"], "model_type": "llama", "vocab_size": 32,
        "hidden_size": 16, "intermediate_size": 32, "num_hidden_layers": 1, "num_attention_heads": 2,
        "num_key_value_heads": 2, "max_position_embeddings": 64, "rms_norm_eps": 1e-5, "rope_theta": 10000.0,
        "tie_word_embeddings": false, "torch_dtype": "float32"})";
    if (!QDir().mkpath(folder))
        return false;
    writeFile(folder + QStringLiteral("/config.json"), config);
    std::vector<TensorData> tensors;
    for (const HfTensorSpec& spec : HfArch::fromJson(config.toStdString(), folder.toStdString()).expectedTensors()) {
        int64_t n = 1;
        for (const int64_t d : spec.shape)
            n *= d;
        tensors.push_back({spec.name, spec.shape, std::vector<float>(size_t(n), 0.01f)});
    }
    writeSafetensors(QString(folder + QStringLiteral("/model.safetensors")).toStdString(), tensors, DType::F32);
    return true;
}

} // namespace qs::test
