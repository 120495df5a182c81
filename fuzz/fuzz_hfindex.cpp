// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
// The shard index of a Hugging Face model folder, model.safetensors.index.json (core/formats/hfweights.h),
// next to two small shards: the weights it opens, their tensors, and their check against a config.

#include "core/formats/hfconfig.h"
#include "core/formats/hfweights.h"
#include "core/formats/safetensors.h"
#include "fuzz/fuzzutil.h"

namespace {

const std::filesystem::path& folder()
{
    static const std::filesystem::path dir = [] {
        const auto d = qs::fuzz::scratchDir() / "sharded";
        std::filesystem::create_directories(d);
        const auto tensor = [](const std::string& name, std::vector<int64_t> shape) {
            int64_t n = 1;
            for (int64_t s : shape)
                n *= s;
            return qs::TensorData {name, shape, std::vector<float>(size_t(n), 0.25f)};
        };
        qs::writeSafetensors((d / "model-00001-of-00002.safetensors").string(),
                             {tensor("model.embed_tokens.weight", {8, 4}), tensor("model.norm.weight", {4})},
                             qs::DType::BF16);
        qs::writeSafetensors((d / "model-00002-of-00002.safetensors").string(),
                             {tensor("lm_head.weight", {8, 4}), tensor("model.layers.0.mlp.up_proj.weight", {6, 4})},
                             qs::DType::F16);
        return d;
    }();
    return dir;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    static const qs::HfArch arch = qs::HfArch::fromJson(
        R"({"model_type": "llama", "hidden_size": 4, "intermediate_size": 6, "num_hidden_layers": 1,
            "num_attention_heads": 2, "vocab_size": 8})",
        "config.json");
    const std::string dir = folder().string();
    qs::fuzz::writeFile("sharded/model.safetensors.index.json", data, size);
    qs::fuzz::expectError([&] {
        const qs::HfWeights weights = qs::HfWeights::open(dir);
        weights.files();
        weights.totalBytes();
        for (const std::string& name : weights.names()) {
            const qs::TensorView& view = weights.tensor(name);
            view.toFloat();
            weights.release(view);
        }
        weights.validate(arch);
    });
    return 0;
}
