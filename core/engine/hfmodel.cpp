// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/engine/hfmodel.h"

#include "core/common/errors.h"
#include "core/config/config.h"
#include "core/engine/compute.h"
#include "core/engine/hfmemory.h"
#include "core/engine/quantizer.h"

#include <cmath>
#include <cstring>
#include <mutex>
#include <optional>

namespace qs {

namespace F = torch::nn::functional;

namespace {

// Elements [first, first + count) of a mapped F32/F16/BF16 tensor as float32 into `out`, on the calling
// thread only (HfBlockReader converts the next block this way while torch's threads compute). BF16, the
// common case, in fixed runs the compiler vectorizes.
void convert(const TensorView& view, int64_t first, int64_t count, float* out)
{
    if (view.dtype != DType::BF16 || first < 0 || count < 0 || first + count > view.numel()) {
        view.toFloat(out, first, count); // F32, F16, and the range errors
        return;
    }
    const uint8_t* p = view.data + 2 * first;
    constexpr int64_t run = 64;
    auto widen = [](const uint8_t* in, float* o, int64_t n) {
        for (int64_t i = 0; i < n; ++i) {
            uint16_t half;
            std::memcpy(&half, in + 2 * i, 2); // little-endian host, as safetensors
            o[i] = std::bit_cast<float>(uint32_t(half) << 16);
        }
    };
    int64_t i = 0;
    for (; i + run <= count; i += run)
        widen(p + 2 * i, out + i, run);
    widen(p + 2 * i, out + i, count - i);
}

// The same with torch's threads (the head's slices, read on the computing thread).
torch::Tensor floatCopy(const TensorView& view, int64_t first, int64_t count, std::vector<int64_t> shape)
{
    auto out = torch::empty(shape, torch::kFloat32);
    if (view.dtype != DType::BF16 && view.dtype != DType::F16) {
        view.toFloat(out.data_ptr<float>(), first, count);
        return out;
    }
    const auto type = view.dtype == DType::BF16 ? torch::kBFloat16 : torch::kFloat16;
    // from_blob wants a mutable pointer; the mapping is read-only and only read here.
    auto* data = const_cast<uint8_t*>(view.data) + first * 2;
    out.view({-1}).copy_(torch::from_blob(data, {count}, type));
    return out;
}

// A whole tensor, converted on the calling thread.
torch::Tensor convertedCopy(const TensorView& view)
{
    auto out = torch::empty(view.shape, torch::kFloat32);
    convert(view, 0, view.numel(), out.data_ptr<float>());
    return out;
}

} // namespace

struct HfModel::Cache
{
    std::mutex mutex;
    int64_t budget = defaultMemoryBudget() / 2;
    int64_t bytes = 0;
    std::vector<std::shared_ptr<HfBlock>> blocks; // by index, first to last
    std::optional<Head> head;
};

HfModel::HfModel(HfArch arch, HfWeights weights)
    : m_arch(std::move(arch))
    , m_weights(std::move(weights))
    , m_cache(std::make_shared<Cache>())
{
}

HfModel HfModel::open(const std::string& folder)
{
    HfArch arch = HfArch::fromFolder(folder);
    HfWeights weights = HfWeights::open(folder);
    weights.validate(arch);
    return HfModel(std::move(arch), std::move(weights));
}

torch::Tensor HfModel::load(const std::string& name) const
{
    if (!m_weights.contains(name))
        return {};
    const TensorView& view = m_weights.tensor(name);
    auto t = convertedCopy(view);
    m_weights.release(view);
    return t;
}

torch::Tensor HfModel::embed(const torch::Tensor& ids) const
{
    const TensorView& view = m_weights.tensor(m_arch.embedName());
    const int64_t hidden = m_arch.hidden;
    const auto flat = ids.to(torch::kCPU).to(torch::kInt64).contiguous().flatten();
    const auto [unique, inverse] = torch::_unique(flat, /*sorted=*/true, /*return_inverse=*/true);
    auto rows = torch::empty({unique.numel(), hidden}, torch::kFloat32);
    const int64_t* u = unique.data_ptr<int64_t>();
    for (int64_t i = 0; i < unique.numel(); ++i) {
        if (u[i] < 0 || u[i] >= m_arch.vocab)
            throw Error("token id " + std::to_string(u[i]) + " is outside the vocabulary of "
                        + std::to_string(m_arch.vocab) + " (" + m_weights.folder()
                        + "): the tokenizer or token file does not belong to this model");
        view.toFloat(rows.data_ptr<float>() + i * hidden, u[i] * hidden, hidden);
    }
    m_weights.release(view);
    auto sizes = ids.sizes().vec();
    sizes.push_back(hidden);
    return rows.index_select(0, inverse).view(sizes);
}

HfRope HfModel::rope(int64_t length) const
{
    const int64_t dim = m_arch.rotaryDims;
    const RopeScaling& s = m_arch.ropeScaling;
    double base = m_arch.ropeTheta;
    if (s.type == "dynamic" && length > m_arch.maxPositions) {
        // NTK-aware scaling, recomputed for the sequence length (transformers' dynamic rope).
        base *= std::pow(s.factor * double(length) / double(m_arch.maxPositions) - (s.factor - 1.0),
                         double(dim) / double(dim - 2));
    }
    auto invFreq = 1.0 / torch::pow(base, torch::arange(0, dim, 2, torch::kInt64).to(torch::kFloat32) / double(dim));
    if (s.type == "linear") {
        invFreq = invFreq / s.factor;
    } else if (s.type == "llama3") {
        const double lowWavelen = double(s.originalMaxPositions) / s.lowFreqFactor;
        const double highWavelen = double(s.originalMaxPositions) / s.highFreqFactor;
        const auto wavelen = 2.0 * M_PI / invFreq;
        auto scaled = torch::where(wavelen > lowWavelen, invFreq / s.factor, invFreq);
        const auto smooth =
            (double(s.originalMaxPositions) / wavelen - s.lowFreqFactor) / (s.highFreqFactor - s.lowFreqFactor);
        const auto smoothed = (1.0 - smooth) * scaled / s.factor + smooth * scaled;
        const auto medium = (wavelen >= highWavelen).logical_and(wavelen <= lowWavelen);
        invFreq = torch::where(medium, smoothed, scaled);
    }
    const auto positions = torch::arange(length, torch::kInt64).to(torch::kFloat32);
    const auto freqs = torch::outer(positions, invFreq.to(torch::kFloat32));
    const auto emb = torch::cat({freqs, freqs}, -1);
    return {emb.cos(), emb.sin()};
}

HfBlock HfModel::loadBlock(int64_t index) const
{
    const std::string p = m_arch.blockPrefix(index);
    HfBlock b;
    b.index = index;
    auto linear = [&](const std::string& name) {
        return HfLinear {load(p + name + ".weight"), load(p + name + ".bias"), {}};
    };
    auto norm = [&](const std::string& name) { return HfNorm {load(p + name + ".weight"), load(p + name + ".bias")}; };
    b.ln1 = norm(m_arch.attnNormName); // undefined for OLMo-1's parameter-free LayerNorm
    b.ln2 = norm(m_arch.mlpNormName);
    if (m_arch.family == HfFamily::NeoX) {
        b.qkv = linear("attention.query_key_value");
        b.o = linear("attention.dense");
        b.up = linear("mlp.dense_h_to_4h");
        b.down = linear("mlp.dense_4h_to_h");
        return b;
    }
    // q/k/v and gate/up are read into one matrix each (HfStack) when they all have biases or none.
    auto stack = [&](HfStack& stack, const std::vector<std::pair<HfLinear*, std::string>>& layers) {
        std::vector<HfLinear*> members;
        int64_t rows = 0, withBias = 0;
        for (const auto& [layer, name] : layers) {
            members.push_back(layer);
            rows += m_weights.header(p + name + ".weight").shape.at(0);
            withBias += m_weights.contains(p + name + ".bias") ? 1 : 0;
        }
        if (withBias != 0 && withBias != int64_t(layers.size())) {
            for (const auto& [layer, name] : layers)
                *layer = linear(name);
            return;
        }
        stack.weight = torch::empty({rows, m_arch.hidden}, torch::kFloat32);
        if (withBias)
            stack.bias = torch::empty({rows}, torch::kFloat32);
        int64_t row = 0;
        for (const auto& [layer, name] : layers) {
            const int64_t count = m_weights.header(p + name + ".weight").shape.at(0);
            layer->weight = stack.weight.narrow(0, row, count); // its rows, for adopt()
            for (const auto& [suffix, into, width] :
                 {std::tuple {".weight", stack.weight, m_arch.hidden}, {".bias", stack.bias, int64_t(1)}}) {
                if (!into.defined())
                    continue;
                const TensorView& view = m_weights.tensor(p + name + suffix);
                convert(view, 0, view.numel(), into.data_ptr<float>() + row * width);
                m_weights.release(view);
            }
            row += count;
        }
        stack.adopt(members);
    };
    stack(b.qkvStack, {{&b.q, "self_attn.q_proj"}, {&b.k, "self_attn.k_proj"}, {&b.v, "self_attn.v_proj"}});
    b.o = linear("self_attn.o_proj");
    if (m_arch.gatedMlp)
        stack(b.gateUpStack, {{&b.gate, "mlp.gate_proj"}, {&b.up, "mlp.up_proj"}});
    else
        b.up = linear("mlp.up_proj");
    b.down = linear("mlp.down_proj");
    if (m_arch.activation == HfActivation::Xielu) {
        auto scalar = [&](const char* name) {
            const std::string full = p + "mlp.act_fn." + name;
            const double value = load(full).item<double>();
            if (!std::isfinite(value))
                throw FormatError("'" + full + "' in " + m_weights.folder() + " is " + std::to_string(value)
                                  + ", not a finite number");
            return value;
        };
        // torch's softplus (threshold 20: the identity above it, where log1p(exp(x)) = x in float32).
        auto softplus = [](double x) { return x > 20.0 ? x : std::log1p(std::exp(x)); };
        b.xielu.beta = scalar("beta");
        b.xielu.eps = scalar("eps");
        b.xielu.alphaP = softplus(scalar("alpha_p"));
        b.xielu.alphaN = b.xielu.beta + softplus(scalar("alpha_n"));
    }
    if (m_arch.qkNorm) {
        b.qNorm = norm("self_attn.q_norm");
        b.kNorm = norm("self_attn.k_norm");
    }
    if (m_arch.postNorm) {
        // OLMo-2 names its norms after what they follow: post_attention_layernorm normalises the
        // attention output, post_feedforward_layernorm the MLP output.
        b.postAttn = b.ln2;
        b.ln2 = {};
        b.postFf = norm("post_feedforward_layernorm");
    }
    return b;
}

torch::Tensor HfModel::normalize(const HfNorm& norm, const torch::Tensor& x) const
{
    // In float32 whatever the compute type, as transformers' norms upcast (OLMo-2's way: scaled by the
    // weight in float32, then narrowed).
    if (x.scalar_type() != torch::kFloat32)
        return normalize(norm, x.to(torch::kFloat32)).to(x.scalar_type());
    if (!m_arch.affineNorm)
        return torch::layer_norm(x, {x.size(-1)}, {}, {}, m_arch.normEps);
    if (m_arch.normBias)
        return torch::layer_norm(x, {x.size(-1)}, norm.weight, norm.bias, m_arch.normEps);
    auto variance = x.pow(2).mean(-1, /*keepdim=*/true);
    return (x * variance.add_(m_arch.normEps).rsqrt_()).mul_(norm.weight);
}

namespace {

// RoPE of x [B, T, heads, headDim] (any strides), HF's rotate_half: the first cos.size(-1) dims rotate,
// the rest pass through (NeoX's partial rotary). Three passes, no rotated copy.
torch::Tensor applyRope(const torch::Tensor& x, const HfRope& rope)
{
    const int64_t t = x.size(1), rot = rope.cos.size(-1), half = rot / 2;
    // cos and sin in the compute type, as transformers casts them to the query's.
    const auto cos = rope.cos.narrow(0, 0, t).to(x.scalar_type()).view({1, t, 1, rot});
    const auto sin = rope.sin.narrow(0, 0, t).to(x.scalar_type()).view({1, t, 1, rot});
    const auto r = rot == x.size(-1) ? x : x.narrow(-1, 0, rot);
    auto out = r * cos;
    out.narrow(-1, 0, half).addcmul_(r.narrow(-1, half, half), sin.narrow(-1, 0, half), -1.0);
    out.narrow(-1, half, half).addcmul_(r.narrow(-1, 0, half), sin.narrow(-1, half, half));
    if (rot == x.size(-1))
        return out;
    return torch::cat({out, x.narrow(-1, rot, x.size(-1) - rot)}, -1);
}

// xIELU (HfXielu) with at most two tensors of the MLP's width alive; `h` is overwritten.
torch::Tensor xielu(torch::Tensor h, const HfXielu& p)
{
    auto u = h.clamp_max(p.eps);
    u.expm1_().sub_(h).mul_(p.alphaN); // the x ≤ 0 branch without beta·x
    u.masked_fill_(h.gt(0.0), 0.0);
    u.add_(h, p.beta);
    h.clamp_min_(0.0);
    return u.addcmul_(h, h, p.alphaP); // + alphaP·x² where x > 0
}

// Causal attention of q [B, T, H, D] on k, v [B, T, KV, D] (any strides) -> [B, T, H·D]. GQA as HF's
// repeat_kv (query head h reads key/value head h / (H / KV)), without repeating anything: the H / KV
// query heads of one key/value head are one product of (H / KV)·T rows, their scaled scores and the
// causal mask one baddbmm. `window` > 0: a query sees only itself and the window − 1 tokens before it
// (transformers' sliding-window mask, kv_idx > q_idx − window). Without a window, torch's fused kernel
// where this libtorch has one (compute.h).
torch::Tensor causalAttention(const torch::Tensor& q, const torch::Tensor& k, const torch::Tensor& v, int64_t window)
{
    const int64_t batch = q.size(0), t = q.size(1), heads = q.size(2), d = q.size(3), kv = k.size(2);
    const int64_t rep = heads / kv;
    if (window <= 0 || window >= t) {
        // torch's fused kernel where it has one (2.x): the same softmax in another order of sums.
        const auto fused = fusedCausalAttention(q.transpose(1, 2), k.transpose(1, 2), v.transpose(1, 2));
        if (fused.defined())
            return fused.transpose(1, 2).reshape({batch, t, heads * v.size(-1)});
    }
    const auto qg = q.reshape({batch, t, kv, rep, d}).permute({0, 2, 3, 1, 4}).reshape({batch * kv, rep * t, d});
    const auto kg = k.permute({0, 2, 1, 3}).reshape({batch * kv, t, d});
    const auto vg = v.permute({0, 2, 1, 3}).reshape({batch * kv, t, v.size(-1)});
    const float inf = std::numeric_limits<float>::infinity();
    auto causal = torch::full({t, t}, -inf, q.options()).triu_(1);
    if (window > 0 && window < t)
        causal.add_(torch::full({t, t}, -inf, q.options()).tril_(-window));
    const auto mask = causal.repeat({rep, 1});
    const double scale = 1.0 / std::sqrt(double(d));
    auto attend = [&](int64_t first, int64_t count) {
        const auto scores = torch::baddbmm(mask, qg.narrow(0, first, count), kg.narrow(0, first, count).transpose(1, 2),
                                           /*beta=*/1.0, /*alpha=*/scale);
        // The softmax in float32 whatever the compute type (transformers' eager attention).
        const auto weights = scores.scalar_type() == torch::kFloat32
            ? torch::softmax(scores, -1)
            : torch::softmax(scores, -1, torch::kFloat32).to(scores.scalar_type());
        return torch::bmm(weights, vg.narrow(0, first, count));
    };
    // The scores of a few sequences at a time (at most kAttentionScores values), so a large batch — a
    // calibration set of long documents — never holds all its heads × T² scores at once.
    const int64_t perSequence = std::max<int64_t>(1, heads * t * t);
    const int64_t chunk = std::max<int64_t>(1, kAttentionScores / perSequence);
    torch::Tensor out;
    if (chunk >= batch) {
        out = attend(0, batch * kv);
    } else {
        out = torch::empty({batch * kv, rep * t, vg.size(-1)}, q.options());
        for (int64_t b = 0; b < batch; b += chunk) {
            const int64_t n = std::min(chunk, batch - b);
            out.narrow(0, b * kv, n * kv).copy_(attend(b * kv, n * kv));
        }
    }
    return out.view({batch, kv, rep, t, vg.size(-1)}).permute({0, 3, 1, 2, 4}).reshape({batch, t, heads * vg.size(-1)});
}

} // namespace

torch::Tensor HfModel::attention(HfBlock& b, const torch::Tensor& x, const HfRope& rope, const InputHook& hook) const
{
    if (hook)
        hook(0, x);
    const int64_t batch = x.size(0), t = x.size(1), hd = m_arch.headDim;
    bool rotate = m_arch.ropeInLayer[size_t(b.index)];
    torch::Tensor q, k, v; // [B, T, heads, hd]
    if (m_arch.family == HfFamily::NeoX) {
        // query_key_value's output holds, per head, that head's q, k and v one after another.
        const auto qkv = b.qkv(x).view({batch, t, m_arch.heads, 3 * hd});
        q = qkv.narrow(-1, 0, hd);
        k = qkv.narrow(-1, hd, hd);
        v = qkv.narrow(-1, 2 * hd, hd);
    } else {
        auto outs = b.qkvStack({&b.q, &b.k, &b.v}, x);
        if (m_arch.clipQkv > 0.0) {
            for (auto& y : outs)
                y.clamp_(-m_arch.clipQkv, m_arch.clipQkv);
        }
        q = outs[0];
        k = outs[1];
        v = outs[2].view({batch, t, m_arch.kvHeads, hd});
        if (m_arch.qkNorm && !m_arch.qkNormPerHead) {
            q = normalize(b.qNorm, q);
            k = normalize(b.kNorm, k);
        }
        q = q.view({batch, t, m_arch.heads, hd});
        k = k.view({batch, t, m_arch.kvHeads, hd});
        if (m_arch.qkNormPerHead) {
            q = normalize(b.qNorm, q);
            k = normalize(b.kNorm, k);
        }
        if (rotate && !m_arch.qkNorm && outs[0].is_alias_of(outs[1])) {
            // q and k side by side in one product's output: rotated together.
            const auto qk = applyRope(outs[0].as_strided({batch, t, m_arch.heads + m_arch.kvHeads, hd},
                                                         {outs[0].stride(0), outs[0].stride(1), hd, 1}),
                                      rope);
            q = qk.narrow(2, 0, m_arch.heads);
            k = qk.narrow(2, m_arch.heads, m_arch.kvHeads);
            rotate = false;
        }
    }
    if (rotate) {
        q = applyRope(q, rope);
        k = applyRope(k, rope);
    }
    const auto mixed = causalAttention(q, k, v, m_arch.slidingWindow[size_t(b.index)]);
    if (hook)
        hook(1, mixed);
    return b.o(mixed);
}

torch::Tensor HfModel::mlp(HfBlock& b, const torch::Tensor& x, const InputHook& hook) const
{
    if (hook)
        hook(2, x);
    torch::Tensor u;
    if (m_arch.family == HfFamily::NeoX) {
        const auto h = b.up(x);
        u = m_arch.activation == HfActivation::Gelu ? F::gelu(h) : F::gelu(h, F::GELUFuncOptions().approximate("tanh"));
    } else if (!m_arch.gatedMlp) {
        u = xielu(b.up(x), b.xielu);
    } else {
        // In place on the product's output (one stacked product, or two): the MLP's widest tensor
        // exists twice, not four times, and down_proj reads it where it lies.
        auto outs = b.gateUpStack({&b.gate, &b.up}, x);
        u = torch::silu_(outs[0]).mul_(outs[1]);
    }
    if (b.downRotation.active())
        u = b.downRotation.apply(u);
    if (hook)
        hook(3, u);
    return b.down(u);
}

torch::Tensor HfModel::forwardBlock(HfBlock& b, const torch::Tensor& x, const HfRope& rope, const InputHook& hook) const
{
    // The residual sums in place on the fresh outputs of the attention and the MLP (x + a = a + x exactly).
    if (m_arch.family == HfFamily::NeoX) {
        auto a = attention(b, normalize(b.ln1, x), rope, hook);
        if (m_arch.parallelResidual)
            return a.add_(x).add_(mlp(b, normalize(b.ln2, x), hook));
        const auto h = a.add_(x);
        return mlp(b, normalize(b.ln2, h), hook).add_(h);
    }
    if (m_arch.postNorm) {
        // A rotated post-norm block rotates its normalized outputs into the stream's basis (rotation.h).
        const auto rotated = [&](const torch::Tensor& y) {
            return b.postNormRotation.defined()
                ? torch::matmul(y.to(torch::kFloat32), b.postNormRotation).to(y.scalar_type())
                : y;
        };
        const auto h = rotated(normalize(b.postAttn, attention(b, x, rope, hook))).add_(x);
        return rotated(normalize(b.postFf, mlp(b, h, hook))).add_(h);
    }
    const auto h = attention(b, normalize(b.ln1, x), rope, hook).add_(x);
    return mlp(b, normalize(b.ln2, h), hook).add_(h);
}

torch::Tensor HfModel::forwardPart(HfBlock& b, int group, const torch::Tensor& input, const HfRope& rope) const
{
    switch (group) {
    case 0:
        return attention(b, input, rope, {});
    case 1:
        return b.o(input);
    case 2:
        return mlp(b, input, {});
    case 3:
        return b.down(input);
    default:
        throw Error("a block has no group " + std::to_string(group) + " (0 to 3)");
    }
}

HfModel::Head HfModel::loadHead(bool whole) const
{
    Head head;
    if (m_arch.family == HfFamily::NeoX)
        head.norm = {load("gpt_neox.final_layer_norm.weight"), load("gpt_neox.final_layer_norm.bias")};
    else
        head.norm = {load("model.norm.weight"), {}};
    // A head up to 16 Mi values is kept in float32; a larger one (a real vocabulary) is read in slices
    // of rows for every call, so it never exists in float32 as a whole.
    if (whole || m_arch.vocab * m_arch.hidden <= (int64_t(1) << 24))
        head.weight = load(m_arch.headName());
    return head;
}

torch::Tensor HfModel::logits(const Head& head, const torch::Tensor& x) const
{
    const auto xn = normalize(head.norm, x);
    if (head.weight.defined())
        return F::linear(xn, head.weight.to(xn.scalar_type()));
    const TensorView& view = m_weights.tensor(m_arch.headName());
    const int64_t hidden = m_arch.hidden;
    const int64_t slice = std::max<int64_t>(1, (int64_t(1) << 22) / hidden);
    auto sizes = xn.sizes().vec();
    sizes.back() = m_arch.vocab;
    auto out = torch::empty(sizes, xn.options());
    for (int64_t v = 0; v < m_arch.vocab; v += slice) {
        const int64_t count = std::min(slice, m_arch.vocab - v);
        const auto w = toCompute(floatCopy(view, v * hidden, count * hidden, {count, hidden}), xn.options());
        out.narrow(-1, v, count).copy_(F::linear(xn, w));
    }
    m_weights.release(view);
    return out;
}

torch::Tensor HfModel::forward(const torch::Tensor& ids) const
{
    torch::NoGradGuard noGrad;
    const HfRope r = rope(ids.size(1));
    auto x = embed(ids);
    {
        HfBlockReader reader(*this, /*ahead=*/true, /*cached=*/true);
        for (int64_t i = 0; i < m_arch.layers; ++i) {
            HfBlock block = reader.next();
            RECORD_USER_SCOPE("qs::hf.forward_block");
            x = forwardBlock(block, x, r);
        }
    }
    RECORD_USER_SCOPE("qs::hf.head");
    std::optional<Head> head;
    {
        std::lock_guard lock(m_cache->mutex);
        head = m_cache->head;
    }
    if (!head) {
        // The whole head in float32 when the cache can keep it, else read as loadHead() decides.
        const int64_t bytes = m_arch.vocab * m_arch.hidden * int64_t(sizeof(float));
        std::lock_guard lock(m_cache->mutex);
        const bool keep = m_cache->bytes + bytes <= m_cache->budget;
        head = loadHead(keep);
        if (keep) {
            m_cache->head = head;
            m_cache->bytes += bytes;
        }
    }
    return logits(*head, x);
}

void HfModel::setCacheBudget(int64_t bytes)
{
    std::lock_guard lock(m_cache->mutex);
    m_cache->budget = std::max<int64_t>(0, bytes);
    while (m_cache->bytes > m_cache->budget && (m_cache->head || !m_cache->blocks.empty())) {
        if (m_cache->head) {
            m_cache->bytes -= m_cache->head->weight.defined() ? m_cache->head->weight.numel() * 4 : 0;
            m_cache->head.reset();
        } else {
            m_cache->bytes -= m_cache->blocks.back()->bytes();
            m_cache->blocks.pop_back();
        }
    }
}

int64_t HfModel::cachedBytes() const
{
    std::lock_guard lock(m_cache->mutex);
    return m_cache->bytes;
}

std::shared_ptr<HfBlock> HfModel::cachedBlock(int64_t index) const
{
    std::lock_guard lock(m_cache->mutex);
    return index < int64_t(m_cache->blocks.size()) ? m_cache->blocks[size_t(index)] : nullptr;
}

void HfModel::offerBlock(const HfBlock& block) const
{
    std::lock_guard lock(m_cache->mutex);
    // First to last only, so a model larger than the budget keeps its first blocks and streams the rest.
    if (block.index != int64_t(m_cache->blocks.size()) || m_cache->bytes + block.bytes() > m_cache->budget)
        return;
    m_cache->blocks.push_back(std::make_shared<HfBlock>(block));
    m_cache->bytes += block.bytes();
}

HfBlockReader::HfBlockReader(const HfModel& model, bool ahead, bool cached, const torch::Device& device)
    : m_model(model)
    , m_device(device)
    , m_copies(device)
    , m_ahead(ahead)
    , m_cached(cached)
{
    if (m_ahead)
        start(0);
}

HfBlockReader::~HfBlockReader()
{
    if (m_pending.valid())
        m_pending.wait();
}

HfBlock HfBlockReader::read(int64_t index) const
{
    HfBlock block;
    if (const auto cached = m_cached ? m_model.cachedBlock(index) : nullptr) {
        block = *cached; // shares the cached weights: forward() only reads them
    } else {
        RECORD_USER_SCOPE("qs::hf.load_block");
        block = m_model.loadBlock(index);
        if (m_cached)
            m_model.offerBlock(block);
    }
    if (m_device.is_cpu())
        return block;
    RECORD_USER_SCOPE("qs::hf.upload_block");
    HfBlock moved;
    m_copies.upload([&] {
        moved = block.to(m_device);
        return moved.tensors();
    });
    return moved;
}

void HfBlockReader::start(int64_t index)
{
    if (index >= m_model.arch().layers)
        return;
    if (m_cached && m_model.cachedBlock(index)) {
        m_pending = std::async(std::launch::deferred, [this, index] { return read(index); });
        return;
    }
    m_pending = std::async(std::launch::async, [this, index] { return read(index); });
}

HfBlock HfBlockReader::next()
{
    const int64_t index = m_next++;
    if (index >= m_model.arch().layers)
        throw Error("HfBlockReader: the model has only " + std::to_string(m_model.arch().layers) + " blocks");
    if (!m_ahead)
        return read(index);
    HfBlock block = m_pending.get();
    start(index + 1);
    return block;
}

void HfModel::setActivationQuantization(HfBlock& block, const QuantConfig& config) const
{
    const auto groups = block.groups(m_arch.family);
    const auto infos = m_arch.quantizableLayers();
    size_t i = size_t(block.index) * infos.size() / size_t(m_arch.layers);
    for (const auto& group : groups) {
        for (HfLinear* l : group) {
            const LayerInfo& info = infos[i++];
            const ActQuant act = config.actQuantFor(info.kind);
            try {
                checkActivationQuantization(act, l->weight.size(1));
            } catch (const ConfigError& e) {
                throw ConfigError(info.name + ": " + e.what());
            }
            l->act = act;
        }
    }
}

} // namespace qs
