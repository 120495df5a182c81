// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/engine/model.h"

#include "core/common/errors.h"
#include "core/common/kinds.h"
#include "core/engine/quantizer.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace qs {

namespace {

torch::nn::Linear linear(int in, int out)
{
    return torch::nn::Linear(torch::nn::LinearOptions(in, out).bias(false));
}

QLinear qlinear(int in, int out)
{
    return QLinear(in, out);
}

// x: [B, H, T, D]; rotate the two halves of the head dimension (HF Llama convention).
torch::Tensor applyRope(const torch::Tensor& x, const torch::Tensor& cos, const torch::Tensor& sin)
{
    const int64_t half = x.size(-1) / 2;
    auto x1 = x.narrow(-1, 0, half);
    auto x2 = x.narrow(-1, half, half);
    auto rotated = torch::cat({-x2, x1}, -1);
    return x * cos + rotated * sin;
}

} // namespace

RmsNormImpl::RmsNormImpl(int dim, double eps)
    : m_eps(eps)
{
    weight = register_parameter("weight", torch::ones({dim}));
}

torch::Tensor RmsNormImpl::forward(const torch::Tensor& x)
{
    auto variance = x.pow(2).mean(-1, /*keepdim=*/true);
    return x * torch::rsqrt(variance + m_eps) * weight;
}

QLinearImpl::QLinearImpl(int in, int out)
{
    // The default init of torch::nn::Linear (kaiming-uniform, a = sqrt(5)); TinyLm::initWeights overrides it.
    weight = register_parameter("weight", torch::empty({out, in}));
    torch::nn::init::kaiming_uniform_(weight, std::sqrt(5.0));
}

torch::Tensor QLinearImpl::forward(const torch::Tensor& x)
{
    return torch::nn::functional::linear(effectiveInput(x), effectiveWeight());
}

// With autograd on (QAT), quantizers enter as v + (Q(v) - v).detach(): the forward value is Q(v), the
// backward pass treats Q as the identity (straight-through estimator).
torch::Tensor QLinearImpl::effectiveWeight() const
{
    if (m_wBits >= 16)
        return weight;
    auto wq = rtnQuantize(weight, m_wBits, m_wGroup, m_wSymmetric);
    return torch::GradMode::is_enabled() ? weight + (wq - weight).detach() : wq;
}

torch::Tensor QLinearImpl::effectiveInput(const torch::Tensor& x) const
{
    if (!m_act.active())
        return x;
    const bool ste = torch::GradMode::is_enabled();
    auto xq = fakeQuantizeActivations(ste ? x.detach() : x, m_act);
    return ste ? x + (xq - x).detach() : xq;
}

torch::Tensor fusedLinear(const torch::Tensor& x, std::initializer_list<QLinear> layers)
{
    const QLinear& first = *layers.begin();
    const bool shared =
        std::all_of(layers.begin(), layers.end(), [&](const QLinear& l) { return l->sameInputQuantization(*first); });
    std::vector<torch::Tensor> weights;
    if (shared) {
        for (const QLinear& l : layers)
            weights.push_back(l->effectiveWeight());
        return torch::nn::functional::linear(first->effectiveInput(x), torch::cat(weights, 0));
    }
    std::vector<torch::Tensor> outputs;
    for (const QLinear& l : layers)
        outputs.push_back(torch::nn::functional::linear(l->effectiveInput(x), l->effectiveWeight()));
    return torch::cat(outputs, -1);
}

void QLinearImpl::setWeightQuantization(int bits, int groupSize, bool symmetric)
{
    m_wBits = bits;
    m_wGroup = groupSize;
    m_wSymmetric = symmetric;
}

void QLinearImpl::setInputQuantization(const ActQuant& act)
{
    checkActivationQuantization(act, weight.size(1));
    m_act = act;
}

