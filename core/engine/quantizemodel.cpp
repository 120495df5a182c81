#include "core/engine/quantizemodel.h"

#include "core/common/errors.h"
#include "core/engine/gptq.h"
#include "core/engine/quantizer.h"

#include <cmath>
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

ActivationStats activationStats(const torch::Tensor& x, double outlierThreshold)
{
    // Moments in float64, accumulated over slices of rows, so a large input (a real model's FC2 input
    // over the calibration set) never exists as a float64 copy.
    const auto flat = x.reshape({-1, x.size(-1)});
    const int64_t rows = flat.size(0);
    const int64_t sliceRows = std::max<int64_t>(1, (int64_t(1) << 20) / std::max<int64_t>(1, flat.size(1)));
    const double n = double(flat.numel());
    auto slices = [&](auto&& f) {
        for (int64_t r = 0; r < rows; r += sliceRows)
            f(flat.narrow(0, r, std::min(sliceRows, rows - r)));
    };
    bool finite = true;
    double sum = 0.0;
    torch::Tensor channel;
    slices([&](const torch::Tensor& part) {
        finite = finite && torch::isfinite(part).all().item<bool>();
        sum += part.sum(torch::kFloat64).item<double>();
        const auto m = part.abs().amax(0);
        channel = channel.defined() ? torch::maximum(channel, m) : m;
    });
    if (!finite)
        throw Error("activations hold NaN or Inf");
    const double mean = sum / n;
    double m2 = 0.0, m4 = 0.0;
    slices([&](const torch::Tensor& part) {
        const auto centred = part.to(torch::kFloat64) - mean;
        const auto sq = centred * centred;
        m2 += sq.sum().item<double>();
        m4 += (sq * sq).sum().item<double>();
    });
    m2 /= n;
    m4 /= n;
    ActivationStats s;
    s.kurtosis = m2 > 0.0 ? m4 / (m2 * m2) : 0.0;
    s.absmax = channel.max().item<double>();
    // The lower median of |x|: an element of x, the same whatever the float width.
    const double median = flat.abs().flatten().median().item<double>();
    s.absmaxMedian = median > 0.0 ? s.absmax / median : std::numeric_limits<double>::infinity();
    s.outliers = (channel > outlierThreshold).sum().item<int64_t>();
    const auto profile = channel.to(torch::kFloat32).cpu().contiguous();
    s.channelAbsmax.assign(profile.data_ptr<float>(), profile.data_ptr<float>() + profile.numel());
    return s;
}

double sqnrDb(const torch::Tensor& y, const torch::Tensor& yq)
{
    // Sums in float64 over slices of a million values: exact differences without float64 copies of
    // outputs that, for a real model's MLP over the calibration set, hold tens of millions.
    const auto a = y.reshape({-1});
    const auto b = yq.reshape({-1});
    const int64_t n = a.numel();
    const int64_t slice = int64_t(1) << 20;
    double signal = 0.0, noise = 0.0;
    for (int64_t i = 0; i < n; i += slice) {
        const int64_t count = std::min(slice, n - i);
        const auto ya = a.narrow(0, i, count).to(torch::kFloat64);
        const auto d = ya - b.narrow(0, i, count).to(torch::kFloat64);
        signal += (ya * ya).sum().item<double>();
        noise += (d * d).sum().item<double>();
    }
    if (noise == 0.0)
        return std::numeric_limits<double>::infinity();
    return 10.0 * std::log10(signal / noise);
}

void quantizeGroup(const torch::Tensor& input, const std::vector<GroupMember>& members, const QuantConfig& config,
                   const QuantizeModelOptions& options, std::vector<LayerReport>& reports)
{
    if (members.empty())
        return;
    if (!torch::isfinite(input).all().item<bool>())
        throw Error("the input activations of " + members.front().info->name + " hold NaN or Inf");
    GptqOptions gptq;
    gptq.groupSize = config.groupSize;
    gptq.symmetric = config.symmetric;
    gptq.actOrder = config.actOrder;
    gptq.percDamp = config.percDamp;
    gptq.blockSize = config.blockSize;
    std::optional<HessianAccumulator> hessian;
    ActivationStats stats;
    if (options.inputStats)
        stats = activationStats(input, options.outlierThreshold);
    for (const GroupMember& m : members) {
        const LayerInfo& info = *m.info;
        LayerReport r;
        const int bits = config.weightBitsFor(info.kind);
        const torch::Tensor w = m.weight.detach().clone();
        if (!torch::isfinite(w).all().item<bool>())
            throw Error("the weights of " + info.name + " hold NaN or Inf");
        torch::Tensor wq = m.weight;
        if (bits < 16 && config.method == QuantMethod::Gptq) {
            if (!hessian) {
                hessian.emplace(input.size(-1));
                hessian->add(input, options.calibrationSequences);
            }
            gptq.bits = bits;
            const GptqResult g = gptqQuantize(w, hessian->hessian(), gptq);
            wq.copy_(g.weight);
            r.gptqLoss = g.loss;
            r.dampUsed = g.dampUsed;
        } else if (bits < 16) {
            wq.copy_(rtnQuantize(w, bits, config.groupSize, config.symmetric));
        }
        r.relErr = relativeError(w, wq);
        if (bits >= 16 && m.actBits >= 16) {
            r.sqnrDb = std::numeric_limits<double>::infinity(); // nothing quantized: Ŷ = Y
        } else {
            // Ŷ sees the input as the quantized model does, activation quantization included.
            const torch::Tensor xq = m.actBits < 16 ? fakeQuantizeActivations(input, m.actBits, m.actGroupSize) : input;
            r.sqnrDb = sqnrDb(torch::nn::functional::linear(input, w), torch::nn::functional::linear(xq, wq));
        }
        if (options.inputStats)
            r.input = stats;
        reports.push_back(std::move(r));
    }
}

std::vector<LayerReport> quantizeModel(TinyLm& model, const torch::Tensor& calibration, const QuantConfig& config,
                                       const QuantizeModelOptions& options)
{
    torch::NoGradGuard noGrad;
    model->eval();
    config.validate();
    model->setActivationQuantization(config);

    const auto infos = model->quantizableLayers();
    std::vector<LayerReport> reports;
    reports.reserve(infos.size());

    // Quantizes `layers`, which all read `input`, in place: the next layers of `infos`.
    auto quantize = [&](const torch::Tensor& input, std::initializer_list<QLinear> layers) {
        std::vector<GroupMember> members;
        for (const QLinear& layer : layers)
            members.push_back(
                {&infos[reports.size() + members.size()], layer->weight, layer->inputBits(), layer->inputGroupSize()});
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
