// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/engine/tensors.h"

#include "core/common/errors.h"

#include <set>

namespace qs {

torch::Tensor toTensor(const TensorView& view)
{
    auto t = torch::empty(view.shape, torch::kFloat32);
    view.toFloat(t.data_ptr<float>());
    return t;
}

void saveCheckpoint(TinyLm& model, const std::string& path, DType dtype, std::map<std::string, std::string> metadata)
{
    std::vector<TensorData> tensors;
    for (const auto& item : model->named_parameters()) {
        auto t = item.value().detach().to(torch::kCPU, torch::kFloat32).contiguous();
        TensorData d;
        d.name = item.key();
        d.shape.assign(t.sizes().begin(), t.sizes().end());
        d.values.assign(t.data_ptr<float>(), t.data_ptr<float>() + t.numel());
        tensors.push_back(std::move(d));
    }
    metadata[kMetaFormat] = "pt";
    metadata[kMetaModelConfig] = model->config().toJson();
    writeSafetensors(path, tensors, dtype, metadata);
}

void loadWeights(TinyLm& model, const SafetensorsFile& file)
{
    torch::NoGradGuard noGrad;
    std::set<std::string> expected;
    for (auto& item : model->named_parameters()) {
        expected.insert(item.key());
        if (!file.contains(item.key()))
            throw FormatError(file.path() + ": tensor '" + item.key() + "' is missing");
        const TensorView& view = file.tensor(item.key());
        auto& p = item.value();
        if (std::vector<int64_t>(p.sizes().begin(), p.sizes().end()) != view.shape) {
            std::string have, want;
            for (auto s : view.shape)
                have += std::to_string(s) + " ";
            for (auto s : p.sizes())
                want += std::to_string(s) + " ";
            throw FormatError(file.path() + ": tensor '" + item.key() + "' has shape [ " + have
                              + "], the model config needs [ " + want + "]");
        }
        p.copy_(toTensor(view));
    }
    for (const auto& name : file.names()) {
        if (!expected.count(name))
            throw FormatError(file.path() + ": unexpected tensor '" + name + "' for this model config");
    }
}

TinyLm loadCheckpoint(const std::string& path)
{
    SafetensorsFile file = SafetensorsFile::open(path);
    auto it = file.metadata().find(kMetaModelConfig);
    if (it == file.metadata().end())
        throw FormatError(path + ": no '" + std::string(kMetaModelConfig)
                          + "' in __metadata__; not a QuantScope checkpoint");
    ModelConfig config;
    try {
        config = ModelConfig::fromJson(it->second);
    } catch (const ConfigError& e) {
        throw FormatError(path + ": " + e.what());
    }
    TinyLm model(config);
    loadWeights(model, file);
    model->eval();
    return model;
}

} // namespace qs