AttentionImpl::AttentionImpl(const ModelConfig& c)
    : m_heads(c.nHeads)
    , m_headDim(c.dModel / c.nHeads)
{
    q_proj = register_module("q_proj", qlinear(c.dModel, c.dModel));
    k_proj = register_module("k_proj", qlinear(c.dModel, c.dModel));
    v_proj = register_module("v_proj", qlinear(c.dModel, c.dModel));
    o_proj = register_module("o_proj", qlinear(c.dModel, c.dModel));
}

torch::Tensor AttentionImpl::forward(const torch::Tensor& x, const torch::Tensor& cos, const torch::Tensor& sin)
{
    return o_proj(mix(x, cos, sin));
}

torch::Tensor AttentionImpl::mix(const torch::Tensor& x, const torch::Tensor& cos, const torch::Tensor& sin)
{
    const int64_t b = x.size(0), t = x.size(1);
    // One product for q, k and v; RoPE on q and k together, in the [B, T, heads, D] layout the product
    // leaves (cos and sin broadcast over the heads).
    const auto qkv = fusedLinear(x, {q_proj, k_proj, v_proj}).view({b, t, 3 * m_heads, m_headDim});
    const auto qk = applyRope(qkv.narrow(2, 0, 2 * m_heads), cos.unsqueeze(1), sin.unsqueeze(1));
    auto heads = [&](const torch::Tensor& y) { return y.transpose(1, 2).reshape({b * m_heads, t, m_headDim}); };
    const auto q = heads(qk.narrow(2, 0, m_heads));
    const auto k = heads(qk.narrow(2, m_heads, m_heads));
    const auto v = heads(qkv.narrow(2, 2 * m_heads, m_heads));
    if (!m_causalMask.defined() || m_causalMask.size(0) < t || m_causalMask.device() != x.device())
        m_causalMask = torch::full({t, t}, -std::numeric_limits<float>::infinity(), x.options()).triu(1);
    const auto mask = m_causalMask.narrow(0, 0, t).narrow(1, 0, t);
    // Scaled scores plus the causal mask in one batched product: mask + (q kᵀ) / √D.
    const auto scores = torch::baddbmm(mask, q, k.transpose(1, 2), 1.0, 1.0 / std::sqrt(double(m_headDim)));
    const auto attn = torch::softmax(scores, -1);
    return torch::bmm(attn, v).view({b, m_heads, t, m_headDim}).transpose(1, 2).reshape({b, t, m_heads * m_headDim});
}

MlpImpl::MlpImpl(const ModelConfig& c)
{
    gate_proj = register_module("gate_proj", qlinear(c.dModel, c.dFf));
    up_proj = register_module("up_proj", qlinear(c.dModel, c.dFf));
    down_proj = register_module("down_proj", qlinear(c.dFf, c.dModel));
}

torch::Tensor MlpImpl::forward(const torch::Tensor& x)
{
    return down_proj(hidden(x));
}

torch::Tensor MlpImpl::hidden(const torch::Tensor& x)
{
    const auto gateUp = fusedLinear(x, {gate_proj, up_proj});
    const int64_t width = gate_proj->weight.size(0);
    auto u = torch::silu(gateUp.narrow(-1, 0, width)) * gateUp.narrow(-1, width, width);
    return downRotation.active() ? downRotation.apply(u) : u;
}

BlockImpl::BlockImpl(const ModelConfig& c)
{
    input_layernorm = register_module("input_layernorm", RmsNorm(c.dModel, c.normEps));
    self_attn = register_module("self_attn", Attention(c));
    post_attention_layernorm = register_module("post_attention_layernorm", RmsNorm(c.dModel, c.normEps));
    mlp = register_module("mlp", Mlp(c));
}

torch::Tensor BlockImpl::forward(const torch::Tensor& x, const torch::Tensor& cos, const torch::Tensor& sin)
{
    return feedForward(attend(x, cos, sin));
}

