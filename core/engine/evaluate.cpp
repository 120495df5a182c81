// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/engine/evaluate.h"

#include "core/common/errors.h"
#include "core/engine/quantizer.h"

namespace qs {

ValidationSet ValidationSet::fromBytes(const std::vector<uint8_t>& val, int sequences, int seqLen)
{
    // Blocks overlap by one byte: block i covers bytes [i * seqLen, (i + 1) * seqLen].
    const size_t needed = size_t(sequences) * size_t(seqLen) + 1;
    if (val.size() < needed) {
        // Use as many whole blocks as the text allows, but never none.
        const int available = val.size() > 1 ? int((val.size() - 1) / size_t(seqLen)) : 0;
        if (available < 1)
            throw ConfigError("validation text of " + std::to_string(val.size()) + " bytes is shorter than one "
                              + std::to_string(seqLen) + "-byte sequence");
        sequences = available;
    }
    auto all = torch::empty({int64_t(sequences) * seqLen + 1}, torch::kInt64);
    auto* p = all.data_ptr<int64_t>();
    for (int64_t i = 0; i < all.numel(); ++i)
        p[i] = val[size_t(i)];
    ValidationSet set;
    set.inputs = all.narrow(0, 0, int64_t(sequences) * seqLen).view({sequences, seqLen}).clone();
    set.targets = all.narrow(0, 1, int64_t(sequences) * seqLen).view({sequences, seqLen}).clone();
    return set;
}

double validationCe(TinyLm& model, const ValidationSet& set, int batchSize)
{
    torch::NoGradGuard noGrad;
    const bool wasTraining = model->is_training();
    model->eval();
    const int64_t n = set.inputs.size(0);
    double sum = 0.0;
    for (int64_t begin = 0; begin < n; begin += batchSize) {
        const int64_t count = std::min<int64_t>(batchSize, n - begin);
        auto logits = model->forward(set.inputs.narrow(0, begin, count));
        auto ce = torch::nn::functional::cross_entropy(
            logits.reshape({-1, logits.size(-1)}), set.targets.narrow(0, begin, count).reshape({-1}),
            torch::nn::functional::CrossEntropyFuncOptions().reduction(torch::kSum));
        sum += ce.item<double>();
    }
    if (wasTraining)
        model->train();
    return sum / double(set.tokens());
}

namespace {

// Runs the model over the validation set in batches; `consume(begin, count, logProbs)` sees each batch.
// With `residuals`, the batches' residual streams are recorded and concatenated there.
template<typename F>
void forEachBatch(TinyLm& model, const ValidationSet& set, int batchSize, ResidualStates* residuals, F&& consume)
{
    torch::NoGradGuard noGrad;
    const bool wasTraining = model->is_training();
    model->eval();
    const int64_t n = set.inputs.size(0);
    std::vector<std::vector<torch::Tensor>> batches;
    for (int64_t begin = 0; begin < n; begin += batchSize) {
        const int64_t count = std::min<int64_t>(batchSize, n - begin);
        torch::Tensor logits;
        {
            RECORD_USER_SCOPE("qs::evaluate.forward");
            if (residuals)
                logits = model->forward(set.inputs.narrow(0, begin, count), batches.emplace_back());
            else
                logits = model->forward(set.inputs.narrow(0, begin, count));
        }
        RECORD_USER_SCOPE("qs::evaluate.compare");
        if (!allFinite(logits))
            throw Error("the model's logits hold NaN or Inf on validation sequences " + std::to_string(begin) + "–"
                        + std::to_string(begin + count - 1));
        consume(begin, count, torch::log_softmax(logits.to(torch::kFloat32), -1));
    }
    if (residuals) {
        residuals->clear();
        for (size_t half = 0; !batches.empty() && half < batches.front().size(); ++half) {
            std::vector<torch::Tensor> parts;
            for (const auto& batch : batches)
                parts.push_back(batch[half]);
            residuals->push_back(torch::cat(parts, 0));
        }
    }
    if (wasTraining)
        model->train();
}

void append(std::vector<double>& to, const torch::Tensor& values)
{
    const auto v = values.to(torch::kFloat64).contiguous();
    to.insert(to.end(), v.data_ptr<double>(), v.data_ptr<double>() + v.numel());
}

} // namespace

torch::Tensor sequenceCe(const torch::Tensor& logProbs, const torch::Tensor& targets)
{
    return -logProbs.gather(-1, targets.unsqueeze(-1)).squeeze(-1).to(torch::kFloat64).sum(-1);
}

torch::Tensor tokenKl(const torch::Tensor& logProbs, const FpReference& fp, int64_t begin, int64_t count)
{
    // KL(P ‖ Q) = Σ_v p_v (log p_v − log q_v), per token, in float64 to keep tiny values exact.
    // Rounding can make a token's KL a hair below zero; KL is never negative.
    const auto logP = fp.logProbs.narrow(0, begin, count);
    return (fp.probs.narrow(0, begin, count) * (logP - logProbs)).sum(-1).to(torch::kFloat64).clamp_min(0.0);
}

FpReference fpReference(TinyLm& model, const ValidationSet& set, int batchSize, ResidualStates* residuals)
{
    FpReference ref;
    std::vector<torch::Tensor> parts;
    forEachBatch(model, set, batchSize, residuals, [&](int64_t begin, int64_t count, const torch::Tensor& logProbs) {
        append(ref.unitCe, sequenceCe(logProbs, set.targets.narrow(0, begin, count)));
        parts.push_back(logProbs);
    });
    ref.logProbs = torch::cat(parts, 0);
    ref.probs = ref.logProbs.exp();
    ref.top1 = ref.logProbs.argmax(-1);
    ref.unitTokens.assign(ref.unitCe.size(), double(set.targets.size(1)));
    double sum = 0.0;
    for (double s : ref.unitCe)
        sum += s;
    ref.ce = sum / double(set.tokens());
    return ref;
}

EvaluationUnits evaluateAgainst(TinyLm& model, const ValidationSet& set, int batchSize, const FpReference& fp,
                                ResidualStates* residuals)
{
    EvaluationUnits u;
    u.tokens = fp.unitTokens;
    u.fpCe = fp.unitCe;
    const int64_t seqLen = set.targets.size(1);
    forEachBatch(model, set, batchSize, residuals, [&](int64_t begin, int64_t count, const torch::Tensor& logProbs) {
        append(u.ce, sequenceCe(logProbs, set.targets.narrow(0, begin, count)));
        const auto kl = tokenKl(logProbs, fp, begin, count);
        append(u.kl, kl.sum(-1));
        const auto flat = kl.to(torch::kFloat32).contiguous();
        u.tokenKl.insert(u.tokenKl.end(), flat.data_ptr<float>(), flat.data_ptr<float>() + flat.numel());
        for (int64_t s = 0; s < count; ++s)
            u.tokenUnit.insert(u.tokenUnit.end(), size_t(seqLen), uint32_t(begin + s));
        append(u.top1, (logProbs.argmax(-1) == fp.top1.narrow(0, begin, count)).sum(-1));
    });
    return u;
}

} // namespace qs
