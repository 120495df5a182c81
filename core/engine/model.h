// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The built-in byte-level decoder-only LM, with the Llama / OLMo-2 block structure so that module
// names and roles match real checkpoints: pre-norm RMSNorm, causal self-attention with RoPE written
// by hand (torch 1.13 has no fused attention), SwiGLU MLP with separate gate/up/down projections
// ("FC2" = down_proj). Parameter names follow Hugging Face Llama:
//   model.embed_tokens.weight, model.layers.N.{input_layernorm,post_attention_layernorm}.weight,
//   model.layers.N.self_attn.{q,k,v,o}_proj.weight, model.layers.N.mlp.{gate,up,down}_proj.weight,
//   model.norm.weight, lm_head.weight.
// Include only from core .cpp files: this header pulls in libtorch.

#include "core/config/config.h"
#include "core/engine/hadamard.h"
#include "core/store/store.h"

#include <torch/torch.h>

#include <string>
#include <vector>

namespace qs {

class RmsNormImpl : public torch::nn::Module
{
public:
    RmsNormImpl(int dim, double eps);
    torch::Tensor forward(const torch::Tensor& x);
    torch::Tensor weight;

private:
    double m_eps;
};
TORCH_MODULE(RmsNorm);

// A bias-free linear layer (parameter "weight", [out, in], as torch::nn::Linear) whose input can be
// fake-quantized for W4A4-style evaluation: symmetric absmax per token or per group of channels
// (fakeQuantizeActivations in quantizer.h). Off (16 bits) unless set.
class QLinearImpl : public torch::nn::Module
{
public:
    QLinearImpl(int in, int out);
    torch::Tensor forward(const torch::Tensor& x);
    // bits 16 turns it off. Throws ConfigError if the format's groups do not divide the input width.
    void setInputQuantization(const ActQuant& act);
    const ActQuant& inputQuantization() const { return m_act; }
    // QAT: the forward pass uses the RTN-quantized weight (rtnQuantize, the PTQ quantizer) with the
    // straight-through estimator, so the gradient reaches the latent full-precision weight unchanged.
    // bits 16 turns it off.
    void setWeightQuantization(int bits, int groupSize, bool symmetric);
    int weightBits() const { return m_wBits; }
    // The two halves of forward(): the input as the layer sees it (fake-quantized when set) and the
    // weight it multiplies (RTN-quantized under QAT), so layers that read one input can share one
    // matrix product (fusedLinear).
    torch::Tensor effectiveInput(const torch::Tensor& x) const;
    torch::Tensor effectiveWeight() const;
    bool sameInputQuantization(const QLinearImpl& other) const { return m_act == other.m_act; }
    torch::Tensor weight;

private:
    ActQuant m_act;
    int m_wBits = 16;
    int m_wGroup = -1;
    bool m_wSymmetric = true;
};
TORCH_MODULE(QLinear);

// The outputs of `layers` on one input, concatenated along the last dimension: one matrix product over
// their stacked weights when they quantize their input alike, else one product each.
torch::Tensor fusedLinear(const torch::Tensor& x, std::initializer_list<QLinear> layers);

class AttentionImpl : public torch::nn::Module
{
public:
    explicit AttentionImpl(const ModelConfig& config);
    torch::Tensor forward(const torch::Tensor& x, const torch::Tensor& cos, const torch::Tensor& sin);
    // The heads' mixed values before o_proj: o_proj's input.
    torch::Tensor mix(const torch::Tensor& x, const torch::Tensor& cos, const torch::Tensor& sin);
    QLinear q_proj {nullptr}, k_proj {nullptr}, v_proj {nullptr}, o_proj {nullptr};

private:
    int m_heads;
    int m_headDim;
    torch::Tensor m_causalMask; // [T, T]: 0 on and below the diagonal, −inf above (built on first use)
};
TORCH_MODULE(Attention);

class MlpImpl : public torch::nn::Module
{
public:
    explicit MlpImpl(const ModelConfig& config);
    torch::Tensor forward(const torch::Tensor& x);
    // silu(gate(x)) * up(x): down_proj's input ("FC2 input"), times the online Hadamard matrix when the
    // model is rotated (downRotation; rotation.h).
    torch::Tensor hidden(const torch::Tensor& x);
    QLinear gate_proj {nullptr}, up_proj {nullptr}, down_proj {nullptr};
    OnlineHadamard downRotation; // inactive unless rotated
};
TORCH_MODULE(Mlp);

class BlockImpl : public torch::nn::Module
{
public:
    explicit BlockImpl(const ModelConfig& config);
    torch::Tensor forward(const torch::Tensor& x, const torch::Tensor& cos, const torch::Tensor& sin);
    // The block's two residual halves, forward(x) = feedForward(attend(x)): x + attention(norm(x)), and
    // h + mlp(norm(h)).
    torch::Tensor attend(const torch::Tensor& x, const torch::Tensor& cos, const torch::Tensor& sin);
    torch::Tensor feedForward(const torch::Tensor& h);
    RmsNorm input_layernorm {nullptr}, post_attention_layernorm {nullptr};
    Attention self_attn {nullptr};
    Mlp mlp {nullptr};
};
TORCH_MODULE(Block);

class TinyLmImpl : public torch::nn::Module
{
public:
    explicit TinyLmImpl(const ModelConfig& config);