torch::Tensor BlockImpl::attend(const torch::Tensor& x, const torch::Tensor& cos, const torch::Tensor& sin)
{
    return x + self_attn(input_layernorm(x), cos, sin);
}

torch::Tensor BlockImpl::feedForward(const torch::Tensor& h)
{
    return h + mlp(post_attention_layernorm(h));
}

TinyLmImpl::TinyLmImpl(const ModelConfig& config)
    : m_config(config)
{
    config.validate();
    // Hugging Face names: the trunk lives under "model", the head is "lm_head".
    auto trunk = register_module("model", std::make_shared<torch::nn::Module>());
    m_embed = trunk->register_module("embed_tokens", torch::nn::Embedding(config.vocabSize, config.dModel));
    auto layers = trunk->register_module("layers", std::make_shared<torch::nn::Module>());
    for (int i = 0; i < config.nLayers; ++i)
        m_blocks.push_back(layers->register_module(std::to_string(i), Block(config)));
    m_norm = trunk->register_module("norm", RmsNorm(config.dModel, config.normEps));
    if (!config.tieEmbeddings)
        m_lmHead = register_module("lm_head", linear(config.dModel, config.vocabSize));

    const int headDim = config.dModel / config.nHeads;
    auto invFreq = 1.0 / torch::pow(config.ropeTheta, torch::arange(0, headDim, 2, torch::kFloat64) / double(headDim));
    auto positions = torch::arange(config.maxSeqLen, torch::kFloat64);
    auto freqs = torch::outer(positions, invFreq);
    auto emb = torch::cat({freqs, freqs}, -1);
    m_cos = emb.cos().to(torch::kFloat32);
    m_sin = emb.sin().to(torch::kFloat32);
}

torch::Tensor TinyLmImpl::forward(const torch::Tensor& ids)
{
    const int64_t t = ids.size(1);
    TORCH_CHECK(t <= m_config.maxSeqLen, "sequence length ", t, " exceeds max_seq_len ", m_config.maxSeqLen);
    auto cos = m_cos.narrow(0, 0, t);
    auto sin = m_sin.narrow(0, 0, t);
    auto x = embed(ids);
    for (auto& block : m_blocks)
        x = block(x, cos, sin);
    return head(x);
}

torch::Tensor TinyLmImpl::forward(const torch::Tensor& ids, std::vector<torch::Tensor>& residuals)
{
    const int64_t t = ids.size(1);
    TORCH_CHECK(t <= m_config.maxSeqLen, "sequence length ", t, " exceeds max_seq_len ", m_config.maxSeqLen);
    auto cos = m_cos.narrow(0, 0, t);
    auto sin = m_sin.narrow(0, 0, t);
    auto x = embed(ids);
    for (auto& block : m_blocks) {
        residuals.push_back(x);
        x = block->attend(x, cos, sin);
        residuals.push_back(x);
        x = block->feedForward(x);
    }
    return head(x);
}

torch::Tensor TinyLmImpl::forwardFrom(const torch::Tensor& residual, int first, int half)
{
    TORCH_CHECK(first >= 0 && first < int(m_blocks.size()) && (half == 0 || half == 1), "no block half ", first, ".",
                half);
    const int64_t t = residual.size(1);
    auto cos = m_cos.narrow(0, 0, t);
    auto sin = m_sin.narrow(0, 0, t);
    auto x = residual;
    for (int b = first; b < int(m_blocks.size()); ++b)
        x = b == first && half == 1 ? m_blocks[size_t(b)]->feedForward(x) : m_blocks[size_t(b)](x, cos, sin);
    return head(x);
}

torch::Tensor TinyLmImpl::head(const torch::Tensor& residual)
{
    auto x = m_norm(m_rotation.defined() ? torch::matmul(residual, m_rotation.t()) : residual);
    if (m_config.tieEmbeddings)
        return torch::matmul(x, m_embed->weight.t());
    return m_lmHead(x);
}

