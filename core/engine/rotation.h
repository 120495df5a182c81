// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Rotated quantization (QuaRot, Ashkboos et al. 2024; SpinQuant's fixed rotations, Liu et al. 2024): the
// model is rewritten into one that computes the same function with its outliers spread over many
// channels, then quantized like any model. With row-vector activations (y = x Wᵀ):
//   R1 [hidden]: the residual stream is x R1. A pre-norm's weight g is fused into the layers that read it
//     first (W diag(g), the norm's weight then 1; RMSNorm commutes with R1), so q, k, v, gate and up hold
//     W diag(g) R1 and o and down, which write the stream, R1ᵀ W (their biases b R1).
//   R2 [head dim]: each head's values are v R2: v_proj's rows of every key/value head R2ᵀ W, o_proj's
//     columns of every head W R2 (v's bias b R2).
//   R4 [intermediate]: down_proj's input is multiplied by H online (OnlineHadamard) and down_proj holds W H.
// Post-norm blocks (OLMo-2/3) have no norm before their layers and a weighted norm after o and down, which
// does not commute with R1: their q, k, v, gate and up hold W R1, o and down keep their outputs, and the
// normalized outputs are rotated online (HfBlock::postNormRotation) before they join the stream. The
// embedding output is rotated and the final residual rotated back online (the embedding and the head are
// never quantized). LayerNorm families (OLMo-1, GPT-NeoX) are refused: LayerNorm subtracts the mean,
// which a rotation does not preserve. Include only from core .cpp files: this header pulls in libtorch.

#include "core/config/config.h"
#include "core/engine/hadamard.h"
#include "core/engine/model.h"

#include <torch/torch.h>

#include <cstdint>
#include <vector>

namespace qs {

struct HfArch;
struct HfBlock;

struct Rotations
{
    torch::Tensor r1;  // [hidden, hidden] float32, orthogonal
    torch::Tensor r2;  // [head dim, head dim]
    OnlineHadamard r4; // order intermediate
    Rotations to(const torch::Device& device) const;
};

// The rotations of `config` (Rotation::Random: R1 = diag(s1) H, R2 = diag(s2) H with signs from the config's
// seed, randomSigns; Hadamard: the normalized Hadamard matrices). ConfigError naming the width for a size
// with no Hadamard matrix (hadamard.h).
Rotations makeRotations(const QuantConfig& config, int64_t hidden, int64_t headDim, int64_t intermediate);

// Rotates the built-in model in place (weights, norms, the residual rotation and every MLP's online
// Hadamard). The model computes the same function up to float rounding.
void rotateModel(TinyLm& model, const Rotations& rotations);
// The rotations of `config` for the built-in model's sizes.
Rotations makeRotations(const QuantConfig& config, const ModelConfig& model);

// ConfigError when an architecture cannot be rotated (LayerNorm families), naming it and why.
void checkRotatable(const HfArch& arch);
// Rotates one Hugging Face block in place (its stacked layers stay views of their stacks).
void rotateHfBlock(HfBlock& block, const HfArch& arch, const Rotations& rotations);
Rotations makeRotations(const QuantConfig& config, const HfArch& arch);

// x R along the last dimension, computed in float32 and returned in x's type.
torch::Tensor rotateRows(const torch::Tensor& x, const torch::Tensor& r);

// Residual streams of the unrotated model in the rotated model's basis (x R1): layer sensitivity starts
// a rotated model's partial forwards from the FP model's streams.
std::vector<torch::Tensor> rotateResiduals(const std::vector<torch::Tensor>& residuals, const torch::Tensor& r1);

} // namespace qs
