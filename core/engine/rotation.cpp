// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/engine/rotation.h"

#include "core/common/errors.h"
#include "core/engine/hfmodel.h"

#include <string>

namespace qs {

namespace {

// The normalized Hadamard matrix of order n, ConfigError naming what n is.
torch::Tensor hadamardFor(int64_t n, const std::string& what)
{
    try {
        return hadamardMatrix(n);
    } catch (const ConfigError& e) {
        throw ConfigError("the rotation of the " + what + " (" + std::to_string(n) + "): " + e.what());
    }
}

// Layers reading the normalized stream: W ← W diag(g) R1 (g: the norm's weight, undefined for none).
void fuseInput(const torch::Tensor& norm, const std::vector<torch::Tensor>& weights, const torch::Tensor& r1)
{
    for (const torch::Tensor& w : weights) {
        if (w.defined())
            w.copy_(torch::matmul(norm.defined() ? w * norm : w, r1));
    }
}

// A layer writing the stream: W ← R1ᵀ W, b ← b R1.
void rotateOutput(const torch::Tensor& w, const torch::Tensor& bias, const torch::Tensor& r1)
{
    w.copy_(torch::matmul(r1.t(), w));
    if (bias.defined())
        bias.copy_(torch::matmul(bias, r1));
}

// v_proj: the rows of each of `heads` heads R2ᵀ W_h, the bias b_h R2.
void rotateValueRows(const torch::Tensor& w, const torch::Tensor& bias, int64_t heads, const torch::Tensor& r2)
{
    const int64_t d = r2.size(0);
    w.copy_(torch::matmul(r2.t(), w.reshape({heads, d, w.size(1)})).reshape(w.sizes()));
    if (bias.defined())
        bias.copy_(torch::matmul(bias.reshape({heads, d}), r2).reshape(bias.sizes()));
}

// o_proj: the columns of each head W_h R2.
void rotateHeadColumns(const torch::Tensor& w, int64_t heads, const torch::Tensor& r2)
{
    const int64_t d = r2.size(0);
    w.copy_(torch::matmul(w.reshape({w.size(0), heads, d}), r2).reshape(w.sizes()));
}

} // namespace

Rotations Rotations::to(const torch::Device& device) const
{
    return {r1.to(device), r2.to(device), r4.to(device)};
}

Rotations makeRotations(const QuantConfig& config, int64_t hidden, int64_t headDim, int64_t intermediate)
{
    Rotations r;
    r.r1 = hadamardFor(hidden, "residual stream (hidden size)");
    r.r2 = hadamardFor(headDim, "attention heads (head dim)");
    try {
        r.r4 = OnlineHadamard(intermediate);
    } catch (const ConfigError& e) {
        throw ConfigError("the rotation of the MLP's down-projection input (intermediate size "
                          + std::to_string(intermediate) + "): " + e.what());
    }
    if (config.rotation == Rotation::Random) {
        r.r1 = randomSigns(hidden, config.rotationSeed).unsqueeze(1) * r.r1;
        r.r2 = randomSigns(headDim, config.rotationSeed, hidden).unsqueeze(1) * r.r2;
    }
    return r;
}

Rotations makeRotations(const QuantConfig& config, const ModelConfig& model)
{
    return makeRotations(config, model.dModel, model.dModel / model.nHeads, model.dFf);
}

Rotations makeRotations(const QuantConfig& config, const HfArch& arch)
{
    checkRotatable(arch);
    return makeRotations(config, arch.hidden, arch.headDim, arch.intermediate);
}

void rotateModel(TinyLm& model, const Rotations& rotations)
{
    torch::NoGradGuard noGrad;
    // On the model's device (a sweep on a GPU keeps the model there).
    const Rotations r = rotations.to(model->parameter("model.embed_tokens.weight").device());
    const int64_t heads = model->config().nHeads;
    for (auto& block : model->blocks()) {
        auto& attn = block->self_attn;
        auto& mlp = block->mlp;
        fuseInput(block->input_layernorm->weight, {attn->q_proj->weight, attn->k_proj->weight, attn->v_proj->weight},
                  r.r1);
        block->input_layernorm->weight.fill_(1.0);
        rotateValueRows(attn->v_proj->weight, {}, heads, r.r2);
        rotateHeadColumns(attn->o_proj->weight, heads, r.r2);
        rotateOutput(attn->o_proj->weight, {}, r.r1);
        fuseInput(block->post_attention_layernorm->weight, {mlp->gate_proj->weight, mlp->up_proj->weight}, r.r1);
        block->post_attention_layernorm->weight.fill_(1.0);
        rotateOutput(mlp->down_proj->weight, {}, r.r1);
        mlp->down_proj->weight.copy_(r.r4.apply(mlp->down_proj->weight));
        mlp->downRotation = r.r4;
    }
    model->setResidualRotation(r.r1);
}

void checkRotatable(const HfArch& arch)
{
    if (arch.family == HfFamily::NeoX || !arch.affineNorm || arch.normBias)
        throw ConfigError(arch.modelType + " normalizes with LayerNorm, which subtracts each token's mean: a rotation "
                          + "of the residual stream does not commute with it (QuaRot first turns LayerNorm into "
                          + "RMSNorm, which QuantScope does not do); rotations apply to the RMSNorm families "
                          + "(llama, mistral, qwen2, qwen3, olmo2, olmo3, apertus, smollm3)");
}

void rotateHfBlock(HfBlock& b, const HfArch& arch, const Rotations& r)
{
    checkRotatable(arch);
    torch::NoGradGuard noGrad;
    const auto ones = [](const torch::Tensor& g) { return torch::ones_like(g); };
    if (arch.postNorm) {
        fuseInput({}, {b.q.weight, b.k.weight, b.v.weight}, r.r1);
        fuseInput({}, {b.gate.weight, b.up.weight}, r.r1);
        b.postNormRotation = r.r1;
    } else {
        fuseInput(b.ln1.weight, {b.q.weight, b.k.weight, b.v.weight}, r.r1);
        b.ln1.weight = ones(b.ln1.weight);
        fuseInput(b.ln2.weight, {b.gate.weight, b.up.weight}, r.r1);
        b.ln2.weight = ones(b.ln2.weight);
        rotateOutput(b.o.weight, b.o.bias, r.r1);
        rotateOutput(b.down.weight, b.down.bias, r.r1);
    }
    rotateValueRows(b.v.weight, b.v.bias, arch.kvHeads, r.r2);
    rotateHeadColumns(b.o.weight, arch.heads, r.r2);
    b.down.weight.copy_(r.r4.apply(b.down.weight));
    b.downRotation = r.r4;
}

torch::Tensor rotateRows(const torch::Tensor& x, const torch::Tensor& r)
{
    return torch::matmul(x.to(torch::kFloat32), r.to(x.device())).to(x.scalar_type());
}

std::vector<torch::Tensor> rotateResiduals(const std::vector<torch::Tensor>& residuals, const torch::Tensor& r1)
{
    std::vector<torch::Tensor> rotated;
    rotated.reserve(residuals.size());
    for (const torch::Tensor& x : residuals)
        rotated.push_back(rotateRows(x, r1));
    return rotated;
}

} // namespace qs
