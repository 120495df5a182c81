// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/engine/sensitivity.h"

#include "core/common/errors.h"
#include "core/engine/quantizer.h"

#include <utility>

namespace qs {

namespace {

// Where a quantizable layer sits: its block and the residual half (0 attention, 1 MLP) it belongs to.
struct Site
{
    QLinear module;
    int block = 0;
    int half = 0;
};

std::vector<Site> sites(TinyLm& model)
{
    std::vector<Site> result;
    auto& blocks = model->blocks();
    for (int b = 0; b < int(blocks.size()); ++b) {
        const Block& block = blocks[size_t(b)];
        for (const QLinear& m :
             {block->self_attn->q_proj, block->self_attn->k_proj, block->self_attn->v_proj, block->self_attn->o_proj})
            result.push_back({m, b, 0});
        for (const QLinear& m : {block->mlp->gate_proj, block->mlp->up_proj, block->mlp->down_proj})
            result.push_back({m, b, 1});
    }
    // The order quantizableModules() (and so every layer metric) uses.
    const std::vector<QLinear> modules = model->quantizableModules();
    TORCH_CHECK(modules.size() == result.size(), "the model's quantizable layers are not q, k, v, o, gate, up, down");
    for (size_t i = 0; i < modules.size(); ++i)
        TORCH_CHECK(modules[i].get() == result[i].module.get(), "quantizable layer ", i, " is out of block order");
    return result;
}

struct Damage
{
    double deltaCe = 0.0;
    double kl = 0.0;
};

// The damage of the model as it is now, run from block half (block, half) of `residuals`.
Damage damageFrom(TinyLm& model, const ResidualStates& residuals, int block, int half, const ValidationSet& set,
                  int batchSize, const FpReference& fp, double fpCeSum)
{
    const torch::Tensor& start = residuals.at(size_t(2 * block + half));
    const int64_t n = set.inputs.size(0);
    double ce = 0.0;
    double kl = 0.0;
    for (int64_t begin = 0; begin < n; begin += batchSize) {
        const int64_t count = std::min<int64_t>(batchSize, n - begin);
        const torch::Tensor logits = model->forwardFrom(start.narrow(0, begin, count), block, half);
        if (!allFinite(logits))
            throw Error("the logits hold NaN or Inf on validation sequences " + std::to_string(begin) + "–"
                        + std::to_string(begin + count - 1));
        const torch::Tensor logProbs = torch::log_softmax(logits.to(torch::kFloat32), -1);
        ce += sequenceCe(logProbs, set.targets.narrow(0, begin, count)).sum().item<double>();
        kl += tokenKl(logProbs, fp, begin, count).sum().item<double>();
    }
    const double tokens = double(set.tokens());
    return {(ce - fpCeSum) / tokens, kl / tokens};
}

} // namespace

std::vector<torch::Tensor> quantizableWeights(TinyLm& model)
{
    torch::NoGradGuard noGrad;
    std::vector<torch::Tensor> weights;
    for (const QLinear& m : model->quantizableModules())
        weights.push_back(m->weight.detach().clone());
    return weights;
}

LayerSensitivity layerSensitivity(TinyLm& model, const std::vector<torch::Tensor>& fpWeights, const ValidationSet& set,
                                  int batchSize, const FpReference& fp, const ResidualStates& fpResiduals,
                                  const ResidualStates& quantResiduals)
{
    torch::NoGradGuard noGrad;
    const bool wasTraining = model->is_training();
    model->eval();
    std::vector<Site> layers = sites(model);
    const int halves = 2 * int(model->blocks().size());
    if (fpWeights.size() != layers.size() || fpResiduals.size() != size_t(halves)
        || quantResiduals.size() != size_t(halves))
        throw Error("layer sensitivity: the FP weights or residual streams do not match the model's "
                    + std::to_string(layers.size()) + " layers");
    // The config's quantized state of every layer, to toggle one layer at a time.
    const std::vector<torch::Tensor> quantWeights = quantizableWeights(model);
    std::vector<ActQuant> inputQuantization;
    for (const Site& s : layers)
        inputQuantization.push_back(s.module->inputQuantization());
    auto setFullPrecision = [&](size_t i) {
        layers[i].module->weight.copy_(fpWeights[i]);
        layers[i].module->setInputQuantization(ActQuant {});
    };
    auto setQuantized = [&](size_t i) {
        layers[i].module->weight.copy_(quantWeights[i]);
        layers[i].module->setInputQuantization(inputQuantization[i]);
    };
    double fpCeSum = 0.0;
    for (double s : fp.unitCe)
        fpCeSum += s;

    LayerSensitivity result;
    auto measure = [&](const ResidualStates& residuals, size_t i, std::vector<double>& deltaCe,
                       std::vector<double>& kl) {
        const Site& s = layers[i];
        Damage d;
        try {
            d = damageFrom(model, residuals, s.block, s.half, set, batchSize, fp, fpCeSum);
        } catch (const Error& e) {
            throw Error("layer sensitivity of quantizable layer " + std::to_string(i) + " (block "
                        + std::to_string(s.block) + "): " + e.what());
        }
        deltaCe.push_back(d.deltaCe);
        kl.push_back(d.kl);
        result.blockHalves += halves - (2 * s.block + s.half);
    };
    try {
        // Leave one in: every layer in full precision, one at a time quantized, from the FP stream.
        for (size_t i = 0; i < layers.size(); ++i)
            setFullPrecision(i);
        for (size_t i = 0; i < layers.size(); ++i) {
            setQuantized(i);
            measure(fpResiduals, i, result.loiDeltaCe, result.loiKl);
            setFullPrecision(i);
        }
        // Leave one out: every layer quantized, one at a time in full precision, from the quantized stream.
        for (size_t i = 0; i < layers.size(); ++i)
            setQuantized(i);
        for (size_t i = 0; i < layers.size(); ++i) {
            setFullPrecision(i);
            measure(quantResiduals, i, result.looDeltaCe, result.looKl);
            setQuantized(i);
        }
    } catch (...) {
        for (size_t i = 0; i < layers.size(); ++i)
            setQuantized(i);
        throw;
    }
    if (wasTraining)
        model->train();
    return result;
}

std::vector<torch::Tensor> fisherDiagonal(TinyLm& model, const torch::Tensor& calibration)
{
    const int64_t n = calibration.size(0);
    const int64_t targets = calibration.size(1) - 1;
    if (n < 1 || targets < 1)
        throw ConfigError("the Fisher estimate needs calibration sequences of at least 2 bytes");
    torch::AutoGradMode gradients(true);
    const bool wasTraining = model->is_training();
    model->eval();
    // The weights take gradients while this runs, and are left as they were however it ends.
    struct Restore
    {
        std::vector<torch::Tensor> weights;
        std::vector<bool> required;
        ~Restore()
        {
            for (size_t i = 0; i < weights.size(); ++i)
                weights[i].requires_grad_(required[i]);
        }
    } restore;
    for (const QLinear& m : model->quantizableModules()) {
        restore.required.push_back(m->weight.requires_grad());
        restore.weights.push_back(m->weight);
        m->weight.requires_grad_(true);
    }
    const std::vector<torch::Tensor>& weights = restore.weights;
    std::vector<torch::Tensor> fisher;
    for (const torch::Tensor& w : weights)
        fisher.push_back(torch::zeros_like(w, w.options().dtype(torch::kFloat64)));
    for (int64_t s = 0; s < n; ++s) {
        const torch::Tensor sequence = calibration.narrow(0, s, 1);
        const torch::Tensor loss = model->loss(sequence.narrow(1, 0, targets), sequence.narrow(1, 1, targets));
        if (!std::isfinite(loss.item<double>()))
            throw Error("the Fisher estimate: the CE of calibration sequence " + std::to_string(s) + " is not finite");
        const std::vector<torch::Tensor> grads = torch::autograd::grad({loss}, weights);
        torch::NoGradGuard noGrad;
        for (size_t i = 0; i < grads.size(); ++i)
            fisher[i].add_(grads[i].to(torch::kFloat64).square());
    }
    {
        torch::NoGradGuard noGrad;
        for (torch::Tensor& f : fisher)
            f.mul_(double(targets) / double(n));
    }
    if (wasTraining)
        model->train();
    return fisher;
}

std::vector<double> fisherEstimate(TinyLm& model, const std::vector<torch::Tensor>& fisher,
                                   const std::vector<torch::Tensor>& fpWeights)
{
    torch::NoGradGuard noGrad;
    const std::vector<QLinear> modules = model->quantizableModules();
    if (fisher.size() != modules.size() || fpWeights.size() != modules.size())
        throw Error("the Fisher estimate: " + std::to_string(fisher.size()) + " Fisher diagonals for "
                    + std::to_string(modules.size()) + " layers");
    std::vector<double> estimate;
    for (size_t i = 0; i < modules.size(); ++i) {
        const torch::Tensor error = (modules[i]->weight.to(torch::kFloat64) - fpWeights[i].to(torch::kFloat64));
        estimate.push_back(0.5 * (fisher[i] * error.square()).sum().item<double>());
    }
    return estimate;
}

} // namespace qs
