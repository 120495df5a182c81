#include "evaluate.h"

#include "errors.h"

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

} // namespace qs