torch::Tensor TinyLmImpl::embed(const torch::Tensor& ids)
{
    return m_rotation.defined() ? torch::matmul(m_embed(ids), m_rotation) : m_embed(ids);
}

std::pair<torch::Tensor, torch::Tensor> TinyLmImpl::rope(int64_t length) const
{
    return {m_cos.narrow(0, 0, length), m_sin.narrow(0, 0, length)};
}

torch::Tensor TinyLmImpl::loss(const torch::Tensor& ids, const torch::Tensor& targets)
{
    auto logits = forward(ids);
    return torch::nn::functional::cross_entropy(logits.view({-1, logits.size(-1)}), targets.reshape({-1}));
}

void TinyLmImpl::initWeights(uint64_t seed)
{
    torch::NoGradGuard noGrad;
    torch::manual_seed(seed);
    const double residualStd = 0.02 / std::sqrt(2.0 * m_config.nLayers);
    for (auto& item : named_parameters()) {
        const std::string& name = item.key();
        auto& p = item.value();
        if (name.find("norm") != std::string::npos)
            p.fill_(1.0);
        else if (name.find("o_proj") != std::string::npos || name.find("down_proj") != std::string::npos)
            p.normal_(0.0, residualStd);
        else
            p.normal_(0.0, 0.02);
    }
}

std::vector<LayerInfo> TinyLmImpl::quantizableLayers() const
{
    static const std::pair<const char*, const char*> kinds[] = {
        {"self_attn.q_proj", layerkinds::q}, {"self_attn.k_proj", layerkinds::k}, {"self_attn.v_proj", layerkinds::v},
        {"self_attn.o_proj", layerkinds::o}, {"mlp.gate_proj", layerkinds::gate}, {"mlp.up_proj", layerkinds::up},
        {"mlp.down_proj", layerkinds::down},
    };
    std::vector<LayerInfo> layers;
    for (int b = 0; b < m_config.nLayers; ++b) {
        for (const auto& [suffix, kind] : kinds) {
            LayerInfo info;
            info.name = "model.layers." + std::to_string(b) + "." + suffix + ".weight";
            info.block = b;
            info.kind = kind;
            auto w = parameter(info.name);
            info.rows = w.size(0);
            info.cols = w.size(1);
            layers.push_back(info);
        }
    }
    return layers;
}

std::vector<QLinear> TinyLmImpl::quantizableModules()
{
    std::vector<QLinear> modules;
    for (auto& block : m_blocks) {
        auto& a = block->self_attn;
        auto& m = block->mlp;
        for (const QLinear& l : {a->q_proj, a->k_proj, a->v_proj, a->o_proj, m->gate_proj, m->up_proj, m->down_proj})
            modules.push_back(l);
    }
    return modules;
}

void TinyLmImpl::setActivationQuantization(const QuantConfig& config)
{
    const auto infos = quantizableLayers();
    auto modules = quantizableModules();
    for (size_t i = 0; i < modules.size(); ++i) {
        try {
            modules[i]->setInputQuantization(config.actQuantFor(infos[i].kind));
        } catch (const ConfigError& e) {
            throw ConfigError(infos[i].name + ": " + e.what());
        }
    }
}

void TinyLmImpl::setWeightQuantization(const QuantConfig& config)
{
    const auto infos = quantizableLayers();
    auto modules = quantizableModules();
    for (size_t i = 0; i < modules.size(); ++i) {
        const int bits = config.method == QuantMethod::None ? 16 : config.weightBitsFor(infos[i].kind);
        modules[i]->setWeightQuantization(bits, config.groupSize, config.symmetric);
    }
}

torch::Tensor TinyLmImpl::parameter(const std::string& name) const
{
    const auto params = named_parameters();
    if (const auto* p = params.find(name))
        return *p;
    throw std::out_of_range("no parameter named " + name);
}

} // namespace qs