    // ids: [batch, seq] int64 bytes -> logits [batch, seq, vocab]
    torch::Tensor forward(const torch::Tensor& ids);
    // forward(), appending to `residuals` the residual stream where every block starts and between its
    // halves: block b's input at 2b, its attend() output at 2b + 1 ([batch, seq, d_model] each).
    torch::Tensor forward(const torch::Tensor& ids, std::vector<torch::Tensor>& residuals);
    // The rest of forward() from a residual stream recorded so: block `first`'s input (half 0) or its
    // attend() output (half 1), to the logits.
    torch::Tensor forwardFrom(const torch::Tensor& residual, int first, int half);
    // Mean next-token cross-entropy (nats) of `targets` given `ids`.
    torch::Tensor loss(const torch::Tensor& ids, const torch::Tensor& targets);

    // GPT-2-style init: N(0, 0.02), residual output projections scaled by 1/sqrt(2 * n_layers).
    void initWeights(uint64_t seed);

    const ModelConfig& config() const { return m_config; }
    // The linear layers of the transformer blocks (the ones quantization acts on), in block order and
    // true-sequential order inside a block: q, k, v, o, gate, up, down.
    std::vector<LayerInfo> quantizableLayers() const;
    // The modules of quantizableLayers(), same order.
    std::vector<QLinear> quantizableModules();
    // Activation fake quantization of every quantizable layer's input as `config` asks (per module kind);
    // QuantConfig::fullPrecision() turns it off. Throws ConfigError naming the layer for a bad group size.
    void setActivationQuantization(const QuantConfig& config);
    // QAT fake quantization of every quantizable weight as `config` asks (per module kind, RTN grid);
    // QuantConfig::fullPrecision() turns it off.
    void setWeightQuantization(const QuantConfig& config);
    // Parameter by full name; throws std::out_of_range if absent.
    torch::Tensor parameter(const std::string& name) const;

    // Pieces of forward() for block-by-block work (calibration, GPTQ).
    torch::Tensor embed(const torch::Tensor& ids);
    // The final norm and the LM head: residual stream [batch, seq, d_model] -> logits.
    torch::Tensor head(const torch::Tensor& residual);
    std::pair<torch::Tensor, torch::Tensor> rope(int64_t length) const;
    std::vector<Block>& blocks() { return m_blocks; }
    // A rotated model (rotateModel, rotation.h): the residual stream is rotated by `r1` [d_model, d_model]
    // after the embedding and back before the final norm (the embedding and the head, which quantization
    // never touches, keep their weights). Undefined: none.
    void setResidualRotation(const torch::Tensor& r1) { m_rotation = r1; }
    const torch::Tensor& residualRotation() const { return m_rotation; }

private:
    ModelConfig m_config;
    torch::nn::Embedding m_embed {nullptr};
    std::vector<Block> m_blocks;
    RmsNorm m_norm {nullptr};
    torch::nn::Linear m_lmHead {nullptr};
    torch::Tensor m_cos, m_sin;
    torch::Tensor m_rotation;
};
TORCH_MODULE(TinyLm);

} // namespace qs
