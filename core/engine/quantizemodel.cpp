// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/engine/quantizemodel.h"

#include "core/common/errors.h"
#include "core/config/quantmethods.h"
#include "core/engine/awq.h"
#include "core/engine/gptq.h"
#include "core/engine/quantizer.h"
#include "core/engine/rotation.h"
#include "core/engine/weightquantizers.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <optional>
#include <random>

namespace qs {

torch::Tensor calibrationBatch(const std::vector<uint8_t>& text, int sequences, int length, uint64_t seed)
{
    if (text.size() <= size_t(length))
        throw ConfigError("calibration needs sequences of " + std::to_string(length) + " bytes, the text has only "
                          + std::to_string(text.size()));
    std::mt19937_64 rng(seed ^ 0xC0FFEEull);
    std::uniform_int_distribution<size_t> pick(0, text.size() - size_t(length));
    auto batch = torch::empty({sequences, length}, torch::kInt64);
    auto* p = batch.data_ptr<int64_t>();
    for (int s = 0; s < sequences; ++s) {
        const size_t offset = pick(rng);
        for (int t = 0; t < length; ++t)
            p[int64_t(s) * length + t] = text[offset + size_t(t)];
    }
    return batch;
}

namespace {

// Moments in float64 are accumulated over slices of about a million values, so a large input (a real
// model's FC2 input over the calibration set) never exists as a float64 copy.
template<typename F>
void forSlices(const torch::Tensor& x, F&& f)
{
    const auto flat = x.reshape({-1, x.size(-1)});
    const int64_t rows = flat.size(0);
    const int64_t sliceRows = std::max<int64_t>(1, (int64_t(1) << 20) / std::max<int64_t>(1, flat.size(1)));
    for (int64_t r = 0; r < rows; r += sliceRows)
        f(flat.narrow(0, r, std::min(sliceRows, rows - r)));
}

// |x| as its float32 bit pattern, which orders like the value for finite non-negative floats.
torch::Tensor absBits(const torch::Tensor& part)
{
    return part.abs().to(torch::kFloat32).contiguous().view(torch::kInt32).flatten();
}

constexpr int64_t kHighBins = int64_t(1) << 15; // the sign bit of |x| is clear
constexpr int64_t kLowBins = int64_t(1) << 16;

// The index of the bin holding the element of rank `rank` (0-based) and the rank inside it.
std::pair<int64_t, int64_t> binOfRank(const torch::Tensor& histogram, int64_t rank)
{
    const auto cumulative = histogram.cumsum(0);
    const int64_t bin = (cumulative <= rank).sum().item<int64_t>();
    const int64_t before = bin > 0 ? cumulative[bin - 1].item<int64_t>() : 0;
    return {bin, rank - before};
}

} // namespace

ActivationStatsAccumulator::ActivationStatsAccumulator(double outlierThreshold)
    : m_threshold(outlierThreshold)
    , m_high(torch::zeros({kHighBins}, torch::kInt64))
    , m_low(torch::zeros({kLowBins}, torch::kInt64))
{
}

void ActivationStatsAccumulator::addFirst(const torch::Tensor& x)
{
    if (m_high.device() != x.device()) { // the histograms follow the activations to their device
        m_high = m_high.to(x.device());
        m_low = m_low.to(x.device());
    }
    bool finite = true;
    forSlices(x, [&](const torch::Tensor& part) {
        finite = finite && allFinite(part);
        if (!finite)
            return;
        m_sum += part.sum(torch::kFloat64).item<double>();
        const auto m = part.abs().amax(0);
        m_channel = m_channel.defined() ? torch::maximum(m_channel, m) : m;
        m_high += torch::bincount(torch::bitwise_right_shift(absBits(part), 16), {}, kHighBins);
        m_count += part.numel();
    });
    if (!finite)
        throw Error("activations hold NaN or Inf");
}

void ActivationStatsAccumulator::addSecond(const torch::Tensor& x)
{
    if (m_medianBin < 0) {
        if (m_count == 0)
            throw Error("activation statistics of an empty input");
        // The lower median, as torch's median takes it: the element of rank (n − 1) / 2.
        std::tie(m_medianBin, m_medianRank) = binOfRank(m_high, (m_count - 1) / 2);
    }
    const double mean = m_sum / double(m_count);
    forSlices(x, [&](const torch::Tensor& part) {
        const auto centred = part.to(torch::kFloat64) - mean;
        const auto sq = centred * centred;
        m_m2 += sq.sum().item<double>();
        m_m4 += (sq * sq).sum().item<double>();
        const auto bits = absBits(part);
        const auto inBin = bits.masked_select(torch::bitwise_right_shift(bits, 16) == m_medianBin);
        if (inBin.numel() > 0)
            m_low += torch::bincount(torch::bitwise_and(inBin, kLowBins - 1), {}, kLowBins);
    });
}

ActivationStats ActivationStatsAccumulator::result() const
{
    const double n = double(m_count);
    const double m2 = m_m2 / n, m4 = m_m4 / n;
    ActivationStats s;
    s.kurtosis = m2 > 0.0 ? m4 / (m2 * m2) : 0.0;
    s.absmax = m_channel.max().item<double>();
    const int32_t low = int32_t(binOfRank(m_low, m_medianRank).first);
    const int32_t bits = int32_t(m_medianBin << 16) | low;
    float median = 0.0f;
    std::memcpy(&median, &bits, sizeof median);
    s.absmaxMedian = median > 0.0f ? s.absmax / double(median) : std::numeric_limits<double>::infinity();
    s.outliers = (m_channel > m_threshold).sum().item<int64_t>();
    const auto profile = m_channel.to(torch::kFloat32).cpu().contiguous();
    s.channelAbsmax.assign(profile.data_ptr<float>(), profile.data_ptr<float>() + profile.numel());
    return s;
}

ActivationStats activationStats(const torch::Tensor& x, double outlierThreshold)
{
    ActivationStatsAccumulator accumulator(outlierThreshold);
    accumulator.addFirst(x);
    accumulator.addSecond(x);
    return accumulator.result();
}

namespace {

// Σ y² and Σ (y − ŷ)² in float64 over slices of a million values: exact differences without float64
// copies of outputs that, for a real model's MLP over the calibration set, hold tens of millions.
void addSquaredError(const torch::Tensor& y, const torch::Tensor& yq, double& signal, double& noise)
{
    const auto a = y.reshape({-1});
    const auto b = yq.reshape({-1});
    const int64_t n = a.numel();
    const int64_t slice = int64_t(1) << 20;
    for (int64_t i = 0; i < n; i += slice) {
        const int64_t count = std::min(slice, n - i);
        const auto ya = a.narrow(0, i, count).to(torch::kFloat64);
        const auto d = ya - b.narrow(0, i, count).to(torch::kFloat64);
        signal += (ya * ya).sum().item<double>();
        noise += (d * d).sum().item<double>();
    }
}

} // namespace

double sqnrDb(const torch::Tensor& y, const torch::Tensor& yq)
{
    double signal = 0.0, noise = 0.0;
    addSquaredError(y, yq, signal, noise);
    if (noise == 0.0)
        return std::numeric_limits<double>::infinity();
    return 10.0 * std::log10(signal / noise);
}

GroupQuantizer::GroupQuantizer(std::vector<GroupMember> members, const QuantConfig& config,
                               const QuantizeModelOptions& options)
    : m_members(std::move(members))
    , m_config(config)
    , m_options(options)
    , m_signal(m_members.size(), 0.0)
    , m_noise(m_members.size(), 0.0)
{
    if (m_options.inputStats)
        m_stats.emplace(m_options.outlierThreshold);
}

bool GroupQuantizer::readsInput() const
{
    return m_config.method == QuantMethod::Gptq
        && std::any_of(m_members.begin(), m_members.end(),
                       [&](const GroupMember& m) { return m_config.weightBitsFor(m.info->kind) < 16; });
}

bool GroupQuantizer::needsFirstPass() const
{
    return m_options.inputStats || readsInput();
}

bool GroupQuantizer::needsSecondPass() const
{
    return m_options.inputStats || std::any_of(m_members.begin(), m_members.end(), [&](const GroupMember& m) {
               return m_config.weightBitsFor(m.info->kind) < 16 || m.act.active();
           });
}

void GroupQuantizer::addFirst(const torch::Tensor& computed, int64_t sequences)
{
    if (m_members.empty())
        return;
    // Statistics, Hessians and SQNRs in float32 of what a bfloat16 or float16 forward computed.
    const torch::Tensor input = computed.scalar_type() == torch::kFloat32 ? computed : computed.to(torch::kFloat32);
    RECORD_USER_SCOPE("qs::quantize.first_pass");
    if (!allFinite(input))
        throw Error("the input activations of " + m_members.front().info->name + " hold NaN or Inf");
    if (m_stats)
        m_stats->addFirst(input);
    if (readsInput()) {
        if (!m_hessian)
            m_hessian.emplace(input.size(-1));
        m_hessian->add(input, sequences);
    }
}

void GroupQuantizer::quantize()
{
    RECORD_USER_SCOPE("qs::quantize.weights");
    GptqOptions gptq;
    gptq.groupSize = m_config.groupSize;
    gptq.symmetric = m_config.symmetric;
    gptq.actOrder = m_config.actOrder;
    gptq.percDamp = m_config.percDamp;
    gptq.blockSize = m_config.blockSize;
    for (const GroupMember& m : m_members) {
        const LayerInfo& info = *m.info;
        LayerReport r;
        const int bits = m_config.weightBitsFor(info.kind);
        const torch::Tensor w = m.weight.detach().clone();
        if (!allFinite(w))
            throw Error("the weights of " + info.name + " hold NaN or Inf");
        torch::Tensor wq = m.weight;
        if (bits < 16 && m_config.method == QuantMethod::Gptq) {
            if (!m_hessian)
                throw Error("GPTQ of " + info.name + " before any calibration input");
            gptq.bits = bits;
            const GptqResult g = gptqQuantize(w, m_hessian->hessian(), gptq);
            wq.copy_(g.weight);
            r.gptqLoss = g.loss;
            r.dampUsed = g.dampUsed;
            if (m_options.onQuantized)
                m_options.onQuantized({&info, wq, bits, &g});
        } else if (bits < 16) {
            const WeightQuantization q = quantizeWeight(w, m_config, bits, info.name);
            wq.copy_(q.weight);
            if (m_options.onQuantized)
                m_options.onQuantized({&info, wq, bits, nullptr, &q.parts});
        }
        r.relErr = relativeError(w, wq);
        if (bits >= 16 && !m.act.active())
            r.sqnrDb = std::numeric_limits<double>::infinity(); // nothing quantized: Ŷ = Y
        m_original.push_back(w);
        m_reports.push_back(std::move(r));
    }
    m_hessian.reset();
}

void GroupQuantizer::addSecond(const torch::Tensor& computed)
{
    if (m_members.empty())
        return;
    // Statistics, Hessians and SQNRs in float32 of what a bfloat16 or float16 forward computed.
    const torch::Tensor input = computed.scalar_type() == torch::kFloat32 ? computed : computed.to(torch::kFloat32);
    RECORD_USER_SCOPE("qs::quantize.second_pass");
    if (!allFinite(input))
        throw Error("the input activations of " + m_members.front().info->name + " hold NaN or Inf");
    if (m_stats)
        m_stats->addSecond(input);
    // Members that see the same input (the same activation quantization) are measured together: Σ y²
    // and Σ (y − ŷ)² per output column of their stacked weights, each member's the sum of its columns;
    // from the two products over slices of tokens (column sums in float32 by torch's cascade summation,
    // relative error ~1e-6, far below what an SQNR in dB shows; float64 copies of the outputs would cost
    // more than the products), or with weights only from the input's Gram matrix where that is cheaper.
    std::vector<size_t> pending;
    for (size_t i = 0; i < m_members.size(); ++i) {
        if (!std::isinf(m_reports[i].sqnrDb))
            pending.push_back(i);
    }
    while (!pending.empty()) {
        const GroupMember& first = m_members[pending.front()];
        std::vector<size_t> batch, rest;
        for (size_t i : pending) {
            const GroupMember& m = m_members[i];
            const bool same = m.act == first.act;
            (same ? batch : rest).push_back(i);
        }
        pending = std::move(rest);
        std::vector<torch::Tensor> original, quantized;
        for (size_t i : batch) {
            original.push_back(m_original[i]);
            quantized.push_back(m_members[i].weight);
        }
        torch::Tensor signal, noise; // per output column, float64
        const int64_t channels = input.size(-1);
        const auto x = input.reshape({-1, channels});
        const int64_t rows = x.size(0);
        int64_t outputs = 0;
        for (size_t i : batch)
            outputs += m_members[i].weight.size(0);
        // The Gram route costs ~2·N·C² + 8·O·C² flops (two float64 products of the O × C weights) against
        // 4·N·C·O for the two products: it pays for small layers over many tokens (the built-in model's
        // calibration set), not for a large layer over a chunk of calibration sequences, and its float64
        // weights stay within 32 MB.
        const bool gram = !first.act.active() && outputs * channels <= (int64_t(1) << 22)
            && rows * channels + 4 * outputs * channels < 2 * rows * outputs;
        if (gram) {
            // Weights only: with G = XᵀX, Σ‖W x‖² = Σ (W G) ∘ W and Σ‖(W − Ŵ) x‖² the same with W − Ŵ.
            const auto g = torch::mm(x.t(), x).to(torch::kFloat64);
            const auto w = torch::cat(original, 0).to(torch::kFloat64);
            const auto dw = w - torch::cat(quantized, 0).to(torch::kFloat64);
            signal = (torch::mm(w, g) * w).sum(1).cpu();
            noise = (torch::mm(dw, g) * dw).sum(1).cpu();
        } else {
            // Slices of the tokens with at most 4M output values each, so the products and their
            // differences stay small next to the forward pass whatever the layer's width.
            const auto w = torch::cat(original, 0);
            const auto wq = torch::cat(quantized, 0);
            signal = torch::zeros({outputs}, x.options().dtype(torch::kFloat64));
            noise = torch::zeros_like(signal);
            const int64_t sliceRows = std::max<int64_t>(1, (int64_t(1) << 22) / outputs);
            // LLM.int8's outlier columns are a sequence's: quantized whole before slicing ([N, T, C] keeps the
            // sequences apart; rows of sequences of different lengths are taken as one).
            const torch::Tensor wholeQ = first.act.active() && first.act.format == ActFormat::Lt
                ? fakeQuantizeActivations(input, first.act).reshape({-1, channels})
                : torch::Tensor();
            for (int64_t r = 0; r < rows; r += sliceRows) {
                const int64_t count = std::min(sliceRows, rows - r);
                const auto part = x.narrow(0, r, count);
                // Ŷ sees the input as the quantized model does, activation quantization included (per
                // token or per group of a token's channels, so a slice of tokens quantizes alike).
                const auto partQ = wholeQ.defined() ? wholeQ.narrow(0, r, count)
                    : first.act.active()            ? fakeQuantizeActivations(part, first.act)
                                                    : part;
                const auto y = torch::nn::functional::linear(part, w);
                const auto diff = y - torch::nn::functional::linear(partQ, wq);
                signal += (y * y).sum(0).to(torch::kFloat64);
                noise += (diff * diff).sum(0).to(torch::kFloat64);
            }
            signal = signal.cpu();
            noise = noise.cpu();
        }
        int64_t column = 0;
        for (size_t i : batch) {
            const int64_t rows = m_members[i].weight.size(0);
            m_signal[i] += signal.narrow(0, column, rows).sum().item<double>();
            m_noise[i] += noise.narrow(0, column, rows).sum().item<double>();
            column += rows;
        }
    }
}

void GroupQuantizer::finish(std::vector<LayerReport>& reports)
{
    const ActivationStats stats = m_stats ? m_stats->result() : ActivationStats {};
    for (size_t i = 0; i < m_reports.size(); ++i) {
        LayerReport& r = m_reports[i];
        if (!std::isinf(r.sqnrDb))
            r.sqnrDb = m_noise[i] == 0.0 ? std::numeric_limits<double>::infinity()
                                         : 10.0 * std::log10(m_signal[i] / m_noise[i]);
        if (m_stats)
            r.input = stats;
        reports.push_back(std::move(r));
    }
    m_reports.clear();
    m_original.clear();
}

void quantizeGroup(const torch::Tensor& input, const std::vector<GroupMember>& members, const QuantConfig& config,
                   const QuantizeModelOptions& options, std::vector<LayerReport>& reports)
{
    GroupQuantizer group(members, config, options);
    group.addFirst(input, options.calibrationSequences);
    group.quantize();
    group.addSecond(input);
    group.finish(reports);
}

std::vector<LayerReport> quantizeModel(TinyLm& model, const torch::Tensor& calibration, const QuantConfig& config,
                                       const QuantizeModelOptions& options)
{
    torch::NoGradGuard noGrad;
    model->eval();
    config.validate();
    // AWQ's scales first, over the whole model (the smoothed FP model computes what the FP model does);
    // the walk below then quantizes the smoothed weights like any data-free method.
    if (config.method == QuantMethod::Awq && !options.awqScaled)
        awqSmoothModel(model, calibration, config);
    // A rotated config rotates the model first (the rotated FP model computes what the FP model does).
    if (config.rotation != Rotation::None && !options.rotated)
        rotateModel(model, makeRotations(config, model->config()));
    model->setActivationQuantization(config);

    const auto infos = model->quantizableLayers();
    std::vector<LayerReport> reports;
    reports.reserve(infos.size());

    // Quantizes `layers`, which all read `input`, in place: the next layers of `infos`.
    auto quantize = [&](const torch::Tensor& input, std::initializer_list<QLinear> layers) {
        std::vector<GroupMember> members;
        for (const QLinear& layer : layers)
            members.push_back({&infos[reports.size() + members.size()], layer->weight, layer->inputQuantization()});
        quantizeGroup(input, members, config, options, reports);
    };

    auto [cos, sin] = model->rope(calibration.size(1));
    auto x = model->embed(calibration);
    for (auto& block : model->blocks()) {
        auto& attn = block->self_attn;
        auto& mlp = block->mlp;
        auto a = block->input_layernorm(x);
        quantize(a, {attn->q_proj, attn->k_proj, attn->v_proj});
        auto mixed = attn->mix(a, cos, sin);
        quantize(mixed, {attn->o_proj});
        auto h = x + attn->o_proj(mixed);
        auto b = block->post_attention_layernorm(h);
        quantize(b, {mlp->gate_proj, mlp->up_proj});
        auto u = mlp->hidden(b);
        quantize(u, {mlp->down_proj});
        x = h + mlp->down_proj(u);
    }
    return reports;
}

} // namespace qs
