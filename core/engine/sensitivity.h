// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Per-layer sensitivity along a trajectory: how much of a config's damage each quantizable
// layer causes, measured (leave-one-in: only that layer quantized; leave-one-out: every layer but that
// one) and estimated cheaply from the Fisher information of the calibration data. Include only from core
// .cpp files: this header pulls in libtorch.

#include "core/engine/evaluate.h"

#include <cstdint>
#include <vector>

namespace qs {

struct LayerSensitivity
{
    // Per quantizable layer, in TinyLm::quantizableLayers() order: ΔCE (nats per token) and mean KL
    // (nats) of the validation set against the FP reference.
    std::vector<double> loiDeltaCe, loiKl; // only this layer quantized
    std::vector<double> looDeltaCe, looKl; // every layer but this one quantized
    // Block halves (attention or MLP residual half, over the whole validation set) that were run: one
    // evaluation runs 2 × blocks of them, so 2 × layers full evaluations would run 4 × layers × blocks.
    int64_t blockHalves = 0;
};

// `model`: quantized as a config asks (weights replaced and input quantization set, quantizeModel);
// `fpWeights`: every quantizable layer's weight before that; `fpResiduals` and `quantResiduals`: the
// residual streams of the FP and of the quantized model on `set` (fpReference, evaluateAgainst). Each
// layer's leave-one-in model starts at that layer's block half from the FP stream, its leave-one-out
// model from the quantized one: the blocks before the layer are never run again. The model is left
// quantized as it came. Throws Error if a partial model's logits hold NaN or Inf.
LayerSensitivity layerSensitivity(TinyLm& model, const std::vector<torch::Tensor>& fpWeights, const ValidationSet& set,
                                  int batchSize, const FpReference& fp, const ResidualStates& fpResiduals,
                                  const ResidualStates& quantResiduals);

// The diagonal of the empirical Fisher information of the mean next-byte CE with respect to every
// quantizable layer's weight (quantizableLayers() order), from one gradient per calibration sequence
// ([n, T] byte ids, T − 1 targets each): F = (T − 1) / n · Σ_s g_s², g_s the gradient of sequence s's
// mean CE (its tokens taken as independent, so F approximates the per-token Fisher). The model's
// current weights and input quantization are used; it is left unchanged.
std::vector<torch::Tensor> fisherDiagonal(TinyLm& model, const torch::Tensor& calibration);

// The second-order estimate of each layer's leave-one-in ΔCE, ½ Σ F ⊙ (Ŵ − W)², with Ŵ the model's
// current (quantized) weights and W `fpWeights`. It sees weight error only: input quantization is not
// part of it.
std::vector<double> fisherEstimate(TinyLm& model, const std::vector<torch::Tensor>& fisher,
                                   const std::vector<torch::Tensor>& fpWeights);

// Every quantizable layer's weight, copied (the FP weights to pass above, taken before quantizeModel).
std::vector<torch::Tensor> quantizableWeights(TinyLm& model);

} // namespace qs
