#include "core/engine/hfmodel.h"

#include "core/common/errors.h"
#include "core/data/config.h"
#include "core/engine/hfmemory.h"
#include "core/engine/quantizer.h"

#include <cmath>

namespace qs {

namespace F = torch::nn::functional;

torch::Tensor HfLinear::operator()(const torch::Tensor& x) const
{
    const torch::Tensor input = actBits < 16 ? fakeQuantizeActivations(x, actBits, actGroupSize) : x;
    return F::linear(input, weight, bias);
}

std::vector<std::vector<HfLinear*>> HfBlock::groups(HfFamily family)
{
    if (family == HfFamily::NeoX)
        return {{&qkv}, {&o}, {&up}, {&down}};
    if (!gate.weight.defined()) // Apertus: loadBlock leaves the gate out when the architecture has none
        return {{&q, &k, &v}, {&o}, {&up}, {&down}};
    return {{&q, &k, &v}, {&o}, {&gate, &up}, {&down}};
}

HfBlock HfBlock::clone() const
{
    HfBlock c = *this;
    for (HfLinear* l : {&c.q, &c.k, &c.v, &c.o, &c.qkv, &c.gate, &c.up, &c.down}) {
        if (l->weight.defined())
            l->weight = l->weight.clone();
    }
    return c;
}

namespace {

// Elements [first, first + count) of a mapped F32/F16/BF16 tensor as float32, converted by torch's
// vectorized kernels (several times faster than element by element on the stream's hot path).
torch::Tensor floatCopy(const TensorView& view, int64_t first, int64_t count, std::vector<int64_t> shape)
{
    auto out = torch::empty(shape, torch::kFloat32);
    if (view.dtype == DType::F32 || (view.dtype != DType::BF16 && view.dtype != DType::F16)) {
        view.toFloat(out.data_ptr<float>(), first, count);
        return out;
    }
    const auto type = view.dtype == DType::BF16 ? torch::kBFloat16 : torch::kFloat16;
    // from_blob wants a mutable pointer; the mapping is read-only and only read here.
    auto* data = const_cast<uint8_t*>(view.data) + first * 2;
    out.view({-1}).copy_(torch::from_blob(data, {count}, type));
    return out;
}

} // namespace

HfModel::HfModel(HfArch arch, HfWeights weights)
    : m_arch(std::move(arch))
    , m_weights(std::move(weights))
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
    auto t = floatCopy(view, 0, view.numel(), view.shape);
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
        return HfLinear {load(p + name + ".weight"), load(p + name + ".bias")};
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
    b.q = linear("self_attn.q_proj");
    b.k = linear("self_attn.k_proj");
    b.v = linear("self_attn.v_proj");
    b.o = linear("self_attn.o_proj");
    if (m_arch.gatedMlp)
        b.gate = linear("mlp.gate_proj");
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
    if (!m_arch.affineNorm)
        return torch::layer_norm(x, {x.size(-1)}, {}, {}, m_arch.normEps);
    if (m_arch.normBias)
        return torch::layer_norm(x, {x.size(-1)}, norm.weight, norm.bias, m_arch.normEps);
    const auto variance = x.pow(2).mean(-1, /*keepdim=*/true);
    return norm.weight * (x * torch::rsqrt(variance + m_arch.normEps));
}

