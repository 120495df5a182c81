#include "gptqmodel.h"

#include "errors.h"
#include "gptq.h"

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

std::vector<LayerGptqStats> gptqQuantizeModel(TinyLm& model, const torch::Tensor& calibration, const QuantConfig& config)
{
    torch::NoGradGuard noGrad;
    model->eval();
    GptqOptions options;
    options.bits = config.bits;
    options.groupSize = config.groupSize;
    options.symmetric = config.symmetric;
    options.actOrder = config.actOrder;
    options.percDamp = config.percDamp;
    options.blockSize = config.blockSize;

    std::vector<LayerGptqStats> stats;
    // Quantizes each layer of `layers` with the Hessian of `input`, in place.
    auto quantize = [&](const torch::Tensor& input, std::initializer_list<torch::nn::Linear> layers) {
        HessianAccumulator acc(input.size(-1));
        acc.add(input);
        for (const auto& layer : layers) {
            const GptqResult r = gptqQuantize(layer->weight, acc.hessian(), options);
            layer->weight.copy_(r.weight);
            stats.push_back({r.loss, r.dampUsed});
        }
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
    return stats;
}

} // namespace qs
