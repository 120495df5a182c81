// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The uniform weight quantizer of the GPTQ reference implementation (Frantar et al. 2022), shared by RTN and
// (later) GPTQ. Include only from core .cpp files: this header pulls in libtorch.

#include "core/config/config.h"

#include <torch/torch.h>

namespace qs {

// Per-row quantization grid for a [rows, cols] slice: scale and zero point are [rows, 1].
struct QuantGrid
{
    torch::Tensor scale;
    torch::Tensor zero;
    int maxq = 0;
};

// maxq = 2^bits - 1; the range [xmin, xmax] of each row is widened to contain 0;
// symmetric: xmax = max(|xmin|, xmax), xmin = -xmax, zero = (maxq + 1) / 2;
// asymmetric: scale = (xmax - xmin) / maxq, zero = round(-xmin / scale);
// an all-zero row gets the range [-1, 1].
QuantGrid findGrid(const torch::Tensor& w, int bits, bool symmetric);

// q = scale * (clamp(round(x / scale) + zero, 0, maxq) - zero)
torch::Tensor quantizeDequantize(const torch::Tensor& w, const QuantGrid& grid);

// Round-to-nearest of a weight matrix [out, in]: one grid per output row (groupSize < 0) or per row
// and group of `groupSize` consecutive input columns (the last group may be narrower).
torch::Tensor rtnQuantize(const torch::Tensor& w, int bits, int groupSize, bool symmetric);

// Activation fake quantization ("Scaling Law for Quantization-Aware Training", Chen et al. 2025): symmetric absmax over
// each token's channels (groupSize < 0) or over each group of groupSize consecutive channels of a token, s = absmax /
// (2^(b−1) − 1), x̂ = s · clamp(round(x / s), −2^(b−1), 2^(b−1) − 1). x: [..., channels]; an all-zero token (group)
// stays zero. groupSize must divide the channel count (ConfigError otherwise); bits in [2, 8].
torch::Tensor fakeQuantizeActivations(const torch::Tensor& x, int bits, int groupSize);

// A layer input quantized as `act` says, in the input's type (computed in float32): Int as above; Mx,
// OCP microscaling per 32 channels of a token (E2M1 for 4 bits, E4M3 for 8; mxQuantize); Nv, NVFP4
// per 16 channels with each token's own float32 scale amax / (448 · 6), so a token's quantization does
// not depend on the other tokens of its batch (torchao takes one scale per tensor); Fp8, E4M3 with
// the dynamic per-token scale amax / 448 of compressed-tensors; Lt, LLM.int8's decomposition (per
// sequence of a 3-D input, the columns reaching 6 in full precision, the rest int8 per token of the
// float16 input). Bits 16: x itself.
torch::Tensor fakeQuantizeActivations(const torch::Tensor& x, const ActQuant& act);
// ConfigError when `act`'s groups or blocks do not divide `channels` (or its bits do not fit it).
void checkActivationQuantization(const ActQuant& act, int64_t channels);

// Whether every element is finite, in one pass (torch::isfinite(t).all() takes five): NaN propagates
// through aminmax, and ±Inf is an extreme.
bool allFinite(const torch::Tensor& t);

// ‖W − Ŵ‖_F / ‖W‖_F (0 for an all-zero W).

double relativeError(const torch::Tensor& w, const torch::Tensor& wq);

} // namespace qs