namespace {

torch::Tensor rotateHalf(const torch::Tensor& x)
{
    const int64_t half = x.size(-1) / 2;
    return torch::cat({-x.narrow(-1, half, half), x.narrow(-1, 0, half)}, -1);
}

// x: [B, heads, T, headDim]; the first cos.size(-1) dims rotate, the rest pass through (NeoX).
torch::Tensor applyRope(const torch::Tensor& x, const HfRope& rope)
{
    const int64_t rot = rope.cos.size(-1);
    const auto cos = rope.cos.narrow(0, 0, x.size(2));
    const auto sin = rope.sin.narrow(0, 0, x.size(2));
    if (rot == x.size(-1))
        return x * cos + rotateHalf(x) * sin;
    const auto r = x.narrow(-1, 0, rot);
    return torch::cat({r * cos + rotateHalf(r) * sin, x.narrow(-1, rot, x.size(-1) - rot)}, -1);
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

torch::Tensor causalAttention(const torch::Tensor& q, const torch::Tensor& k, const torch::Tensor& v)
{
    const int64_t batch = q.size(0), t = q.size(2);
    const auto mask = torch::ones({t, t}, torch::kBool).triu(1);
    auto attend = [&](const torch::Tensor& qc, const torch::Tensor& kc, const torch::Tensor& vc) {
        auto scores = torch::matmul(qc, kc.transpose(-2, -1)) / std::sqrt(double(qc.size(-1)));
        scores = scores.masked_fill(mask, -std::numeric_limits<float>::infinity());
        return torch::matmul(torch::softmax(scores, -1), vc);
    };
    // The scores of a few sequences at a time (at most kAttentionScores values), so a large batch — a
    // calibration set of long documents — never holds all its heads × T² scores at once.
    const int64_t perSequence = std::max<int64_t>(1, q.size(1) * t * t);
    const int64_t chunk = std::max<int64_t>(1, kAttentionScores / perSequence);
    if (chunk >= batch)
        return attend(q, k, v);
    auto out = torch::empty({batch, q.size(1), t, v.size(-1)}, q.options());
    for (int64_t b = 0; b < batch; b += chunk) {
        const int64_t n = std::min(chunk, batch - b);
        out.narrow(0, b, n).copy_(attend(q.narrow(0, b, n), k.narrow(0, b, n), v.narrow(0, b, n)));
    }
    return out;
}

} // namespace

torch::Tensor HfModel::attention(HfBlock& b, const torch::Tensor& x, const HfRope& rope, const InputHook& hook) const
{
    if (hook)
        hook(0, x);
    const int64_t batch = x.size(0), t = x.size(1), hd = m_arch.headDim;
    torch::Tensor q, k, v;
    if (m_arch.family == HfFamily::NeoX) {
        // query_key_value's output holds, per head, that head's q, k and v one after another.
        const auto qkv = b.qkv(x).view({batch, t, m_arch.heads, 3 * hd});
        q = qkv.narrow(-1, 0, hd).transpose(1, 2);
        k = qkv.narrow(-1, hd, hd).transpose(1, 2);
        v = qkv.narrow(-1, 2 * hd, hd).transpose(1, 2);
    } else {
        q = b.q(x);
        k = b.k(x);
        v = b.v(x);
        if (m_arch.clipQkv > 0.0) {
            q.clamp_(-m_arch.clipQkv, m_arch.clipQkv);
            k.clamp_(-m_arch.clipQkv, m_arch.clipQkv);
            v.clamp_(-m_arch.clipQkv, m_arch.clipQkv);
        }
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
        q = q.transpose(1, 2);
        k = k.transpose(1, 2);
        v = v.view({batch, t, m_arch.kvHeads, hd}).transpose(1, 2);
    }
    if (m_arch.ropeInLayer[size_t(b.index)]) {
        q = applyRope(q, rope);
        k = applyRope(k, rope);
    }
    if (m_arch.kvHeads != m_arch.heads) {
        // repeat_kv: each key/value head serves heads / kvHeads consecutive query heads.
        const int64_t rep = m_arch.heads / m_arch.kvHeads;
        k = k.repeat_interleave(rep, 1);
        v = v.repeat_interleave(rep, 1);
    }
    const auto mixed = causalAttention(q, k, v).transpose(1, 2).reshape({batch, t, m_arch.heads * hd});
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
        u = b.gate(x);
        torch::silu_(u);
        u.mul_(b.up(x)); // in place: the widest tensor of the block exists twice, not four times
    }
    if (hook)
        hook(3, u);
    return b.down(u);
}

torch::Tensor HfModel::forwardBlock(HfBlock& b, const torch::Tensor& x, const HfRope& rope, const InputHook& hook) const
{
    if (m_arch.family == HfFamily::NeoX) {
        const auto a = attention(b, normalize(b.ln1, x), rope, hook);
        if (m_arch.parallelResidual)
            return x + a + mlp(b, normalize(b.ln2, x), hook);
        const auto h = x + a;
        return h + mlp(b, normalize(b.ln2, h), hook);
    }
    if (m_arch.postNorm) {
        const auto h = x + normalize(b.postAttn, attention(b, x, rope, hook));
        return h + normalize(b.postFf, mlp(b, h, hook));
    }
    const auto h = x + attention(b, normalize(b.ln1, x), rope, hook);
    return h + mlp(b, normalize(b.ln2, h), hook);
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
        return F::linear(xn, head.weight);
    const TensorView& view = m_weights.tensor(m_arch.headName());
    const int64_t hidden = m_arch.hidden;
    const int64_t slice = std::max<int64_t>(1, (int64_t(1) << 22) / hidden);
    auto sizes = xn.sizes().vec();
    sizes.back() = m_arch.vocab;
    auto out = torch::empty(sizes, torch::kFloat32);
    for (int64_t v = 0; v < m_arch.vocab; v += slice) {
        const int64_t count = std::min(slice, m_arch.vocab - v);
        const auto w = floatCopy(view, v * hidden, count * hidden, {count, hidden});
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
    for (int64_t i = 0; i < m_arch.layers; ++i) {
        HfBlock block = loadBlock(i);
        x = forwardBlock(block, x, r);
    }
    return logits(loadHead(), x);
}

void HfModel::setActivationQuantization(HfBlock& block, const QuantConfig& config) const
{
    const auto groups = block.groups(m_arch.family);
    const auto infos = m_arch.quantizableLayers();
    size_t i = size_t(block.index) * infos.size() / size_t(m_arch.layers);
    for (const auto& group : groups) {
        for (HfLinear* l : group) {
            const LayerInfo& info = infos[i++];
            const int bits = config.actBitsFor(info.kind);
            if (bits < 16 && config.actGroupSize > 0 && l->weight.size(1) % config.actGroupSize != 0)
                throw ConfigError(info.name + ": activation group size " + std::to_string(config.actGroupSize)
                                  + " does not divide the " + std::to_string(l->weight.size(1)) + " input channels");
            l->actBits = bits;
            l->actGroupSize = config.actGroupSize;
        }
    }
}

} // namespace qs
