// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
// Hugging Face config.json (core/formats/hfconfig.h): the architecture, the tensors it expects and the
// layers quantization acts on, and the check of a small checkpoint against it (hfweights.h).

#include "core/formats/hfconfig.h"
#include "core/formats/hfweights.h"
#include "core/formats/safetensors.h"
#include "fuzz/fuzzutil.h"

namespace {

// A folder with a tiny Llama checkpoint (1 layer, hidden 4, vocab 8) to validate configs against.
const std::string& weightsFolder()
{
    static const std::string folder = [] {
        const auto dir = qs::fuzz::scratchDir() / "llama";
        std::filesystem::create_directories(dir);
        std::vector<qs::TensorData> tensors;
        const auto add = [&](const std::string& name, std::vector<int64_t> shape) {
            int64_t n = 1;
            for (int64_t d : shape)
                n *= d;
            tensors.push_back({name, shape, std::vector<float>(size_t(n), 0.5f)});
        };
        add("model.embed_tokens.weight", {8, 4});
        for (const char* p : {"q_proj", "k_proj", "v_proj", "o_proj"})
            add(std::string("model.layers.0.self_attn.") + p + ".weight", {4, 4});
        for (const char* p : {"gate_proj", "up_proj"})
            add(std::string("model.layers.0.mlp.") + p + ".weight", {6, 4});
        add("model.layers.0.mlp.down_proj.weight", {4, 6});
        add("model.layers.0.input_layernorm.weight", {4});
        add("model.layers.0.post_attention_layernorm.weight", {4});
        add("model.norm.weight", {4});
        add("lm_head.weight", {8, 4});
        qs::writeSafetensors((dir / "model.safetensors").string(), tensors, qs::DType::F32);
        return dir.string();
    }();
    return folder;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    static const qs::HfWeights weights = qs::HfWeights::open(weightsFolder());
    qs::fuzz::expectError([&] {
        const qs::HfArch arch = qs::HfArch::fromJson(qs::fuzz::text(data, size), "config.json");
        arch.summary();
        arch.parameterCount();
        arch.quantizableLayers();
        arch.headName();
        weights.validate(arch);
    });
    return 0;
}
