// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
// AWQ as llm-compressor 0.14.0.1 computes it (docs/verification.md, "AWQ"): the statistics, the grid and
// the scaling of AWQModifier._apply_smoothing, in its float types (x̄ float32, w̄ and s float64, the
// scaled weights float32), and AutoAWQ's clipping search as an option.
#include "core/engine/awq.h"

#include "core/common/errors.h"
#include "core/engine/quantizer.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>

namespace qs {

namespace F = torch::nn::functional;

namespace {

// w [out, cols] as [out, groups, g] with zero columns after the last narrower group: zeros change
// neither min(·, 0), max(·, 0) nor a group's max |w|.
torch::Tensor grouped(const torch::Tensor& w, int64_t g)
{
    const int64_t cols = w.size(1), groups = (cols + g - 1) / g;
    const auto padded = groups * g == cols ? w : F::pad(w, F::PadFuncOptions({0, groups * g - cols}));
    return padded.reshape({w.size(0), groups, g});
}

int64_t groupWidth(int groupSize, int64_t cols)
{
    return groupSize > 0 ? std::min<int64_t>(groupSize, cols) : cols;
}

torch::Tensor rowsOf(const RealRows& realRows, const torch::Tensor& t, int64_t begin)
{
    return (realRows ? realRows(t, begin, t.size(0)) : t).reshape({-1, t.size(-1)});
}

// Calls f(begin, count) for consecutive runs of `chunk` of `n` sequences (chunk 0: all at once).
template<typename F>
void inChunks(int64_t n, int64_t chunk, F&& f)
{
    const int64_t step = chunk > 0 ? chunk : std::max<int64_t>(1, n);
    for (int64_t begin = 0; begin < n; begin += step)
        f(begin, std::min(step, n - begin));
}

} // namespace

CtIntQuantized ctIntQuantize(const torch::Tensor& weight, int bits, int groupSize)
{
    const auto w = weight.detach().to(torch::kFloat32);
    const int64_t rows = w.size(0), cols = w.size(1);
    const auto g = grouped(w, groupWidth(groupSize, cols));
    const double qmin = -std::ldexp(1.0, bits - 1), qmax = std::ldexp(1.0, bits - 1) - 1.0;
    const auto mn = std::get<0>(g.min(-1)).clamp_max(0.0);
    const auto mx = std::get<0>(g.max(-1)).clamp_min(0.0);
    auto scale = (mx - mn) / (qmax - qmin);
    // A group of zeros: compressed-tensors' zero point is then NaN cast to int8, 0; its codes are 0.
    const auto empty = scale == 0.0;
    auto zero = (qmin - mn / scale).clamp(qmin, qmax).round().masked_fill(empty, 0.0);
    scale = scale.masked_fill(empty, double(std::numeric_limits<float>::epsilon()));
    const auto codes = (g / scale.unsqueeze(-1) + zero.unsqueeze(-1)).clamp(qmin, qmax).round();
    const auto deq = (codes - zero.unsqueeze(-1)) * scale.unsqueeze(-1);
    CtIntQuantized out;
    out.codes = codes.reshape({rows, -1}).narrow(1, 0, cols).contiguous();
    out.weight = deq.reshape({rows, -1}).narrow(1, 0, cols).contiguous();
    out.scale = scale;
    out.zero = zero;
    return out;
}

AwqChoice awqSmooth(AwqSite& site, int groupSize)
{
    const int64_t channels = site.input.size(-1), sequences = site.input.size(0);
    // x̄: mean |x| per channel in float32, summed a chunk at a time as the hook on llm-compressor's first
    // balance layer sums each calibration batch.
    auto xSum = torch::zeros({channels}, site.input.options().dtype(torch::kFloat32));
    int64_t tokens = 0;
    inChunks(sequences, site.chunk, [&](int64_t begin, int64_t count) {
        const auto x = rowsOf(site.realRows, site.input.narrow(0, begin, count), begin).to(torch::kFloat32);
        if (!allFinite(x))
            throw Error("AWQ of " + site.name + ": its input activations hold NaN or Inf");
        xSum += x.abs().sum(0);
        tokens += x.size(0);
    });
    if (tokens == 0)
        throw Error("AWQ of " + site.name + ": no calibration token");
    // w̄: per balance weight |w| / (its group's max + 1e-6), summed over rows in float64, over all rows.
    torch::Tensor wSum = torch::zeros({channels}, site.balance.front().options().dtype(torch::kFloat64));
    int64_t wRows = 0;
    std::vector<torch::Tensor> original;
    for (size_t b = 0; b < site.balance.size(); ++b) {
        const torch::Tensor& w = site.balance[b];
        if (w.size(1) != channels)
            throw Error("AWQ of " + site.name + ": a balance layer reads " + std::to_string(w.size(1))
                        + " channels, not " + std::to_string(channels));
        original.push_back(w.detach().clone());
        if (site.bits[b] >= 16)
            continue; // a layer left in full precision counts in neither w̄ nor the search's error
        const auto a = grouped(w.abs(), groupWidth(groupSize, channels));
        const auto normalized = (a / (std::get<0>(a.max(-1, true)) + 1e-6)).reshape({w.size(0), -1});
        wSum += normalized.narrow(1, 0, channels).sum(0, false, torch::kFloat64);
        wRows += w.size(0);
    }
    // On the weights' device (a GPU sweep keeps the block and the states there).
    const auto wMean = wSum / double(wRows);
    const auto xMean = (xSum / double(tokens)).to(wMean.device());

    // The parent's output with the current weights, chunk by chunk, and the mean squared difference
    // from it of the output with the balance layers as they are set.
    std::vector<torch::Tensor> fpOut;
    int64_t outputs = 0;
    inChunks(sequences, site.chunk, [&](int64_t begin, int64_t count) {
        fpOut.push_back(rowsOf(site.realRows, site.parent(site.input.narrow(0, begin, count)), begin).detach().clone());
        outputs += fpOut.back().numel();
    });
    const auto lossOf = [&] {
        double sum = 0.0;
        size_t part = 0;
        inChunks(sequences, site.chunk, [&](int64_t begin, int64_t count) {
            const auto y = rowsOf(site.realRows, site.parent(site.input.narrow(0, begin, count)), begin);
            const auto d = (y - fpOut[part++]).to(torch::kFloat64);
            sum += (d * d).sum().item<double>();
        });
        return sum / double(outputs);
    };
    // duo_scaling: the identity, then r = 0, 1/18, …, 1.
    constexpr int kGrid = 20;
    AwqChoice best;
    best.loss = std::numeric_limits<double>::infinity();
    torch::Tensor bestScales;
    for (int i = 0; i < kGrid; ++i) {
        const bool duo = i > 0;
        const double r = duo ? double(i - 1) / double(kGrid - 2) : 0.0;
        torch::Tensor s = duo ? (xMean.pow(r).to(torch::kFloat64) / (wMean.pow(1.0 - r) + 1e-4)).clamp_min(1e-4)
                              : xMean.pow(r).clamp_min(1e-4).to(torch::kFloat64);
        s = s / (s.max() * s.min()).sqrt();
        s.masked_fill_(s.isinf() | s.isnan(), 1.0);
        for (size_t b = 0; b < site.balance.size(); ++b) {
            if (site.bits[b] >= 16)
                continue; // its original weight on the original input: the FP output
            const auto scaled = (original[b] * s.view({1, -1})).to(torch::kFloat32);
            const auto q = ctIntQuantize(scaled, site.bits[b], groupSize).weight;
            site.balance[b].copy_((q / s.view({1, -1})).to(torch::kFloat32));
        }
        const double loss = lossOf();
        if (!std::isfinite(loss))
            throw Error("AWQ of " + site.name + ": the parent's output holds NaN or Inf");
        if (i == 0)
            best.identity = loss;
        if (loss < best.loss) {
            best.loss = loss;
            best.ratio = r;
            best.duo = duo;
            bestScales = s;
        }
    }
    // The scaling: balance columns · s, the site's channels / s, in float64 stored as float32.
    for (size_t b = 0; b < site.balance.size(); ++b)
        site.balance[b].copy_((original[b] * bestScales.view({1, -1})).to(torch::kFloat32));
    const auto divide = [&](const torch::Tensor& t, bool rows) {
        if (!t.defined())
            return;
        if (!site.smoothRows.defined()) {
            t.copy_((t / bestScales).to(t.scalar_type()));
            return;
        }
        const auto index = site.smoothRows.to(t.device());
        const auto part = t.index_select(0, index);
        const auto by = rows && t.dim() == 2 ? bestScales.view({-1, 1}) : bestScales;
        t.index_copy_(0, index, (part / by).to(t.scalar_type()));
    };
    divide(site.smooth, true);
    divide(site.smoothBias, false);
    return best;
}

void awqClip(const torch::Tensor& weight, const torch::Tensor& input, int bits, int groupSize)
{
    constexpr int kGrid = 20, kSteps = 10; // AutoAWQ: n_grid 20, max_shrink 0.5
    constexpr int64_t kSampleTokens = 512;
    const int64_t out = weight.size(0), cols = weight.size(1);
    const int64_t g = groupWidth(groupSize, cols);
    auto x = input.reshape({-1, cols}).to(torch::kFloat32);
    if (x.size(0) == 0)
        return;
    const int64_t step = std::max<int64_t>(1, x.size(0) / kSampleTokens);
    x = x.slice(0, 0, x.size(0), step);
    const auto xg = grouped(x, g).permute({1, 0, 2}).contiguous();  // [groups, tokens, g]
    const auto w = grouped(weight.detach().to(torch::kFloat32), g); // [out, groups, g]
    const int64_t groups = w.size(1);
    auto clipped = w.clone();
    // Rows a slice at a time, so the partial products [groups, tokens, rows] stay within 16 Mi values.
    const int64_t slice = std::max<int64_t>(1, (int64_t(1) << 24) / std::max<int64_t>(1, groups * xg.size(1)));
    for (int64_t r0 = 0; r0 < out; r0 += slice) {
        const int64_t n = std::min(slice, out - r0);
        const auto ws = w.narrow(0, r0, n);
        const auto orgMax = std::get<0>(ws.abs().max(-1, true)); // [n, groups, 1]
        const auto product = [&](const torch::Tensor& v) { return torch::bmm(xg, v.permute({1, 2, 0})); };
        const auto reference = product(ws); // [groups, tokens, n]
        auto bestMax = orgMax.clone();
        auto minErr = torch::full_like(orgMax, 1e9);
        for (int i = 0; i < kSteps; ++i) {
            const auto maxVal = orgMax * (1.0 - double(i) / kGrid);
            const auto cur = torch::max(torch::min(ws, maxVal), -maxVal);
            const auto q = ctIntQuantize(cur.reshape({n, -1}), bits, int(g)).weight.reshape({n, groups, g});
            const auto err = (product(q) - reference).pow(2).mean(1).t().unsqueeze(-1); // [n, groups, 1]
            const auto better = err < minErr;
            minErr = torch::where(better, err, minErr);
            bestMax = torch::where(better, maxVal, bestMax);
        }
        clipped.narrow(0, r0, n).copy_(torch::max(torch::min(ws, bestMax), -bestMax));
    }
    weight.copy_(clipped.reshape({out, -1}).narrow(1, 0, cols));
}

namespace {

// The clipping of every layer of a block but the query and key projections (AutoAWQ leaves those
// alone: their errors pass through the softmax, not linearly), each on its input in the smoothed block.
struct ClipTarget
{
    torch::Tensor weight;
    const char* kind;
    int group; // which captured input it reads
};

void clipAll(const std::vector<ClipTarget>& targets, const std::array<torch::Tensor, 4>& inputs, const QuantConfig& c)
{
    for (const ClipTarget& t : targets) {
        const int bits = c.weightBitsFor(t.kind);
        if (bits < 16)
            awqClip(t.weight, inputs[size_t(t.group)], bits, c.groupSize);
    }
}

// The site, with each balance layer's bits, when one of them is quantized (llm-compressor skips a mapping
// none of whose layers is targeted; one left in full precision is scaled with the others, but stays out
// of w̄ and keeps its weight during the search).
void addSite(std::vector<AwqSite>& sites, AwqSite site, const std::vector<const char*>& kinds, const QuantConfig& c)
{
    bool quantized = false;
    for (const char* kind : kinds) {
        site.bits.push_back(c.weightBitsFor(kind));
        quantized = quantized || site.bits.back() < 16;
    }
    if (quantized)
        sites.push_back(std::move(site));
}

} // namespace

void awqSmoothModel(TinyLm& model, const torch::Tensor& calibration, const QuantConfig& config)
{
    torch::NoGradGuard noGrad;
    model->setActivationQuantization(QuantConfig::fullPrecision());
    auto [cos, sin] = model->rope(calibration.size(1));
    auto x = model->embed(calibration);
    for (auto& block : model->blocks()) {
        auto& attn = block->self_attn;
        auto& mlp = block->mlp;
        // The parents' inputs, once, from the block before any scaling (as llm-compressor caches them).
        const auto a = block->input_layernorm(x);
        const auto mixed = attn->mix(a, cos, sin);
        const auto h = x + attn->o_proj(mixed);
        const auto b = block->post_attention_layernorm(h);
        const auto u = mlp->hidden(b);
        const auto rowsOf = [](const torch::Tensor& w) { return torch::arange(w.size(0), torch::kInt64); };
        std::vector<AwqSite> sites;
        const auto add = [&](const char* name, const torch::Tensor& smooth, const torch::Tensor& rows,
                             std::vector<torch::Tensor> balance,
                             std::function<torch::Tensor(const torch::Tensor&)> parent, const torch::Tensor& input,
                             const std::vector<const char*>& kinds) {
            addSite(sites, {name, smooth, {}, rows, std::move(balance), {}, std::move(parent), input, {}}, kinds,
                    config);
        };
        const auto linear = [](const QLinear& l) {
            return [w = l->weight](const torch::Tensor& in) { return F::linear(in, w); };
        };
        add("input_layernorm → q_proj, k_proj, v_proj", block->input_layernorm->weight, {},
            {attn->q_proj->weight, attn->k_proj->weight, attn->v_proj->weight},
            [&](const torch::Tensor& in) { return attn->forward(in, cos, sin); }, a, {"q", "k", "v"});
        add("v_proj → o_proj", attn->v_proj->weight, rowsOf(attn->v_proj->weight), {attn->o_proj->weight},
            linear(attn->o_proj), mixed, {"o"});
        add("post_attention_layernorm → gate_proj, up_proj", block->post_attention_layernorm->weight, {},
            {mlp->gate_proj->weight, mlp->up_proj->weight}, [&](const torch::Tensor& in) { return mlp->forward(in); },
            b, {"gate", "up"});
        add("up_proj → down_proj", mlp->up_proj->weight, rowsOf(mlp->up_proj->weight), {mlp->down_proj->weight},
            linear(mlp->down_proj), u, {"down"});
        for (AwqSite& site : sites)
            awqSmooth(site, config.groupSize);
        // The next block calibrates on this one's smoothed output, before any clipping (as AutoAWQ's
        // inputs come from the unclipped block).
        const auto next = block->forward(x, cos, sin);
        if (config.clip) {
            std::array<torch::Tensor, 4> inputs;
            inputs[0] = block->input_layernorm(x);
            inputs[1] = attn->mix(inputs[0], cos, sin);
            inputs[2] = block->post_attention_layernorm(x + attn->o_proj(inputs[1]));
            inputs[3] = mlp->hidden(inputs[2]);
            clipAll({{attn->v_proj->weight, "v", 0},
                     {attn->o_proj->weight, "o", 1},
                     {mlp->gate_proj->weight, "gate", 2},
                     {mlp->up_proj->weight, "up", 2},
                     {mlp->down_proj->weight, "down", 3}},
                    inputs, config);
        }
        x = next;
    }
}

torch::Tensor awqSmoothHfBlock(const HfModel& model, HfBlock& block, const torch::Tensor& x, const HfRope& rope,
                               const RealRows& realRows, int64_t chunk, const QuantConfig& config)
{
    const HfArch& arch = model.arch();
    const bool neox = arch.family == HfFamily::NeoX;
    const int64_t sequences = x.size(0);
    // The parents' inputs, once, from the block before any scaling (as llm-compressor caches them).
    std::array<std::vector<torch::Tensor>, 4> parts;
    inChunks(sequences, chunk, [&](int64_t begin, int64_t count) {
        model.forwardBlock(block, x.narrow(0, begin, count), rope, [&](int group, const torch::Tensor& in) {
            parts[size_t(group)].push_back(in.contiguous());
        });
    });
    std::array<torch::Tensor, 4> inputs;
    for (size_t g = 0; g < parts.size(); ++g) {
        inputs[g] = parts[g].size() == 1 ? parts[g].front() : torch::cat(parts[g], 0);
        parts[g].clear();
    }
    const auto parent = [&](int group) {
        return [&model, &block, &rope, group](const torch::Tensor& in) {
            return model.forwardPart(block, group, in, rope);
        };
    };
    const std::string prefix = "block " + std::to_string(block.index) + " ";
    std::vector<AwqSite> sites;
    // A site whose readers are `balance` (of module kinds `kinds`), read through group `group`'s parent.
    const auto add = [&](const std::string& name, const torch::Tensor& smooth, const torch::Tensor& bias,
                         const torch::Tensor& rows, std::vector<torch::Tensor> balance, int group,
                         const std::vector<const char*>& kinds) {
        addSite(
            sites,
            {prefix + name, smooth, bias, rows, std::move(balance), {}, parent(group), inputs[size_t(group)], realRows},
            kinds, config);
    };
    const auto allRowsOf = [](const torch::Tensor& w) { return torch::arange(w.size(0), torch::kInt64); };
    const bool norms = !arch.postNorm && arch.affineNorm;
    if (norms && neox)
        add("input norm → query_key_value", block.ln1.weight, block.ln1.bias, {}, {block.qkv.weight}, 0, {"qkv"});
    else if (norms)
        add("input norm → q, k, v", block.ln1.weight, block.ln1.bias, {},
            {block.q.weight, block.k.weight, block.v.weight}, 0, {"q", "k", "v"});
    // v's outputs are o's inputs only without GQA (as llm-compressor checks), and clip_qkv's clamp does
    // not commute with a scale.
    if (arch.clipQkv <= 0.0 && neox) {
        // The fused query_key_value holds per head q, k, v one after another: v's rows of each head.
        const int64_t hd = arch.headDim;
        const auto head = torch::arange(arch.heads, torch::kInt64).view({-1, 1}) * (3 * hd);
        const auto rows = (head + 2 * hd + torch::arange(hd, torch::kInt64).view({1, -1})).flatten();
        add("v (in query_key_value) → o", block.qkv.weight, block.qkv.bias, rows, {block.o.weight}, 1, {"o"});
    } else if (arch.clipQkv <= 0.0 && block.v.weight.size(0) == block.o.weight.size(1)) {
        add("v_proj → o_proj", block.v.weight, block.v.bias, allRowsOf(block.v.weight), {block.o.weight}, 1, {"o"});
    }
    const bool gated = !neox && arch.gatedMlp;
    if (norms && gated)
        add("post-attention norm → gate, up", block.ln2.weight, block.ln2.bias, {},
            {block.gate.weight, block.up.weight}, 2, {"gate", "up"});
    else if (norms)
        add("post-attention norm → up", block.ln2.weight, block.ln2.bias, {}, {block.up.weight}, 2, {"up"});
    if (gated)
        add("up_proj → down_proj", block.up.weight, block.up.bias, allRowsOf(block.up.weight), {block.down.weight}, 3,
            {"down"});
    for (AwqSite& site : sites) {
        site.chunk = chunk;
        awqSmooth(site, config.groupSize);
    }
    sites.clear();
    inputs = {};
    // The smoothed block's output (what the next block calibrates on), and its layers' inputs for clipping.
    std::vector<torch::Tensor> outputs;
    inChunks(sequences, chunk, [&](int64_t begin, int64_t count) {
        outputs.push_back(
            model.forwardBlock(block, x.narrow(0, begin, count), rope, [&](int group, const torch::Tensor& in) {
                if (config.clip)
                    parts[size_t(group)].push_back(rowsOf(realRows, in, begin).contiguous());
            }));
    });
    const auto next = outputs.size() == 1 ? outputs.front() : torch::cat(outputs, 0);
    outputs.clear();
    if (config.clip) {
        std::array<torch::Tensor, 4> smoothed;
        for (size_t g = 0; g < parts.size(); ++g) {
            smoothed[g] = torch::cat(parts[g], 0);
            parts[g].clear();
        }
        std::vector<ClipTarget> targets;
        if (!neox)
            targets.push_back({block.v.weight, "v", 0});
        targets.push_back({block.o.weight, "o", 1});
        if (gated)
            targets.push_back({block.gate.weight, "gate", 2});
        targets.push_back({block.up.weight, "up", 2});
        targets.push_back({block.down.weight, "down", 3});
        clipAll(targets, smoothed, config);
    }
    return next;
}

} // namespace qs
