// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Validation cross-entropy on fixed held-out blocks. Include only from core .cpp files.

#include "core/common/evaluationunits.h"
#include "core/engine/model.h"

#include <cstdint>
#include <vector>

namespace qs {

// The held-out validation set: the first `sequences` non-overlapping blocks of `seqLen` + 1 bytes of the
// validation text (inputs = first seqLen bytes, targets = the next seqLen), identical for the trainer
// and every sweep of the run.
struct ValidationSet
{
    torch::Tensor inputs;  // [sequences, seqLen] int64
    torch::Tensor targets; // [sequences, seqLen] int64

    static ValidationSet fromBytes(const std::vector<uint8_t>& val, int sequences, int seqLen);
    int64_t tokens() const { return inputs.numel(); }
    ValidationSet to(const torch::Device& device) const { return {inputs.to(device), targets.to(device)}; }
};

// Token-weighted mean next-byte cross-entropy in nats, evaluated in batches of `batchSize`.
double validationCe(TinyLm& model, const ValidationSet& set, int batchSize);

// The full-precision model's next-token distributions on the validation set, kept while a checkpoint's
// configs are evaluated, to measure how far each quantized model moves them.
struct FpReference
{
    double ce = 0.0;
    std::vector<double> unitTokens; // per validation sequence (the evaluation's units)
    std::vector<double> unitCe;     // summed CE per sequence, nats
    torch::Tensor logProbs;         // [sequences, seqLen, vocab] float32
    torch::Tensor probs;            // exp(logProbs), for KL against every config
    torch::Tensor top1;             // [sequences, seqLen] int64
};

// The residual stream of the validation set as TinyLmImpl::forward(ids, residuals) records it, the
// batches' rows concatenated: [sequences, seqLen, d_model] per block half (where per-layer sensitivity
// starts its partial forwards, core/engine/sensitivity.h).
using ResidualStates = std::vector<torch::Tensor>;

// `residuals`: when given, the FP model's residual stream is recorded there.
FpReference fpReference(TinyLm& model, const ValidationSet& set, int batchSize, ResidualStates* residuals = nullptr);

// What a quantized model does to the validation set, against the FP reference (llama.cpp's
// perplexity --kl-divergence statistics), per validation sequence (core/common/evaluationunits.h):
// CE, KL(P_fp ‖ P_q) and top-1 agreement summed over each sequence's tokens, and KL per token.
// Throws Error if the model's logits hold NaN or Inf.
// `residuals`: when given, the quantized model's residual stream is recorded there.
EvaluationUnits evaluateAgainst(TinyLm& model, const ValidationSet& set, int batchSize, const FpReference& fp,
                                ResidualStates* residuals = nullptr);

// Summed CE of each sequence of a batch in float64: log-probabilities [count, seqLen, vocab] of
// `targets` [count, seqLen].
torch::Tensor sequenceCe(const torch::Tensor& logProbs, const torch::Tensor& targets);
// KL(P_fp ‖ P_q) per token in float64, [count, seqLen], of log-probabilities `logProbs` against the
// reference's sequences [begin, begin + count).
torch::Tensor tokenKl(const torch::Tensor& logProbs, const FpReference& fp, int64_t begin, int64_t count);

} // namespace qs
